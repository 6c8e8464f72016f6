"""Which lessons the learner has finished: teach.json in the data folder (storage: $BERE_DATA_DIR or the user
data folder), written atomically. A damaged file is never overwritten silently: it is set aside
(teach.bad-<time>.json) before the next write, and progress starts again.
"""

from __future__ import annotations

import json
from pathlib import Path

from bere_tui.i18n import _
from bere_tui.jsonfile import JSONFileError, read_json
from bere_tui.safetext import escape
from bere_tui.storage.files import StorageError, atomic_write_text, data_dir, set_aside

FORMAT = "bere-teach/1"
FILE_NAME = "teach.json"


class Progress:
    def __init__(self, path: Path | None = None) -> None:
        self.path = path or data_dir() / FILE_NAME
        self.completed: list[str] = []
        self.problem: str | None = None  # what went wrong reading or writing, for the screen to say
        self._damaged = False
        self._load()

    def _load(self) -> None:
        try:
            data = read_json(self.path)
        except FileNotFoundError:
            return
        except JSONFileError as exc:
            self._bad(str(exc))
            return
        done = data.get("completed") if isinstance(data, dict) else None
        if not isinstance(done, list) or not all(isinstance(x, str) for x in done):
            self._bad(_("not a {format} file").format(format=FORMAT))
            return
        self.completed = list(dict.fromkeys(done))

    def _bad(self, why: str) -> None:
        self.problem = _("{file}: {why}; your lesson progress starts again").format(file=escape(self.path, None), why=why)
        self._damaged = True

    def is_done(self, lesson_id: str) -> bool:
        return lesson_id in self.completed

    def mark_done(self, lesson_id: str) -> None:
        if lesson_id not in self.completed:
            self.completed.append(lesson_id)
        self.save()

    def save(self) -> None:
        """Progress is a convenience: when it cannot be written, `problem` says why and the lesson goes on."""
        try:
            if self._damaged and self.path.exists():
                set_aside(self.path)
            self._damaged = False
            atomic_write_text(self.path, json.dumps({"format": FORMAT, "completed": self.completed}, indent=1))
        except StorageError as exc:
            self.problem = str(exc)
