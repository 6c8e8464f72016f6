"""The lobby and the leaderboard of `bere serve` by keys at 80x24 (issue 33 items 2 and 7): Join a table lists
the open public tables, refreshed while it is open, picked with the arrow keys and Enter (a free seat or
watching), a code typed still joins (typed ahead too); the title's Leaderboard shows each game's ratings; the
results of a shared game show each rating's change."""

from __future__ import annotations

import json
import os

import pytest
from uitools import screen_text, wait_for

from bere_tui.engine.outcome import Outcome, Score
from bere_tui.serve.hub import stop_hubs
from bere_tui.serve.ratings import Entrant, rate_game, ratings_file
from bere_tui.serve.tables import table_file
from bere_tui.ui.app import BereApp
from bere_tui.ui.remote import RemoteTableScreen
from bere_tui.ui.screens.dialogs import PickScreen
from bere_tui.ui.screens.join import JoinChoice, LobbyScreen
from bere_tui.ui.screens.leaderboard import LeaderboardScreen
from bere_tui.ui.screens.scores import ResultsScreen
from bere_tui.ui.screens.setup import SetupScreen
from bere_tui.ui.seating import Seat, TableSetup


@pytest.fixture
def tables(tmp_path, monkeypatch):
    folder = tmp_path / "tables"
    folder.mkdir()
    monkeypatch.setenv("BERE_TABLES", str(folder))
    monkeypatch.setenv("BERE_PLAYER", "ann-key")
    yield folder
    for pid in folder.glob("*.pid"):  # (the tables written here name this process: not a hub to stop)
        if pid.read_text() == str(os.getpid()):
            pid.unlink()
    stop_hubs(folder)


def listed(folder, code: str, names, bots, owners: dict, here=(), started=False, private=False) -> None:
    """A table's file as its hub writes it, with a live pid (this process) and its socket's place."""
    table_file(folder, code).write_text(json.dumps({
        "settings": {"private": private}, "owners": owners, "finished": False,
        "listing": {"variant": "base", "names": names, "bots": bots, "here": list(here), "started": started}}))
    (folder / f"{code}.sock").touch()
    (folder / f"{code}.pid").write_text(str(os.getpid()))


async def open_lobby(app, pilot) -> tuple[LobbyScreen, list]:
    chosen: list = []
    app.push_screen(LobbyScreen(), chosen.append)
    await wait_for(pilot, lambda: isinstance(app.screen, LobbyScreen))
    return app.screen, chosen


async def test_the_lobby_lists_open_tables_and_picks_one_by_arrows_and_enter(tables):
    listed(tables, "KQXZ", ["Ben", "Cid", "Dan"], [None, "random", None], {"0": "ben-key"}, here=[0])
    listed(tables, "MNPR", ["Eve", "Fay"], [None, None], {"0": "eve-key", "1": "fay-key"}, here=[0, 1],
           started=True)
    listed(tables, "HJKL", ["Gus", "Hal"], [None, None], {"0": "gus-key"}, private=True)
    app = BereApp(remember=False)
    async with app.run_test(size=(80, 24)) as pilot:
        lobby, chosen = await open_lobby(app, pilot)
        text = screen_text(app)
        assert "KQXZ" in text and "MNPR" in text and "HJKL" not in text  # a private table: by its code only
        assert "1 seat free" in text and "no seat free" in text and "waiting to start" in text
        assert "under way" in text and "Ben" in text and "Cid (bot: easy)" in text
        assert lobby.highlighted().code == "KQXZ"  # (free seats first)
        await pilot.press("down", "up", "enter")  # a free seat: sit or watch
        await wait_for(pilot, lambda: isinstance(app.screen, PickScreen))
        assert "Table KQXZ" in screen_text(app)
        await pilot.press("down", "enter")
        await wait_for(pilot, lambda: chosen)
        assert chosen == [JoinChoice("KQXZ", watch=True)]
        lobby, chosen = await open_lobby(app, pilot)
        await pilot.press("down", "enter")  # no seat free: watched at once
        await wait_for(pilot, lambda: chosen)
        assert chosen == [JoinChoice("MNPR", watch=True)]
        lobby, chosen = await open_lobby(app, pilot)
        await pilot.press("enter")
        await wait_for(pilot, lambda: isinstance(app.screen, PickScreen))
        await pilot.press("enter")
        await wait_for(pilot, lambda: chosen)
        assert chosen == [JoinChoice("KQXZ", watch=False)]


