"""The log while a prompt is open (issue 35.2): it is the only place that says what the bots did, so its
newest line stays in view above the prompt's box, at 80x24 and 100x30, and it shows only whole lines (never
the lone tail of a wrapped one, such as "bullheads")."""

from __future__ import annotations

import pytest
from uitools import asking, screen_text, table_app, wait_for

from bere_tui.ui.prompts.base import PromptScreen
from bere_tui.ui.prompts.special import StepPrompt
from bere_tui.ui.widgets.log import GameLog


def log_column(text: str) -> list[str] | None:
    """The log's lines as the screen shows them: under its title, right of the column's border, down to the
    first line that is no longer the right column (a prompt's box). None while the log's title is not on screen
    (a frame drawn before the table's layout, or a box over it): the caller waits for the next frame."""
    lines = text.splitlines()
    top = next((i for i, line in enumerate(lines) if line.rstrip().endswith("LOG")), None)
    if top is None:
        return None
    at = lines[top].rindex("LOG")
    border = lines[top][:at].rstrip()[-1]
    shown = []
    for line in lines[top + 1:]:
        if len(line) < at - 1 or line[at - 2] != border:
            break
        shown.append(line[at:].rstrip())
    return shown


def words(text: str) -> str:
    return " ".join(text.split())


def log_problem(app) -> str | None:
    """What is wrong with the log as the screen shows it now (None: its newest line whole, no fragment)."""
    entries = [words(line.plain) for line in app.screen_stack[-2].query_one(GameLog).lines]
    shown = log_column(screen_text(app))
    if shown is None:
        return "the log's title is not on screen"
    seen = words(" ".join(shown))
    if not seen.endswith(entries[-1]):
        return f"the newest line {entries[-1]!r} is not in view: {shown}"
    if not any(seen.startswith(entry) for entry in entries):
        return f"the log starts with the tail of a wrapped line: {shown}"
    return None


async def check_log(pilot) -> None:
    """The log is drawn again once the prompt's box is laid out: wait for that frame (a machine under load
    draws it later), then look."""
    try:
        await wait_for(pilot, lambda: log_problem(pilot.app) is None, timeout=20)
    except AssertionError:
        raise AssertionError(log_problem(pilot.app)) from None


@pytest.mark.parametrize("size", [(80, 24), (100, 30)])
async def test_the_newest_log_line_is_in_view_above_every_prompt(size):
    app = table_app("anniversary", players=("Ann",), bots=("heuristic", "heuristic", "heuristic"), seed=5)
    prompts = 0
    async with app.run_test(size=size) as pilot:
        for _ in range(24):
            await wait_for(pilot, lambda: asking(pilot.app))
            if isinstance(app.screen, PromptScreen):
                await check_log(pilot)
                prompts += 1
                if isinstance(app.screen, StepPrompt):  # another choice's longer help makes the box taller
                    await pilot.press("down")
                    await check_log(pilot)
                    await pilot.press("up")
            await pilot.press("enter")
    assert prompts >= 10


@pytest.mark.parametrize(("variant", "players"), [("base", 10), ("anniversary", 8)])
async def test_with_many_players_the_scores_give_the_log_its_newest_line(variant, players):
    """Issue 35: with many players at 80x24 the scores pushed the log below the prompt boxes, so the log was
    hidden entirely: while a prompt is open the scores show the lines that fit, then "…"; all again after."""
    from bere_tui.ui.widgets.scores import ScoreBoard

    app = table_app(variant, players=("Ann",), bots=("random",) * (players - 1), seed=3)
    prompts = shortened = 0
    async with app.run_test(size=(80, 24)) as pilot:
        for _ in range(24):
            await wait_for(pilot, lambda: asking(pilot.app))
            if isinstance(app.screen, PromptScreen) and not app.game.finished:
                await check_log(pilot)
                prompts += 1
                board = app.screen_stack[-2].query_one(ScoreBoard)
                shortened += board.limit is not None
                if board.limit is not None:  # (shown at the board's next frame: later on a machine under load)
                    await wait_for(pilot, lambda: "…" in screen_text(pilot.app), timeout=20)
            await pilot.press("enter")
    assert prompts >= 10 and shortened
