"""The learner is named "You": the lesson's log and prompts speak to them in the second person ("You take row
4", "You play 5"), never "You takes" or "You plays". Driven by key presses through a whole lesson."""

from __future__ import annotations

import re

from test_teach_screen import SIZE, make_app, settle

from bere_tui.engine import events as ev
from bere_tui.ui.eventlog import describe
from bere_tui.ui.teach_prompt import TeachPrompt
from bere_tui.ui.teach_screen import LessonDoneScreen, LessonScreen

WRONG = re.compile(r"\bYou (plays|takes|picks|drafts|sets|swaps|wins)\b")


async def test_the_learners_lines_are_in_the_second_person():
    app = make_app("low")
    titles = []
    async with app.run_test(size=SIZE) as pilot:
        for _i in range(300):
            await settle(pilot)
            screen = app.screen
            if isinstance(screen, LessonDoneScreen):
                break
            if isinstance(screen, TeachPrompt):
                titles += [str(w.render()) for w in screen.query("Static") if w.id and w.id.endswith("title")]
                await pilot.press("i", "enter")
            elif isinstance(screen, LessonScreen) and screen.waiting:
                await pilot.press("enter")
        lesson = next(s for s in app.screen_stack if isinstance(s, LessonScreen))
        log = [line.plain for line in lesson.query_one("GameLog").lines]
    assert "You take row 4: 1 bullhead" in log, log
    assert not [t for t in log + titles if WRONG.search(t)], (log, titles)
    assert titles and not [t for t in titles if t.startswith("You:") or "You," in t], titles


def test_log_lines_for_you_and_for_others():
    names = ["You", "Ann"]

    def describe_plain(event, names, you):  # without the bullhead marks after card numbers
        return re.sub(r"(?<=\d)[^\d\s>:,]+", "", describe(event, names, you=you).plain)
    assert describe_plain(ev.Placed(0, 23, 1, 2), names, you=0) == "You play 23 > row 2"
    assert describe_plain(ev.Placed(1, 23, 1, 2), names, you=0) == "Ann 23 > row 2"
    assert describe_plain(ev.RowTaken(0, 0, (5, 7), 3, "low"), names, you=0) == "You take row 1: 3 bullheads"
    assert describe_plain(ev.RowTaken(1, 0, (5,), 2, "low"), names, you=0) == "Ann takes row 1: 2 bullheads"
    assert describe_plain(ev.SpecialPlayed(0, "stop", 44, (("row", 1),)), names, you=0) == "You play Stop with 44"
    assert describe_plain(ev.Drafted(0, 8), names, you=0) == "You draft 8"
    assert describe_plain(ev.Cancelled(0, 5, (7,)), names, you=0) == "You set aside 5, 7"
    assert describe_plain(ev.GameOver((0,), (3, 9)), names, you=0) == "You win"
    assert describe_plain(ev.GameOver((1,), (9, 3)), names, you=0) == "Ann wins"