async def test_the_list_refreshes_while_open_and_keeps_the_highlighted_table(tables):
    listed(tables, "MNPR", ["Eve", "Fay"], [None, None], {"0": "eve-key"})
    app = BereApp(remember=False)
    async with app.run_test(size=(80, 24)) as pilot:
        lobby, _chosen = await open_lobby(app, pilot)
        assert "No public table is open now" not in screen_text(app)
        listed(tables, "ABCD", ["Gus", "Hal"], [None, None], {"0": "gus-key"})
        await lobby.rescan()  # (what the lobby does every 2 seconds)
        await pilot.pause()
        assert "ABCD" in screen_text(app) and lobby.highlighted().code == "MNPR"
        for code in ("MNPR", "ABCD"):
            (tables / f"{code}.sock").unlink()  # their hubs have gone
        await lobby.rescan()
        await pilot.pause()
        assert "No public table is open now" in screen_text(app) and "MNPR" not in screen_text(app)


async def test_a_typed_code_still_joins_typed_ahead_and_a_bad_one_is_said(tables):
    listed(tables, "MNPR", ["Eve", "Fay"], [None, None], {"0": "eve-key"})
    app = BereApp(remember=False)
    async with app.run_test(size=(80, 24)) as pilot:
        chosen: list = []
        app.push_screen(LobbyScreen(), chosen.append)
        await pilot.press("1", "2", "enter")  # (typed before the screen has drawn)
        await wait_for(pilot, lambda: "four letters" in screen_text(app))
        await pilot.press("backspace", "backspace", *"wxyz", "enter")
        await wait_for(pilot, lambda: chosen)
        assert chosen == [JoinChoice("WXYZ")]


async def test_a_host_opens_a_public_table_and_a_friend_joins_it_from_the_lobby(tables, monkeypatch):
    app = BereApp(remember=False)
    async with app.run_test(size=(80, 24)) as pilot:
        app.open_setup(TableSetup("base", [Seat("Ann"), Seat("Ben"), Seat("Cid", "heuristic")]), hosting=True)
        await wait_for(pilot, lambda: isinstance(app.screen, SetupScreen))
        await pilot.press("enter")
        await wait_for(pilot, lambda: isinstance(app.screen, PickScreen))
        await pilot.press("enter")  # no clock
        await wait_for(pilot, lambda: isinstance(app.screen, PickScreen) and "Who may find" in screen_text(app))
        await pilot.press("enter")  # everyone
        await wait_for(pilot, lambda: any(isinstance(s, RemoteTableScreen) for s in app.screen_stack), timeout=20)
        code = next(p.stem for p in tables.glob("*.sock"))
    monkeypatch.setenv("BERE_PLAYER", "ben-key")
    friend = BereApp(remember=False)
    async with friend.run_test(size=(80, 24)) as pilot:
        friend.ask_join()
        await wait_for(pilot, lambda: isinstance(friend.screen, LobbyScreen) and code in screen_text(friend))
        assert "Ann" in screen_text(friend) and "1 seat free" in screen_text(friend)
        await pilot.press("enter")
        await wait_for(pilot, lambda: isinstance(friend.screen, PickScreen))
        await pilot.press("enter")  # take the free seat
        await wait_for(pilot, lambda: any(isinstance(s, RemoteTableScreen) for s in friend.screen_stack),
                       timeout=20)
        table = next(s for s in friend.screen_stack if isinstance(s, RemoteTableScreen))
        assert table.session.seat == 1 and table.session.names[1] == "Ben"


