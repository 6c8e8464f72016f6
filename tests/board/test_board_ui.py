"""The board game at the table (issue 14, RULES section 6): whole games at 80x24 by Enter alone, the hand-off
before every decision of a person at a hot-seat table (B10 applies to every game) with no hand shown before
it, keys typed ahead dropped, every kind of prompt (BG3 tile, BG-D6 two tiles, BG7 action card and its rows,
BG6 luck card), the too-small notice, the setup screen's board options, saves and the replay viewer, the log's
sentences for every event, and snapshots.

Only the random bot exists for the board game so far: the tables here seat random bots.
"""

from __future__ import annotations

import asyncio
import dataclasses
import json
import re
import time
from pathlib import Path

import pytest
from textual import events

from bere_tui.bots import make_bot
from bere_tui.engine.board import events as bg
from bere_tui.systems import make_game
from bere_tui.ui.app import BereApp, Start
from bere_tui.ui.board.prompts import BoardPrompt
from bere_tui.ui.screens.dialogs import TooSmallScreen
from bere_tui.ui.screens.handoff import HandoffScreen
from bere_tui.ui.screens.scores import ResultsScreen
from bere_tui.ui.screens.table import TableScreen
from bere_tui.ui.session import Session

# ---------------------------------------------------------------------- helpers


def screen_text(app) -> str:
    """What the screen shows now, with the screens under a see-through prompt."""
    from textual._context import visible_screen_stack

    visible_screen_stack.set(app._background_screens)
    return "\n".join(strip.text.rstrip() for strip in app.screen._compositor.render_strips())


async def wait_for(pilot, done, timeout: float = 20.0) -> None:
    end = time.monotonic() + timeout
    while not done():
        if time.monotonic() > end:
            raise AssertionError("timed out waiting for the app")
        await pilot.pause(0.02)
    await pilot.pause()


def shown_tiles(text: str, tiles, heads) -> set[int]:
    """Which of `tiles` appear as tile labels (the number and exactly its bullhead marks)."""
    return {t for t in tiles if re.search(rf"(?<!\d){t}{'•' * heads[t]}(?!•)", text)}


def seats(people, bots: int) -> list[dict]:
    spare = iter(["Cid", "Dot", "Eve", "Fay", "Gus"])
    return [{"name": n} for n in people] + [{"name": next(spare), "bot": "random"} for _ in range(bots)]


def board_game(people=("Ann",), bots: int = 2, seed: int = 1, side: str = "blue", luck: bool = False):
    return make_game("board", seats(people, bots), seed=seed, options={"side": side, "luck": luck})


def board_app(game, speed: str = "off") -> BereApp:
    return BereApp(Start("game", session=Session(game)), speed=speed, remember=False)


def advance(game, stop, seed: int = 7) -> None:
    """Every seat moved by random bots until `stop(game)` holds (to open the table late in a game)."""
    movers = {p: make_bot("random", seed + p) for p in range(game.n)}
    while not stop(game):
        assert not game.finished, "the game ended before the moment looked for"
        p = game.deciders()[0]
        game.apply(movers[p].choose(game.view(p), game.legal(p)))


def last_turn_of_hand_one(game) -> bool:
    """The start of the turn that ends the first hand (a hand is down to its last tile, nobody has chosen):
    what follows is that turn, the second hand dealt, the whole second hand and the end."""
    pend = game.pending
    return (game.hand_no == 1 and pend is not None and pend["do"] == "select" and not game.choices
            and min(len(hand) for hand in game.hands) == 1)


#: the kinds of prompt of a game on the red side with luck cards: a tile, an action card with it, a luck card's
#: row and space (BG3, BG7, BG6)
RED_LUCK_KINDS = {("select", "tile"), ("select", "card"), ("luck", "row"), ("luck", "space")}


def enter() -> events.Key:
    return events.Key("enter", "\r")


async def play_by_enter(app, pilot, check=None, limit: int = 3000) -> set:
    """Enter alone until the results; returns the prompt kinds seen ((do, stage) pairs)."""
    kinds = set()
    for _ in range(limit):
        await wait_for(pilot, lambda: not isinstance(app.screen, TableScreen), timeout=30)
        if isinstance(app.screen, ResultsScreen):
            return kinds
        if isinstance(app.screen, BoardPrompt):
            kinds.add((app.screen.do, app.screen.stage))
        if check is not None:
            check(app)
        await pilot.press("enter")
    raise AssertionError("the game did not end")


# ---------------------------------------------------------------------- whole games by Enter alone


@pytest.mark.parametrize(("side", "luck", "seed"), [("blue", False, 3), ("red", True, 1)])
async def test_one_person_and_bots_play_a_whole_game_to_a_winner_by_enter_alone(side, luck, seed):
    app = board_app(board_game(("Ann",), 2, seed=seed, side=side, luck=luck))
    async with app.run_test(size=(80, 24)) as pilot:
        game = app.game
        kinds = await play_by_enter(app, pilot)
        assert game.finished and ("select", "tile") in kinds
        text = screen_text(app)
        assert "the highest score wins" in text and "WINS" in text
        best = max(game.scores)
        assert set(game.winners) == {p for p, s in enumerate(game.scores) if s == best}  # BG5
        lines = text.split("\n")
        table = lines[next(i for i, line in enumerate(lines) if "player" in line and "total" in line):]
        order = [line for line in table if any(n in line for n in ("Ann", "Cid", "Dot"))][:3]
        listed = [next(n for n in ("Ann", "Cid", "Dot") if n in line) for line in order]
        names = [p["name"] for p in game.players]
        assert [game.scores[names.index(n)] for n in listed] == sorted(game.scores, reverse=True)
        assert not any(isinstance(s, HandoffScreen) for s in app.screen_stack)
        if luck:
            assert ("luck", "row") in kinds  # BG6: minus points drew a luck card for Ann
    from bere_tui.storage import player_stats

    stats, _warning = player_stats("Ann")  # kept in the history, as a game of its own system
    assert [(s.variant, s.games, s.mean_score) for s in stats] == [("board", 1, game.scores[0])]


