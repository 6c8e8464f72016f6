"""One `bere serve` session's game: `python -m bere_tui.serve.session`.

The game's screen is its terminal, and a remote player must never see a Python traceback (with the server's
paths) on it. Here everything the game would write to Python's standard error (an unexpected error caught by
Textual, or one raised before the app ran) goes to the session's error log on the server (BERE_SESSION_LOG),
and the player reads one line instead.
"""

from __future__ import annotations

import os
import sys
import traceback
from collections.abc import Callable
from datetime import UTC, datetime
from typing import TextIO

LOG_ENV = "BERE_SESSION_LOG"


def run(game: Callable[[list[str]], int] | None = None, terminal: TextIO | None = None) -> int:
    """Run `game` (the whole app: bere_tui.cli.main) with its error output in the session's error log."""
    if game is None:
        from bere_tui.cli import main as game
    terminal = terminal or sys.__stderr__
    path = os.environ.get(LOG_ENV) or os.devnull
    fd = os.open(path, os.O_WRONLY | os.O_APPEND | os.O_CREAT, 0o600)
    with os.fdopen(fd, "w", encoding="utf-8", errors="replace", buffering=1) as log:
        log.write(f"--- {datetime.now(UTC).isoformat(timespec='seconds')} pid {os.getpid()}\n")
        start = log.tell()
        previous, sys.stderr = sys.stderr, log  # Textual prints an error it caught to sys.stderr once the terminal is restored
        try:
            code = game([])
        except Exception:  # noqa: BLE001 - whatever the game raises is logged here, never shown to the client
            traceback.print_exc(file=log)
            code = 1
        finally:
            sys.stderr = previous
            end = log.tell()
    if code and end > start:
        tell(terminal, said(path, start))
    return code


def said(path: str, start: int) -> str:
    """What the player reads of what the game wrote to its error output: a single line the game meant for the
    player ("error: ..."), or one line saying that the server logged the error (a traceback, anything longer)."""
    from bere_tui.i18n import _

    try:
        with open(path, encoding="utf-8", errors="replace") as log:
            log.seek(start)
            lines = log.read().strip().splitlines()
    except OSError:
        lines = []
    if len(lines) == 1 and lines[0].startswith(_("error: {problem}").format(problem="")):
        return lines[0]
    return _("The game stopped on an unexpected error; the server has logged it.")


def tell(terminal: TextIO, line: str) -> None:
    try:
        terminal.write("\r\n" + line + "\r\n")
        terminal.flush()
    except (OSError, ValueError):
        pass  # the terminal is gone


if __name__ == "__main__":  # pragma: no cover - the process of one session
    sys.exit(run())
