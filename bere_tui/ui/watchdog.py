"""The last resort of a game asked to stop: end the process a few seconds later, whatever Textual is doing then.

A clean stop (the app leaves its screen, the terminal is put back) is tried first, but it can hang: Textual's
shutdown writes to the terminal through a queue of bounded size, and a terminal that nobody reads any more (or
that went away under a writer that died) leaves that write waiting for ever (issue 36). So whoever asks the app
to stop for good (a stop signal, a lost terminal) first makes sure the game is autosaved, then arms this
watchdog: a daemon thread that ends the process with os._exit when the grace time is up, unless the process
ended by itself before.

Just before it ends the process, the watchdog runs what was registered with `before_forced_exit` (the terminal
driver puts the terminal's mode back there), each in a thread of its own and for LAST_WORDS seconds in all:
nothing they do can keep the process alive.
"""

from __future__ import annotations

import os
import signal
import threading
import time
from collections.abc import Callable

STOP_GRACE = 3.0  # seconds a clean stop may take, after the autosave, before the process is ended
LAST_WORDS = 0.5  # seconds the actions before a forced exit may take in all

_before_exit: list[Callable[[], object]] = []


def before_forced_exit(action: Callable[[], object]) -> Callable[[], None]:
    """Have the watchdog run `action` just before it ends the process; returns the function that takes it off
    again (once the clean stop has done the same)."""
    _before_exit.append(action)

    def forget() -> None:
        if action in _before_exit:
            _before_exit.remove(action)

    return forget


def _run(action: Callable[[], object]) -> None:
    # (SIGTTOU blocked: a process in the background may still set its terminal's mode, not be stopped for it)
    signal.pthread_sigmask(signal.SIG_BLOCK, {signal.SIGTTOU})
    try:
        action()
    except Exception:  # noqa: BLE001, S110 - the process ends next whatever went wrong here
        pass


def _last_words(end: Callable[[int], object], code: int) -> None:
    """Each action registered, in a thread of its own (one that hangs keeps no other from running), for at most
    LAST_WORDS seconds in all; then end(code)."""
    threads = [threading.Thread(target=_run, args=(action,), name="bere-before-exit", daemon=True)
               for action in list(_before_exit)]
    for thread in threads:
        thread.start()
    deadline = time.monotonic() + LAST_WORDS
    for thread in threads:
        thread.join(max(0.0, deadline - time.monotonic()))
    end(code)


def end_process_after(seconds: float, code: int, end: Callable[[int], object] = os._exit) -> threading.Timer:
    """In `seconds`, end(code) (the process, at once: no clean-up can hang it) unless the process ended first;
    what was registered with `before_forced_exit` runs just before.

    A daemon thread: it keeps no process alive, and it still runs while the interpreter waits at exit for
    threads that will never end. Each call arms a watchdog of its own; the first one due ends the process.
    """
    timer = threading.Timer(seconds, _last_words, (end, code))
    timer.daemon = True
    timer.name = "bere-watchdog"
    timer.start()
    return timer
