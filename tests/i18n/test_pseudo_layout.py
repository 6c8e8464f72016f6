"""Layout with longer words (issue 16): the pseudo-language `xx` (every text 40% longer, accented, made from the
.pot at test time) plays the setup, a whole base game by keys and a lesson at 80x24, and nothing a player
needs is cut: labels whole, the table header's round and turn, the score board's round and total, each
screen's own keys with their descriptions, the prompts' headings."""

from __future__ import annotations

import re

from pseudo import pseudo_text
from rich.cells import cell_len
from uitools import asking, last_turn, screen_text, table_app, wait_for

from bere_tui.teach.catalogue import load_catalogue
from bere_tui.ui.app import BereApp
from bere_tui.ui.widgets.keybar import SPARE, KeyBar

SIZE = (80, 24)


def xx(text: str, **fields) -> str:
    return pseudo_text(text).format(**fields) if fields else pseudo_text(text)


def flat(text: str) -> str:
    """Words in order, line breaks, dialog borders and runs of spaces made one space (a wrapped text is still
    whole)."""
    return " ".join(text.replace("│", " ").split())


def assert_keys_shown(app) -> None:
    """The screen's own keys (not the ones every screen has, which give way first) show whole in the key bar."""
    bars = list(app.screen.query(KeyBar))
    if not bars:
        return
    line = screen_text(app).splitlines()[-1]
    for _key, shown, description, _enabled, action in bars[0].keys():  # noqa: SIM118 (KeyBar.keys: the keys it shows)
        if action.split(".")[-1] not in SPARE:
            assert f"{shown} {description}" in line, (type(app.screen).__name__, description, line)


def assert_table_whole(app) -> None:
    from bere_tui.ui.screens.table import TableScreen
    from bere_tui.ui.widgets.scores import ScoreBoard

    table = next((s for s in app.screen_stack if isinstance(s, TableScreen)), None)
    if table is None:
        return
    game, show = app.game, table.face.show
    header = table.header_text().plain
    assert cell_len(header) <= SIZE[0], header
    assert xx("round {n}", n=show.round) in header, header
    if show.turn:
        assert xx("turn {t} of {n}", t=show.turn, n=game.info.hand_size) in header, header
    board = table.query_one(ScoreBoard)
    head, *rows = board.render().plain.splitlines()
    assert xx("round") in head and xx("total") in head, head
    shown = board.shown_players()  # all, or while a prompt is open those that leave the log its newest line
    if len(shown) < len(board.names):
        assert rows.pop() == "…", rows
    for p, row in zip(shown, rows, strict=True):
        assert board.names[p] in row and row.rstrip().endswith(str(show.totals[p])), row


async def test_the_setup_shows_every_label_whole(pseudo):
    app = BereApp(remember=False)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("enter")  # New game
        await pilot.pause()
        assert type(app.screen).__name__ == "SetupScreen"
        text = screen_text(app)
        lines = text.splitlines()
        for label in ("Variant", "Seats", "Target", "Seed"):
            assert any(line.split("<")[0].strip().startswith(xx(label)) or xx(label) in line for line in lines), label
        assert xx("Seat {n}", n=1) in text and xx("Seat {n}", n=2) in text
        assert xx("Start the game") in text and xx("NEW GAME") in text
        for note in ("people pass the keyboard; bots play themselves", "total that ends the game",
                     "the same seed deals the same cards"):
            assert flat(xx(note)) in flat(text), note
        assert xx("person") in text and xx("bot: {level}", level=xx("medium")) in text
        assert all(cell_len(line) <= SIZE[0] for line in lines)
        assert_keys_shown(app)
        await pilot.press("plus", "plus")  # more seats: still whole
        await pilot.pause()
        assert xx("Seat {n}", n=4) in screen_text(app)


