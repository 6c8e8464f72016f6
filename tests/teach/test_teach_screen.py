"""Pilot tests: every lesson is completed by key presses at 80x24 through the real table and prompts, one with
a wrong move, its explanation and taking it back; progress is remembered; Esc leaves."""

from __future__ import annotations

import pytest

from bere_tui.teach.lesson import load_catalogue
from bere_tui.teach.progress import Progress
from bere_tui.ui.app import BereApp, Start
from bere_tui.ui.teach_prompt import TeachPrompt
from bere_tui.ui.teach_screen import ExplainScreen, LessonDoneScreen, LessonScreen, TeachScreen

LESSON_IDS = [x.id for x in load_catalogue("en").lessons]
SIZE = (80, 24)
MAX_STEPS = 3000


def make_app(lesson: str | None = None) -> BereApp:
    return BereApp(Start("teach", lesson=lesson), speed="off", remember=False)


async def settle(pilot) -> None:
    await pilot.pause()


async def play_to_the_end(app, pilot, wrong: dict | None = None, hints: bool = True) -> dict:
    """Press keys as a learner who follows the hints: i then Enter at every decision, Enter to read on.
    `wrong`: {"ask": n, "keys": [...]} types other keys at the n-th decision first. Without `hints`, only the
    first decision asks for one; the others take the highlighted default. Returns what happened."""
    seen = {"asks": 0, "explanations": [], "done": None, "lesson": None, "hint": None}
    for _step in range(MAX_STEPS):
        await settle(pilot)
        screen = app.screen
        if isinstance(screen, LessonDoneScreen):
            seen["done"] = screen.text
            await pilot.press("escape")
            await settle(pilot)
            return seen
        if isinstance(screen, ExplainScreen):
            seen["explanations"].append(screen.text)
            await pilot.press("backspace")
        elif isinstance(screen, TeachPrompt):
            if wrong and seen["asks"] == wrong["ask"] and not seen["explanations"]:
                await pilot.press(*wrong["keys"])
                continue
            seen["asks"] += 1
            if hints or seen["asks"] == 1:
                await pilot.press("i")
                await settle(pilot)
                seen["hint"] = screen.query_one("#teach-narration").text
            await pilot.press("enter")
        elif isinstance(screen, LessonScreen):
            seen["lesson"] = screen.lesson.id
            if screen.waiting:
                await pilot.press("enter")
        elif type(screen).__name__ == "RoundSummaryScreen":  # the practice game's round ends
            await pilot.press("enter")
    raise AssertionError("the lesson did not end")


@pytest.mark.parametrize("lesson_id", [x for x in LESSON_IDS if x != "practice"])
async def test_every_lesson_can_be_completed_by_keys(lesson_id):
    app = make_app(lesson_id)
    async with app.run_test(size=SIZE) as pilot:
        seen = await play_to_the_end(app, pilot)
        assert seen["lesson"] == lesson_id and seen["done"] and seen["asks"] >= 1
        assert seen["explanations"] == []  # the hints always lead to the lesson's move
        assert isinstance(app.screen, TeachScreen)
    assert Progress().is_done(lesson_id)


async def test_a_wrong_move_is_explained_and_taken_back():
    """Lesson 3: at the second decision type 38 (the sixth card of row 2) instead of the 62."""
    app = make_app("sixth")
    async with app.run_test(size=SIZE) as pilot:
        seen = await play_to_the_end(app, pilot, wrong={"ask": 1, "keys": ["3", "8", "enter"]})
        assert len(seen["explanations"]) == 1
        text = seen["explanations"][0]
        assert "Your 38 is one card too many for row 2" in text and "11 bullheads" in text
        assert "the 62 is the safe card" in text
        assert seen["done"]
    assert Progress().is_done("sixth")


async def test_the_practice_game_is_played_to_the_end_with_hints():
    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        menu = app.screen
        assert isinstance(menu, TeachScreen)
        menu.seed = 39  # a short game (3 rounds) when the learner plays the highlighted default
        menu.open(menu.catalogue.find("practice"))
        seen = await play_to_the_end(app, pilot, hints=False)
        assert seen["lesson"] == "practice" and seen["asks"] >= 10
        assert seen["hint"].startswith("Hint: Play ")  # what the heuristic bot would play, and why
        assert "wins" in seen["done"] or "share the win" in seen["done"]
    assert Progress().is_done("practice")


async def test_esc_leaves_a_lesson_without_marking_it_done():
    app = make_app("rows")
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        assert isinstance(app.screen, LessonScreen)
        await pilot.press("enter", "enter")  # two narrations; now the select prompt
        await settle(pilot)
        assert isinstance(app.screen, TeachPrompt)
        await pilot.press("escape")
        await settle(pilot)
        assert isinstance(app.screen, TeachScreen)
        await pilot.press("escape")
        await settle(pilot)
        assert not isinstance(app.screen, (TeachScreen, LessonScreen))
    assert not Progress().is_done("rows")


async def test_the_menu_marks_done_lessons_and_highlights_the_next():
    Progress().mark_done("win")
    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        menu = app.screen
        assert isinstance(menu, TeachScreen)
        option = menu.query_one("#teach-menu").highlighted_option
        assert option.id == "rows"
        await pilot.press("enter")
        await settle(pilot)
        assert isinstance(app.screen, LessonScreen) and app.screen.lesson.id == "rows"


async def test_an_unknown_lesson_opens_the_list():
    app = make_app("no-such-lesson")
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        assert isinstance(app.screen, TeachScreen)
