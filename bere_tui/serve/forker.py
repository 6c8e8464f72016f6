"""The sessions' forker: one process that has loaded the game's libraries once and forks each session's game
from itself, so that the code and data of those libraries are shared by every session (copy-on-write) instead
of loaded again by each (issue 33 item 9). `python -m bere_tui.serve.forker SOCKET`.

The server (serve.ssh) connects to SOCKET for each session and sends one JSON line, {"env": {...}, "cwd": DIR},
with the session's pseudo-terminal passed along (SCM_RIGHTS). The forker forks: the child makes that terminal
its controlling terminal and its standard streams, takes the environment and folder, and runs the game as a
session process does (serve.session.run). The forker answers {"pid": N}, and {"exit": STATUS} when that game
ends, then closes the connection. Only what reads no client's setting is loaded here: Textual, Rich and the
engines (the screens, whose texts depend on the language, are imported by each game after it chose its
language).
"""

from __future__ import annotations

import fcntl
import gc
import json
import os
import selectors
import signal
import socket
import sys
import termios

MAX_REQUEST = 1 << 16


#: how the forker warms up before it forks games: "session" (the default: a whole session's start, see
#: warm_up_session) or "title" (the title drawn without a terminal: the way before, kept for
#: bench/serve_load.py, which measures both in one run)
WARM_UP_ENV = "BERE_FORKER_WARM_UP"
#: the scratch terminal of the warm-up: the size a session's terminal has most often
WARM_UP_SIZE = (80, 24)


def preload() -> None:
    """The libraries every game loads, loaded once here; then the warm-up, and the collector frozen."""
    import rich.console
    import rich.text  # noqa: F401
    import textual.app
    import textual.binding
    import textual.containers
    import textual.drivers.linux_driver
    import textual.screen
    import textual.widgets
    from textual.widgets import Input, OptionList, Static  # noqa: F401

    import bere_tui.bots
    import bere_tui.engine
    import bere_tui.record
    import bere_tui.table.director  # noqa: F401

    del textual.widgets
    if os.environ.get(WARM_UP_ENV) == "title":
        warm_up()
    else:
        share_parsed_css()
        warm_up_session()
        load_catalogues()
    gc.collect()
    gc.freeze()  # (the collector does not touch the loaded objects, so their pages stay shared)


def warm_up() -> None:
    """Draw the title once, without a terminal, in a scratch folder: the caches every game fills as it draws
    (styles, text measures) are filled here once and shared."""
    import tempfile

    saved = dict(os.environ)
    with tempfile.TemporaryDirectory(prefix="bere-warm-") as scratch:
        os.environ.update({"BERE_DATA_DIR": scratch, "BERE_CONFIG": os.path.join(scratch, "settings.json"),
                           "BERE_FIRST_SCREEN_EXIT": "1"})
        try:
            from bere_tui.ui.app import BereApp

            BereApp(remember=False).run(headless=True, size=(80, 24))
        finally:
            os.environ.clear()
            os.environ.update(saved)


