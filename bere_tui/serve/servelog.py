"""The serve log: one line per event of `bere serve` (a login, a refused key, a full server, a session's end),
in `serve.log` in the data root, readable by the server's owner alone.

A line: the time (UTC, ISO 8601), the event, then `name=value` fields. A value from a client (its user name)
is cut to 80 characters and anything but printable ASCII in it becomes `?`, so a line is always one line.
"""

from __future__ import annotations

import os
import sys
from datetime import UTC, datetime
from pathlib import Path

LOG_NAME = "serve.log"
VALUE_LIMIT = 80


def clean(value: object) -> str:
    text = str(value)[:VALUE_LIMIT]
    return "".join(c if 32 < ord(c) < 127 else "?" for c in text) or "-"


class ServeLog:
    def __init__(self, root: Path) -> None:
        self.path = root / LOG_NAME
        self._warned = False

    def event(self, event: str, **fields: object) -> None:
        stamp = datetime.now(UTC).isoformat(timespec="seconds")
        line = " ".join([stamp, event, *(f"{name}={clean(value)}" for name, value in fields.items())]) + "\n"
        try:
            fd = os.open(self.path, os.O_WRONLY | os.O_APPEND | os.O_CREAT, 0o600)
            try:
                os.write(fd, line.encode("ascii"))
            finally:
                os.close(fd)
        except OSError as exc:
            if not self._warned:  # once: the server goes on without its log
                from bere_tui.i18n import _

                print(_("cannot write the serve log {path}: {why}").format(path=self.path, why=exc.strerror or exc),
                      file=sys.stderr, flush=True)
                self._warned = True