async def test_two_people_get_a_hand_off_before_every_decision_and_no_hand_shows_before_it():
    """From the last turn of the first hand to the end (the change of hands, a whole hand of every kind of
    prompt; the whole games by Enter alone above start at the first turn)."""
    game = board_game(("Ann", "Ben"), 1, seed=4, side="red", luck=True)
    advance(game, last_turn_of_hand_one, seed=3)  # a second hand with every kind of prompt
    app = board_app(game)
    holder = None
    handoffs = 0

    def check(app) -> None:
        nonlocal holder, handoffs
        screen, game = app.screen, app.game
        heads = game.board.heads
        public = game.view(None).players
        if isinstance(screen, HandoffScreen):
            handoffs += 1
            holder = ["Ann", "Ben"].index(screen.who)
            secret = {t for p, hand in enumerate(game.hands) for t in hand if t not in public[p].known}
            assert shown_tiles(screen_text(app), secret, heads) == set()
            assert "YOUR HAND" not in screen_text(app)
        elif isinstance(screen, BoardPrompt):
            assert screen.player == holder  # B10: the prompt comes after its owner's hand-off
            other = 1 - screen.player
            secret = set(game.hands[other]) - set(public[other].known)
            assert shown_tiles(screen_text(app), secret, heads) == set()
        else:
            assert "YOUR HAND" not in screen_text(app)

    async with app.run_test(size=(80, 24)) as pilot:
        kinds = await play_by_enter(app, pilot, check)
        assert app.game.finished and app.game.hand_no == 2
    assert kinds == RED_LUCK_KINDS
    assert handoffs >= 2 * 10


@pytest.mark.real_gate
async def test_enters_typed_ahead_of_a_hand_off_or_a_prompt_are_dropped(monkeypatch):
    """Enter pressed while the placements are shown, or before the hand-off, never acts on what comes next.
    (The gate's virtual clock, tests/gate_clock.py: its delays are passed without waiting.)"""
    from gate_clock import virtual_gate_clock

    from bere_tui.ui.gate import GATE_SECONDS

    clock = virtual_gate_clock(monkeypatch)
    app = board_app(board_game(("Ann", "Ben"), 1, seed=2), speed="slow")
    async with app.run_test(size=(80, 24)) as pilot:
        await wait_for(pilot, lambda: isinstance(app.screen, HandoffScreen))
        clock.now += GATE_SECONDS["handoff"] + 0.01
        assert app.screen.accepts(clock.enter())  # past the hand-off's gate
        early = [clock.enter() for _ in range(6)]  # typed before Ann's hand showed
        clock.now += 0.01
        app.post_message(clock.enter())
        await wait_for(pilot, lambda: isinstance(app.screen, BoardPrompt))
        for key in early:  # they reach the prompt late (as keys queued behind a busy screen do)
            app.post_message(key)
        clock.now += 0.5
        await pilot.pause()
        assert isinstance(app.screen, BoardPrompt) and app.game.actions == []
        assert app.screen.accepts(clock.enter())  # (past the prompt's gate)
        app.post_message(clock.enter())  # Ann's tile
        await wait_for(pilot, lambda: isinstance(app.screen, HandoffScreen) and app.screen.who == "Ben")
        for _ in range(4):
            app.post_message(clock.enter())  # pressed at once: inside the hand-off's gate
        clock.now += 0.2
        await pilot.pause()
        assert isinstance(app.screen, HandoffScreen) and app.screen.who == "Ben"
        assert len(app.game.actions) == 1


# ---------------------------------------------------------------------- every prompt


def waits_for_ann(do: str, extra=lambda game: True):
    def stop(game) -> bool:
        pend = game.pending
        if pend is None or pend["do"] != do:
            return False
        ann = 0 in pend["players"] if do == "select" else pend["player"] == 0
        return ann and len(game.legal(0)) > 1 and extra(game)
    return stop


PROMPTS = {
    # (the decision, what else must hold, side, luck)
    "stop_row": ("stop_row", lambda g: True, "red", False),
    "place_row": ("place_row", lambda g: True, "red", False),
    "swap_row": ("swap_row", lambda g: True, "red", False),
    "luck": ("luck", lambda g: len({a["row"] for a in g.legal(0)}) < len(g.legal(0)), "blue", True),
    "two tiles": ("select", lambda g: g.tiles_to_choose(0) == 2, "blue", False),
    "action card": ("select", lambda g: bool(g.held[0]), "red", False),
}


def game_at(kind: str):
    """A game (Ann and two random bots) at the moment of Ann's decision `kind` (the first seed that brings it)."""
    do, extra, side, luck = PROMPTS[kind]
    for seed in range(40):
        game = board_game(("Ann",), 2, seed=seed, side=side, luck=luck)
        try:
            advance(game, waits_for_ann(do, extra), seed=seed)
        except AssertionError:
            continue
        return game
    raise AssertionError(f"no seed brings {kind}")


