"""The terminal driver of `bere play` (and of every `bere serve` session, which runs it on a pty): Textual's
LinuxDriver, made to notice a terminal that went away and never to wait for one (issue 36).

What goes wrong with Textual's own driver when the terminal goes away (a window closed, a connection dropped):
- Its writer thread writes the screen to the terminal; the first write that fails (EIO on a hung-up pty) ends
  that thread with an exception. Every later write waits in a queue of 30 that nobody empties any more: the
  app's next repaints, or its shutdown (disabling the mouse), block the main thread for ever.
- Its input thread reads end-of-file from a hung-up terminal without end, and a failed read makes the app
  panic with a traceback.
- Without a controlling terminal (the pty was not the process's own), no SIGHUP comes at all.

Here the terminal's output never raises into Textual's writer thread, and the terminal is watched for a hang-up.
Once it is lost (a write or a read failed, or it hung up), the terminal's descriptors are replaced by /dev/null,
so nothing can block or fail on them again (Textual's writer drains its queue into it, Python's exit flushes
into it), and the process sends itself SIGHUP: the one way a lost terminal ends the game, the one the kernel
takes when the pty is the controlling terminal (ui/saving.py: autosave, a clean stop, the watchdog).

When the watchdog has to end the process (the clean stop hung), the terminal is put back first, as the clean
stop would have: its mode (termios) as before the app, and the escape sequences that turn mouse reporting off,
leave the alternate screen and show the cursor, written without waiting (`reset_terminal`).
"""

from __future__ import annotations

import os
import select
import signal
import sys
import termios
import threading
import time
from collections.abc import Callable
from functools import partial
from typing import IO

from textual.drivers.linux_driver import LinuxDriver

from bere_tui.ui.watchdog import before_forced_exit, end_process_after

LOST_SIGNAL = signal.SIGHUP  # what a lost terminal sends the process: the same as a hang-up from the kernel
LOST_LIMIT = 4.0  # seconds after a lost terminal before the watchdog ends the process, if the signal could not
HANGUP_POLL_MS = 500  # how often the watch looks at the terminal (it wakes at once on a hang-up)
RESET_WAIT = 0.3  # seconds the watchdog's reset of the terminal tries to find room for its escape sequences


#: what Textual's clean stop writes to put the screen back (LinuxDriver.stop_application_mode)
TERMINAL_RESET = (
    "\x1b[?1000l\x1b[?1003l\x1b[?1015l\x1b[?1006l"  # mouse reporting off
    "\x1b[?2004l"  # bracketed paste off
    "\x1b[?7h"  # line wrap on
    "\x1b[?2048l"  # in-band window resize reports off
    "\x1b[<u"  # the kitty keyboard protocol off (before leaving the alternate screen)
    "\x1b[?1049l"  # leave the alternate screen
    "\x1b[?25h"  # show the cursor
    "\x1b[?1004l"  # focus reports off
)


def reset_terminal(fd: int, mode: list | None, silence: Callable[[], None] = lambda: None) -> None:
    """Put the terminal on `fd` back as the app found it: its termios `mode` (set at once, not after the output
    drains) and TERMINAL_RESET, through a descriptor of its own that never waits. `silence` first sends the
    app's own output elsewhere; the output still waiting for a reader (the app's last frames, on a terminal
    nobody reads) is dropped, so that what puts the terminal back is there when someone reads it again. Tried
    for RESET_WAIT seconds at most. Nothing is done to a terminal that is gone."""
    try:
        out = os.open(os.ttyname(fd), os.O_WRONLY | os.O_NONBLOCK | os.O_NOCTTY)
    except OSError:  # not a terminal (any more: replaced by /dev/null once lost)
        return
    try:
        silence()
        if mode is not None:
            try:
                termios.tcsetattr(out, termios.TCSANOW, mode)
            except termios.error:
                pass
        deadline = time.monotonic() + RESET_WAIT
        while True:
            try:
                termios.tcflush(out, termios.TCOFLUSH)
                os.write(out, TERMINAL_RESET.encode("ascii"))
                return
            except BlockingIOError:  # a write the app had begun took the room again
                if time.monotonic() > deadline:
                    return
                time.sleep(0.01)
            except (termios.error, OSError):
                return
    finally:
        os.close(out)


