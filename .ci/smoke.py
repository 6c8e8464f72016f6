"""CI: what README's play command installs must play. Run with the `bere` of a non-editable install, from a
folder outside the clone, so that a package, an asset or a catalogue missing from the install fails here.

For every game system: `bere sim` plays bot-only games; `bere play` starts in a pseudo-terminal and draws its
first screen (BERE_FIRST_SCREEN_EXIT=1); `bere replay --json` reads the record that game wrote; `bere teach`
opens a lesson; one language other than English is loaded. Any non-zero exit or a traceback fails.
"""

from __future__ import annotations

import os
import pty
import subprocess
import sys
import tempfile
from pathlib import Path

BERE = sys.argv[1]
WORK = Path(tempfile.mkdtemp(prefix="bere-ci-smoke-"))
ENV = dict(os.environ, TERM="xterm-256color", COLUMNS="80", LINES="24", BERE_DATA_DIR=str(WORK / "data"),
           BERE_CONFIG=str(WORK / "config" / "settings.json"))
ENV.pop("PYTHONPATH", None)
GAMES = [  # (variant, bots for sim)
    ("base", "random,heuristic,strong"),
    ("pro", "random,heuristic,strong"),
    ("anniversary", "random,heuristic,strong"),
    ("even-odd", "random,heuristic,strong"),
    ("bullenparty", "random,heuristic,strong"),
    ("board", "random,heuristic,strong"),
]
failures: list[str] = []


def check(what: str, code: int, out: str) -> None:
    if code != 0 or "Traceback" in out:
        failures.append(what)
        print(f"FAIL {what} (exit {code})\n{out[-3000:]}", flush=True)
    else:
        print(f"ok   {what}", flush=True)


def run(what: str, *args: str) -> str:
    done = subprocess.run([BERE, *args], cwd=WORK, env=ENV, capture_output=True, text=True, timeout=300, check=False)
    check(what, done.returncode, done.stdout + done.stderr)
    return done.stdout


def on_terminal(what: str, *args: str, env: dict | None = None) -> None:
    """`bere ARGS` in a pseudo-terminal of 80x24 until it exits after its first screen."""
    master, slave = pty.openpty()
    proc = subprocess.Popen([BERE, *args], stdin=slave, stdout=slave, stderr=slave, cwd=WORK,
                            env=dict(ENV, BERE_FIRST_SCREEN_EXIT="1", **(env or {})), start_new_session=True)
    os.close(slave)
    chunks = []
    try:
        while data := os.read(master, 65536):
            chunks.append(data)
    except OSError:  # EIO: the child closed the terminal
        pass
    os.close(master)
    try:
        code = proc.wait(timeout=60)
    except subprocess.TimeoutExpired:
        proc.kill()
        code = -9
    check(what, code, b"".join(chunks).decode("utf-8", "replace"))


for variant, bots in GAMES:
    run(f"sim {variant}", "sim", "--variant", variant, "--bots", bots, "--games", "1", "--seed", "1")
    on_terminal(f"play {variant}", "play", "--variant", variant, "--players", "Ann", "--bots", "random",
                "--seed", "1")
    autosave = WORK / "data" / ".autosave.json"
    if autosave.is_file():
        out = run(f"replay --json {variant}", "replay", str(autosave), "--json")
        if out and "bere-result" not in out:
            failures.append(f"replay --json {variant}: no bere-result")
        autosave.unlink()
on_terminal("title", )
on_terminal("teach 1", "teach", "1")
on_terminal("title in Czech", "--lang", "cs")
out = run("rules of every language are installed", "--version")
print(f"\n{len(failures)} failed: {', '.join(failures)}" if failures else "\nsmoke: every game started from the install")
sys.exit(1 if failures else 0)
