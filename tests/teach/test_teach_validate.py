"""A broken lesson is refused with a message naming the file, the step and the problem."""

import pytest
from teach_helpers import lesson_data

from bere_tui.teach.lesson import LessonError, lesson_from_data
from bere_tui.teach.validate import check_lesson


def check(data):
    check_lesson(lesson_from_data(data, "broken.json"))


def refused(data, *words):
    with pytest.raises(LessonError) as info:
        check(data)
    msg = str(info.value)
    assert msg.startswith("broken.json")
    for w in words:
        assert w in msg, msg
    return msg


def test_a_good_lesson_passes():
    check(lesson_data("rows"))


def test_an_expected_move_the_game_does_not_offer():
    data = lesson_data("rows")
    data["steps"][2]["expect"] = {"do": "select", "card": 99}  # not in the learner's hand
    refused(data, "step 2", "not one the game offers")


def test_an_event_that_never_happens():
    data = lesson_data("rows")
    data["steps"][3]["on_event"] = {"type": "RowTaken"}  # nobody takes a row in this lesson
    refused(data, "step 3", "waits for")


def test_a_learner_decision_without_an_expect_step():
    data = lesson_data("low")
    del data["steps"][3]  # the take_row decision
    refused(data, "step 3", "waits for", "take_row")


def test_scripted_moves_left_over():
    data = lesson_data("end")  # the game is over when the lesson ends
    data["others"].append({"player": 1, "do": "select", "card": 7})
    refused(data, "never used")


def test_an_illegal_scripted_move():
    data = lesson_data("rows")
    data["others"][0] = {"player": 1, "do": "select", "card": 40}  # the learner's card, not Ann's
    refused(data, "others[0]")


def test_an_illegal_record():
    data = lesson_data("rows")
    data["record"]["deals"][0]["hands"][1][0] = 12  # a row starter dealt again
    refused(data, "record")


def test_an_illegal_prelude_action():
    data = lesson_data("sixth")
    data["record"]["actions"][0]["card"] = 104
    refused(data, "action 0")


def test_an_expect_step_needs_a_hint():
    data = lesson_data("rows")
    del data["steps"][2]["hint"]
    refused(data, "hint")


def test_narration_must_fit_80x24():
    data = lesson_data("rows")
    data["steps"][0]["say"] = "word " * 100
    refused(data, "step 0", "lines")


def test_unknown_fields_and_bad_ids():
    data = lesson_data("rows")
    data["steps"][0]["sya"] = "typo"
    refused(data, "sya")
    data = lesson_data("rows")
    data["id"] = "Not An Id"
    refused(data, "id")


def test_the_learner_must_be_a_person():
    data = lesson_data("rows")
    data["learner"] = 1  # Ann is a scripted seat
    refused(data, "learner")


def test_a_practice_game_needs_one_known_bot_per_other_seat():
    data = lesson_data("practice")
    data["practice"]["bots"] = ["heuristic"]
    refused(data, "practice")
    data = lesson_data("practice")
    data["practice"]["bots"] = ["heuristic", "heuristic", "clever"]
    refused(data, "clever")


def test_a_lesson_without_a_move_of_the_learner():
    data = lesson_data("rows")
    data["steps"] = [s for s in data["steps"] if "expect" not in s and "on_event" not in s]
    data["others"] = []
    refused(data, "never makes a move")
