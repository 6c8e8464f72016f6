"""The too-small notice (issue 12, item 1): an app started in a window below 80x24 shows the notice at once,
and once the window is 80x24 the screen under it is back and answers keys."""

from __future__ import annotations

import pytest
from uitools import screen_text, table_app, wait_for

from bere_tui.ui.app import BereApp, Start
from bere_tui.ui.screens.dialogs import TooSmallScreen
from bere_tui.ui.screens.handoff import HandoffScreen
from bere_tui.ui.screens.setup import SetupScreen
from bere_tui.ui.screens.title import TitleScreen


@pytest.mark.parametrize("size", [(60, 20), (79, 24), (80, 23)])
async def test_a_game_started_small_shows_the_notice_then_its_first_prompt(size):
    app = table_app(players=("Ann", "Ben"), seed=6)
    async with app.run_test(size=size) as pilot:
        await wait_for(pilot, lambda: isinstance(app.screen, TooSmallScreen))
        assert "at least 80x24" in screen_text(app)
        await pilot.press("enter", "right", "escape")  # nothing behind the notice moves
        assert isinstance(app.screen, TooSmallScreen) and app.game.actions == []
        await pilot.resize_terminal(80, 24)
        await wait_for(pilot, lambda: isinstance(app.screen, HandoffScreen))
        await pilot.press("enter")  # Ann takes the keyboard: her hand is asked for
        await wait_for(pilot, lambda: not isinstance(app.screen, HandoffScreen))
        assert "Ann" in screen_text(app)
        assert not any(isinstance(s, TooSmallScreen) for s in app.screen_stack)


@pytest.mark.parametrize("size", [(79, 24), (80, 23)])
async def test_the_title_started_small_shows_the_notice_and_answers_enter_after_the_resize(size):
    app = BereApp(Start("title"), remember=False)
    async with app.run_test(size=size) as pilot:
        await wait_for(pilot, lambda: isinstance(app.screen, TooSmallScreen))
        await pilot.press("enter")
        assert isinstance(app.screen, TooSmallScreen)
        await pilot.resize_terminal(80, 24)
        await wait_for(pilot, lambda: isinstance(app.screen, TitleScreen))
        await pilot.press("enter")  # the highlighted choice: Continue (after an autosave) or New game
        await wait_for(pilot, lambda: not isinstance(app.screen, (TitleScreen, TooSmallScreen)))


async def test_a_screen_opened_while_small_goes_under_the_notice():
    app = BereApp(Start("title"), remember=False)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.resize_terminal(70, 24)
        await wait_for(pilot, lambda: isinstance(app.screen, TooSmallScreen))
        app.open_setup()  # as a game loop or a timer might, while the notice is up
        await wait_for(pilot, lambda: isinstance(app.screen, TooSmallScreen) and len(app.screen_stack) == 5)
        await pilot.resize_terminal(80, 24)
        await wait_for(pilot, lambda: isinstance(app.screen, SetupScreen))
        await pilot.press("escape")  # leave the setup: the title, and no notice left behind it
        await wait_for(pilot, lambda: isinstance(app.screen, TitleScreen))
        assert not any(isinstance(s, TooSmallScreen) for s in app.screen_stack)