@pytest.mark.parametrize("kind", list(PROMPTS))
async def test_every_prompt_comes_and_enter_alone_answers_it(kind):
    do = PROMPTS[kind][0]
    game = game_at(kind)
    before = len(game.actions)
    app = board_app(game)
    async with app.run_test(size=(80, 24)) as pilot:
        await wait_for(pilot, lambda: isinstance(app.screen, BoardPrompt))
        prompt = app.screen
        assert prompt.do == do
        text = screen_text(app)
        assert "Ann," in text and ("YOUR HAND" in text or prompt.stage == "tile")  # (a tile list: the hand)
        assert all(len(line) <= 80 for line in text.split("\n"))
        answered = None
        for _ in range(4):  # a stage at a time: tile, second tile, card; row, space
            await pilot.press("enter")
            await pilot.pause()
            if len(game.actions) > before:
                answered = game.actions[before]
                break
            assert app.screen is prompt
            if kind == "two tiles":
                assert "chosen:" in screen_text(app)  # the first tile, shown while the second is chosen
        assert answered is not None and answered["do"] == do and answered["player"] == 0
        if kind == "two tiles":
            assert len(answered["tiles"]) == 2  # BG-D6
        if kind == "action card":
            assert answered["card"] is None  # the highlighted default: no card
        if kind == "place_row":
            assert answered["row"] == prompt.view.target_row(prompt.view.placing[1])[0] or \
                prompt.view.target_row(prompt.view.placing[1])[0] not in {a["row"] for a in prompt.legal}


async def test_a_tile_says_where_the_engine_would_put_it():
    game = board_game(("Ann",), 1, seed=5)
    app = board_app(game)
    async with app.run_test(size=(80, 24)) as pilot:
        await wait_for(pilot, lambda: isinstance(app.screen, BoardPrompt))
        view = game.view(0)
        text = screen_text(app)
        assert app.screen.choice_lines == 4  # at 80x24 the log's last two lines stay in view above the prompt
        for tile in view.hand[:5]:  # the lines of the list in view
            r, _how = view.target_row(tile)  # BG3, the engine's own rule
            space = view.rows[r].next_space + 1
            assert re.search(rf"(?<!\d){tile}•+ +row {r + 1}, space {space}", text), (tile, text)


async def test_a_prompt_shows_as_many_choices_as_fit_after_a_resize_too():
    """A taller terminal shows more of the list at once, a shorter one fewer again, the log's last lines still in
    view above the prompt (the count was made once, when the prompt opened)."""
    from bere_tui.ui.widgets.choices import ChoiceList

    app = board_app(board_game(("Ann",), 1, seed=5))
    async with app.run_test(size=(80, 24)) as pilot:
        await wait_for(pilot, lambda: isinstance(app.screen, BoardPrompt))
        prompt = app.screen
        assert prompt.choice_lines == 4  # and a fifth tile in the hand's line, which the list makes needless
        await pilot.resize_terminal(80, 40)
        await wait_for(pilot, lambda: prompt.query_one(ChoiceList).size.height == 12)  # the whole hand
        assert prompt.choice_lines > 12
        await pilot.resize_terminal(80, 24)
        await wait_for(pilot, lambda: prompt.query_one(ChoiceList).size.height == 5)
        assert prompt.choice_lines == 4 and app.screen is prompt


async def test_digits_jump_to_a_tile_and_to_a_row():
    game = board_game(("Ann",), 1, seed=5)
    app = board_app(game)
    async with app.run_test(size=(80, 24)) as pilot:
        await wait_for(pilot, lambda: isinstance(app.screen, BoardPrompt))
        hand = game.view(0).hand
        tile = hand[-1]
        await pilot.press(*str(tile))
        await pilot.press("enter")
        await wait_for(pilot, lambda: len(game.actions) >= 1)
        assert game.actions[0]["tiles"] == [tile]


# ---------------------------------------------------------------------- the screen at 80x24


async def test_the_whole_board_shows_at_80x24_and_a_small_terminal_gets_the_notice():
    game = board_game(("Ann",), 5, seed=1, side="red", luck=True)  # 6 seats: the widest score line
    app = board_app(game)
    async with app.run_test(size=(80, 24)) as pilot:
        await wait_for(pilot, lambda: isinstance(app.screen, BoardPrompt))
        text = screen_text(app)
        lines = text.split("\n")
        assert len(lines) == 24 and all(len(line) <= 80 for line in lines)
        for r in range(len(game.specs)):  # every row, numbered, the four active ones marked
            assert any(re.match(rf"\s*\*?\s*{r + 1} ", line) for line in lines), r
        assert sum(1 for line in lines if re.match(r"\s*\*\s*\d+ ", line)) == 4  # BG2
        for tile in (t for row in game.rows for t in row):
            assert shown_tiles(text, [tile], game.board.heads) == {tile}
        for name in ("Ann", "Cid", "Dot", "Eve", "Fay", "Gus"):
            assert name in text
        assert "TAKE" in text and "END" in text and "SCORES" in text and "actions 24" in text
        await pilot.resize_terminal(70, 20)
        await wait_for(pilot, lambda: isinstance(app.screen, TooSmallScreen))
        assert "at least 80x24" in screen_text(app)
        await pilot.press("enter")
        assert game.actions == []
        await pilot.resize_terminal(80, 24)
        await wait_for(pilot, lambda: isinstance(app.screen, BoardPrompt))


# ---------------------------------------------------------------------- setup, saves, replay


def test_the_setup_gives_make_game_the_board_options():
    from bere_tui.ui.seating import Seat, TableSetup, setup_from_settings, setup_to_settings

    setup = TableSetup("board", [Seat("Ann"), Seat("Ben", "random")], side="red", luck=True)
    assert setup.options() == {"side": "red", "luck": True}
    assert setup.limits() == (2, 6)
    again = setup_from_settings(setup_to_settings(setup))
    assert (again.variant, again.side, again.luck) == ("board", "red", True)
    game = Session.new(setup).game
    assert game.options["side"] == "red" and game.options["luck"] is True
    assert dataclasses.replace(setup, board="standard").options()["board"] == "standard"
    follow = Session.new(setup).next_setup()
    assert (follow.side, follow.luck) == ("red", True)


