"""The replay viewer (`bere replay FILE`, and Replays on the title screen): every event is a step, forward and
back, by turn and by round; every hand is shown; the last step is the state `bere replay --json` prints."""

from __future__ import annotations

import json

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from uitools import screen_text, wait_for

from bere_tui.bots.runner import play_bot_game
from bere_tui.cli import build_parser, main
from bere_tui.engine.nimmt import events as ev
from bere_tui.record import replay, result
from bere_tui.storage import archive_finished
from bere_tui.table.replay import Replay, events_by_action
from bere_tui.ui.app import BereApp, start_from_args
from bere_tui.ui.screens.replay import ReplayScreen
from bere_tui.ui.screens.replay_list import ReplayListScreen
from bere_tui.ui.screens.title import TitleScreen

GAMES = [("base", ["random", "heuristic"], {"rounds": 1}), ("pro", ["random"] * 3, {"rounds": 1}),
         ("anniversary", ["heuristic"] * 3, None), ("even-odd", ["random"] * 4, {"rounds": 1})]


@pytest.fixture(autouse=True)
def own_folders(tmp_path, monkeypatch):
    monkeypatch.setenv("BERE_DATA_DIR", str(tmp_path / "data"))
    monkeypatch.setenv("BERE_CONFIG", str(tmp_path / "config" / "settings.json"))


def shown_state(step) -> dict:
    """What a step shows, in the terms of bere-result/1 (where a card chosen face down, which the viewer shows
    beside the hand, is still in `hand` until it is revealed: spec/record.md)."""
    hands = [sorted([*h, c]) if c is not None else list(h) for h, c in zip(step.hands, step.chosen, strict=True)]
    return {"rows": [list(r.cards) for r in step.show.rows], "totals": list(step.show.totals),
            "hands": hands, "specials": [sorted(s) for s in step.specials]}


def result_state(res: dict) -> dict:
    return {"rows": [r["cards"] for r in res["rows"]], "totals": [p["total"] for p in res["players"]],
            "hands": [p["hand"] for p in res["players"]], "specials": [sorted(p["specials"]) for p in res["players"]]}


@pytest.mark.parametrize(("variant", "bots", "options"), GAMES, ids=[g[0] for g in GAMES])
def test_steps_are_the_events_in_order_and_every_action_ends_on_the_engine_state(variant, bots, options):
    game = play_bot_game(variant, bots, seed=5, options=options)
    record = game.record()
    steps = Replay(game).steps
    fresh, actions, per_action = events_by_action(game)
    # one step per event (or per action without events), in the order the engine gave them
    assert [s.event for s in steps if s.action is None] == fresh.opening_events
    expected = [(a, e) for a, events in zip(actions, per_action) for e in (events or [None])]
    assert [(s.action, s.event) for s in steps if s.action is not None] == expected
    assert [s.index for s in steps] == list(range(len(steps)))
    # after each action, the step shows exactly the state of the record replayed that far
    k = 0
    for i, s in enumerate(steps):
        last_of_action = i == len(steps) - 1 or steps[i + 1].action is not s.action
        if s.action is None or not last_of_action:
            continue
        k += 1
        if k % 7 == 0 or i == len(steps) - 1:  # a sample along the game, and the end
            assert shown_state(s) == result_state(result(replay(record, upto=k))), (variant, k)
    assert k == len(actions)
    assert shown_state(steps[-1]) == result_state(result(replay(record)))


def test_a_secret_choice_leaves_the_hand_and_shows_beside_it_until_the_reveal():
    game = play_bot_game("base", ["random", "random"], seed=2, options={"rounds": 1})
    steps = Replay(game).steps
    first = next(s for s in steps if isinstance(s.event, ev.Selected))
    card = first.action["card"]
    p = first.event.player
    assert card not in first.hands[p] and first.chosen[p] == card
    reveal = next(s for s in steps if isinstance(s.event, ev.Revealed))
    assert reveal.chosen == (None, None) and (card, p) in reveal.show.revealed


@pytest.mark.parametrize(("variant", "bots", "options"), GAMES, ids=[g[0] for g in GAMES])
def test_each_step_is_labelled_with_the_turn_its_event_belongs_to(variant, bots, options):
    """Issue 12: the last placement of turn 8 was labelled "turn 9" (the game had moved on to the next turn)."""
    steps = Replay(play_bot_game(variant, bots, seed=5, options=options)).steps
    turn = 0
    for s in steps:
        if isinstance(s.event, ev.Revealed):
            turn = s.event.turn
        elif isinstance(s.event, ev.Dealt):
            turn = 0
        if isinstance(s.event, (ev.Placed, ev.RowTaken, ev.SpecialPlayed, ev.Revealed)):
            assert s.show.turn == turn, (s.index, s.event)
    choices = [s for s in steps if isinstance(s.event, ev.Selected)]
    for s in choices:  # a secret choice belongs to the turn its reveal starts
        reveal = next(x for x in steps[s.index:] if isinstance(x.event, ev.Revealed))
        assert s.show.turn == reveal.event.turn, s.index


