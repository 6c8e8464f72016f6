"""Checking a lesson by playing it headlessly: the learner makes exactly the expected moves, the other seats
their scripted ones. The lesson is good when its record is legal, every step meets a real decision or event
in order, every expected move is one the game offers, and the script is used up at the end.
"""

from __future__ import annotations

from bere_tui.bots import BOTS
from bere_tui.i18n import _
from bere_tui.table.beats import Ask, GameEnd
from bere_tui.teach.lesson import Lesson, LessonError
from bere_tui.teach.runner import LessonRun, same_action

#: a lesson that has not ended after this many beats is broken (a loop in the data)
MAX_BEATS = 5000


def check_lesson(lesson: Lesson) -> None:
    """Raise LessonError naming the file, the step and the problem; return None for a good lesson."""
    src = lesson.source
    players = lesson.record.get("players")
    if not isinstance(players, list) or not 0 <= lesson.learner < len(players):
        raise LessonError(_("{file}: learner: there is no seat {p}").format(file=src, p=lesson.learner))
    if isinstance(players[lesson.learner], dict) and players[lesson.learner].get("bot"):
        raise LessonError(_("{file}: learner: seat {p} is a bot").format(file=src, p=lesson.learner))
    if lesson.practice is not None:
        _check_practice(lesson, len(players))
        return
    if not any(s.kind == "expect" for s in lesson.steps):
        raise LessonError(_("{file}: the learner never makes a move").format(file=src))
    play_through(lesson)


def play_through(lesson: Lesson) -> LessonRun:
    """Play the lesson as its author meant it; returns the finished run."""
    run = LessonRun(lesson)
    for _i in range(MAX_BEATS):
        beat = run.next_beat()
        if isinstance(beat, GameEnd):
            break
        if not isinstance(beat, Ask):
            continue
        want = run.expected()
        legal = run.game.legal(run.learner)
        if not any(same_action(want, a) for a in legal):
            raise LessonError(_("{file}: step {i}: the move {move} is not one the game offers now").format(
                file=lesson.source, i=run.index, move=run.step.expect))
        verdict = run.submit(want)
        if not verdict.accepted:  # pragma: no cover - same_action above makes this unreachable
            raise LessonError(f"{lesson.source}: step {run.index}: {verdict.explanation}")
    else:
        raise LessonError(_("{file}: the lesson does not end").format(file=lesson.source))
    left = len(run.script) - run.script_pos
    if left:
        raise LessonError(_("{file}: others[{i}] and {n} more scripted moves are never used (the game ends the "
                            "lesson waiting for {pending})").format(
            file=lesson.source, i=run.script_pos, n=left - 1, pending=run.game.describe_pending()))
    return run


def _check_practice(lesson: Lesson, n: int) -> None:
    src = lesson.source
    if lesson.others:
        raise LessonError(_("{file}: a practice game has bots, not scripted moves").format(file=src))
    if any(s.kind != "say" for s in lesson.steps):
        raise LessonError(_("{file}: the steps of a practice game only talk").format(file=src))
    if len(lesson.practice) != n - 1:
        raise LessonError(_("{file}: practice: one bot per other seat ({n})").format(file=src, n=n - 1))
    for name in lesson.practice:
        if name not in BOTS:
            raise LessonError(_("{file}: practice: unknown bot {bot!r}").format(file=src, bot=name))
    LessonRun(lesson, seed=0)  # the record must build a game