async def test_the_setup_offers_the_board_game_with_its_side_and_luck_cards():
    from bere_tui.ui.screens.setup import SetupScreen
    from bere_tui.ui.seating import Seat, TableSetup
    from bere_tui.ui.widgets.cycler import Cycler

    app = BereApp(Start("setup", setup=TableSetup("base", [Seat("Ann"), Seat("Ben", "random")])), remember=False)
    async with app.run_test(size=(80, 24)) as pilot:
        await wait_for(pilot, lambda: isinstance(app.screen, SetupScreen))
        assert not app.screen.query_one("#side-field").display
        variant = app.screen.query_one("#variant", Cycler)
        variant.focus()
        while variant.value != "board":
            await pilot.press("right")
        text = screen_text(app)
        assert "2 to 6 players" in text and "Side" in text and "Luck" in text
        side = app.screen.query_one("#side", Cycler)
        side.focus()
        await pilot.press("right")
        app.screen.query_one("#luck", Cycler).focus()
        await pilot.press("right")
        app.screen.query_one("#start").focus()
        await pilot.press("enter")
        await wait_for(pilot, lambda: isinstance(app.screen, BoardPrompt))
        assert app.game.variant == "board" and app.game.options["side"] == "red" and app.game.luck
        assert app.settings.last_seats.variant == "board"


async def test_a_board_game_is_autosaved_and_goes_on_at_its_table_with_its_log(tmp_path):
    from bere_tui import storage
    from bere_tui.ui.saving import game_summary, session_from_game

    game = board_game(("Ann",), 1, seed=6, side="red", luck=True)
    advance(game, lambda g: len(g.actions) >= 12 and 0 in g.deciders())
    storage.autosave(game)
    saved = json.loads(storage.autosave_path().read_text(encoding="utf-8"))
    assert saved["variant"] == "board" and saved["options"]["side"] == "red"
    assert "turn" in game_summary(game)
    session = session_from_game(game)  # the record played again: the same state and every action's events
    assert session.game.record() == game.record() and len(session.history) == len(game.actions)
    app = BereApp(Start("game", session=session), speed="off", remember=False)
    async with app.run_test(size=(80, 24)) as pilot:
        await wait_for(pilot, lambda: isinstance(app.screen, BoardPrompt))
        await pilot.press("enter")
        await wait_for(pilot, lambda: len(app.game.actions) > 12)
        again = json.loads(storage.autosave_path().read_text(encoding="utf-8"))
        assert again["actions"][:12] == saved["actions"] and len(again["actions"]) > 12


async def test_a_finished_board_game_plays_back_in_the_replay_viewer():
    from bere_tui.ui.screens.replay import ReplayScreen

    game = board_game(("Ann",), 2, seed=3, side="red", luck=True)
    advance(game, lambda g: g.finished)
    app = BereApp(Start("replay", game=game, note="test"), speed="off", remember=False)
    async with app.run_test(size=(80, 24)) as pilot:
        await wait_for(pilot, lambda: isinstance(app.screen, ReplayScreen))
        text = screen_text(app)
        assert "The deal" in text and "HANDS" in text
        await pilot.press("right")
        await pilot.pause()
        assert "Ann: chooses" in screen_text(app)
        await pilot.press("end")
        await pilot.pause()
        assert "wins" in screen_text(app) or "share the win" in screen_text(app)
        await pilot.press("escape")
        assert not isinstance(app.screen, ReplayScreen)


async def test_the_replay_steps_by_decision_turn_and_hand_with_every_hand_shown():
    """The board replay steps as the other games' do (issue 32): Right/Left one decision, Down/Up one turn (its
    reveal, BG3), PgDn/PgUp one hand dealt (BG2: 3 players play a second hand), every hand and a choice not yet
    revealed in view."""
    from bere_tui.ui.screens.replay import ReplayScreen

    game = board_game(("Ann",), 2, seed=3)
    advance(game, lambda g: g.finished)
    app = BereApp(Start("replay", game=game, note="test"), speed="off", remember=False)
    async with app.run_test(size=(80, 24)) as pilot:
        await wait_for(pilot, lambda: isinstance(app.screen, ReplayScreen))
        viewer = app.screen

        def hands_shown() -> None:
            state = viewer.replay.step(viewer.index).state
            text = screen_text(app)
            for p, name in enumerate(["Ann", "Cid", "Dot"]):
                line = next(line for line in text.splitlines() if line.split()[:1] == [name])
                shown = {int(w.rstrip("•")) for w in line.split()[1:] if w.rstrip("•").isdigit()}
                chosen = set() if state.revealed else set(state.choices.get(p, ((), None))[0])
                assert shown == set(state.hands[p]) | chosen, name

        hands_shown()
        await pilot.press("right")
        await pilot.pause()
        assert viewer.index == 1 and "chose:" in screen_text(app)
        hands_shown()
        await pilot.press("down")
        await pilot.pause()
        first_reveal = viewer.index
        assert any(isinstance(e, bg.Revealed) for e in viewer.replay.step(first_reveal).events)
        assert "Turn 1:" in screen_text(app)
        hands_shown()
        await pilot.press("down")
        await pilot.pause()
        assert viewer.index > first_reveal and "Turn 2:" in screen_text(app)
        await pilot.press("up")
        await pilot.pause()
        assert viewer.index == first_reveal
        await pilot.press("pagedown")
        await pilot.pause()
        assert any(isinstance(e, bg.HandDealt) and e.hand == 2 for e in viewer.replay.step(viewer.index).events)
        hands_shown()
        await pilot.press("pageup")
        await pilot.pause()
        assert viewer.index == 0 and "The deal" in screen_text(app)
        await pilot.press("left")
        await pilot.pause()
        assert viewer.index == 0


