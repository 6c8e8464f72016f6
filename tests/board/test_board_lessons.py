"""The board game's lessons (issue 14): the board and a turn (BG2, BG3), bull spaces and the final space (BG4,
BG-D4), take the row and play two (BG-D5, BG-D6), luck cards (BG6), the pro side (BG7) and a practice game;
each plays through, by keys at 80x24 too (tests/teach/test_teach_screen.py plays every lesson, these among
them); a wrong move is explained from what it would do and taken back; the practice hint covers every
decision."""

from __future__ import annotations

import re
from functools import cache

import pytest

from bere_tui.engine.board import events as bg
from bere_tui.systems import make_game
from bere_tui.table.beats import Ask, BotTurn, GameEnd
from bere_tui.teach.board.hint import practice_hint
from bere_tui.teach.catalogue import load_catalogue
from bere_tui.teach.lesson import wrap
from bere_tui.teach.runner import LessonRun, events_of, same_action
from bere_tui.teach.validate import play_through
from bere_tui.ui.app import BereApp, Start
from bere_tui.ui.screens.lesson import ExplainScreen, LessonDoneScreen, LessonScreen
from bere_tui.ui.teach_prompt import guide_of

BG_LESSONS = [x for x in load_catalogue("en").lessons if x.variant == "board"]
LANGUAGES = ("en", "cs", "de", "fr", "pl")


@cache
def wrong_moves() -> tuple:
    """(lesson id, step, game before, wrong action, lesson's action, verdict) for every other legal move."""
    out = []
    for lesson in BG_LESSONS:
        if lesson.practice is not None:
            continue
        run = LessonRun(lesson)
        while not isinstance(beat := run.next_beat(), GameEnd):
            if not isinstance(beat, Ask):
                continue
            want = run.expected()
            for action in run.game.legal(run.learner):
                if not same_action(action, want):
                    game = run.game.copy()
                    out.append((lesson.id, run.index, game, action, want, run.submit(action)))
            assert run.submit(want).accepted
    return tuple(out)


def test_the_lessons_and_what_they_show():
    """BG3 (closest lower end, lower than every end), BG4 and BG-D4 (bull spaces, the final space and the move to
    the topmost empty row), BG-D5, BG-D6, BG6, BG7 (draw, gather, an action card played)."""
    assert [x.id for x in BG_LESSONS] == ["bg_board", "bg_bulls", "bg_take_two", "bg_luck", "bg_pro",
                                          "bg_practice"]
    events: dict[str, list] = {}
    kinds = set()
    for lesson in BG_LESSONS[:-1]:
        run = play_through(lesson)
        assert run.script_pos == len(run.script)
        events[lesson.id] = run.prelude + [e for action in run.history for e in action]
        kinds |= {s.expect["do"] for s in lesson.steps if s.expect}
    assert kinds == {"select", "luck", "place_row"}
    run = LessonRun(load_catalogue("en").find("bg_board"))
    while not isinstance(beat := run.next_beat(), GameEnd):
        if isinstance(beat, Ask):
            run.submit(run.expected())
        for event in events_of(beat):
            if isinstance(event, bg.TilePlaced) and event.player == 0:
                assert event.how == ("lowest" if event.tile == 5 else "closest")
    bulls = LessonRun(load_catalogue("en").find("bg_bulls"))
    final = []
    while not isinstance(beat := bulls.next_beat(), GameEnd):
        if isinstance(beat, Ask):
            bulls.submit(bulls.expected())
        final += [e for e in events_of(beat) if isinstance(e, bg.RowFinished)]
    assert [(e.row, e.points, e.to_row) for e in final] == [(0, -5, 4)]  # BG-D4: row 5 becomes active
    assert sum(bulls.game.active) == 4


def test_the_lessons_of_every_language_play_alike():
    """A translation changes the words only: the same steps meet the same events and moves."""
    for lang in LANGUAGES[1:]:
        theirs = [x for x in load_catalogue(lang).lessons if x.variant == "board"]
        assert [x.id for x in theirs] == [x.id for x in BG_LESSONS], lang
        for mine, other in zip(BG_LESSONS, theirs):
            names = [p["name"] for p in mine.record["players"]][1:]  # (the learner's name is translated)
            assert {**other.record, "players": None} == {**mine.record, "players": None}, (lang, mine.id)
            assert [p["name"] for p in other.record["players"]][1:] == names and other.others == mine.others
            assert [(s.expect, s.on_event, s.point) for s in other.steps] == \
                [(s.expect, s.on_event, s.point) for s in mine.steps], (lang, mine.id)


def test_every_decision_of_the_lessons_has_wrong_moves():
    assert {case[3]["do"] for case in wrong_moves()} == {"select", "luck", "place_row"}
    assert len(wrong_moves()) > 50


