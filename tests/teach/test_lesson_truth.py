"""Lessons say true things about a move they did not ask for (issue 35.6), by keys at 80x24:

- lesson 5 knows the others' scripted cards and works a secret card out with them: the lesson's 24 costs
  5 bullheads (not "nothing too: either would do"), its 9 costs nothing (not "at least 1");
- lesson 21 objects at once to a positive card it did not ask for (it went on to the next step first);
- lesson 27 does not say "depends on the others' bids" when nobody else bids (BP7);
- lesson 33 (and a real game's prompt): the second tile of a play-two turn lands after the first one
  (BG-D6, BG3): the 37 after the 31 lands on row 2's TAKE space, not on "a plain space".
"""

from __future__ import annotations

from textual.widgets import OptionList

from bere_tui.ui.app import BereApp, Start
from bere_tui.ui.prompts.base import PromptScreen
from bere_tui.ui.screens.lesson import ExplainScreen, LessonScreen
from bere_tui.ui.teach_prompt import guide_of

SIZE = (80, 24)


async def to_ask(app, pilot, n: int) -> PromptScreen:
    """Follow the lesson with Enter (its own move is highlighted at every decision) up to its n-th decision
    (counted from 0), and return that prompt."""
    asks = 0
    for _step in range(400):
        await pilot.pause()
        screen = app.screen
        if guide_of(screen):
            if asks == n:
                return screen
            asks += 1
            await pilot.press("enter")
        elif isinstance(screen, LessonScreen) and screen.waiting:
            await pilot.press("enter")
    raise AssertionError(f"no decision {n}")


async def explained(app, pilot, n: int, *keys: str) -> str:
    """The explanation of the keys typed at the lesson's n-th decision."""
    await to_ask(app, pilot, n)
    await pilot.press(*keys)
    await pilot.pause()
    assert isinstance(app.screen, ExplainScreen), type(app.screen).__name__
    return app.screen.text


def lesson_app(lesson: str) -> BereApp:
    return BereApp(Start("teach", lesson=lesson), speed="off", remember=False)


async def test_lesson_5_works_a_secret_card_out_with_the_lessons_own_cards():
    app = lesson_app("order")
    async with app.run_test(size=SIZE) as pilot:
        text = " ".join((await explained(app, pilot, 0, "9", "enter")).split())
    assert "The lesson's move, your 24, would cost 5 bullheads" in text, text  # Ann's 21 is placed first
    assert "either would do" not in text and "21" not in text, text  # the others' cards are not told
    app = lesson_app("order")
    async with app.run_test(size=SIZE) as pilot:
        text = " ".join((await explained(app, pilot, 1, "3", "9", "enter")).split())
    assert "The lesson's move, your 9, would cost nothing" in text and "at least" not in text, text


async def test_lesson_21_objects_at_once_to_another_positive_card():
    app = lesson_app("negative-positive")
    async with app.run_test(size=SIZE) as pilot:
        text = " ".join((await explained(app, pilot, 2, "1", "2", "enter")).split())
    assert "the 11 as the positive card" in text, text


async def test_lesson_27_says_nobody_else_bids_when_nobody_else_bids():
    app = lesson_app("bp_zero")
    async with app.run_test(size=SIZE) as pilot:
        text = " ".join((await explained(app, pilot, 2, "4", "7", "enter")).split())
    assert "depends on the others' bids" not in text, text
    assert "nobody else bids now" in text, text


async def test_lesson_33_places_the_second_tile_after_the_first():
    app = lesson_app("bg_take_two")
    async with app.run_test(size=SIZE) as pilot:
        prompt = await to_ask(app, pilot, 1)
        await pilot.press("3", "1", "enter")  # the first tile, as the lesson asks
        await pilot.pause()
        assert prompt.picked == [31]
        lines = [str(o.get_option_at_index(i).prompt) for o in prompt.query(OptionList) for i in range(o.option_count)]
        line = next(x for x in lines if x.startswith("37"))
        assert "row 2, space 3: -4 points, take the row" in line, line  # the 31 lands first, on row 2's space 2
        await pilot.press("3", "7", "enter")
        await pilot.pause()
        assert isinstance(app.screen, ExplainScreen)
        text = " ".join(app.screen.text.split())
    assert "Your 37 would go to row 2, space 3" in text and "take the row" in text, text
