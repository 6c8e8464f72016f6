"""One replay viewer for every registered game (issue 32): ui/screens/replay.py hosts the game's face and steps
through a finished game by the same keys in every game, by key presses at 80x24:

- Right/Left one step (a decision; 6 nimmt!: each event of one), Down/Up one turn (its reveal: B3, BP5, BG3),
  PgDn/PgUp one round (its deal: B8, BP4, BG2), Home/End the deal and the end, every hand shown at each step;
- the key bar names the game's own steps, turns and rounds, the whole log and the game review;
- `g` the whole game as one log (every hand as dealt at each round's start, then who wins), Esc back to the
  same step; keys typed ahead land where the stepper says.
"""

from __future__ import annotations

import pytest
from uitools import screen_text, wait_for

from bere_tui.i18n import later
from bere_tui.systems import SYSTEMS, system_of
from bere_tui.table.words import variant_name
from bere_tui.ui.app import BereApp, Start
from bere_tui.ui.screens.replay import ReplayScreen
from bere_tui.ui.screens.whole_log import WholeLogScreen

#: every registered game system with a face, by its first variant
SYSTEMS_SHOWN = sorted(name for name, system in SYSTEMS.items() if system.parts.get("face"))


def finished(system_name: str, seed: int = 4):
    """A bot game of the system, played to its end by `bere sim`'s loop (its "sim" part)."""
    system = SYSTEMS[system_name]
    variant = system.variants[0]
    bots = ["random", "heuristic", "random"]
    return system.part("sim")(variant, {})(bots, seed, [[] for _ in bots])


def said_who_wins(text: str) -> bool:
    return "wins" in text or "share the win" in text


def replay_app(game) -> BereApp:
    return BereApp(Start("replay", game=game, note="test"), speed="off", remember=False)


@pytest.fixture(scope="module", params=SYSTEMS_SHOWN)
def game(request):
    return finished(request.param)


async def test_every_game_steps_by_the_same_keys_with_every_hand_shown(game):
    system = system_of(game.variant)
    app = replay_app(game)
    async with app.run_test(size=(80, 24)) as pilot:
        await wait_for(pilot, lambda: isinstance(app.screen, ReplayScreen))
        viewer = app.screen
        assert isinstance(viewer.face, system.part("face"))  # the game's own face, hosted
        await wait_for(pilot, lambda: viewer.replay.complete)  # (built in the background)
        replay, last = viewer.replay, viewer.replay.last
        text = screen_text(app)
        head, bar = text.splitlines()[0], text.splitlines()[-1]
        assert variant_name(game.variant) in head and f"step 1 of {last + 1}" in head
        step, _back, turn, _tback, round_, _rback = (later(k) for k in viewer.face.REPLAY_KEYS)
        for words in (f"<- -> {step}", f"{turn}", f"PgUp/PgDn {round_}", "g whole log", "r game review"):
            assert words in bar, (words, bar)
        assert "HANDS" in text and all(name in text for name in viewer.names)  # every hand, at the deal
        await pilot.press("right")
        assert viewer.index == 1 and "step 2 of" in screen_text(app).splitlines()[0]
        await pilot.press("left")
        assert viewer.index == 0
        await pilot.press("down")  # the first turn's reveal
        first_turn = next(m for m in replay.turn_marks if m > 0)
        assert viewer.index == first_turn
        await pilot.press("up")
        assert viewer.index == 0
        await pilot.press("pagedown")  # the next round's deal, or the end in a game of one round
        assert viewer.index == next((m for m in replay.round_marks if m > 0), last)
        await pilot.press("end")
        assert viewer.index == last
        assert said_who_wins(screen_text(app))
        await pilot.press("right")  # the end stays the end
        assert viewer.index == last
        await pilot.press("home")
        assert viewer.index == 0
        # the whole log, and back to the same step
        await pilot.press("right", "right", "g")
        await wait_for(pilot, lambda: isinstance(app.screen, WholeLogScreen))
        log = app.screen.text()
        assert log.count("HANDS") == len(replay.round_marks)  # every hand as dealt, each round
        assert all(name in log for name in viewer.names)
        first = viewer.face.step_lines(replay.step(0))
        assert not first or log.startswith(first[0].plain)
        await pilot.press("end")
        await pilot.pause()
        assert said_who_wins(screen_text(app))
        await pilot.press("escape")
        await wait_for(pilot, lambda: app.screen is viewer)
        assert viewer.index == 2


async def test_keys_typed_ahead_land_where_the_steps_say(game):
    app = replay_app(game)
    keys = ["down", "down", "right", "pagedown", "up", "left", "pagedown", "down", "right", "right"]
    moves = {"down": ("turn", True), "up": ("turn", False), "right": ("event", True), "left": ("event", False),
             "pagedown": ("round", True), "pageup": ("round", False)}
    async with app.run_test(size=(80, 24)) as pilot:
        await wait_for(pilot, lambda: isinstance(app.screen, ReplayScreen))
        viewer = app.screen
        await pilot.press(*keys)  # at once, as fast as they come
        await pilot.pause()
        want = 0
        for key in keys:
            want = viewer.replay.move(want, *moves[key])
        assert viewer.index == want
        assert f"step {want + 1}" in screen_text(app).splitlines()[0]