async def test_a_whole_base_game_by_keys_keeps_what_players_need(pseudo):
    # from the last turn of round 1: its hand-offs and prompts, the round's summary, all of round 2 and the end
    app = table_app("base", players=("Annabelle", "Ben"), bots=("strong",), seed=11, options={"rounds": 2},
                    until=last_turn)
    seen: set[str] = set()
    async with app.run_test(size=SIZE) as pilot:
        game = app.game
        for _ in range(300):
            await wait_for(pilot, lambda: asking(app))
            screen = type(app.screen).__name__
            seen.add(screen)
            text = screen_text(app)
            assert "Traceback" not in text
            assert_keys_shown(app)
            assert_table_whole(app)
            if screen == "SelectPrompt":
                who = app.screen.name_of_player
                assert flat(xx("{name}, choose a card to play", name=who)) in flat(text)
            elif screen == "TakeRowPrompt":
                assert xx("bullheads") in text or xx("bullhead") in text
            elif screen == "HandoffScreen":
                heading = "{name} takes the keyboard again" if app.screen.again else "Pass the keyboard to {name}"
                assert flat(xx(heading, name=app.screen.who)) in flat(text)
            elif screen == "RoundSummaryScreen":
                assert xx("this round") in text and xx("total") in text
            elif screen == "ResultsScreen":
                assert xx("WINS") in text and xx("total") in text
                assert all(name in text for name in ("Annabelle", "Ben", "Cid"))
                break
            await pilot.press("enter")
        assert game.finished and {"SelectPrompt", "HandoffScreen", "RoundSummaryScreen", "ResultsScreen"} <= seen


async def test_help_and_settings_show_every_line(pseudo):
    app = BereApp(remember=False)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("question_mark")
        await pilot.pause()
        text = screen_text(app)
        for what in ("move the highlight", "save the game to a file", "quit (asks first)",
                     "Every screen has a highlighted choice: Enter alone always moves the game on."):
            assert flat(xx(what)) in flat(text), what
        assert "ctrl+s" in text and "Enter" in text  # the keys themselves are not translated
        assert_keys_shown(app)
        await pilot.press("escape")
        from bere_tui.ui.screens.settings_screen import SettingsScreen

        app.push_screen(SettingsScreen())
        await pilot.pause()
        text = screen_text(app)
        for label in ("Placement speed", "Colours", "ASCII cards", "Ask before quitting", "Language"):
            assert xx(label) in text, label
        for note in ("as --ascii, from the next start", "the game is autosaved anyway"):
            assert flat(xx(note)) in flat(text), note
        assert_keys_shown(app)


async def test_a_lesson_keeps_its_keys_and_table(pseudo):
    from bere_tui.ui.app import Start

    app = BereApp(Start("teach", lesson="rows"), remember=False, speed="off")
    seen: set[str] = set()
    narrated = 0
    async with app.run_test(size=SIZE) as pilot:
        for _ in range(30):
            await pilot.pause(0.05)
            screen = type(app.screen).__name__
            seen.add(screen)
            text = screen_text(app)
            assert "Traceback" not in text
            assert_keys_shown(app)
            if screen in ("LessonScreen", "SelectPrompt"):  # (the select prompt a lesson guides)
                title = re.escape(xx("Lesson {n} of {total}: {title}", n="N", total="T", title=""))
                total = str(len(load_catalogue("en").lessons))
                assert re.search(title.replace("N", r"\d+").replace("T", total), text), text
                assert all(cell_len(line) <= SIZE[0] for line in text.splitlines())
                head = next(line for line in text.splitlines() if xx("SCORES") in line)
                assert xx("round") in head and xx("total") in head, head
                from bere_tui.ui.teach_prompt import NarrationPanel

                said = next(s for s in app.screen_stack if type(s).__name__ == "LessonScreen").query_one(
                    NarrationPanel).text
                assert said and flat(said) in flat(text), (said, text)  # the lesson's words, whole
                narrated += 1
            await pilot.press("enter")
    assert {"LessonScreen", "SelectPrompt"} <= seen and narrated >= 5


def test_the_sim_table_lines_up_under_longer_headings(pseudo, capsys):
    from bere_tui import cli

    assert cli.main(["--lang", "xx", "sim", "--bots", "random,heuristic", "--games", "2"]) == 0
    _title, head, *rows = capsys.readouterr().out.splitlines()
    for word in ("seat", "bot", "wins", "mean score"):
        assert xx(word) in head, word
    ends = [head.index(xx(w)) + len(xx(w)) for w in ("seat", "wins", "mean score")]  # right-aligned columns
    for row in rows:
        assert [row[end - 1] != " " and (end == len(row) or row[end] == " ") for end in ends] == [True] * 3, row
    assert rows[1].split()[1] == "heuristic" and rows[1].index("heuristic") == head.index(xx("bot"))