def write_record(tmp_path, game) -> str:
    path = tmp_path / "game.json"
    path.write_text(json.dumps(game.record()), encoding="utf-8")
    return str(path)


def replay_app(path: str) -> BereApp:
    args = build_parser().parse_args(["replay", path])
    return BereApp(start_from_args(args), remember=False)


async def test_bere_replay_steps_through_every_event_forward_and_back_to_the_json_state(tmp_path, capsys):
    game = play_bot_game("base", ["random", "random"], seed=7, options={"rounds": 1})
    path = write_record(tmp_path, game)
    assert main(["replay", path, "--json"]) == 0
    printed = json.loads(capsys.readouterr().out)
    app = replay_app(path)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = app.screen
        assert isinstance(screen, ReplayScreen) and screen.index == 0
        steps = screen.replay.steps
        for i in range(1, len(steps)):
            await pilot.press("right")
            assert screen.index == i
            told = screen.replay.line(steps[i])
            if told is not None:  # the log ends with the step's line (wrapped at the panel's width)
                line = told.text().plain
                assert " ".join(screen.log_lines()).split()[-len(line.split()):] == line.split()
        await pilot.press("right")  # the end stays the end
        assert screen.index == len(steps) - 1
        assert shown_state(screen.step) == result_state(printed)
        text = screen_text(app)
        assert "Ann" not in text  # (bots only: names from the record)
        for row in printed["rows"]:
            assert " ".join(str(c) for c in row["cards"]) in " ".join(
                w.strip("•") for w in text.split())
        for i in range(len(steps) - 2, -1, -1):
            await pilot.press("left")
            assert screen.index == i
        await pilot.press("left")
        assert screen.index == 0


async def test_turn_and_round_keys_jump_to_the_reveal_and_the_deal(tmp_path):
    game = play_bot_game("base", ["random", "random", "random"], seed=3, options={"rounds": 2})
    app = replay_app(write_record(tmp_path, game))
    async with app.run_test(size=(80, 24)) as pilot:
        screen = app.screen
        steps = screen.replay.steps
        await pilot.press("down")
        assert isinstance(screen.step.event, ev.Revealed) and screen.step.event.turn == 1
        await pilot.press("down")
        assert isinstance(screen.step.event, ev.Revealed) and screen.step.event.turn == 2
        await pilot.press("right", "up")  # back by a turn from inside a turn: that turn's reveal
        assert isinstance(screen.step.event, ev.Revealed) and screen.step.event.turn == 2
        await pilot.press("pagedown")
        assert isinstance(screen.step.event, ev.Dealt) and screen.step.event.round == 2
        assert screen.step.show.round == 2 and all(len(h) == 10 for h in screen.step.hands)
        await pilot.press("pagedown")
        assert screen.index == len(steps) - 1 and isinstance(screen.step.event, ev.GameOver)
        await pilot.press("pageup")
        assert screen.step.event.round == 2
        await pilot.press("[")  # the same on keyboards without PgUp/PgDn
        assert screen.index == 0
        await pilot.press("]")
        assert screen.step.event.round == 2
        await pilot.press("home")
        assert screen.index == 0
        await pilot.press("end")
        assert screen.index == len(steps) - 1
        # all hands are shown, with their owners
        await pilot.press("home", "right")
        text = screen_text(app)
        assert "HANDS" in text
        for p, hand in enumerate(screen.step.hands):
            assert all(f"{c}•" in text for c in hand)


