"""The lessons of a language: where their files live (bere_tui/assets/lessons/<language>/NN_<id>.json), reading
each (teach.lesson: its shape) and checking it by playing it through (teach.validate), and the catalogue of the
ones that can be used, in order.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from pathlib import Path

from bere_tui.i18n import _, current
from bere_tui.paths import assets
from bere_tui.teach.lesson import Lesson, LessonError, lesson_from_data
from bere_tui.teach.validate import check_lesson

DEFAULT_LANGUAGE = "en"


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


__all__ = ["DEFAULT_LANGUAGE", "Catalogue", "language", "lesson_files", "lessons_root", "load_catalogue",
           "read_lesson"]
