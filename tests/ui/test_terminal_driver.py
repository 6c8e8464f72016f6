"""The parts that end a game whose terminal is gone (issue 36): the output that never raises into Textual's writer
thread, the watchdog, the driver the app runs with. The whole, on a real pty: tests/cli/test_lost_terminal.py."""

from __future__ import annotations

import io
import threading

from textual.drivers._writer_thread import WriterThread

from bere_tui.ui.app import BereApp
from bere_tui.ui.terminal_driver import BereDriver, TerminalOutput
from bere_tui.ui.watchdog import end_process_after


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
