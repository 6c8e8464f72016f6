"""Pilot tests: every lesson is completed by key presses at 80x24 through the real table and prompts, one with
a wrong move, its explanation and taking it back; progress is remembered; Esc leaves."""

from __future__ import annotations

import re

import pytest

from bere_tui.teach.catalogue import load_catalogue
from bere_tui.teach.progress import Progress
from bere_tui.ui.app import BereApp, Start
from bere_tui.ui.screens.lesson import ExplainScreen, LessonDoneScreen, LessonScreen, TeachScreen
from bere_tui.ui.teach_prompt import LeaveLessonScreen, guide_of

LESSON_IDS = [x.id for x in load_catalogue("en").lessons]
SIZE = (80, 24)
MAX_STEPS = 3000


def make_app(lesson: str | None = None) -> BereApp:
    return BereApp(Start("teach", lesson=lesson), speed="off", remember=False)


async def settle(pilot) -> None:
    await pilot.pause()


def assert_fits(screen: LessonScreen) -> None:
    """Nothing of the table is cut off at 80x24: each widget is as tall as its content and inside its column."""
    for widget in screen.query("RowsView, RevealView, #status, ScoreBoard, HandView, #bp-rows, #bp-players, "
                               "#hand-area, #bg-legend, #bg-rows, #bg-decks, #bg-scores"):
        width = widget.content_size.width
        need = widget.get_content_height(screen.size, screen.size, width)
        assert widget.content_size.height >= need, (screen.lesson.id, widget, need)
        assert widget.region.bottom <= widget.parent.region.bottom, (screen.lesson.id, widget)
    footer = screen.query_one("KeyBar")
    assert screen.query_one("#hand-area").region.bottom <= footer.region.y
    narration = screen.query_one("#narration")
    assert narration.content_size.height >= len(narration.text.splitlines()) and narration.region.y == 0


def assert_hint_names_what_the_prompt_shows(screen, hint: str) -> None:
    """A hint that quotes a choice ('No special card') quotes it as the prompt writes it."""
    from textual.widgets import OptionList

    labels = [str(o.get_option_at_index(i).prompt) for o in screen.query(OptionList) for i in range(o.option_count)]
    for quoted in re.findall(r"'([^']+)'", hint):
        assert any(quoted in label for label in labels), (quoted, labels)


def highlighted(screen) -> tuple:
    """What Enter would choose in a prompt now: the cursor of each card picker, the highlighted line of each
    list."""
    from textual.widgets import OptionList

    from bere_tui.ui.widgets.picker import CardPicker

    return (tuple(p.cursor for p in screen.query(CardPicker)), tuple(o.highlighted for o in screen.query(OptionList)))


async def play_lesson(app, pilot, wrong: dict | None = None, hints: bool = True) -> dict:
    """Press keys as a learner who follows the hints: i then Enter at every decision, Enter to read on, until
    the lesson's closing dialog. `wrong`: {"ask": n, "keys": [...]} types other keys at the n-th decision
    first. Without `hints`, only the first decision asks for one; the others take the highlighted default.

    Before the practice game, every decision starts with the lesson's own move highlighted, so that a learner
    pressing only Enter is never told "not this time": the hint, which puts the highlight on the lesson's move,
    leaves it where it was (unless a wrong move was typed first)."""
    seen = {"asks": 0, "explanations": [], "done": None, "lesson": None, "hint": None}
    for _step in range(MAX_STEPS):
        await settle(pilot)
        screen = app.screen
        if isinstance(screen, LessonDoneScreen):
            seen["done"] = screen.text
            return seen
        if isinstance(screen, ExplainScreen):
            seen["explanations"].append(screen.text)
            await pilot.press("backspace")
        elif guide_of(screen):
            if wrong and seen["asks"] == wrong["ask"] and not seen["explanations"]:
                await pilot.press(*wrong["keys"])
                continue
            seen["asks"] += 1
            if hints or seen["asks"] == 1:
                before = highlighted(screen)
                await pilot.press("i")
                await settle(pilot)
                lesson = next(s for s in app.screen_stack if isinstance(s, LessonScreen))
                if not lesson.run.practising and not (wrong and seen["explanations"]):
                    assert highlighted(screen) == before, (lesson.lesson.id, seen["asks"])
                seen["hint"] = screen.query_one("#teach-narration").text
                assert_hint_names_what_the_prompt_shows(screen, seen["hint"])
            await pilot.press("enter")
        elif isinstance(screen, LessonScreen):
            seen["lesson"] = screen.lesson.id
            if screen.waiting:
                assert_fits(screen)
                await pilot.press("enter")
        elif type(screen).__name__ == "RoundSummaryScreen":  # the practice game's round ends
            await pilot.press("enter")
    raise AssertionError(f"lesson {seen['lesson']} did not end")