# ---------------------------------------------------------------------- the log


SAMPLES = {bg.SetUp: bg.SetUp(3, "blue", False, ((0, 5), (1, 9), (2, 40), (3, 77))),
           bg.Revealed: bg.Revealed(2, ((0, (17,), None), (1, (3, 90), "play_first")), ((1, 3), (0, 17), (1, 90))),
           bg.StopPlaced: bg.StopPlaced(0, 2), bg.GameOver: bg.GameOver((1,), (3, 9, -2)),
           bg.RowFinished: bg.RowFinished(0, 1, 17, (3, 9), -4, 5, False)}


def sample(cls):
    """An instance of an event class with plain values (0, "plus5", small tuples)."""
    if cls in SAMPLES:
        return SAMPLES[cls]
    values = {"int": 1, "str": "plus5", "bool": False, "str | None": None,
              "tuple[int, ...]": (3, 9), "int | None": 2}
    return cls(*[values.get(str(f.type), 1) for f in dataclasses.fields(cls)])


@pytest.mark.parametrize("name", bg.__all__)
def test_every_board_event_has_its_sentence_with_the_name_as_a_label(name):
    from bere_tui.table.narrate import narrate

    cls = getattr(bg, name)
    event = sample(cls)
    names = ["Ann", "Ben", "Cid"]
    told = narrate(event, names)
    if cls in (bg.Selected, bg.TurnEnded):
        assert told is None  # a secret choice; the scores show on the table
        return
    assert told is not None and told.plain
    if "player" in {f.name for f in dataclasses.fields(cls)}:
        assert told.plain.startswith(names[event.player] + ": ")  # "NAME: did X", never a declined subject


def test_a_tile_and_its_space_are_told_in_words():
    from bere_tui.table.narrate import narrate

    names = ["Ann", "Ben"]
    assert narrate(bg.TilePlaced(0, 17, 1, 3, "closest"), names).plain == "Ann: 17 to row 2, space 4"
    scored = narrate(bg.SpaceScored(0, 1, 3, "bull_plus", 2), names).plain
    assert scored.startswith("Ann: +2 points") and "row 2, space 4" in scored
    taken = narrate(bg.RowTaken(1, 0, 40, (3, 9), -3), names).plain
    assert taken == "Ben: 40 takes row 1: 3, 9 leave the game, -3 points"
    assert "row 6" in narrate(bg.RowFinished(0, 1, 17, (3,), -1, 5, False), names).plain  # BG-D4
    assert narrate(bg.StopPlaced(0, None), names).plain == "Ann: no STOP token left, the card is spent"


# ---------------------------------------------------------------------- snapshots


def test_snapshot_of_the_table_with_the_tile_prompt(snap_compare):
    app = board_app(board_game(("Ann",), 2, seed=1, side="red", luck=True))

    async def to_prompt(pilot):
        await wait_for(pilot, lambda: isinstance(pilot.app.screen, BoardPrompt))

    assert snap_compare(app, terminal_size=(80, 24), run_before=to_prompt)


def test_snapshot_of_a_hand_off_later_in_a_game(snap_compare):
    game = board_game(("Ann", "Ben"), 1, seed=2, side="blue", luck=True)
    advance(game, lambda g: len(g.actions) >= 15 and g.pending["do"] == "select" and 0 in g.deciders())
    app = board_app(game)

    async def to_handoff(pilot):
        await wait_for(pilot, lambda: isinstance(pilot.app.screen, HandoffScreen))

    assert snap_compare(app, terminal_size=(80, 24), run_before=to_handoff)


async def test_backspace_takes_back_the_first_of_two_tiles():
    game = game_at("two tiles")
    before = len(game.actions)
    app = board_app(game)
    async with app.run_test(size=(80, 24)) as pilot:
        await wait_for(pilot, lambda: isinstance(app.screen, BoardPrompt))
        prompt = app.screen
        first, last = prompt.view.hand[0], prompt.view.hand[-1]
        await pilot.press("enter")
        await pilot.pause()
        assert prompt.picked == [first] and "chosen:" in screen_text(app)
        await pilot.press("backspace")
        await pilot.pause()
        assert prompt.picked == [] and "chosen:" not in screen_text(app)
        await pilot.press(*str(last), "enter")  # the first tile now: the highest of the hand
        await pilot.pause()
        assert prompt.picked == [last]
        await pilot.press("enter")  # the second: the lowest, highlighted
        await wait_for(pilot, lambda: len(game.actions) > before)
        assert game.actions[before]["player"] == 0
        assert game.actions[before]["tiles"] == sorted([first, last])  # BG-D6