class TerminalLost:
    """What to do, once, when the terminal is gone, from whichever thread notices it first."""

    def __init__(self, terminal_fds: list[int]) -> None:
        self._fds = terminal_fds
        self._lock = threading.Lock()
        self.happened = threading.Event()

    def __call__(self) -> None:
        with self._lock:
            if self.happened.is_set():
                return
            self.happened.set()
        self.replace_with_devnull()
        os.kill(os.getpid(), LOST_SIGNAL)  # the main thread autosaves and stops (a signal goes to it first)
        end_process_after(LOST_LIMIT, 128 + LOST_SIGNAL)  # in case the main thread cannot take the signal

    def replace_with_devnull(self) -> None:
        """The terminal's descriptors lead to /dev/null from now on: nothing written or read there can wait."""
        try:
            devnull = os.open(os.devnull, os.O_RDWR)
        except OSError:
            return
        for fd in self._fds:
            try:
                os.dup2(devnull, fd)
            except OSError:
                pass
        os.close(devnull)


def terminal_fds(*files: IO) -> list[int]:
    """The descriptors 0-2 that are the same terminal as one of `files` (a redirected one is left alone)."""
    try:
        terminals = {(st.st_dev, st.st_ino) for st in (os.fstat(f.fileno()) for f in files)}
    except (OSError, ValueError):
        return []
    same = []
    for fd in (0, 1, 2):
        try:
            st = os.fstat(fd)
        except OSError:
            continue
        if (st.st_dev, st.st_ino) in terminals:
            same.append(fd)
    return same


class TerminalOutput:
    """The file Textual's writer thread writes the screen to, except that a failed write or flush tells that
    the terminal is lost instead of ending the writer thread: the thread goes on emptying its queue (into
    /dev/null from then on), so no write in the app ever waits on a dead terminal."""

    def __init__(self, file: IO[str], lost: Callable[[], None]) -> None:
        self._file = file
        self._lost = lost

    def write(self, text: str) -> None:
        try:
            self._file.write(text)
        except (OSError, ValueError):  # EIO: the terminal hung up; ValueError: its file was closed
            self._lost()

    def flush(self) -> None:
        try:
            self._file.flush()
        except (OSError, ValueError):
            self._lost()

    def fileno(self) -> int:
        return self._file.fileno()

    def isatty(self) -> bool:
        return True


class BereDriver(LinuxDriver):
    """LinuxDriver with TerminalOutput as its output and a watch on its terminal; see the module's text."""

    def __init__(self, *args, **kwargs) -> None:
        super().__init__(*args, **kwargs)
        self.terminal_lost = TerminalLost(terminal_fds(sys.__stdin__, sys.__stderr__))
        self._file = TerminalOutput(sys.__stderr__, self.terminal_lost)  # (what LinuxDriver's writer writes to)
        self._closed = threading.Event()
        self._watch: threading.Thread | None = None
        self._forget_reset: Callable[[], None] | None = None

    def start_application_mode(self) -> None:
        super().start_application_mode()
        if self._forget_reset is None and os.isatty(self.fileno):  # (attrs_before: the mode the app found)
            self._forget_reset = before_forced_exit(partial(
                reset_terminal, self.fileno, self.attrs_before, self.terminal_lost.replace_with_devnull))
        if self._watch is None and os.isatty(self.fileno):
            self._watch = threading.Thread(target=self._watch_for_hangup, name="bere-hangup-watch", daemon=True)
            self._watch.start()

    def _watch_for_hangup(self) -> None:
        """A hung-up terminal reads as end-of-file for ever without a signal; poll says POLLHUP at once."""
        poller = select.poll()
        poller.register(self.fileno, 0)  # (POLLHUP, POLLERR and POLLNVAL are always reported)
        while not self._closed.is_set() and not self.terminal_lost.happened.is_set():
            try:
                events = poller.poll(HANGUP_POLL_MS)
            except OSError:
                events = [(self.fileno, select.POLLERR)]
            if any(mask & (select.POLLHUP | select.POLLERR | select.POLLNVAL) for _fd, mask in events):
                self.terminal_lost()
                return

    def run_input_thread(self) -> None:
        try:
            super().run_input_thread()
        except OSError:  # a read failed: the terminal is gone (not a panic with a traceback on a dead screen)
            self.terminal_lost()

    def close(self) -> None:
        self._closed.set()
        super().close()  # (its writer thread has written everything, the clean stop's reset of the terminal too)
        if self._forget_reset is not None:
            self._forget_reset()
            self._forget_reset = None
