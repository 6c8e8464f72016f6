"""Start-up: the time from starting `bere` to its title screen drawn, against a hello-world Textual app's time to
its first screen (bench/hello_textual.py), both whole processes in a pseudo-terminal of 80x24, alternating,
median of several runs each. Target: bere / hello <= 1.3.

`bere` exits once its first screen is drawn when the environment has BERE_FIRST_SCREEN_EXIT=1 (for this
measure only). Its data and config folders are fresh temporary ones: `bere` as on a first start, and again with
a settings file (the last table set up, written after a first game), which is the usual start. With --tree DIR,
the `bere` of another checkout (e.g. the main branch before a change) is timed in the same alternation.

Usage: python bench/startup.py [--runs N] [--tree DIR]
"""

from __future__ import annotations

import argparse
import fcntl
import json
import os
import pty
import statistics
import struct
import subprocess
import sys
import tempfile
import termios
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
SETTINGS = {"animation": "normal", "theme": "textual-dark", "ascii": False, "confirm_quit": True,
            "last_seats": {"variant": "base", "seats": [{"name": "Ann", "bot": None}, {"name": "Bot", "bot": "hard"}],
                           "options": {}}}


def run_once(cmd: list[str], env: dict, cwd: Path) -> float:
    """Seconds from start to exit of `cmd` in a fresh pseudo-terminal (its output read and dropped)."""
    master, slave = pty.openpty()
    fcntl.ioctl(slave, termios.TIOCSWINSZ, struct.pack("HHHH", 24, 80, 0, 0))
    start = time.perf_counter()
    proc = subprocess.Popen(cmd, stdin=slave, stdout=slave, stderr=slave, env=env, cwd=cwd, close_fds=True,
                            start_new_session=True)
    os.close(slave)
    try:
        while os.read(master, 65536):
            pass
    except OSError:  # EIO: the child closed the terminal
        pass
    code = proc.wait(timeout=60)
    seconds = time.perf_counter() - start
    os.close(master)
    if code != 0:
        raise SystemExit(f"{' '.join(cmd)} exited with {code}")
    return seconds


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--runs", type=int, default=9, help="runs of each (default 9)")
    ap.add_argument("--tree", type=Path, default=None, help="another checkout whose `bere` to time too")
    args = ap.parse_args(argv)
    tmp = Path(tempfile.mkdtemp(prefix="bere-startup-"))
    base_env = dict(os.environ, TERM="xterm-256color", COLUMNS="80", LINES="24", BERE_FIRST_SCREEN_EXIT="1")
    base_env.pop("NO_COLOR", None)
    with_settings = tmp / "config" / "settings.json"
    with_settings.parent.mkdir(parents=True)
    with_settings.write_text(json.dumps(SETTINGS), encoding="utf-8")

    def bere_env(tree: Path, settings: bool) -> dict:
        return dict(base_env, PYTHONPATH=str(tree), BERE_DATA_DIR=str(tmp / "data"),
                    BERE_CONFIG=str(with_settings if settings else tmp / "none" / "settings.json"))

    bere = [sys.executable, "-m", "bere_tui"]
    kinds = {
        "hello": ([sys.executable, str(ROOT / "bench" / "hello_textual.py")], base_env, ROOT),
        "bere (first start)": (bere, bere_env(ROOT, False), ROOT),
        "bere (with settings)": (bere, bere_env(ROOT, True), ROOT),
    }
    if args.tree is not None:
        kinds[f"bere of {args.tree} (with settings)"] = (bere, bere_env(args.tree, True), args.tree)
    for cmd, env, cwd in kinds.values():  # once each first: compiled bytecode, warm file cache
        run_once(cmd, env, cwd)
    times: dict[str, list[float]] = {k: [] for k in kinds}
    for _ in range(args.runs):
        for kind, (cmd, env, cwd) in kinds.items():
            times[kind].append(run_once(cmd, env, cwd))
    hello = statistics.median(times["hello"])
    print(f"time to first screen, median of {args.runs} runs each (load average {os.getloadavg()[0]:.1f}):")
    for kind, values in times.items():
        median = statistics.median(values)
        ratio = "" if kind == "hello" else f"  = {median / hello:.2f}x hello (target <= 1.3)"
        print(f"  {kind:<32} {median * 1000:6.0f} ms{ratio}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
