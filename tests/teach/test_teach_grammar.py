"""The learner is named "You": the lesson's log and prompts speak to them in the second person ("You take row
4", "You play 5"), never "You takes" or "You plays". Driven by key presses through a whole lesson."""

from __future__ import annotations

import re

from test_teach_screen import SIZE, make_app, settle

from bere_tui.ui.screens.lesson import LessonDoneScreen, LessonScreen
from bere_tui.ui.teach_prompt import guide_of

WRONG = re.compile(r"\bYou (plays|takes|picks|drafts|sets|swaps|wins|puts|moves|inserts|starts)\b")


async def test_the_learners_lines_are_in_the_second_person():
    app = make_app("low")
    titles = []
    async with app.run_test(size=SIZE) as pilot:
        for _i in range(300):
            await settle(pilot)
            screen = app.screen
            if isinstance(screen, LessonDoneScreen):
                break
            if guide_of(screen):
                titles += [str(w.render()) for w in screen.query("Static") if w.id and w.id.endswith("title")]
                await pilot.press("i", "enter")
            elif isinstance(screen, LessonScreen) and screen.waiting:
                await pilot.press("enter")
        lesson = next(s for s in app.screen_stack if isinstance(s, LessonScreen))
        log = [line.plain for line in lesson.query_one("GameLog").lines]
    assert any(re.fullmatch(r"You take row 4 with \d+\S*: 1 bullhead", line) for line in log), log
    assert not [t for t in log + titles if WRONG.search(t)], (log, titles)
    assert titles and not [t for t in titles if t.startswith("You:") or "You," in t], titles
