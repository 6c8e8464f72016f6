"""The last resort of a game asked to stop: end the process a few seconds later, whatever Textual is doing then.

A clean stop (the app leaves its screen, the terminal is put back) is tried first, but it can hang: Textual's
shutdown writes to the terminal through a queue of bounded size, and a terminal that nobody reads any more (or
that went away under a writer that died) leaves that write waiting for ever (issue 36). So whoever asks the app
to stop for good (a stop signal, a lost terminal) first makes sure the game is autosaved, then arms this
watchdog: a daemon thread that ends the process with os._exit when the grace time is up, unless the process
ended by itself before.
"""

from __future__ import annotations

import os
import threading
from collections.abc import Callable

STOP_GRACE = 3.0  # seconds a clean stop may take, after the autosave, before the process is ended


def end_process_after(seconds: float, code: int, end: Callable[[int], object] = os._exit) -> threading.Timer:
    """In `seconds`, end(code) (the process, at once: no clean-up can hang it) unless the process ended first.

    A daemon thread: it keeps no process alive, and it still runs while the interpreter waits at exit for
    threads that will never end. Each call arms a watchdog of its own; the first one due ends the process.
    """
    timer = threading.Timer(seconds, end, (code,))
    timer.daemon = True
    timer.name = "bere-watchdog"
    timer.start()
    return timer
