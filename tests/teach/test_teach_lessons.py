"""Every lesson file, in every language, is validated by playing it headlessly (issue: lessons; RULES 8)."""

import pytest
from teach_helpers import ALL_LESSON_FILES

from bere_tui.engine.nimmt.events import Placed, RowTaken
from bere_tui.table.beats import Ask, GameEnd
from bere_tui.teach.catalogue import load_catalogue, read_lesson
from bere_tui.teach.runner import LessonRun, events_of
from bere_tui.teach.validate import play_through


def test_there_are_lesson_files():
    assert len(ALL_LESSON_FILES) >= 25


@pytest.mark.parametrize("path", ALL_LESSON_FILES, ids=lambda p: f"{p.parent.name}/{p.name}")
def test_lesson_is_valid(path):
    lesson = read_lesson(path)  # raises LessonError on any problem
    if lesson.practice is None:
        run = play_through(lesson)
        assert run.step is None and run.script_pos == len(run.script)


def test_catalogue_loads_without_problems():
    cat = load_catalogue("en")
    assert cat.problems == []
    ids = [x.id for x in cat.lessons]
    assert len(ids) == len(set(ids))


def test_base_lessons_follow_the_seed_order_before_any_variant():
    """RULES 8: how you win; the rows; a turn (placement, sixth card, low card, order); how the game ends and the
    ways to score; what each piece is for; the base game before any variant."""
    cat = load_catalogue("en")
    ids = [x.id for x in cat.lessons]
    assert ids[:8] == ["win", "rows", "sixth", "low", "order", "end", "pieces", "practice"]
    variants = [x.variant for x in cat.lessons]
    assert variants[:8] == ["base"] * 8
    # then each variant together, Even/Odd (a small add-on to the base game) before the Anniversary edition
    order = list(dict.fromkeys(variants))
    assert order == ["base", "pro", "even-odd", "anniversary", "bullenparty", "board"]
    assert variants == sorted(variants, key=order.index)


def test_each_variant_ends_in_a_practice_game_that_says_what_comes_next():
    cat = load_catalogue("en")
    for variant in ("base", "pro", "even-odd", "anniversary", "bullenparty", "board"):
        last = [x for x in cat.lessons if x.variant == variant][-1]
        assert last.practice is not None and last.variant == variant, variant
        following = cat.after(last)
        if following is None:
            assert "last lesson" in last.done
        else:  # "Next: the Even/Odd card."
            assert "Next" in last.done, last.done


def test_the_even_odd_lesson_shows_the_setup_a_skipped_row_and_the_move():
    """E2 (beside the lowest first card), E3 (a card of the other parity skips the row), E4 (moves after a take)."""
    lesson = load_catalogue("en").find("even-odd")
    events = played_events(lesson)
    moved = [e for e in events if type(e).__name__ == "ParityMoved"]
    assert [(e.row, e.parity, e.after_take) for e in moved] == [(1, "even", True)]
    assert lesson.record["deals"][0]["rows"][0] == 7  # the odd lowest first card: ODD beside row 1 at the deal
    taken = [e for e in events if type(e).__name__ == "RowTaken"]
    assert taken and taken[0].reason == "low" and taken[0].player == lesson.learner


def test_anniversary_has_one_lesson_per_special_card_the_swap_and_the_two_rounds():
    cat = load_catalogue("en")
    played = set()
    for lesson in cat.lessons:
        for step in lesson.steps:
            if step.expect and step.expect.get("do") == "special" and step.expect.get("card"):
                played.add(step.expect["card"])
    assert played == {"fifth_row", "seven_nimmt", "insert", "replace", "shift", "stop", "negative_positive"}
    assert cat.find("swap") is not None and cat.find("two-rounds") is not None


def played_events(lesson):
    """Every event the learner sees while playing the lesson as written."""
    run = LessonRun(lesson)
    seen = []
    while True:
        beat = run.next_beat()
        if isinstance(beat, GameEnd):
            return seen
        seen += events_of(beat)
        if isinstance(beat, Ask):
            assert run.submit(run.expected()).accepted


