"""Helpers the walkthrough's tests share (imported by name: pytest puts this folder on sys.path)."""

import copy
import json

from bere_tui.teach.catalogue import lesson_files, lessons_root

ALL_LESSON_FILES = sorted(p for p in lessons_root().glob("*/*.json"))


def lesson_data(lesson_id: str) -> dict:
    """A fresh copy of one English lesson file's data, to break on purpose."""
    for path in lesson_files("en"):
        data = json.loads(path.read_text(encoding="utf-8"))
        if data["id"] == lesson_id:
            return copy.deepcopy(data)
    raise KeyError(lesson_id)
