"""`bere ARGS` for the tests of the command line, two ways, each giving what `subprocess.run` gives (the exit
code, standard output and standard error as text).

`run_bere` runs it in this process, as the `bere` script does (`bere_tui.cli.main`, a SystemExit turned into its
exit code), with standard output and error caught by streams that encode as a terminal's do (UTF-8; output
strict, so printing a text that cannot be encoded fails as it would, errors with backslashes): a few
milliseconds instead of the 0.3 s a new Python process spends starting and importing. The language bere
installs (--lang, the settings) is put back afterwards, as a process would leave nothing behind.

`real_bere` runs the installed script in a process of its own: for what only a process shows (the script
itself, a command that would start serving or a screen), and for tests/cli/test_script.py, which checks that
both ways print the same. `assert_one_error` checks a refusal as spec/record.md words it.
"""

from __future__ import annotations

import contextlib
import io
import subprocess
import sys
from pathlib import Path

from bere_tui import cli, i18n


def bere_command() -> list[str]:
    """The installed `bere` script beside this Python, else `python -m bere_tui`."""
    script = Path(sys.executable).with_name("bere")
    return [str(script)] if script.is_file() else [sys.executable, "-m", "bere_tui"]


def real_bere(*args: str, timeout: float = 120) -> subprocess.CompletedProcess:
    return subprocess.run([*bere_command(), *args], capture_output=True, text=True, timeout=timeout, check=False,
                          stdin=subprocess.DEVNULL)


def _stream(errors: str) -> io.TextIOWrapper:
    return io.TextIOWrapper(io.BytesIO(), encoding="utf-8", errors=errors, newline="\n", write_through=True)


def _text(stream: io.TextIOWrapper) -> str:
    stream.flush()
    return stream.buffer.getvalue().decode("utf-8", errors="replace")


def _no_screen(args) -> int:
    raise AssertionError("this command would start bere's screen: run it with real_bere")


def run_bere(*args: str) -> subprocess.CompletedProcess:
    from bere_tui.ui import app

    out, err = _stream("strict"), _stream("backslashreplace")
    language, run_app = i18n.current(), app.run_app
    app.run_app = _no_screen
    try:
        with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
            try:
                code = cli.main(list(args))
            except SystemExit as stop:  # argparse's errors and --help, as the interpreter ends a process
                if stop.code is None or isinstance(stop.code, int):
                    code = stop.code or 0
                else:
                    print(stop.code, file=sys.stderr)
                    code = 1
    finally:
        i18n.install(language)
        app.run_app = run_app
    return subprocess.CompletedProcess(["bere", *args], code, _text(out), _text(err))


def assert_one_error(done: subprocess.CompletedProcess, *parts: str) -> str:
    """Exit 2, nothing on standard output, one `error:` line naming every one of `parts`, no traceback."""
    assert done.returncode == 2, (done.returncode, done.stdout, done.stderr)
    assert done.stdout == ""
    assert "Traceback" not in done.stderr
    lines = done.stderr.splitlines()
    assert len(lines) == 1 and lines[0].startswith("error: "), done.stderr
    for part in parts:
        assert part in lines[0], lines[0]
    return lines[0]