def test_the_base_lessons_show_what_rules_8_asks_for():
    """A number against its bullheads, an ordinary placement, a sixth card, a low card, and a reveal where an
    earlier card changes a later card's row (RULES 8)."""
    cat = load_catalogue("en")
    events = {key: played_events(cat.find(key)) for key in ("rows", "sixth", "low", "order")}
    assert any(isinstance(e, Placed) and e.player == 0 and not e.new_row for e in events["rows"])
    assert any(isinstance(e, RowTaken) and e.reason == "sixth" for e in events["sixth"])
    assert any(isinstance(e, RowTaken) and e.reason == "low" and e.player == 0 for e in events["low"])
    # order: the learner's card became the sixth only because a lower card of the same reveal went first
    evs = events["order"]
    taken = next(e for e in evs if isinstance(e, RowTaken) and e.player == 0)
    before = evs[:evs.index(taken)]
    assert any(isinstance(e, Placed) and e.player != 0 and e.row == taken.row for e in before)
    assert len(cat.find("order").record["actions"]) > 0  # the row was filled in the prelude
    # ...and a low card of another player started a row, so the learner's low card went there instead of
    # taking a row (B6): an earlier card changed a later card's row
    low = next(e for e in evs if isinstance(e, RowTaken) and e.reason == "low" and e.player != 0)
    after = evs[evs.index(low):]
    assert any(isinstance(e, Placed) and e.player == 0 and e.row == low.row and not e.new_row for e in after)
    win = cat.find("win")
    assert any("bullhead" in s.say and "number" in s.say for s in win.steps)


def test_find_by_number_id_and_prefix():
    cat = load_catalogue("en")
    assert cat.find("1").id == "win"
    assert cat.find("negative").id == "negative-positive"
    assert cat.find("nope") is None
    assert cat.after(cat.find("win")).id == "rows"
    assert cat.after(cat.lessons[-1]) is None


def test_the_language_folder_is_the_installed_language(monkeypatch, tmp_path):
    """i18n.choose decides the language (issue 16): the lessons are in it when it has a folder, else English."""
    from bere_tui import i18n
    from bere_tui.teach import catalogue as lesson_module

    for lang in ("en", "cs"):
        (tmp_path / lang).mkdir()
        (tmp_path / lang / "01_win.json").write_text("{}", encoding="utf-8")
    monkeypatch.setattr(lesson_module, "lessons_root", lambda: tmp_path)
    monkeypatch.setattr(i18n, "available", lambda: ["en", "cs", "de"])
    try:
        i18n.install(i18n.choose(None, None, {"LANGUAGE": "de:fr", "LANG": "cs_CZ.UTF-8"}))
        assert lesson_module.language() == "de"
        assert lesson_module.lesson_files() == [tmp_path / "en" / "01_win.json"]  # no German lessons
        i18n.install(i18n.choose(None, None, {"LANG": "cs_CZ.UTF-8"}))
        assert lesson_module.language() == "cs"
        assert lesson_module.lesson_files() == [tmp_path / "cs" / "01_win.json"]
    finally:
        i18n.install("en")


def test_the_catalogue_is_checked_once_and_again_when_a_file_changes(monkeypatch, tmp_path):
    """Checking plays every lesson through: the lesson menu reads the catalogue once, and again when a file is
    added, changed (even to the same size) or removed."""
    from bere_tui.teach import catalogue as lesson_module

    shipped = sorted(p for p in ALL_LESSON_FILES if p.parent.name == "en")[:2]
    (tmp_path / "en").mkdir()
    for path in shipped:
        (tmp_path / "en" / path.name).write_bytes(path.read_bytes())
    monkeypatch.setattr(lesson_module, "lessons_root", lambda: tmp_path)
    first = load_catalogue("en")
    assert [x.order for x in first.lessons] == [1, 2] and first.problems == []
    assert load_catalogue("en") is first
    changed = tmp_path / "en" / shipped[1].name
    text = changed.read_text(encoding="utf-8")
    changed.write_text(text.replace("{", "[", 1), encoding="utf-8")  # the same size, no longer a lesson
    second = load_catalogue("en")
    assert len(second.lessons) == 1 and len(second.problems) == 1 and shipped[1].name in second.problems[0]
    changed.unlink()
    assert load_catalogue("en").problems == [] and len(load_catalogue("en").lessons) == 1
