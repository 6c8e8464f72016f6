"""The parts that end a game whose terminal is gone (issue 36): the output that never raises into Textual's writer
thread, the watchdog, the driver the app runs with. The whole, on a real pty: tests/cli/test_lost_terminal.py."""

from __future__ import annotations

import io
import os
import select
import termios
import threading
import tty

from textual.drivers._writer_thread import WriterThread

from bere_tui.ui.app import BereApp
from bere_tui.ui.terminal_driver import TERMINAL_RESET, BereDriver, TerminalOutput, reset_terminal
from bere_tui.ui.watchdog import before_forced_exit, end_process_after


class DeadTerminal(io.StringIO):
    """A terminal that hung up: every write and flush fails with EIO."""

    def write(self, text: str) -> int:
        raise OSError(5, "Input/output error")

    def flush(self) -> None:
        raise OSError(5, "Input/output error")


def test_a_failed_write_tells_the_terminal_is_lost_and_the_writer_goes_on():
    lost = []
    writer = WriterThread(TerminalOutput(DeadTerminal(), lambda: lost.append(True)))
    writer.start()

    def frames() -> None:
        for n in range(200):  # many more than Textual's queue holds (30): each put must find room
            writer.write(f"frame {n}")
        writer.stop()  # (joins the thread: it emptied its queue to the end)

    producer = threading.Thread(target=frames, daemon=True)  # (a daemon: a stuck one cannot hold up pytest)
    producer.start()
    producer.join(timeout=30)  # a bound, not a race: done at once, or stuck for ever
    assert not producer.is_alive(), "a write waited on a dead terminal"
    assert lost and not writer.is_alive()


def test_a_closed_file_is_a_lost_terminal_too():
    lost = []
    closed = io.StringIO()
    closed.close()
    output = TerminalOutput(closed, lambda: lost.append(True))
    output.write("x")
    assert lost == [True]


def test_the_watchdog_ends_the_process_with_the_code_it_was_given():
    ended = threading.Event()
    codes = []

    def end(code: int) -> None:
        codes.append(code)
        ended.set()

    timer = end_process_after(0.01, 143, end=end)
    assert ended.wait(10) and codes == [143]
    assert timer.daemon  # it keeps no process alive


def test_the_app_runs_with_the_driver_that_survives_a_lost_terminal(monkeypatch):
    from textual import constants

    monkeypatch.setattr(constants, "DRIVER", None)
    assert BereApp().get_driver_class() is BereDriver
    monkeypatch.setattr(constants, "DRIVER", "textual.drivers.headless_driver:HeadlessDriver")
    assert BereApp().get_driver_class() is not BereDriver  # the web server's driver stays its own


def test_the_watchdog_puts_things_back_before_it_ends_the_process_and_never_waits_for_ever_on_them():
    """Issue 36: the watchdog ended the process with the terminal still in the app's mode."""
    done = []
    ended = threading.Event()
    never = threading.Event()
    forget_stuck = before_forced_exit(never.wait)  # an action that never returns (a dead terminal, say)
    forget = before_forced_exit(lambda: done.append("terminal put back"))
    try:
        end_process_after(0.01, 143, end=lambda code: (done.append(code), ended.set()))
        assert ended.wait(10) and done == ["terminal put back", 143]
    finally:
        forget()
        forget_stuck()
        never.set()


def read_all(fd: int) -> bytes:
    out = b""
    while select.select([fd], [], [], 0.2)[0]:
        out += os.read(fd, 65536)
    return out


def test_reset_terminal_gives_the_terminal_its_mode_and_screen_back():
    master, slave = os.openpty()
    try:
        before = termios.tcgetattr(slave)
        tty.setraw(slave)
        assert termios.tcgetattr(slave) != before
        reset_terminal(slave, before)
        assert termios.tcgetattr(slave) == before
        shown = read_all(master)
        for sequence in ("\x1b[?1049l", "\x1b[?25h", "\x1b[?1000l", "\x1b[?1003l", "\x1b[?1006l"):
            assert sequence.encode() in shown
    finally:
        os.close(master)
        os.close(slave)


def test_reset_terminal_never_waits_on_a_terminal_nobody_reads():
    master, slave = os.openpty()
    try:
        before = termios.tcgetattr(slave)
        tty.setraw(slave)
        os.set_blocking(slave, False)
        try:  # the terminal's output filled up: nobody reads the master
            while True:
                os.write(slave, b"x" * 4096)
        except BlockingIOError:
            pass
        os.set_blocking(slave, True)
        worker = threading.Thread(target=reset_terminal, args=(slave, before), daemon=True)
        worker.start()
        worker.join(10)
        assert not worker.is_alive(), "reset_terminal waited on a full terminal"
        assert termios.tcgetattr(slave) == before
    finally:
        os.close(master)
        os.close(slave)


def test_reset_terminal_leaves_a_descriptor_that_is_no_terminal_alone(tmp_path):
    with open(os.devnull, "wb") as devnull:
        reset_terminal(devnull.fileno(), None)  # (a lost terminal's descriptors: /dev/null) nothing, no error
    assert TERMINAL_RESET.isascii()