def test_a_wrong_move_is_explained_by_where_it_would_land_and_taken_back():
    """A secret choice (BG3) is told by where the tile would land on the rows as they are now (the engine's
    rule) and what that space does; any other decision by its events, applied to a copy, with the score."""
    for lesson_id, i, game, action, want, verdict in wrong_moves():
        where = (lesson_id, i, action)
        text = verdict.explanation
        assert not verdict.accepted and verdict.explained is not None, where
        assert len(wrap(text, 72)) <= 17, where  # the explanation dialog at 80x24 (tests/teach: EXPLAIN_LINES)
        if action["do"] == "select":
            view = game.view(0)
            for tile in action["tiles"]:  # (of two tiles, the higher lands after the lower: BG-D6)
                r, space, how, _luck = view.landings(action["tiles"])[tile]
                if how == "lowest":
                    said = f"Your {tile} is lower than every row end: on the rows as they are now it would go " \
                           f"after the highest one, to row {r + 1}, space {space + 1}"
                else:
                    said = f"Your {tile} would go to row {r + 1}, space {space + 1}, on the rows as they are now"
                assert said in text, (where, text)
            assert "This lesson asks for your tile" in text, where
            continue
        trial = game.copy()
        trial.apply(action)
        before, after = game.scores[0], trial.scores[0]
        if before == after:
            assert f"Your score would stay {after}." in text, (where, text)
        else:
            assert f"Your score would go from {before} to {after}." in text, (where, text)
    run = LessonRun(load_catalogue("en").find("bg_board"))
    run.next_beat()
    while not isinstance(run.next_beat(), Ask):
        pass
    before = run.game.record()
    verdict = run.submit({"player": 0, "do": "select", "tiles": [96], "card": None})
    assert not verdict.accepted and run.game.record() == before and run.wrong_moves == 1  # taken back


def test_nothing_secret_is_told():
    """The others' hands and the supply stay secret: an explanation names no tile the learner has not seen."""
    for lesson_id, i, game, action, _want, verdict in wrong_moves():
        unseen = set(game.view(0).unseen_tiles())
        text = re.sub(r"\b(?:rows?|spaces?|from|to|stay) -?\d+|[+-]\d+|\d+ (?:points?|bullheads?)", "",
                      verdict.explanation)
        told = {int(n) for n in re.findall(r"\b\d+\b", text)}
        assert not told & unseen, (lesson_id, i, action, told & unseen)


@pytest.mark.parametrize("side,luck", [("blue", True), ("red", True), ("red", False)])
def test_the_practice_hint_covers_every_decision(side, luck):
    """The heuristic's move with a reason for every kind of decision: a tile (one or two, BG-D6), with an action
    card (BG7), a STOP token, a row for place anywhere or swap, a luck card's space (BG6)."""
    kinds = set()
    for seed in range(40):
        game = make_game("board", ["You", "Ann", "Ben"], seed, {"side": side, "luck": luck})
        while not game.finished:
            p = game.deciders()[0]
            text, action = practice_hint(game, p)
            assert action in game.legal(p) and text and "BG" not in text, (seed, action)
            kinds.add(action["do"] + ("2" if len(action.get("tiles", ())) == 2 else "") +
                      ("+card" if action.get("card") else ""))
            game.apply(action)
    want = {"select"} if side == "red" else {"select", "select2"}  # (the red side's play-two space is rare)
    if luck:
        want.add("luck")
    if side == "red":
        want |= {"select+card", "stop_row", "place_row", "swap_row"}
    assert want <= kinds, want - kinds


def test_the_practice_lesson_is_a_whole_game_by_its_hints():
    lesson = load_catalogue("en").find("bg_practice")
    run = LessonRun(lesson, seed=1)
    asked = 0
    while not isinstance(beat := run.next_beat(), GameEnd):
        if isinstance(beat, BotTurn):  # (the screen asks the bot in a worker thread)
            run.decide(beat.player, *run.think(beat.player))
        if isinstance(beat, Ask):
            text, action = run.hint()
            assert text and run.submit(action).accepted
            asked += 1
    assert run.game.finished and asked >= 12


async def test_a_wrong_move_by_keys_is_explained_and_taken_back():
    """At 80x24: in the first lesson the learner picks their 96 (key 9, 6) instead of the 31: the explanation
    says where the 96 would land, Backspace takes it back, and the lesson goes on to its end."""
    app = BereApp(Start("teach", lesson="bg_board"), speed="off", remember=False)
    explained = []
    async with app.run_test(size=(80, 24)) as pilot:
        for _step in range(400):
            await pilot.pause()
            screen = app.screen
            if isinstance(screen, LessonDoneScreen):
                break
            if isinstance(screen, ExplainScreen):
                explained.append(screen.text)
                await pilot.press("backspace")
            elif guide_of(screen):
                await pilot.press(*(["9", "6", "enter"] if not explained else ["enter"]))
            elif isinstance(screen, LessonScreen) and screen.waiting:
                await pilot.press("enter")
        else:
            raise AssertionError("the lesson did not end")
    assert len(explained) == 1
    assert "Your 96 would go to row 4, space 2, on the rows as they are now" in explained[0]
    assert "This lesson asks for your tile 31." in explained[0]