def warm_up_session() -> None:
    """Start one session's game here as every session starts (serve.session.run: the command line, the
    language, the settings, the app, the terminal driver, the title drawn and written to a terminal), on a
    scratch pseudo-terminal and in a scratch folder; it ends at its first screen.

    A forked game shares the forker's memory only until it writes to it, and Python writes to every object it
    uses (its reference count) and to every function it runs the first times (the interpreter's warm-up and
    specialisation of its code). What a game imported, built and ran on its way to the title after the fork was
    so its own: about 8 MiB of its 15 (the command line's parser and the modules only a session imports, the
    terminal driver and the escape codes of a real terminal, which a title drawn without a terminal never
    runs). Done here once, it is shared, and a game runs only warm code on that way."""
    import pty
    import struct
    import tempfile
    import threading

    master, slave = pty.openpty()
    cols, rows = WARM_UP_SIZE
    fcntl.ioctl(slave, termios.TIOCSWINSZ, struct.pack("HHHH", rows, cols, 0, 0))

    def drain() -> None:  # (the screen goes nowhere; a full terminal would stop the game)
        while True:
            try:
                if not os.read(master, 1 << 16):
                    return
            except OSError:  # EIO: no one has the terminal open any more
                return

    reader = threading.Thread(target=drain, name="bere-warm-up", daemon=True)
    reader.start()
    saved_env = dict(os.environ)
    saved_fds = [os.dup(fd) for fd in (0, 1, 2)]
    saved_streams = (sys.stdin, sys.stdout, sys.stderr, sys.__stdin__, sys.__stdout__, sys.__stderr__)
    others = set(threading.enumerate())
    with tempfile.TemporaryDirectory(prefix="bere-warm-") as scratch:
        os.environ.update({"TERM": "xterm-256color", "COLORTERM": "truecolor", "PYTHONUTF8": "1",
                           "BERE_SERVE": "1", "BERE_DATA_DIR": os.path.join(scratch, "data"),
                           "BERE_CONFIG": os.path.join(scratch, "settings.json"),
                           "BERE_SESSION_LOG": os.path.join(scratch, "errors.log"), "BERE_FIRST_SCREEN_EXIT": "1"})
        try:
            use_terminal(slave)
            from bere_tui.serve.session import run

            run()
        finally:
            for fd, saved in zip((0, 1, 2), saved_fds, strict=True):
                os.dup2(saved, fd)
                os.close(saved)
            (sys.stdin, sys.stdout, sys.stderr, sys.__stdin__, sys.__stdout__, sys.__stderr__) = saved_streams
            os.environ.clear()
            os.environ.update(saved_env)
            for thread in set(threading.enumerate()) - others - {reader}:  # (the driver's: they end with it)
                thread.join(2)
            os.close(slave)
            reader.join(2)
            os.close(master)


def share_parsed_css() -> None:
    """Textual parses the whole CSS again for each app (its Stylesheet keeps what it parsed for itself only):
    here every app of the process asks one cache first, by the CSS, its place and the theme's variables, so
    that a forked game finds the rules the warm-up parsed (shared) instead of parsing them again (about 1 MiB
    of its own). The rules are only read once parsed (textual.css.stylesheet, textual 8.2.8 as pinned)."""
    from textual.css.stylesheet import Stylesheet

    parse = Stylesheet._parse_rules
    if getattr(parse, "shared", False):
        return
    parsed: dict[tuple, list] = {}

    def shared_parse(self, css, read_from, is_default_rules=False, tie_breaker=0, scope=""):
        key = (css, read_from, is_default_rules, tie_breaker, scope, tuple(sorted(self._variables.items())))
        rules = parsed.get(key)
        if rules is None:
            rules = parsed[key] = parse(self, css, read_from, is_default_rules, tie_breaker, scope)
        return rules

    shared_parse.shared = True  # type: ignore[attr-defined]
    Stylesheet._parse_rules = shared_parse  # type: ignore[method-assign]


def load_catalogues() -> None:
    """Every language's catalogue read once (gettext keeps each it has read): a game in Czech or Polish shares
    it instead of reading its own."""
    from bere_tui import i18n

    for code in i18n.available():
        i18n.translated("", code)


def use_terminal(fd: int) -> None:
    """The terminal `fd` as the standard streams, Python's too (fds 0-2 and sys.std*)."""
    for target in (0, 1, 2):
        os.dup2(fd, target)
    sys.stdin = open(0, encoding="utf-8", closefd=False)  # noqa: SIM115 - the streams of the new terminal
    sys.stdout = open(1, "w", encoding="utf-8", closefd=False)  # noqa: SIM115
    sys.stderr = sys.__stderr__ = open(2, "w", encoding="utf-8", closefd=False)  # noqa: SIM115
    sys.__stdin__, sys.__stdout__ = sys.stdin, sys.stdout


