"""A game whose terminal goes away autosaves and ends within seconds (issue 36, item 12).

Each test starts `bere play` (python -m bere_tui, a real process) on a pseudo-terminal, plays a burst of keys,
then takes the terminal away: the pty's master closed (with the pty as the game's controlling terminal, as a
terminal window or `bere serve` gives it, the kernel also sends SIGHUP; without, only the failing reads and
writes tell), or a stop signal while Textual's writer is stuck on a terminal nobody reads. Every time the process
must be gone within DEADLINE seconds, its autosave intact and loadable.
"""

from __future__ import annotations

import fcntl
import os
import select
import signal
import struct
import subprocess
import sys
import termios
import time
from pathlib import Path

import pytest

from bere_tui.storage import load_file

DEADLINE = 5.0  # seconds from the lost terminal (or the signal) to the process gone
START_LIMIT = 60.0  # seconds the game may take to show its first prompt on a loaded machine
DOWN, UP = b"\x1b[B", b"\x1b[A"


def _take_terminal() -> None:
    """In the child (a session leader already): make the pty on stdin its controlling terminal."""
    fcntl.ioctl(0, termios.TIOCSCTTY, 0)


class GameOnPty:
    """`bere play` on a pty of its own; the test holds the master."""

    def __init__(self, tmp_path: Path, controlling: bool) -> None:
        self.data = tmp_path / "data"
        env = {**os.environ, "TERM": "xterm-256color", "BERE_DATA_DIR": str(self.data),
               "BERE_CONFIG": str(tmp_path / "settings.json")}
        env.pop("NO_COLOR", None)
        self.master, slave = os.openpty()
        fcntl.ioctl(self.master, termios.TIOCSWINSZ, struct.pack("HHHH", 24, 80, 0, 0))
        self.mode_before = termios.tcgetattr(slave)  # the terminal's mode before the game (what it gives back)
        self.slave_name = os.ttyname(slave)
        self.held = -1  # the terminal's end as a shell would hold it (hold_terminal)
        self.proc = subprocess.Popen(
            [sys.executable, "-m", "bere_tui", "play", "--players", "Ann", "--bots", "random", "--seed", "1"],
            stdin=slave, stdout=slave, stderr=slave, env=env, close_fds=True, start_new_session=True,
            preexec_fn=_take_terminal if controlling else None)  # noqa: PLW1509 - the child only sets its tty
        os.close(slave)

    def read_until(self, wanted: bytes, limit: float) -> bytes:
        out = b""
        end = time.monotonic() + limit
        while wanted not in out and time.monotonic() < end:
            if select.select([self.master], [], [], 0.1)[0]:
                try:
                    out += os.read(self.master, 65536)
                except OSError:
                    break
        return out

    def wait_for_prompt(self) -> None:
        shown = self.read_until(b"choose", START_LIMIT)
        assert b"choose" in shown, shown[-500:]

    def burst(self, key: bytes, count: int) -> None:
        """`count` keys as fast as the pty takes them, the screen read (and dropped) as it comes."""
        for _ in range(count):
            os.write(self.master, key)
            while select.select([self.master], [], [], 0)[0]:
                os.read(self.master, 65536)

    def play_until_saved(self) -> int:
        """Bursts of Enter (each plays the highlighted card) until the game has autosaved a decision; how many
        decisions the autosave holds then. Bounded: at most START_LIMIT seconds."""
        path = self.data / "autosave.json"
        end = time.monotonic() + START_LIMIT
        while not path.exists() and time.monotonic() < end:
            self.burst(b"\r", 20)
            time.sleep(0.05)  # bounded poll: has the game saved yet?
        assert path.exists(), "the Enters played no card"
        return len(self.autosave()["actions"])

    def unread_output(self) -> int:
        return struct.unpack("i", fcntl.ioctl(self.master, termios.FIONREAD, b"\0\0\0\0"))[0]

    def fill(self) -> None:
        """Keys that redraw the screen, the screen never read: until the pty holds all the output it can take
        (rounds of keys no longer add to it), then as many keys again, so that Textual's writer thread is stuck
        in its write and its queue full. Bounded: at most ROUNDS rounds."""
        rounds, stuck = 0, 0
        held = self.unread_output()
        while stuck < 3 and rounds < 60:
            rounds += 1
            for _ in range(40):
                os.write(self.master, DOWN if rounds % 2 else UP)
            end = time.monotonic() + 0.5
            while time.monotonic() < end and self.unread_output() == held:
                time.sleep(0.02)  # bounded poll: has the game written more?
            now = self.unread_output()
            stuck = stuck + 1 if now == held else 0
            held = now
        assert held > 0 and stuck == 3, "the game's output never filled the pty"
        for _ in range(200):
            os.write(self.master, DOWN)

    def hold_terminal(self) -> None:
        """Keep the game's end of the pty open here too, as the shell that started the game does: its mode then
        outlives the game, to be read once the game is gone."""
        self.held = os.open(self.slave_name, os.O_RDWR | os.O_NOCTTY)

    def mode(self) -> list:
        return termios.tcgetattr(self.held)

    def close(self) -> None:
        if self.held >= 0:
            os.close(self.held)
            self.held = -1
        if self.master >= 0:
            os.close(self.master)
            self.master = -1

    def gone_within(self, limit: float) -> bool:
        """Polls the process until it ends or `limit` seconds pass."""
        try:
            self.proc.wait(timeout=limit)
        except subprocess.TimeoutExpired:
            return False
        return True

    def stop(self) -> None:
        self.close()
        if self.proc.poll() is None:
            self.proc.kill()
            self.proc.wait()

    def autosave(self) -> dict:
        """The autosave, loaded as Continue loads it; its record."""
        record = load_file(self.data / "autosave.json").record()
        assert [p["name"] for p in record["players"]] == ["Ann", "Ben"] and record["seed"] == 1
        return record