async def test_the_table_header_gives_way_from_the_left_but_keeps_round_turn_and_target(pseudo, monkeypatch):
    """A header too long for 80 columns drops "? help" (the key bar names ?), then the game's name, then the
    variant's: the round, the turn and the target stay whole."""
    from bere_tui.ui.faces.nimmt.face import NimmtFace
    from bere_tui.ui.screens.table import TableScreen

    app = table_app("anniversary", players=("Ann",), bots=("random",), seed=2)
    async with app.run_test(size=SIZE) as pilot:
        await wait_for(pilot, lambda: asking(app))
        table = next(s for s in app.screen_stack if isinstance(s, TableScreen))
        needed = [xx("round {n} of 2", n=1), xx("turn {t} of {n}", t=1, n=12)]
        for variant_length, dropped in ((25, [xx("? help")]), (40, [xx("? help"), xx("6 nimmt!")]),
                                        (70, [xx("? help"), xx("6 nimmt!"), "V" * 70])):
            monkeypatch.setattr(NimmtFace, "header_parts", lambda self, n=variant_length: [
                xx("6 nimmt!"), "V" * n, *needed])
            header = table.header_text().plain
            assert cell_len(header) <= SIZE[0] or header.strip() == " - ".join(needed), header
            assert all(part in header for part in needed), header
            assert not any(part in header for part in dropped), (variant_length, header)


def assert_bullenparty_panel_whole(app) -> None:
    """Bullenparty's players panel, when it shows: every heading whole, the hand sizes and the scores right
    under the end of their headings, every name and score on its line."""
    from bere_tui.ui.screens.table import TableScreen

    table = next((s for s in app.screen_stack if isinstance(s, TableScreen)), None)
    if table is None:
        return
    header = table.header_text().plain
    view = app.game.view(None)
    assert cell_len(header.rstrip()) <= SIZE[0], header
    assert xx("round {n}", n=view.round) in header and xx("draw pile {n}", n=view.draw_pile_size) in header, header
    from bere_tui.ui.bullenparty.prompts import BullenpartyPrompt

    if not isinstance(app.screen, (TableScreen, BullenpartyPrompt)):
        return  # (a dialog over the table)
    text = screen_text(app)
    lines = text.splitlines()

    top = app.screen.query_one("#bp-prompt").region.y if isinstance(app.screen, BullenpartyPrompt) else len(lines)
    heads = [i for i, line in enumerate(lines) if line.lstrip().startswith(xx("PLAYERS"))]
    assert heads or top <= 6, text  # (the rows and the panel are the table's top lines)
    if not heads or heads[0] + len(view.players) >= top:
        return  # covered by a tall prompt
    head, rows = lines[heads[0]], lines[heads[0] + 1:heads[0] + 1 + len(view.players)]
    for word in ("hand", "Bull cards", "score"):
        assert xx(word) in head, (word, head)
    hand_end = head.index(xx("hand")) + len(xx("hand"))
    assert head.rstrip().endswith(xx("score")), head
    names = app.session.names
    for p, (pv, row) in enumerate(zip(view.players, rows, strict=True)):
        assert names[p] in row, row
        assert row[:hand_end].rstrip().endswith(str(pv.hand_size)) and row[hand_end] == " ", (head, row)
        assert row.rstrip().endswith(str(pv.score)) and len(row.rstrip()) == len(head.rstrip()), (head, row)


async def test_a_whole_bullenparty_game_keeps_what_players_need(pseudo):
    from bere_tui.engine.bullenparty import Game
    from bere_tui.ui.app import Start
    from bere_tui.ui.bullenparty.prompts import BullenpartyPrompt
    from bere_tui.ui.screens.table import TableScreen
    from bere_tui.ui.session import Session

    game = Game([{"name": "Annabelle"}, {"name": "Ben", "bot": "heuristic"}, {"name": "Cid", "bot": "random"}],
                seed=5)
    app = BereApp(Start("game", session=Session(game)), speed="off", remember=False)
    seen: set[str] = set()
    async with app.run_test(size=SIZE) as pilot:
        for _ in range(3000):
            await wait_for(pilot, lambda: asking(app) and not isinstance(app.screen, TableScreen),
                           timeout=30)
            screen = type(app.screen).__name__
            seen.add(screen)
            text = screen_text(app)
            assert "Traceback" not in text
            assert all(cell_len(line) <= SIZE[0] for line in text.splitlines())
            assert_keys_shown(app)
            assert_bullenparty_panel_whole(app)
            if isinstance(app.screen, BullenpartyPrompt):
                seen.add(app.screen.do)
                assert flat(app.screen.heading().plain) in flat(text), text
            elif screen == "ResultsScreen":
                assert xx("WINS") in text and all(name in text for name in ("Annabelle", "Ben", "Cid"))
                break
            await pilot.press("enter")
        assert game.finished and {"BullenpartyPrompt", "ResultsScreen", "bid", "take"} <= seen, seen
