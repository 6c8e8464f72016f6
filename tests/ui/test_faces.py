"""One table screen and one lesson screen for every game (issue 32): each hosts the face of the game system
being played (ui/faces; the system's "face" part). For every registered system, the table shows its face and
plays a few decisions by keys at 80x24, and so does a lesson of it (its practice game)."""

from __future__ import annotations

import pytest
from uitools import asking, screen_text, wait_for

from bere_tui.systems import SYSTEMS, make_game, system_of
from bere_tui.teach.catalogue import load_catalogue
from bere_tui.ui.app import BereApp, Start
from bere_tui.ui.screens.lesson import ExplainScreen, LessonDoneScreen, LessonScreen
from bere_tui.ui.screens.scores import ResultsScreen
from bere_tui.ui.screens.table import TableScreen
from bere_tui.ui.session import Session
from bere_tui.ui.teach_prompt import guide_of

SIZE = (80, 24)
DECISIONS = 3


def decisions_of(game, p: int) -> int:
    """How many actions player `p` has made so far (the game's record)."""
    return sum(1 for action in game.actions if action.get("player") == p)


def assert_face_fits(screen) -> None:
    """The face's widgets are inside the 80x24 screen and the hand is above the key bar."""
    for widget in screen.query("#status, #hand-area, GameLog"):
        assert widget.region.right <= SIZE[0] and widget.region.bottom <= SIZE[1], widget
    assert screen.query_one("#hand-area").region.bottom <= screen.query_one("KeyBar").region.y


@pytest.mark.parametrize("name", list(SYSTEMS))
async def test_the_table_hosts_the_face_of_every_game_and_plays_by_keys(name):
    system = SYSTEMS[name]
    players = [{"name": "Ann"}, {"name": "Ben", "bot": "heuristic"}, {"name": "Cid", "bot": "random"}]
    game = make_game(system.variants[0], players, seed=3)
    app = BereApp(Start("game", session=Session(game)), speed="off", remember=False)
    async with app.run_test(size=SIZE) as pilot:
        await wait_for(pilot, lambda: asking(app))
        table = next(s for s in app.screen_stack if isinstance(s, TableScreen))
        assert type(table.face) is system.part("face") and table.has_class(f"-face-{name}")
        assert_face_fits(table)
        for _ in range(200):  # Enter takes each prompt's default (the hand-off, if any, too)
            if decisions_of(game, 0) >= DECISIONS or game.finished:
                break
            await wait_for(pilot, lambda: asking(app), timeout=30)
            assert not isinstance(app.screen, ResultsScreen)
            await pilot.press("enter")
        assert decisions_of(game, 0) >= DECISIONS
        await wait_for(pilot, lambda: asking(app), timeout=30)
        assert isinstance(app.screen_stack[1], TableScreen) and table.is_attached
        header = screen_text(app).splitlines()[0]  # the face's header, drawn again as the game moves on
        assert "? help" in header and header == table.header_text().plain.rstrip()
        assert_face_fits(table)


def practice_lesson(name: str) -> str:
    """The practice game that closes the lessons of the game system `name`."""
    return next(x.id for x in load_catalogue("en").lessons if system_of(x.variant).name == name and x.practice)


@pytest.mark.parametrize("name", list(SYSTEMS))
async def test_a_lesson_hosts_the_face_of_every_game_and_plays_by_keys(name):
    system = SYSTEMS[name]
    app = BereApp(Start("teach", lesson=practice_lesson(name)), speed="off", remember=False)
    async with app.run_test(size=SIZE) as pilot:
        await wait_for(pilot, lambda: isinstance(app.screen, LessonScreen) or guide_of(app.screen))
        lesson = next(s for s in app.screen_stack if isinstance(s, LessonScreen))
        assert type(lesson.face) is system.part("face") and lesson.has_class(f"-face-{name}")
        run = lesson.run
        for _ in range(400):
            if decisions_of(run.game, run.learner) >= DECISIONS:
                break
            await pilot.pause()
            screen = app.screen
            assert not isinstance(screen, (ExplainScreen, LessonDoneScreen)), screen
            if guide_of(screen) or isinstance(screen, LessonScreen) and screen.waiting \
                    or type(screen).__name__ == "RoundSummaryScreen":
                await pilot.press("enter")
        assert decisions_of(run.game, run.learner) >= DECISIONS
        assert_face_fits(lesson)