async def test_a_private_table_is_not_in_the_friends_lobby(tables, monkeypatch):
    app = BereApp(remember=False)
    async with app.run_test(size=(80, 24)) as pilot:
        app.open_setup(TableSetup("base", [Seat("Ann"), Seat("Ben")]), hosting=True)
        await wait_for(pilot, lambda: isinstance(app.screen, SetupScreen))
        await pilot.press("enter")
        await wait_for(pilot, lambda: isinstance(app.screen, PickScreen))
        await pilot.press("enter")
        await wait_for(pilot, lambda: isinstance(app.screen, PickScreen) and "Who may find" in screen_text(app))
        await pilot.press("down", "enter")  # only who has its code
        await wait_for(pilot, lambda: any(isinstance(s, RemoteTableScreen) for s in app.screen_stack), timeout=20)
        code = next(p.stem for p in tables.glob("*.sock"))
        monkeypatch.setenv("BERE_PLAYER", "ben-key")
        _lobby, chosen = await open_lobby(app, pilot)
        assert code not in screen_text(app) and "No public table is open now" in screen_text(app)
        await pilot.press(*code.lower(), "enter")
        await wait_for(pilot, lambda: chosen)
        assert chosen == [JoinChoice(code)]


async def title_to(pilot, app, option: str) -> None:
    from bere_tui.ui.widgets.choices import ChoiceList

    menu = app.screen.query_one(ChoiceList)
    while menu.get_option_at_index(menu.highlighted).id != option:
        await pilot.press("down")
    await pilot.press("enter")


async def test_the_leaderboard_from_the_title_by_keys(tables):
    path = ratings_file(tables.parent)
    for n in range(3):
        rate_game(path, f"G:{n}", "base", [Entrant("key:ann-key", "Ann", 1), Entrant("bot:strong", "", 2),
                                          Entrant("key:ben-key", "Ben", 3)])
    rate_game(path, "H:1", "bullenparty", [Entrant("key:cid-key", "Cid", 1), Entrant("bot:random", "", 2)])
    app = BereApp(remember=False)
    async with app.run_test(size=(80, 24)) as pilot:
        await title_to(pilot, app, "leaderboard")
        await wait_for(pilot, lambda: isinstance(app.screen, LeaderboardScreen))
        lines = screen_text(app).splitlines()
        assert any("LEADERBOARD: 6 nimmt!" in line for line in lines)
        rows = [line for line in lines if "Ann" in line or "bot: hard" in line or "Ben" in line]
        assert len(rows) == 3 and "Ann" in rows[0] and "(you)" in rows[0] and "bot: hard" in rows[1]
        assert rows[0].split()[0] == "1" and rows[0].split()[-1] == "3"  # place first, games last
        assert "LEADERBOARD: 6 nimmt!: Base game" in screen_text(app)
        await pilot.press("right")  # each variant its own ratings
        assert "LEADERBOARD: 6 nimmt!: Pro" in screen_text(app)
        assert "No rated games of this game yet" in screen_text(app) and "Ann" not in screen_text(app)
        await pilot.press("left", "left", "left")  # back to the base game, then round to the last games
        assert "LEADERBOARD: Bullenparty" in screen_text(app) and "Cid" in screen_text(app)
        await pilot.press("escape")
        await wait_for(pilot, lambda: not isinstance(app.screen, LeaderboardScreen))
        await title_to(pilot, app, "join")  # the lobby opens it too
        await wait_for(pilot, lambda: isinstance(app.screen, LobbyScreen))
        assert "^l leaderboard" in screen_text(app)
        await pilot.press("ctrl+l")
        await wait_for(pilot, lambda: isinstance(app.screen, LeaderboardScreen))
        await pilot.press("escape")
        await wait_for(pilot, lambda: isinstance(app.screen, LobbyScreen))


async def test_a_broken_ratings_file_is_said_on_the_leaderboard(tables):
    ratings_file(tables.parent).write_text('{"version": 1, "rated": "x"}')
    app = BereApp(remember=False)
    async with app.run_test(size=(80, 24)) as pilot:
        app.push_screen(LeaderboardScreen())
        await wait_for(pilot, lambda: isinstance(app.screen, LeaderboardScreen))
        assert "cannot be read" in screen_text(app) and "No rated games" in screen_text(app)