def run_child(fd: int, env: dict[str, str], cwd: str) -> None:  # pragma: no cover - the forked game
    """In the forked child: the session's terminal, environment and folder, then the game."""
    os.setsid()
    fcntl.ioctl(fd, termios.TIOCSCTTY, 0)
    use_terminal(fd)
    if fd > 2:
        os.close(fd)
    os.environ.clear()
    os.environ.update(env)
    os.chdir(cwd)
    for sig in (signal.SIGCHLD, signal.SIGINT, signal.SIGTERM, signal.SIGHUP):
        signal.signal(sig, signal.SIG_DFL)
    import random

    random.seed()  # (each game its own random numbers, not the forker's)
    from bere_tui.serve.session import run

    code = 1
    try:
        code = run()
    finally:
        try:
            sys.stdout.flush()
        except (OSError, ValueError):
            pass
        os._exit(code if isinstance(code, int) else 1)


def serve(path: str) -> None:  # pragma: no cover - the forker's own process (tested through the server)
    preload()
    listener = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
    listener.bind(path)
    os.chmod(path, 0o600)
    listener.listen(64)
    waker_r, waker_w = os.pipe()
    os.set_blocking(waker_w, False)
    signal.set_wakeup_fd(waker_w)
    signal.signal(signal.SIGCHLD, lambda *_: None)
    stop = []
    signal.signal(signal.SIGTERM, lambda *_: stop.append(True))
    sel = selectors.DefaultSelector()
    sel.register(listener, selectors.EVENT_READ, "listen")
    sel.register(waker_r, selectors.EVENT_READ, "signal")
    games: dict[int, socket.socket] = {}
    server = os.getppid()
    print("ready", flush=True)
    while not stop and os.getppid() == server:  # (the forker ends with its server, however that ends)
        for key, _mask in sel.select(timeout=2.0):
            if key.data == "listen":
                conn, _addr = listener.accept()
                fork_one(conn, listener, sel, games)
            elif key.data == "signal":
                os.read(waker_r, 512)
        reap(games)
    listener.close()


def fork_one(conn: socket.socket, listener: socket.socket, sel, games: dict) -> None:  # pragma: no cover
    try:
        conn.settimeout(10)
        message, fds, _flags, _addr = socket.recv_fds(conn, MAX_REQUEST, 1)
        request = json.loads(message)
        env, cwd = dict(request["env"]), str(request["cwd"])
    except (OSError, ValueError, KeyError, TypeError):
        conn.close()
        return
    if len(fds) != 1:
        for fd in fds:
            os.close(fd)
        conn.close()
        return
    pid = os.fork()
    if pid == 0:
        try:
            signal.set_wakeup_fd(-1)
            sel.close()
            listener.close()
            for other in games.values():
                other.close()
            conn.close()
            run_child(fds[0], env, cwd)
        except BaseException:  # noqa: BLE001 - the forked child never returns into the forker's loop
            import traceback

            try:
                with open(env.get("BERE_SESSION_LOG") or os.devnull, "a", encoding="utf-8") as log:
                    traceback.print_exc(file=log)
            except OSError:
                pass
        finally:
            os._exit(1)
    os.close(fds[0])
    games[pid] = conn
    try:
        conn.sendall(json.dumps({"pid": pid}).encode() + b"\n")
    except OSError:
        pass


def reap(games: dict) -> None:  # pragma: no cover
    while games:
        try:
            pid, status = os.waitpid(-1, os.WNOHANG)
        except ChildProcessError:
            return
        if pid == 0:
            return
        conn = games.pop(pid, None)
        if conn is not None:
            try:
                conn.sendall(json.dumps({"exit": os.waitstatus_to_exitcode(status)}).encode() + b"\n")
            except OSError:
                pass
            conn.close()


if __name__ == "__main__":  # pragma: no cover
    serve(sys.argv[1])
