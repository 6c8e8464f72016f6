"""The coach at the table by keys at 80x24 (issue 34): off by default (`c` does nothing and the key bar does not
name it); on in Settings, or for one seat ("person, coached"), `c` at that person's decision tells the strong
player's suggestion with its expected points, from that person's view; a lesson's practice game has it on."""

from __future__ import annotations

from uitools import screen_text, table_app, wait_for

from bere_tui.engine.nimmt import Game
from bere_tui.ui.app import BereApp, Start
from bere_tui.ui.prompts.base import PromptScreen
from bere_tui.ui.seating import Seat, TableSetup
from bere_tui.ui.session import Session


def _told(app) -> list[str]:
    return [n.message for n in app._notifications]


async def _at_prompt(pilot):
    await wait_for(pilot, lambda: isinstance(pilot.app.screen, PromptScreen))


async def test_the_coach_is_off_by_default():
    app = table_app("base", players=("Ann",), bots=("heuristic",), seed=4)
    async with app.run_test(size=(80, 24)) as pilot:
        await _at_prompt(pilot)
        assert " c coach " not in screen_text(app)
        await pilot.press("c")
        await pilot.pause()
        assert _told(app) == []


async def test_the_coach_from_settings_tells_the_best_move_with_its_expected_points():
    app = table_app("base", players=("Ann",), bots=("heuristic",), seed=4)
    async with app.run_test(size=(80, 24)) as pilot:
        app.settings.coach = True
        await _at_prompt(pilot)
        app.screen.refresh_bindings()
        await pilot.pause()
        assert "c coach" in screen_text(app)
        await pilot.press("c")
        await wait_for(pilot, lambda: _told(app))
        told = _told(app)[0]
        assert told.startswith("Best: your ") and "expected" in told and "bullheads" in told and "Next: your" in told
        assert isinstance(app.screen, PromptScreen)  # the decision is still the person's


async def test_the_coach_for_one_seat_at_a_hot_seat_table():
    """Ann is coached, Ben not: `c` works at Ann's decision only, from her view (B10)."""
    setup = TableSetup("base", [Seat("Ann", None, True), Seat("Ben"), Seat("Cid", "heuristic")], seed=2)
    game = Game("base", setup.players(), seed=2)
    app = BereApp(Start("game", session=Session(game, setup)), speed="off", remember=False)
    async with app.run_test(size=(80, 24)) as pilot:
        for _ in range(4):
            await wait_for(pilot, lambda: isinstance(app.screen, PromptScreen) or "Pass" in screen_text(app)
                           or "hand" in screen_text(app).lower())
            if isinstance(app.screen, PromptScreen):
                break
            await pilot.press("enter")  # the hand-off to Ann
        await _at_prompt(pilot)
        prompt = app.screen
        assert prompt.player == 0 and "c coach" in screen_text(app)
        await pilot.press("c")
        await wait_for(pilot, lambda: _told(app))
        assert _told(app)[0].startswith("Best: your ")
        hand = game.view(0).hand
        best = int(_told(app)[0].split("Best: your ")[1].split(",")[0])
        assert best in hand
        await pilot.press("enter")  # Ann plays; the hand-off to Ben, then his decision
        for _ in range(6):
            await wait_for(pilot, lambda: isinstance(app.screen, PromptScreen) and app.screen is not prompt
                           or not isinstance(app.screen, PromptScreen))
            if isinstance(app.screen, PromptScreen) and app.screen is not prompt:
                break
            await pilot.press("enter")
        assert app.screen.player == 1
        assert "c coach" not in screen_text(app)
        assert _told(app) == []  # Ann's advice went with her decision: Ben never sees it (B10)


async def test_a_lessons_practice_game_has_the_coach():
    """The base game's practice lesson: at the learner's first decision `c` tells the coach's suggestion."""
    from bere_tui.ui.screens.lesson import LessonScreen
    from bere_tui.ui.teach_prompt import guide_of

    app = BereApp(Start("teach", lesson="practice"), speed="off", remember=False)
    async with app.run_test(size=(80, 24)) as pilot:
        for _ in range(40):
            await pilot.pause()
            if guide_of(app.screen):
                break
            if isinstance(app.screen, LessonScreen):
                await pilot.press("enter")
        assert guide_of(app.screen) and app.screen.guide.expected is None
        assert app.screen.check_action("coach", ()) is True  # (the key bar may be full: `?` names it)
        await pilot.press("c")
        await wait_for(pilot, lambda: _told(app))
        assert _told(app)[0].startswith("Best: your ")
