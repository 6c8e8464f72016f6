"""`python -m bere_tui.teach.trace FILE...`: play lessons headlessly and print what the learner would see.

For lesson authors and translators: every narration with the event or decision it belongs to, each event told
in a sentence, and the first problem the validator finds.
"""

from __future__ import annotations

import sys
from pathlib import Path

from bere_tui.systems import system_of
from bere_tui.table.beats import Ask, GameEnd, Say
from bere_tui.table.narrate import narrate
from bere_tui.teach.catalogue import lesson_files, read_lesson
from bere_tui.teach.describe import Teller
from bere_tui.teach.lesson import LessonError
from bere_tui.teach.runner import LessonRun, events_of
from bere_tui.teach.validate import MAX_BEATS


def trace(path: Path, out=print) -> bool:
    try:
        lesson = read_lesson(path)
    except LessonError as exc:
        out(f"ERROR {exc}")
        return False
    out(f"== {lesson.id}: {lesson.title} ({lesson.variant})")
    run = LessonRun(lesson, seed=0)
    if not system_of(lesson.variant).table_model:  # a table drawn from the game's own view: no table model
        names = [p["name"] for p in run.game.players]

        def tell(event):
            told = narrate(event, names, you=run.learner, why=True)
            return told.plain if told is not None else None
    else:
        tell = Teller(run.game.view(run.learner), run.learner).tell
    for _i in range(MAX_BEATS):
        beat = run.next_beat()
        for event in events_of(beat):
            told = tell(event)
            if told:
                out(f"   . {told}")
        if isinstance(beat, Say):
            kind = "say" if beat.event is None else "event"
            out(f"  [{kind}{'@' + beat.point if beat.point else ''}] {beat.text}")
        elif isinstance(beat, GameEnd):
            out(f"  [done] {lesson.done}")
            break
        elif isinstance(beat, Ask):
            if run.practising:
                out("   (practice game: the learner plays on)")
                break
            step = run.step
            out(f"  [ask{'@' + step.point if step.point else ''}] {step.say}")
            out(f"   > {run.expected()}")
            run.submit(run.expected())
    return True


def main(argv: list[str] | None = None) -> int:
    paths = [Path(a) for a in (argv if argv is not None else sys.argv[1:])] or lesson_files()
    ok = all([trace(p) for p in paths])  # noqa: C419 - every lesson traced, not only up to the first failure
    return 0 if ok else 1


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