@pytest.mark.real_gate
async def test_streams_of_enter_never_show_a_hand_before_its_hand_off(monkeypatch):
    """B10, issue 31: a hot-seat game by streams of Enter at every pace from a held key to slow taps (tests/
    gate_clock.py), with the gate's real delays, from the last turn of the first hand to the end: the change of
    hands and a whole hand with every kind of prompt. On every frame sampled (after every turn of the event loop
    the app is given), a prompt belongs to the person whose hand-off came last, and no other person's hidden
    tiles are drawn; no hand-off let in a key that came less than its pause after the one before. The time is
    the gate's virtual clock: no real waiting."""
    import random

    from gate_clock import streams_of_enter, virtual_gate_clock, watch_gate_openings

    clock = virtual_gate_clock(monkeypatch)
    early = watch_gate_openings(monkeypatch, clock)
    rng = random.Random(3)
    game = board_game(("Ann", "Ben", "Cid"), 0, seed=3, side="red", luck=True)
    advance(game, last_turn_of_hand_one)
    app = board_app(game)
    holder: list[int | None] = [None]
    kinds = set()
    failures: list[str] = []
    original = HandoffScreen.dismiss

    def dismiss(screen, result=None):
        if not screen._dismissed and screen.app.screen is screen:
            holder[0] = ["Ann", "Ben", "Cid"].index(screen.who)
        return original(screen, result)

    monkeypatch.setattr(HandoffScreen, "dismiss", dismiss)
    frames = [0, 0]

    def check() -> None:
        screen, game = app.screen, app.game
        frames[0] += 1
        owner = screen.player if isinstance(screen, BoardPrompt) else None
        if owner is not None:
            frames[1] += 1
            kinds.add((screen.do, screen.stage))
            if owner != holder[0]:
                failures.append(f"the prompt of {owner} while {holder[0]} held the keyboard")
        if isinstance(screen, (BoardPrompt, HandoffScreen)) and frames[0] % 5 == 0:
            public = game.view(None).players
            secret = {t for p, hand in enumerate(game.hands) if p != owner for t in hand
                      if t not in public[p].known}
            shown = shown_tiles(screen_text(app), secret, game.board.heads)
            if shown:
                failures.append(f"{type(screen).__name__} of {owner} shows {sorted(shown)}")

    async with app.run_test(size=(80, 24)) as pilot:
        await streams_of_enter(pilot, clock, rng, check,
                               done=lambda: isinstance(app.screen, ResultsScreen) or failures or early)
        assert not failures, failures[0]
        assert not early, early[0]
        assert isinstance(app.screen, ResultsScreen) and app.game.finished and app.game.hand_no == 2
    assert frames[1] > 50 and kinds == RED_LUCK_KINDS


# ---------------------------------------------------------------------- found in play


TEST_BOARD = str(Path(__file__).parent / "data" / "test_board.json")


async def test_the_decks_go_under_rows_too_long_to_leave_room_beside_them():
    """The test board's longest row fills 80 columns: the decks read on one line under the rows, not a
    column two cells wide ("su", "pp", "ly")."""
    game = make_game("board", seats(("Ann",), 1), seed=7,
                     options={"side": "red", "luck": True, "board": TEST_BOARD})
    app = board_app(game)
    async with app.run_test(size=(80, 24)) as pilot:
        await wait_for(pilot, lambda: isinstance(app.screen, BoardPrompt))
        text = screen_text(app)
        assert re.search(r"supply \d+ +luck \d+ +actions \d+ +STOP \d+ +out \d+", text), text
        assert len(text.split("\n")) == 24


async def test_the_decks_stay_beside_the_standard_board():
    app = board_app(board_game(("Ann",), 2, seed=1, side="red", luck=True))
    async with app.run_test(size=(80, 24)) as pilot:
        await wait_for(pilot, lambda: isinstance(app.screen, BoardPrompt))
        lines = screen_text(app).split("\n")
        assert any(re.search(r"END +supply \d+$", line) for line in lines)


async def test_help_at_the_board_table_speaks_of_tiles_and_opens_the_board_rules():
    from bere_tui.ui.rules_screen import RulesScreen
    from bere_tui.ui.screens.dialogs import HelpScreen

    app = board_app(board_game(("Ann",), 2, seed=1))
    async with app.run_test(size=(80, 24)) as pilot:
        await wait_for(pilot, lambda: isinstance(app.screen, BoardPrompt))
        await pilot.press("question_mark")
        await wait_for(pilot, lambda: isinstance(app.screen, HelpScreen))
        text = screen_text(app)
        assert "tile tracker" in text and "pick a tile" in text and "card" not in text
        await pilot.press("r")
        await wait_for(pilot, lambda: isinstance(app.screen, RulesScreen))
        assert app.screen.variant == "board" and "Rules: Board game" in screen_text(app)


async def test_help_in_a_board_replay_opens_the_board_rules():
    from bere_tui.ui.rules_screen import RulesScreen
    from bere_tui.ui.screens.dialogs import HelpScreen
    from bere_tui.ui.screens.replay import ReplayScreen

    game = board_game(("Ann",), 2, seed=3)
    advance(game, lambda g: g.finished)
    app = BereApp(Start("replay", game=game, note="test"), speed="off", remember=False)
    async with app.run_test(size=(80, 24)) as pilot:
        await wait_for(pilot, lambda: isinstance(app.screen, ReplayScreen))
        await pilot.press("question_mark")
        await wait_for(pilot, lambda: isinstance(app.screen, HelpScreen))
        assert "tile tracker" in screen_text(app)
        await pilot.press("r")
        await wait_for(pilot, lambda: isinstance(app.screen, RulesScreen))
        assert app.screen.variant == "board"


def test_the_card_games_help_still_speaks_of_cards():
    from bere_tui.ui.screens.dialogs import keys_table

    for variant in ("base", "pro", "bullenparty"):
        words = " ".join(what for _key, what in keys_table(variant))
        assert "card tracker" in words and "pick a card" in words and "tile" not in words


async def test_the_log_ends_above_the_hand_off_so_the_last_space_stays_in_view():
    """At a hot-seat table the hand-off panel used to cover the log's last lines: what the space did
    ("an action card drawn") was hidden behind it."""
    game = make_game("board", seats(("Ann", "Ben"), 0), seed=7,
                     options={"side": "red", "luck": True, "board": TEST_BOARD})
    assert 22 in game.hands[0] and 11 in game.hands[1]
    app = board_app(game)
    async with app.run_test(size=(80, 24)) as pilot:
        for who, keys in (("Ann", "22"), ("Ben", "11")):
            await wait_for(pilot, lambda who=who: isinstance(app.screen, HandoffScreen) and app.screen.who == who)
            await pilot.press("enter")
            await wait_for(pilot, lambda: isinstance(app.screen, BoardPrompt))
            await pilot.press(*keys, "enter")
        await wait_for(pilot, lambda: isinstance(app.screen, HandoffScreen) and app.screen.who == "Ann")
        assert [a["tiles"] for a in game.actions] == [[22], [11]]
        # (the log is uncovered after the hand-off's first refresh: wait for the line, which never shows if the
        # panel covers it)
        await wait_for(pilot, lambda: "Ann: an action card drawn" in screen_text(app))


