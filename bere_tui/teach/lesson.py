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

Loading validates each file (lesson.validate does the headless replay); a bad file gives a LessonError that
names the file and the problem, and the other lessons still load.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from pathlib import Path
from typing import Literal

from pydantic import BaseModel, ConfigDict, Field, ValidationError

from bere_tui.i18n import _, current
from bere_tui.paths import assets

DEFAULT_LANGUAGE = "en"
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


# ---------------------------------------------------------------- where lesson files live

def lessons_root() -> Path:
    return Path(str(assets() / "lessons"))


def language() -> str:
    """The language of the lessons: the one installed (i18n.choose decides it; lesson_files falls back to
    English when it has no lesson folder)."""
    return current()


def lesson_files(lang: str | None = None) -> list[Path]:
    folder = lessons_root() / (lang or language())
    if not folder.is_dir():
        folder = lessons_root() / DEFAULT_LANGUAGE
    return sorted(folder.glob("*.json"))


def read_lesson(path: Path) -> Lesson:
    """Load and validate one lesson file."""
    from bere_tui.teach.validate import check_lesson

    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, UnicodeDecodeError) as exc:
        raise LessonError(_("{file}: cannot be read ({why})").format(file=path.name, why=exc)) from None
    except json.JSONDecodeError as exc:
        raise LessonError(_("{file}: not valid JSON ({why})").format(file=path.name, why=exc)) from None
    lesson = lesson_from_data(data, path.name)
    check_lesson(lesson)
    return lesson


@dataclass
class Catalogue:
    """The lessons of one language, in order, and the files that could not be used."""

    lessons: list[Lesson]
    problems: list[str]

    def find(self, key: str) -> Lesson | None:
        """A lesson by id, by number (1-based) or by the start of its id."""
        if key.isdigit() and 1 <= int(key) <= len(self.lessons):
            return self.lessons[int(key) - 1]
        exact = [x for x in self.lessons if x.id == key]
        if exact:
            return exact[0]
        prefix = [x for x in self.lessons if x.id.startswith(key)]
        return prefix[0] if len(prefix) == 1 else None

    def after(self, lesson: Lesson) -> Lesson | None:
        i = self.lessons.index(lesson)
        return self.lessons[i + 1] if i + 1 < len(self.lessons) else None


_checked: tuple[tuple, Catalogue] | None = None  # the last catalogue read, with what it was read from


def load_catalogue(lang: str | None = None) -> Catalogue:
    """The lessons of `lang` (default: the installed language). Checking a lesson plays it through, so the
    catalogue is kept for the files' contents and the language of its messages, and checked again when a
    file is added, removed or changed."""
    files = lesson_files(lang)
    try:
        key = (current(), *((str(path), path.read_bytes()) for path in files))
    except OSError:  # a file that cannot be read: its problem is named by read_lesson, nothing kept
        return _read_catalogue(files)
    global _checked
    if _checked is None or _checked[0] != key:
        _checked = (key, _read_catalogue(files))
    return _checked[1]


def _read_catalogue(files: list[Path]) -> Catalogue:
    lessons, problems = [], []
    seen: set[str] = set()
    for path in files:
        try:
            lesson = read_lesson(path)
        except LessonError as exc:
            problems.append(str(exc))
            continue
        if lesson.id in seen:
            problems.append(_("{file}: the id {id!r} is used twice").format(file=path.name, id=lesson.id))
            continue
        seen.add(lesson.id)
        lesson.order = len(lessons) + 1
        lessons.append(lesson)
    return Catalogue(lessons, problems)