async def test_the_results_of_a_shared_game_show_each_rating_and_its_change(tables):
    outcome = Outcome(False, (1,), (Score(20, ()), Score(5, ()), Score(30, ())))
    app = BereApp(remember=False)
    async with app.run_test(size=(80, 24)) as pilot:
        app.push_screen(ResultsScreen(["Ann", "Ben", "Cid"], [None, None, "random"], outcome, "base",
                                      ratings={0: (0.0, -1.2), 1: (0.0, 3.4), 2: (2.0, -0.6)}))
        await wait_for(pilot, lambda: isinstance(app.screen, ResultsScreen))
        text = screen_text(app)
        assert "rating" in text
        ben = [line for line in text.splitlines() if "Ben" in line][-1]
        assert "3 (+3)" in ben
        cid = [line for line in text.splitlines() if "Cid" in line][-1]
        assert "-1 (-3)" in cid


async def test_the_board_games_results_keep_each_rating_whole_at_80_columns(tables):
    """The board game's results take seven columns of parts: the ratings go on a line under the table, each
    rating and its change whole, in the results' order."""
    from bere_tui.bots.board.runner import play_bot_game

    game = play_bot_game(["heuristic"] * 4, 3, {"side": "red", "luck": True})
    names = ["Annabelle", "Bartholomew", "Cid", "Dot"]
    app = BereApp(remember=False)
    async with app.run_test(size=(80, 24)) as pilot:
        app.push_screen(ResultsScreen(names, [None, "heuristic", None, "heuristic"], game.outcome(), game.variant,
                                      ratings={0: (12.3, 15.6), 1: (-3.0, -10.2), 2: (100.4, 95.1), 3: (0.0, 3.0)}))
        await wait_for(pilot, lambda: isinstance(app.screen, ResultsScreen))
        text = screen_text(app)
        line = next(line for line in text.splitlines() if "Ratings:" in line)
        order = [names[p] for p in game.outcome().ranking()]
        cells = {"Annabelle": "16 (+4)", "Bartholomew": "-10 (-7)", "Cid": "95 (-5)", "Dot": "3 (+3)"}
        assert " ".join(line.split()).count("(") == 4
        assert [line.index(name + " " + cells[name]) for name in order] == sorted(
            line.index(name + " " + cells[name]) for name in order)
        assert "rati…" not in text


async def test_the_served_title_shows_every_choice_at_80x24_with_an_unfinished_game_too(tables, monkeypatch):
    from bere_tui.ui.screens import title

    monkeypatch.setattr(title, "continue_offer", lambda app: "Base game, round 2, Ann, Ben and Cid, saved 5 minutes ago")
    app = BereApp(remember=False)
    async with app.run_test(size=(80, 24)) as pilot:
        await wait_for(pilot, lambda: isinstance(app.screen, title.TitleScreen))
        text = screen_text(app)
        for choice in ("Continue the unfinished game", "Host a table", "Join a table", "Leaderboard", "Settings",
                       "Quit"):
            assert choice in text


async def test_the_leaderboard_shows_a_first_versions_ratings_of_every_variant_apart(tables):
    """A ratings file of the first version (6 nimmt!'s variants rated together) is read as it was: its 6 nimmt!
    ratings on a board of their own after the variants', the ratings per variant beside them."""
    path = ratings_file(tables.parent)
    path.write_text(json.dumps({"version": 1, "rated": ["OLD:1"], "systems": {"nimmt": {
        "key:ann-key": {"mu": 30.0, "sigma": 5.0, "games": 7, "name": "Ann"}}}}))
    rate_game(path, "NEW:1", "pro", [Entrant("key:ben-key", "Ben", 1), Entrant("bot:strong", "", 2)])
    app = BereApp(remember=False)
    async with app.run_test(size=(80, 24)) as pilot:
        await title_to(pilot, app, "leaderboard")
        await wait_for(pilot, lambda: isinstance(app.screen, LeaderboardScreen))
        assert "LEADERBOARD: 6 nimmt!: Pro" in screen_text(app) and "Ben" in screen_text(app)
        await pilot.press("right", "right", "right")  # Anniversary, Even/Odd, then the first version's board
        text = screen_text(app)
        assert "LEADERBOARD: 6 nimmt!: every variant, rated together" in text
        row = next(line for line in text.splitlines() if "Ann" in line)
        assert row.split()[-1] == "7" and "Ben" not in text
        await pilot.press("right")
        assert "LEADERBOARD: Bullenparty" in screen_text(app)