async def test_the_tile_prompt_leaves_the_last_lines_of_the_log_in_view():
    """At 80x24 against bots the tile prompt covered the whole log: what the tiles and spaces of the turn
    before did was out of sight while the next tile was chosen. The prompt now shows fewer choices (the rest
    scroll) and the status line gives way, so the log's last two lines stay between the scores and it."""
    from bere_tui.ui.widgets.log import GameLog

    app = board_app(board_game(("Ann",), 2, seed=3))
    async with app.run_test(size=(80, 24)) as pilot:
        await wait_for(pilot, lambda: isinstance(app.screen, BoardPrompt))
        await pilot.press("enter")
        await wait_for(pilot, lambda: isinstance(app.screen, BoardPrompt) and app.game.turn == 2)
        await pilot.pause(0.1)
        table = app.screen_stack[-2]
        last = [line.plain for line in table.query_one(GameLog).lines][-2:]
        assert len(last) == 2 and all(len(line) < 78 for line in last)  # (one screen line each)
        lines = screen_text(app).split("\n")
        scores = next(i for i, line in enumerate(lines) if line.startswith(" SCORES"))
        assert [line.strip() for line in lines[scores + 1:scores + 3]] == last
        assert "choose a tile" in lines[scores + 4]  # the prompt right under them (after its rule)
        prompt = app.screen
        await pilot.press(*["down"] * 6)  # the choices not shown at first scroll into view
        assert prompt.query_one("#bg-choices").highlighted == 6
        await pilot.press("enter")
        await wait_for(pilot, lambda: app.game.turn == 3)
        assert [a["tiles"] for a in app.game.actions if a["player"] == 0][-1] == [prompt.lines[6]]


async def test_a_person_who_decides_again_after_the_placements_gets_a_hand_off_first():
    """B10 at a hot-seat table: Ann's swap is placed while both watch the board; her next tile prompt (her
    hand) used to come at once, with no hand-off."""
    game = make_game("board", seats(("Ann", "Ben"), 0), seed=7,
                     options={"side": "red", "luck": True, "board": TEST_BOARD})
    app = board_app(game)
    steps = [("Ann", "select", ["2", "2", "enter"]), ("Ben", "select", ["1", "1", "enter"]),
             ("Ann", "select", ["enter", "down", "enter"]),  # 2, with the swap card drawn at turn 1
             ("Ben", "select", ["1", "7", "enter"]), ("Ann", "swap_row", ["4", "enter"])]
    async with app.run_test(size=(80, 24)) as pilot:
        for who, do, keys in steps:
            await wait_for(pilot, lambda who=who: isinstance(app.screen, HandoffScreen) and app.screen.who == who)
            assert app.screen.do == do
            await pilot.press("enter")
            await wait_for(pilot, lambda: isinstance(app.screen, BoardPrompt))
            await pilot.press(*keys)
        assert game.actions[-1]["do"] == "swap_row"
        await wait_for(pilot, lambda: isinstance(app.screen, (HandoffScreen, BoardPrompt)))
        assert isinstance(app.screen, HandoffScreen) and app.screen.who == "Ann"
        assert "YOUR HAND" not in screen_text(app)


async def test_the_setup_says_the_seed_deals_tiles_for_the_board_game_and_cards_for_the_others():
    from bere_tui.ui.screens.setup import SetupScreen
    from bere_tui.ui.seating import Seat, TableSetup
    from bere_tui.ui.widgets.cycler import Cycler

    app = BereApp(Start("setup", setup=TableSetup("base", [Seat("Ann"), Seat("Ben", "random")])), remember=False)
    async with app.run_test(size=(80, 24)) as pilot:
        await wait_for(pilot, lambda: isinstance(app.screen, SetupScreen))
        assert "the same seed deals the same cards" in screen_text(app)
        variant = app.screen.query_one("#variant", Cycler)
        variant.focus()
        while variant.value != "board":
            await pilot.press("right")
        await pilot.pause()
        text = screen_text(app)
        assert "the same seed deals the same tiles" in text and "same cards" not in text
        await pilot.press("right")  # (round to the base game again)
        await pilot.pause()
        assert variant.value != "board" and "the same seed deals the same cards" in screen_text(app)


def test_the_legend_names_every_mark_of_the_scores_and_spaces_on_two_lines():
    """The legend said "+3 printed" (printed what?) and nothing of the `[2]` beside a score (action cards held)."""
    from bere_tui.ui.board.board import legend_text

    game = board_game(("Ann",), 5, seed=1, side="red", luck=True)
    text = legend_text(game.view(0), 78).plain
    lines = text.split("\n")
    assert len(lines) == 2 and all(len(line) <= 78 for line in lines)
    assert "+3 points" in text and "[2] cards" in text and "+5/BONUS luck" in text and "STOP token" in text
    blue = legend_text(board_game(("Ann",), 1, seed=1).view(0), 78).plain
    assert "[2]" not in blue and "+3 points" in blue