@pytest.fixture
def game(tmp_path, request):
    game = GameOnPty(tmp_path, controlling=request.param)
    yield game
    game.stop()


@pytest.mark.parametrize("game", [True, False], ids=["controlling-terminal", "no-signal"], indirect=True)
def test_closing_the_terminal_after_a_burst_of_keys_ends_the_game(game):
    game.wait_for_prompt()
    saved = game.play_until_saved()
    game.burst(b"\r", 40)
    game.close()
    assert game.gone_within(DEADLINE), "the game outlived its terminal"
    assert game.proc.returncode == 128 + signal.SIGHUP
    assert len(game.autosave()["actions"]) >= saved


@pytest.mark.parametrize("game", [True, False], ids=["controlling-terminal", "no-signal"], indirect=True)
def test_closing_the_terminal_under_a_stuck_writer_ends_the_game(game):
    game.wait_for_prompt()
    saved = game.play_until_saved()
    game.fill()
    game.close()
    assert game.gone_within(DEADLINE), "the game outlived its terminal"
    assert game.proc.returncode == 128 + signal.SIGHUP
    assert len(game.autosave()["actions"]) >= saved


@pytest.mark.parametrize("signum", [signal.SIGTERM, signal.SIGHUP], ids=["SIGTERM", "SIGHUP"])
@pytest.mark.parametrize("game", [True], ids=["controlling-terminal"], indirect=True)
def test_a_stop_signal_under_a_stuck_writer_ends_the_game(game, signum):
    """The terminal is still there but nobody reads it (a frozen window, a stalled connection)."""
    game.wait_for_prompt()
    game.hold_terminal()
    assert game.mode() != game.mode_before  # (the game's raw mode)
    saved = game.play_until_saved()
    game.fill()
    game.proc.send_signal(signum)
    assert game.gone_within(DEADLINE), "the game ignored the signal"
    assert game.proc.returncode == 128 + signum
    assert len(game.autosave()["actions"]) >= saved
    # the terminal is still there: its mode is given back (not left raw, without echo), although the watchdog
    # had to end the process (issue 36)
    assert game.mode() == game.mode_before