#: the lessons of each variant, in order: each group ends in a practice game of its variant
GROUPS = {variant: [x.id for x in load_catalogue("en").lessons if x.variant == variant]
          for variant in ("base", "pro", "even-odd", "anniversary", "bullenparty", "board")}
#: the practice games' deals: short games for a learner who takes the highlighted defaults
PRACTICE_SEEDS = {"practice": 39, "pro-practice": 0, "even-odd-practice": 39, "anniversary-practice": 39,
                  "bp_practice": 0, "bg_practice": 0}


def test_the_groups_are_the_lessons_in_order():
    assert [i for ids in GROUPS.values() for i in ids] == LESSON_IDS
    assert all(load_catalogue("en").find(ids[-1]).practice for ids in GROUPS.values())


@pytest.mark.parametrize("variant", list(GROUPS))
async def test_all_lessons_in_order_by_keys(variant):
    """A learner goes through every lesson of a variant with Enter, the hint key and "Next lesson": each runs
    through the real engine, table and prompts and is remembered, and the last is a whole practice game of that
    variant against bots, played to its end. In lesson 3 they first try a move the lesson did not ask for: it is
    explained and taken back. At each decision before the practice game, the lesson's move is highlighted
    before the hint is asked for (play_lesson), so Enter alone goes through every lesson as well."""
    ids = GROUPS[variant]
    app = make_app(ids[0])
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        menu = next(s for s in app.screen_stack if isinstance(s, TeachScreen))
        for i, lesson_id in enumerate(ids):
            if i + 1 < len(ids):
                menu.seed = PRACTICE_SEEDS.get(ids[i + 1])  # the next lesson opens with this seed
            wrong = {"ask": 1, "keys": ["3", "8", "enter"]} if lesson_id == "sixth" else None
            practice = lesson_id in PRACTICE_SEEDS
            seen = await play_lesson(app, pilot, wrong=wrong, hints=not practice)
            assert seen["lesson"] == lesson_id and seen["done"] and seen["asks"] >= 1, seen
            if lesson_id == "sixth":
                assert len(seen["explanations"]) == 1
                text = seen["explanations"][0]
                assert "Your 38 would take row 2: 5 cards, 11 bullheads." in text
                assert "The lesson's move, your 62, would cost nothing" in text
            else:  # the hints always lead to the lesson's move
                assert seen["explanations"] == [], (lesson_id, seen["explanations"])
            if practice:  # a whole game, to its end (B9, A7)
                assert seen["asks"] >= 10 and seen["hint"].startswith("Hint: ")
                assert "win" in seen["done"]  # "You win", "Ann wins" or "... share the win"
            assert Progress().is_done(lesson_id)
            await pilot.press("enter" if i + 1 < len(ids) else "escape")  # Next lesson / all lessons
        await settle(pilot)
        assert isinstance(app.screen, TeachScreen)
    assert Progress().completed == ids