async def test_the_replay_viewer_names_its_paging_keys_and_end_reaches_the_final_board():
    """The scrolling box had the focus: its own keys hid the screen's, so the key bar named only "j scroll".
    The whole log (g) scrolls; End reaches the final board, Home the deal; Esc comes back to the steps."""
    from bere_tui.ui.screens.replay import ReplayScreen
    from bere_tui.ui.screens.whole_log import WholeLogScreen

    game = board_game(("Ann",), 2, seed=3)
    advance(game, lambda g: g.finished)
    app = BereApp(Start("replay", game=game, note="test"), speed="off", remember=False)
    async with app.run_test(size=(80, 24)) as pilot:
        await wait_for(pilot, lambda: isinstance(app.screen, ReplayScreen))
        keys = screen_text(app).split("\n")[-1]
        assert "decision" in keys and "turn" in keys and "hand" in keys and "whole log" in keys
        await pilot.press("g")
        await wait_for(pilot, lambda: isinstance(app.screen, WholeLogScreen))
        keys = screen_text(app).split("\n")[-1]
        assert "page" in keys and "start" in keys and "end" in keys
        await pilot.press("end")
        await pilot.pause()
        assert "The board at the end" in screen_text(app)
        await pilot.press("home")
        await pilot.pause()
        assert "The deal" in screen_text(app)
        await pilot.press("escape")
        await wait_for(pilot, lambda: isinstance(app.screen, ReplayScreen))


async def test_esc_takes_back_the_first_of_two_tiles_as_the_rules_say():
    """The rules text: "Esc goes back one step"; Esc did nothing after the first of two tiles (only Backspace)."""
    game = game_at("two tiles")
    app = board_app(game)
    async with app.run_test(size=(80, 24)) as pilot:
        await wait_for(pilot, lambda: isinstance(app.screen, BoardPrompt))
        prompt = app.screen
        await pilot.press("enter")
        await pilot.pause()
        assert prompt.picked == [prompt.view.hand[0]]
        assert "esc back" in screen_text(app).split("\n")[-1].lower()
        await pilot.press("escape")
        await pilot.pause()
        assert app.screen is prompt and prompt.picked == [] and "chosen:" not in screen_text(app)


async def test_at_a_hot_seat_table_esc_goes_back_a_stage_first_and_hides_the_hand_at_the_first():
    game = make_game("board", seats(("Ann", "Ben"), 0), seed=7,
                     options={"side": "red", "luck": True, "board": TEST_BOARD})
    app = board_app(game)
    steps = [("Ann", ["2", "2", "enter"]), ("Ben", ["1", "1", "enter"])]
    async with app.run_test(size=(80, 24)) as pilot:
        for who, keys in steps:
            await wait_for(pilot, lambda who=who: isinstance(app.screen, HandoffScreen) and app.screen.who == who)
            await pilot.press("enter")
            await wait_for(pilot, lambda: isinstance(app.screen, BoardPrompt))
            await pilot.press(*keys)
        await wait_for(pilot, lambda: isinstance(app.screen, HandoffScreen) and app.screen.who == "Ann")
        await pilot.press("enter")
        await wait_for(pilot, lambda: isinstance(app.screen, BoardPrompt))
        prompt = app.screen
        await pilot.press("enter")  # a tile; the action card stage comes (Ann holds the swap card)
        await pilot.pause()
        assert prompt.stage == "card"
        await pilot.press("escape")
        await pilot.pause()
        assert app.screen is prompt and prompt.stage == "tile" and prompt.picked == []
        await pilot.press("escape")
        await wait_for(pilot, lambda: isinstance(app.screen, HandoffScreen) and app.screen.who == "Ann")
        assert len(game.actions) == 2


def test_the_tile_tracker_counts_unseen_tiles_by_their_bullhead_marks():
    """It said "59 of 1, 8 of 2": of what? Now each count follows its bullheads as the tiles show them."""
    from collections import Counter

    from bere_tui.ui.faces.board.face import tracker_notice

    game = board_game(("Ann",), 2, seed=1)
    view = game.view(0)
    by_heads = Counter(view.heads[t] for t in view.unseen_tiles())
    message = tracker_notice(view).message
    for heads, count in by_heads.items():
        assert f"{'•' * heads} {count}" in message
    assert " of " not in message.split("\n")[0]
    assert "." * max(by_heads) + " " in tracker_notice(view, ascii=True).message


async def test_a_key_pressed_while_a_prompt_changes_its_stage_is_dropped_not_a_traceback():
    """Enter (the first of two tiles) and at once Backspace: two stage changes ran together and the second found
    no list of choices (NoMatches, a traceback). Now a key that comes during a change of stage is dropped."""
    game = game_at("two tiles")
    app = board_app(game)
    async with app.run_test(size=(80, 24)) as pilot:
        await wait_for(pilot, lambda: isinstance(app.screen, BoardPrompt))
        prompt = app.screen
        first = prompt.view.hand[0]
        choices = prompt.query_one("#bg-choices")
        change = asyncio.ensure_future(prompt.on_option_list_option_selected(
            choices.OptionSelected(choices, choices.get_option_at_index(0), 0)))  # Enter: the stage changes...
        await asyncio.sleep(0)
        await prompt.run_action("stage_back")  # ...and Backspace comes before that change is done
        await change
        await pilot.pause()
        assert app.screen is prompt and prompt.picked == [first]
        assert len(prompt.query("#bg-choices")) == 1 and "chosen:" in screen_text(app)
        await pilot.press("backspace")
        await pilot.pause()
        assert prompt.picked == []


def test_the_legend_names_the_score_marks_where_there_is_room():
    from bere_tui.ui.board.board import legend_text

    blue = legend_text(board_game(("Ann",), 1, seed=1, luck=True).view(0), 78).plain
    assert "> decides" in blue and "+ has chosen" in blue and len(blue.split("\n")) == 2
    red = legend_text(board_game(("Ann",), 1, seed=1, side="red", luck=True).view(0), 78).plain
    assert "+5/BONUS luck" in red and "[2] cards" in red and len(red.split("\n")) == 2  # (no room: they go)
