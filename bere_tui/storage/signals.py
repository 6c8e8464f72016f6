"""Save the game when the terminal goes away (SIGHUP) or the system asks the program to stop (SIGTERM)."""

from __future__ import annotations

import signal
import sys
from collections.abc import Callable
from typing import TYPE_CHECKING

from bere_tui.i18n import _
from bere_tui.storage.files import StorageError

if TYPE_CHECKING:  # installed at start: the record's models are imported when there is a game to save
    from bere_tui.engine.nimmt import Game

SAVE_SIGNALS = tuple(s for s in (getattr(signal, "SIGHUP", None), signal.SIGTERM) if s is not None)


def _exit(code: int) -> None:
    raise SystemExit(code)


def install_signal_save(get_game: Callable[[], Game | None],
                        exit: Callable[[int], None] = _exit) -> Callable[[], None]:
    """On SIGHUP or SIGTERM: autosave get_game() (if it gives a game), then exit(128 + signal number).

    Call it from the main thread. `exit` defaults to raising SystemExit; an app may pass its own way to stop
    (e.g. one that restores the terminal). Returns a function that puts the previous handlers back.
    """

    def handler(signum, frame) -> None:
        game = get_game()
        if game is not None:
            from bere_tui.storage.saves import autosave  # (imported long since: a game is being played)

            try:
                autosave(game)
            except StorageError as exc:
                print(_("The game could not be saved: {why}").format(why=exc), file=sys.stderr)
        exit(128 + signum)

    previous = {sig: signal.signal(sig, handler) for sig in SAVE_SIGNALS}

    def restore() -> None:
        for sig, old in previous.items():
            signal.signal(sig, old)

    return restore