async def test_esc_leaves_a_lesson_without_marking_it_done():
    app = make_app("rows")
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        assert isinstance(app.screen, LessonScreen)
        await pilot.press("enter", "enter")  # two narrations; now the select prompt
        await settle(pilot)
        assert guide_of(app.screen)
        await pilot.press("escape")  # it asks first; Enter stays
        await settle(pilot)
        assert isinstance(app.screen, LeaveLessonScreen)
        await pilot.press("enter")
        await settle(pilot)
        assert guide_of(app.screen)
        await pilot.press("escape", "y")
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


async def test_the_tour_points_at_each_piece_of_the_table():
    """Lesson 7 (what each piece is for): each narration marks the part of the table it talks about."""
    app = make_app("pieces")
    async with app.run_test(size=SIZE) as pilot:
        pointed = []
        for _i in range(6):
            await settle(pilot)
            screen = app.screen
            assert isinstance(screen, LessonScreen) and screen.waiting
            pointed.append(sorted(w.id for w in screen.query(".-pointed")))
            await pilot.press("enter")
    assert pointed == [["rows"], ["hand-area"], ["rows"], ["scores"], ["scores"], ["log"]]


async def test_teach_me_on_the_title_screen_opens_the_lessons():
    app = BereApp(Start("title"), speed="off", remember=False)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        menu = app.screen.query_one("ChoiceList")
        for _i in range(menu.option_count):
            if menu.highlighted_option.id == "teach":
                break
            await pilot.press("down")
        assert menu.highlighted_option.id == "teach"
        await pilot.press("enter")
        await settle(pilot)
        assert isinstance(app.screen, TeachScreen)
        await pilot.press("enter")  # the first lesson
        await settle(pilot)
        assert isinstance(app.screen, LessonScreen) and app.screen.lesson.id == "win"


def test_bere_teach_lesson_on_the_command_line():
    from bere_tui.cli import build_parser
    from bere_tui.ui.app import start_from_args

    start = start_from_args(build_parser().parse_args(["teach", "3"]))
    assert start.kind == "teach" and start.lesson == "3"
    assert load_catalogue("en").find(start.lesson).id == "sixth"


async def test_esc_during_the_narration_asks_before_leaving():
    app = make_app("win")
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        assert isinstance(app.screen, LessonScreen) and app.screen.waiting
        await pilot.press("escape")
        await settle(pilot)
        assert isinstance(app.screen, LeaveLessonScreen)
        await pilot.press("escape")  # Esc again: stay
        await settle(pilot)
        assert isinstance(app.screen, LessonScreen)
        await pilot.press("escape", "down", "enter")  # "Leave the lesson"
        await settle(pilot)
        assert isinstance(app.screen, TeachScreen)
    assert not Progress().is_done("win")


async def test_digits_in_the_lesson_list_count_lessons_not_headings():
    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        menu = app.screen.query_one("#teach-menu")
        await pilot.press("3")
        assert menu.highlighted_option.id == LESSON_IDS[2]  # "sixth", whatever the headings above it
        menu._typed = ""  # a new number (else 3 then 1 is lesson 31, now that there are more than 30)
        await pilot.press("1", "2")
        assert menu.highlighted_option.id == LESSON_IDS[11]
        await pilot.press("enter")
        await settle(pilot)
        lesson = next(s for s in app.screen_stack if isinstance(s, LessonScreen))
        assert lesson.lesson.order == 12


def test_lessons_never_state_as_certain_what_hidden_cards_decide():
    """The claims that were wrong (B3, B5, B6): each is now said with its condition, or after the fact."""
    text = " ".join(step.say for lesson in load_catalogue("en").lessons for step in lesson.steps)
    for wrong in ("certain to go right after the 16, whatever Ann plays",
                  "it will go safely after the 52",
                  "Play your 20: it will be the sixth card and take them.",
                  "It is the last card of the round",
                  "no sixth card, nothing to take"):
        assert wrong not in text, wrong
    assert "unless Ann plays her 2 or 3" in text


def test_the_practice_games_last_words_do_not_praise_a_loss():
    practice = load_catalogue("en").find("practice")
    assert "Well played" not in practice.done
