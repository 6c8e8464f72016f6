"""Saving on SIGHUP/SIGTERM, and surviving SIGKILL: real subprocesses playing real games."""

from __future__ import annotations

import importlib.util
import os
import signal
import subprocess
import sys
from pathlib import Path

import pytest

from bere_tui import storage
from bere_tui.record import replay, result

CHILD = Path(__file__).with_name("signal_child.py")
_spec = importlib.util.spec_from_file_location("signal_child", CHILD)
signal_child = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(signal_child)


def _full_game(variant: str, seed: int):
    """The whole game the child plays (bots are seeded, so every process plays the same one)."""
    for game in signal_child.decisions(variant, seed):
        pass
    return game


def _start(*args: str) -> subprocess.Popen:
    return subprocess.Popen([sys.executable, str(CHILD), *args], stdout=subprocess.PIPE, text=True,
                            env=dict(os.environ))


def _assert_autosave_is_prefix(variant: str, seed: int, n: int):
    """The autosave replays to the state after the full game's first n decisions."""
    loaded = storage.load_file(storage.autosave_path())
    full = _full_game(variant, seed).record()
    assert loaded.record()["actions"] == full["actions"][:n]
    assert result(loaded) == result(replay(full, upto=n))
    return loaded


@pytest.mark.parametrize("signame", ["SIGTERM", "SIGHUP"])
def test_a_stop_signal_saves_the_game_then_exits(signame):
    """The child autosaves 6 decisions, makes 5 more without saving, then is asked to stop."""
    child = _start("term", "anniversary", "7", "6", "5")
    try:
        line = child.stdout.readline().split()
        assert line == ["ready", "11"]
        assert len(storage.load_file(storage.autosave_path()).actions) == 6
        child.send_signal(getattr(signal, signame))
        assert child.wait(timeout=20) == 128 + getattr(signal, signame)
    finally:
        child.kill()
        child.wait()
    loaded = _assert_autosave_is_prefix("anniversary", 7, 11)
    assert storage.load_autosave() is not None and not loaded.finished


@pytest.mark.parametrize("variant, seed, kill_after",
                         [("base", 3, 15), ("anniversary", 5, 60), ("pro", 2, 120)])
def test_sigkill_mid_game_leaves_the_last_completed_decision(variant, seed, kill_after):
    """Autosave after every decision; SIGKILL at some moment; the autosave holds the last decision whose save
    completed (the last one the child reported, or the one after if it was killed before reporting it)."""
    child = _start("kill", variant, str(seed))
    try:
        for line in child.stdout:
            if line.strip() == "finished" or int(line) >= kill_after:
                break
        child.kill()
        assert child.wait(timeout=20) == -signal.SIGKILL
        reported = [line.strip() for line in child.stdout]
    finally:
        child.kill()
        child.wait()
    assert "finished" not in [line.strip(), *reported], "the game ended before the kill"
    last = int(reported[-1]) if reported else int(line)
    n = len(storage.load_file(storage.autosave_path()).actions)
    assert n in (last, last + 1)
    loaded = _assert_autosave_is_prefix(variant, seed, n)
    assert not loaded.finished and storage.load_autosave() is not None


def test_the_handler_saves_and_calls_exit_in_process(game_of):
    game = game_of("base", decisions=7)
    before = signal.getsignal(signal.SIGTERM)
    codes = []
    restore = storage.install_signal_save(lambda: game, exit=codes.append)
    try:
        signal.raise_signal(signal.SIGTERM)
    finally:
        restore()
    assert codes == [128 + signal.SIGTERM]
    assert result(storage.load_autosave()) == result(game)
    assert signal.getsignal(signal.SIGTERM) is before


def test_no_game_yet_means_nothing_to_save(data):
    codes = []
    restore = storage.install_signal_save(lambda: None, exit=codes.append)
    try:
        signal.raise_signal(signal.SIGHUP)
    finally:
        restore()
    assert codes == [128 + signal.SIGHUP] and not data.exists()


def test_a_save_that_fails_on_a_signal_says_why_and_still_exits(tmp_path, monkeypatch, capsys, game_of):
    (tmp_path / "blocker").write_text("")
    monkeypatch.setenv("BERE_DATA_DIR", str(tmp_path / "blocker" / "data"))
    codes = []
    restore = storage.install_signal_save(lambda: game_of(decisions=2), exit=codes.append)
    try:
        signal.raise_signal(signal.SIGTERM)
    finally:
        restore()
    assert codes == [128 + signal.SIGTERM]
    assert "could not be saved" in capsys.readouterr().err
