"""The results screen offers "Watch the replay": it opens the replay viewer on the game just finished, at its
first step; Esc comes back to the results (pilot, key presses only)."""

from __future__ import annotations

from uitools import asking, last_turn, screen_text, table_app, wait_for

from bere_tui.ui.screens.replay import ReplayScreen
from bere_tui.ui.screens.scores import ResultsScreen


async def test_watch_the_replay_from_the_results():
    app = table_app("base", players=("Ann",), bots=("random", "random"), seed=3, options={"rounds": 1},
                    until=last_turn)
    async with app.run_test(size=(80, 24)) as pilot:
        game = app.game
        for _ in range(40):
            await wait_for(pilot, lambda: asking(app))
            if isinstance(app.screen, ResultsScreen):
                break
            await pilot.press("enter")
        assert isinstance(app.screen, ResultsScreen)
        assert "Watch the replay" in screen_text(app)
        await pilot.press("down", "enter")  # New game with the same seats, Watch the replay
        await wait_for(pilot, lambda: isinstance(app.screen, ReplayScreen))
        viewer = app.screen
        assert viewer.replay.game.record()["actions"] == game.record()["actions"]
        await pilot.press("escape")
        await wait_for(pilot, lambda: isinstance(app.screen, ResultsScreen))
        assert app.game is game  # still the finished game: nothing was started
