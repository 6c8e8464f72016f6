"""Which lessons the learner has finished: a small JSON file in the user data folder.

The folder is $BERE_DATA_DIR when set (tests use it), else platformdirs' user data folder for bere-tui.
The file is written to a temporary file and renamed over the old one. A damaged file is never overwritten
silently: it is kept beside as `teach.json.bad` and progress starts again.
"""

from __future__ import annotations

import json
import os
from pathlib import Path

FORMAT = "bere-teach/1"
FILE_NAME = "teach.json"


def data_dir() -> Path:
    env = os.environ.get("BERE_DATA_DIR")
    if env:
        return Path(env)
    from platformdirs import user_data_dir

    return Path(user_data_dir("bere-tui", appauthor=False))


class Progress:
    def __init__(self, path: Path | None = None) -> None:
        self.path = path or data_dir() / FILE_NAME
        self.completed: list[str] = []
        self.problem: str | None = None  # what went wrong reading or writing, for the screen to say
        self._damaged = False
        self._load()

    def _load(self) -> None:
        try:
            data = json.loads(self.path.read_text(encoding="utf-8"))
        except FileNotFoundError:
            return
        except (OSError, UnicodeDecodeError, json.JSONDecodeError) as exc:
            self.problem = f"{self.path}: {exc}"
            self._damaged = True
            return
        done = data.get("completed") if isinstance(data, dict) else None
        if not isinstance(done, list) or not all(isinstance(x, str) for x in done):
            self.problem = f"{self.path}: not a {FORMAT} file"
            self._damaged = True
            return
        self.completed = list(dict.fromkeys(done))

    def is_done(self, lesson_id: str) -> bool:
        return lesson_id in self.completed

    def mark_done(self, lesson_id: str) -> None:
        if lesson_id not in self.completed:
            self.completed.append(lesson_id)
        self.save()

    def save(self) -> None:
        folder = self.path.parent
        try:
            folder.mkdir(parents=True, exist_ok=True)
            if self._damaged and self.path.exists():
                os.replace(self.path, self.path.with_name(self.path.name + ".bad"))
            self._damaged = False
            tmp = self.path.with_name(self.path.name + ".tmp")
            with open(tmp, "w", encoding="utf-8") as fh:
                json.dump({"format": FORMAT, "completed": self.completed}, fh, indent=1)
                fh.flush()
                os.fsync(fh.fileno())
            os.replace(tmp, self.path)
        except OSError as exc:  # progress is a convenience: the lesson goes on without it
            self.problem = f"{self.path}: {exc}"
