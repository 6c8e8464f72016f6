"""The game review by keys at 80x24 (issue 34): `r` on the end screen and in each game's replay viewer opens it;
the worker's progress bar gives way to the summary and the decisions; `m` moves to the biggest losses; Esc
cancels a review still running and goes back."""

from __future__ import annotations

import pytest
from uitools import asking, last_turn, screen_text, table_app, wait_for

from bere_tui.bots import make_bot
from bere_tui.systems import make_game
from bere_tui.ui.app import BereApp, Start
from bere_tui.ui.screens.review import ReviewScreen
from bere_tui.ui.screens.scores import ResultsScreen


@pytest.fixture(autouse=True)
def few_worlds(monkeypatch):
    """Fewer worlds per decision, for the time of the suite."""
    from bere_tui.bots.board import evaluate as board
    from bere_tui.bots.bullenparty import evaluate as bullenparty
    from bere_tui.bots.nimmt import evaluate

    for module in (evaluate, board, bullenparty):
        monkeypatch.setattr(module, "WORLDS", 8)


def _finished(variant: str, seed: int = 3, options=None):
    players = [{"name": "Ann"}, {"name": "Bob", "bot": "heuristic"}, {"name": "Cid", "bot": "heuristic"}]
    game = make_game(variant, players, seed=seed, options=options or {})
    bots = [make_bot("heuristic", seed + p) for p in range(3)]
    while game.pending is not None:
        p = game.deciders()[0]
        game.apply(bots[p].choose(game.view(p), game.legal(p)))
    return game


async def _reviewed(pilot) -> ReviewScreen:
    await wait_for(pilot, lambda: isinstance(pilot.app.screen, ReviewScreen))
    screen = pilot.app.screen
    await wait_for(pilot, lambda: screen.review is not None)
    return screen


async def test_review_from_the_end_screen():
    app = table_app("base", players=("Ann",), bots=("heuristic", "heuristic"), seed=3, options={"rounds": 1},
                    until=last_turn)
    async with app.run_test(size=(80, 24)) as pilot:
        for _ in range(40):
            await wait_for(pilot, lambda: asking(app))
            if isinstance(app.screen, ResultsScreen):
                break
            await pilot.press("enter")
        assert "r game review" in screen_text(app)
        await pilot.press("r")
        await _reviewed(pilot)
        text = screen_text(app)
        assert "GAME REVIEW: Base game" in text
        assert "Ann:" in text and "bullheads lost to choices; accuracy" in text
        assert "round 1, turn 10" not in text  # the last card was no choice
        assert "Expected bullheads (from what you knew then):" in text
        await pilot.press("escape")
        await wait_for(pilot, lambda: isinstance(app.screen, ResultsScreen))


@pytest.mark.parametrize(("variant", "options", "unit"), [
    ("base", {"rounds": 1}, "bullheads"), ("anniversary", {}, "bullheads"),
    ("bullenparty", {}, "points"), ("board", {}, "points")])
async def test_review_from_every_replay_viewer(variant, options, unit):
    game = _finished(variant, options=options)
    app = BereApp(Start("replay", game=game, note="test"), speed="off", remember=False)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        viewer = app.screen
        bar = screen_text(app).splitlines()[-1]
        assert "r game review" in bar or " r " in bar + " "  # (a full line names the key alone: `?` says more)
        await pilot.press("r")
        screen = await _reviewed(pilot)
        review = screen.review
        text = screen_text(app)
        assert f"{unit} lost to choices" in text
        assert review.decisions
        assert f"Expected {unit} (from what you knew then):" in text
        if any(d.marked for d in review.decisions):
            await pilot.press("m")
            listing = screen.query_one("#review-list")
            first = next(k for k, d in enumerate(review.decisions) if d.marked)
            if first == 0:
                first = next((k for k, d in enumerate(review.decisions) if d.marked and k > 0), 0)
            assert listing.highlighted == first
            marked = review.decisions[first]
            assert marked.reason in screen_text(app).replace("\n ", " ") or marked.reason[:30] in screen_text(app)
        await pilot.press("down")
        await pilot.press("escape")
        await wait_for(pilot, lambda: app.screen is viewer)


async def test_the_same_game_gives_the_same_review_screen():
    game = _finished("base", options={"rounds": 1})
    texts = []
    for _ in range(2):
        app = BereApp(Start("replay", game=game, note="test"), speed="off", remember=False)
        async with app.run_test(size=(80, 24)) as pilot:
            await pilot.pause()
            await pilot.press("r")
            await _reviewed(pilot)
            texts.append(screen_text(app))
    assert texts[0] == texts[1]


async def test_escape_cancels_a_review_still_running(monkeypatch):
    import threading

    from bere_tui import review as review_module

    gate = threading.Event()
    real = review_module.score

    def slow(state, action, index):
        gate.wait(5)  # the review waits here until the test has pressed Esc
        return real(state, action, index)

    monkeypatch.setattr(review_module, "score", slow)
    game = _finished("base", options={"rounds": 1})
    app = BereApp(Start("replay", game=game, note="test"), speed="off", remember=False)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        viewer = app.screen
        await pilot.press("r")
        await wait_for(pilot, lambda: isinstance(app.screen, ReviewScreen))
        screen = app.screen
        assert "scores each decision" in screen_text(app)
        await pilot.press("escape")
        gate.set()
        await wait_for(pilot, lambda: app.screen is viewer)
        assert screen.review is None and screen._cancel.is_set()
