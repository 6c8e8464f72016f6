"""Lesson files: their shape, where they live, and loading them (bere_tui/assets/lessons/<language>/NN_<id>.json).

A lesson is data, so that it can be translated: a game record (bere-record/1; its `deals` fix the exact rows
and hands, and its `actions`, if any, are a prelude played before the lesson starts), the seat of the learner,
the scripted actions of the other seats in order, and narration steps. A step is one of

- `{"say": ...}`: narration; the learner reads it and presses Enter;
- `{"say": ..., "on_event": {"type": "Placed", "card": 23}}`: the events of the game are shown one by one
  until one matches (every given field equal), then the narration;
- `{"say": ..., "expect": {action}, "hint": ..., "aim": ...}`: the learner's decision; any other move is
  explained and taken back. The explanation is computed from that move (teach.explain: what it would do, and
  the lesson's move beside it); `aim` (optional) follows it: why the lesson asks for its move. It is shown
  after every other move alike, so it says what the lesson's move shows, never what is wrong with another.

`point` (optional) names the part of the table a step talks about: hand, rows, scores, pile, log, specials.
A `practice` lesson has no script: after its steps, the learner plays a whole game against bots.

This module is a lesson's shape only; teach.catalogue finds the files, reads them and checks each by playing it
(teach.validate, with the runner): a bad file gives a LessonError that names the file and the problem, and the
other lessons still load.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

from pydantic import BaseModel, ConfigDict, Field, ValidationError

from bere_tui.i18n import _

#: narration must fit the panel under the table at 80x24 (see ui/screens/lesson.tcss)
NARRATION_WIDTH = 76
NARRATION_LINES = 4


class LessonError(Exception):
    """A lesson file that cannot be used; the message names the file and the problem."""


class _Model(BaseModel):
    model_config = ConfigDict(extra="forbid", strict=True, populate_by_name=True)


class StepModel(_Model):
    say: str = Field(min_length=1)
    on_event: dict | None = None
    expect: dict | None = None
    hint: str | None = None
    aim: str | None = None
    point: Literal["hand", "rows", "scores", "pile", "log", "specials"] | None = None


class PracticeModel(_Model):
    bots: list[str] = Field(min_length=1)


class LessonModel(_Model):
    id: str = Field(pattern=r"^[a-z0-9][a-z0-9_-]*$")
    title: str = Field(min_length=1)
    summary: str = Field(min_length=1)
    record: dict
    learner: int = 0
    others: list[dict] = []
    steps: list[StepModel] = Field(min_length=1)
    practice: PracticeModel | None = None
    done: str = Field(min_length=1)


@dataclass
class Step:
    say: str
    on_event: dict | None = None
    expect: dict | None = None
    hint: str | None = None
    aim: str | None = None
    point: str | None = None

    @property
    def kind(self) -> str:
        if self.expect is not None:
            return "expect"
        if self.on_event is not None:
            return "event"
        return "say"


@dataclass
class Lesson:
    id: str
    title: str
    summary: str
    record: dict
    learner: int
    others: list[dict]
    steps: list[Step]
    done: str
    practice: list[str] | None = None  # the bots of a practice game
    source: str = ""  # the file it came from, for messages
    order: int = 0

    @property
    def variant(self) -> str:
        return self.record.get("variant", "base")


def lesson_from_data(data, source: str = "<lesson>") -> Lesson:
    """Check a lesson's shape (not yet its game: see validate.check_lesson)."""
    if not isinstance(data, dict):
        raise LessonError(_("{file}: a lesson must be a JSON object").format(file=source))
    try:
        model = LessonModel.model_validate(data)
    except ValidationError as exc:
        err = exc.errors()[0]
        where = ".".join(str(x) for x in err["loc"])
        raise LessonError(_("{file}: {where}: {problem}").format(file=source, where=where, problem=err["msg"])) \
            from None
    steps = [Step(**s.model_dump()) for s in model.steps]
    for i, s in enumerate(steps):
        if s.expect is not None and s.on_event is not None:
            raise LessonError(_("{file}: step {i}: a step either expects a move or waits for an event, not both")
                              .format(file=source, i=i))
        if s.expect is not None and not s.hint:
            raise LessonError(_("{file}: step {i}: a step that expects a move needs a hint").format(file=source, i=i))
        if s.expect is None and (s.hint or s.aim):
            raise LessonError(_("{file}: step {i}: hint and aim belong to a step that expects a move")
                              .format(file=source, i=i))
        for text in (s.say, s.hint or "", s.aim or ""):
            check_fits(text, source, i)
    return Lesson(
        id=model.id, title=model.title, summary=model.summary, record=model.record, learner=model.learner,
        others=[dict(a) for a in model.others], steps=steps, done=model.done,
        practice=list(model.practice.bots) if model.practice else None, source=source,
    )


def wrap(text: str, width: int = NARRATION_WIDTH) -> list[str]:
    """Narration as the panel shows it: paragraphs split at newlines, each wrapped to `width`."""
    import textwrap

    lines: list[str] = []
    for para in text.split("\n"):
        lines.extend(textwrap.wrap(para, width) or [""])
    return lines


def check_fits(text: str, source: str, i: int) -> None:
    """Every narration fits the panel at 80x24 (NARRATION_LINES lines of NARRATION_WIDTH cells)."""
    n = len(wrap(text))
    if n > NARRATION_LINES:
        raise LessonError(_("{file}: step {i}: the text takes {n} lines; at most {k} fit at 80x24").format(
            file=source, i=i, n=n, k=NARRATION_LINES))