async def test_a_bad_file_gives_one_error_line_and_no_traceback(tmp_path, capsys):
    path = tmp_path / "broken.json"
    path.write_text('{"format": "bere-record/1", "variant":', encoding="utf-8")
    assert main(["replay", str(path)]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and err.startswith("error: ") and "broken.json" in err
    assert "Traceback" not in err
    assert main(["replay", str(tmp_path / "nowhere.json")]) == 2
    assert "no such file" in capsys.readouterr().err


async def test_replays_on_the_title_screen_open_a_finished_game_and_esc_goes_back():
    games = [play_bot_game("base", ["random", "random"], seed=s, options={"rounds": 1}) for s in (1, 2)]
    for g in games:
        archive_finished(g)
    app = BereApp(remember=False)
    async with app.run_test(size=(80, 24)) as pilot:
        assert isinstance(app.screen, TitleScreen)
        menu = app.screen.query_one("#title-menu")
        menu.highlighted = [menu.get_option_at_index(i).id for i in range(menu.option_count)].index("replays")
        await pilot.press("enter")
        assert isinstance(app.screen, ReplayListScreen)
        text = screen_text(app)
        assert text.count("Base game") == 2 and "won" in text
        await pilot.press("down", "enter")  # the older game
        assert isinstance(app.screen, ReplayScreen)
        assert app.screen.replay.game.record() == games[0].record()
        await pilot.press("escape")
        assert isinstance(app.screen, ReplayListScreen)
        await pilot.press("escape")
        assert isinstance(app.screen, TitleScreen)


async def test_no_replays_yet_says_so():
    app = BereApp(remember=False)
    async with app.run_test(size=(80, 24)) as pilot:
        app.push_screen(ReplayListScreen())
        await pilot.pause()
        assert "No finished games yet" in screen_text(app)


@pytest.mark.parametrize("good", [0, 1], ids=["only-broken", "one-good"])
async def test_replay_files_that_cannot_be_read_are_counted_not_called_no_games(good, tmp_path):
    """A replays folder of broken files said "No finished games yet", as if it were empty."""
    from bere_tui.storage import replays_dir

    if good:
        archive_finished(play_bot_game("base", ["random", "random"], seed=1, options={"rounds": 1}))
    folder = replays_dir()
    folder.mkdir(parents=True, exist_ok=True)
    (folder / "20261201-000000-000000-aaaaaaaaaaaa.json").write_text("{ cut sho", encoding="utf-8")
    (folder / "20261201-000001-000000-bbbbbbbbbbbb.json").write_text("[1, 2]", encoding="utf-8")
    app = BereApp(remember=False)
    async with app.run_test(size=(80, 24)) as pilot:
        app.push_screen(ReplayListScreen())
        await pilot.pause()
        text = " ".join(screen_text(app).split())
        assert "No finished games yet" not in text
        assert "2 files in" in text and "cannot be read as finished games" in text
        assert ("Base game" in text) == bool(good)
        assert ("No finished game can be shown" in text) == (not good)


# ---------------------------------------------------------------------- a long record (issue 36)

LONG = {"target": 150}  # a 6 nimmt! game of some hundreds of actions: a record of any size behaves alike


@pytest.fixture(scope="module")
def long_game():
    return play_bot_game("base", ["random"] * 4, seed=1, options=LONG)


@pytest.fixture(scope="module")
def whole(long_game):
    """The long game's replay with every step built."""
    built = Replay(long_game)
    built.build_all()
    return built


def test_the_first_step_is_ready_before_the_record_is_played_again(long_game, monkeypatch):
    """Issue 36: the viewer built every step of a record before it showed anything (seconds for a long one)."""
    from bere_tui.engine.nimmt.game import Game

    applied = []
    apply = Game.apply
    monkeypatch.setattr(Game, "apply", lambda self, *a, **k: applied.append(1) or apply(self, *a, **k))
    replay = Replay(long_game)
    assert len(applied) < len(long_game.record()["actions"]) // 10
    assert isinstance(replay.step(0).event, ev.Dealt)


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(moves=st.lists(st.tuples(st.sampled_from(["event", "turn", "round", "start", "end"]), st.booleans()),
                      max_size=30))
def test_moving_through_steps_built_as_asked_lands_where_the_whole_replay_does(long_game, whole, moves):
    steps = whole.steps
    lazy = Replay(long_game)
    here = there = 0
    for by, forward in moves:
        if by in ("start", "end"):
            here, there = (0, 0) if by == "start" else (lazy.last, whole.last)
        else:
            here, there = lazy.move(here, by, forward), whole.move(there, by, forward)
        assert here == there
        assert lazy.step(here) == steps[there]


async def test_a_long_record_steps_on_while_the_rest_is_built_and_then_says_how_many_steps(tmp_path, long_game):
    app = replay_app(write_record(tmp_path, long_game))
    async with app.run_test(size=(100, 30)) as pilot:
        screen = app.screen
        assert isinstance(screen, ReplayScreen) and screen.index == 0
        assert "step 1" in screen_text(app).splitlines()[0]
        await pilot.press("down", "down", "pagedown")  # the keys move on, through steps built or not yet
        assert isinstance(screen.step.event, ev.Dealt) and screen.step.event.round == 2
        await wait_for(pilot, lambda: screen.replay.complete)
        total = len(screen.replay.steps)
        assert f"of {total}" in screen_text(app).splitlines()[0]
        await pilot.press("end")
        assert screen.index == total - 1 and isinstance(screen.step.event, ev.GameOver)
        await pilot.press("left", "home")
        assert screen.index == 0


async def test_end_at_once_reaches_the_last_step_of_a_long_record(tmp_path, long_game):
    app = replay_app(write_record(tmp_path, long_game))
    async with app.run_test(size=(80, 24)) as pilot:
        screen = app.screen
        await pilot.press("end")
        assert screen.replay.complete and screen.index == screen.replay.last
        assert shown_state(screen.step) == result_state(result(replay(long_game.record())))
        assert f"step {screen.index + 1} of {screen.index + 1}" in screen_text(app).splitlines()[0]
