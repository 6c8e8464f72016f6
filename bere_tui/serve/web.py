"""`bere serve --web`: the game in a browser through textual-serve (the `web` extra), on localhost by default.

textual-serve starts one game process per browser tab (a websocket). Each starts here, in `session_main`,
with a data folder of its own under the data root (autosave, saves, history, settings), in serve mode: no path
comes from the browser, and a save made with ctrl+s is also offered as a download. The folder goes when the
tab's game ends; folders left by games that were killed are swept when the server starts.

`BereWebServer` adds to textual-serve's server: at most `max_sessions` games at once, a window size kept
within serve.limits (at the start and at every resize), a websocket only from a page of the server's own host (the Origin header: another web site's page cannot drive a game), and a page
that loads nothing from the internet (textual-serve's page links a web font; it is left out).
"""

from __future__ import annotations

import ipaddress
import os
import re
import shlex
import shutil
import sys
import uuid
from datetime import datetime
from pathlib import Path
from urllib.parse import urlsplit

from bere_tui.i18n import ENGLISH, N_, _, known, translated
from bere_tui.safetext import error_line
from bere_tui.serve.limits import clamped_size

WEB_ENV = "BERE_WEB"
PID_FILE = "pid"  # in a session's folder: the game's process, while it runs
WILDCARD_HOSTS = ("", "0.0.0.0", "::")
LOOPBACK_NAMES = {"localhost", "127.0.0.1", "::1"}
WEB_FONT = re.compile(r"<link[^>]*fonts\.googleapis\.com[^>]*>", re.IGNORECASE | re.DOTALL)


def session_folder(root: Path, now: datetime | None = None) -> Path:
    """A new folder for one browser session: its date and time, and a random part no other session has."""
    stamp = (now or datetime.now()).strftime("%Y%m%d-%H%M%S")
    folder = root / "web" / f"{stamp}-{uuid.uuid4().hex[:8]}"
    folder.mkdir(parents=True)
    return folder


def session_env(folder: Path) -> dict[str, str]:
    return {"BERE_DATA_DIR": str(folder / "data"), "BERE_CONFIG": str(folder / "settings.json"),
            "BERE_SERVE": "1", WEB_ENV: "1"}


def session_main(argv: list[str] | None = None) -> int:  # pragma: no cover - runs under textual-serve
    """One browser session's game: `python -m bere_tui.serve.web ROOT`. Its folder goes when it ends (the tab
    cannot come back to it: the next tab gets a new one; a save was offered as a download)."""
    argv = sys.argv[1:] if argv is None else argv
    root = Path(argv[0]) if argv else Path.cwd()
    folder = session_folder(root)
    (folder / PID_FILE).write_text(str(os.getpid()), encoding="utf-8")
    os.environ.update(session_env(folder))
    from bere_tui.cli import main

    try:
        return main([])
    finally:
        shutil.rmtree(folder, ignore_errors=True)


def running(pid_file: Path) -> bool:
    """Whether the game named in a session's pid file still runs."""
    try:
        os.kill(int(pid_file.read_text(encoding="utf-8").strip()), 0)
    except ProcessLookupError:
        return False
    except PermissionError:
        return True  # a process of another user has that number
    except (OSError, ValueError):
        return False
    return True


def sweep_sessions(root: Path) -> list[Path]:
    """Remove the session folders whose game no longer runs (killed, or the server stopped); the removed ones."""
    gone = []
    folder = root / "web"
    if not folder.is_dir():
        return gone
    for session in folder.iterdir():
        if session.is_dir() and not session.is_symlink() and not running(session / PID_FILE):
            shutil.rmtree(session, ignore_errors=True)
            gone.append(session)
    return gone


def origin_allowed(origin: str | None, host_header: str, listen_host: str) -> bool:
    """Whether a websocket may open: no Origin (not a page in a browser), or a page of this very server. When
    the server listens on one address, the page's host must be that address (or, for a loopback address, any
    name of this machine's loopback: the page may be opened at localhost while its script connects to
    127.0.0.1) and its port this server's port, so that a page of another site cannot reach it, even through a
    DNS name made to point here. When it listens on every address, the page must come from the very host and
    port the browser connects to (the Host header)."""
    if origin is None:
        return True
    page, here = urlsplit(origin), urlsplit("//" + host_header)
    try:
        page_port = page.port or {"http": 80, "https": 443}.get(page.scheme)
        here_port = here.port or 80
    except ValueError:  # a port that is not a number
        return False
    if page.scheme not in ("http", "https") or not page.hostname:
        return False
    if listen_host in WILDCARD_HOSTS:
        return page.netloc.lower() == host_header.lower()
    names = {listen_host.lower()}
    try:
        if ipaddress.ip_address(listen_host).is_loopback:
            names |= LOOPBACK_NAMES
    except ValueError:
        if listen_host.lower() == "localhost":
            names |= LOOPBACK_NAMES
    return page.hostname.lower() in names and page_port == here_port


#: what a browser reads when every session is taken (in the browser's language)
FULL = N_("The table is full ({n} sessions); try again later.")
#: what a page of another site that tries to open a game reads (in the browser's language)
FOREIGN = N_("Only this server's own page may open a game.")


def browser_language(accept: str | None) -> str:
    """The first language of a browser's Accept-Language ("cs-CZ,cs;q=0.9,en;q=0.8") that has a catalogue, else
    English: a line the server writes to a browser is in that browser's language (issue 33 item 6)."""
    for item in (accept or "").split(","):
        code = known(item.split(";")[0].strip())
        if code is not None:
            return code
    return ENGLISH


def _number(value) -> int:
    """A size the page sent (a query string or a JSON value): 0 when it is not a whole number."""
    try:
        return int(value)
    except (TypeError, ValueError):
        return 0


def make_server(root: Path, host: str, port: int, max_sessions: int):
    """textual-serve's server for the game, with bere's limits (see the module's text)."""
    import aiohttp_jinja2
    import jinja2
    from aiohttp import web
    from textual_serve.server import Server

    class OfflinePage(jinja2.FileSystemLoader):
        """textual-serve's page without its web font link."""

        def get_source(self, environment, template):
            source, filename, uptodate = super().get_source(environment, template)
            return WEB_FONT.sub("", source), filename, uptodate

    class BereWebServer(Server):
        def __init__(self) -> None:
            super().__init__(game_command(root), host=host, port=port, title="bere-tui")
            self.max_sessions = max_sessions
            self.sessions = 0

        async def _make_app(self) -> web.Application:
            app = await super()._make_app()
            aiohttp_jinja2.setup(app, loader=OfflinePage(self.templates_path))
            return app

        async def handle_websocket(self, request: web.Request) -> web.StreamResponse:
            if not origin_allowed(request.headers.get("Origin"), request.host, host):
                return web.Response(status=403, text=translated(FOREIGN, browser_language(
                    request.headers.get("Accept-Language"))))
            if self.sessions >= self.max_sessions:
                websocket = web.WebSocketResponse()
                await websocket.prepare(request)
                text = translated(FULL, browser_language(request.headers.get("Accept-Language"))).format(
                    n=self.max_sessions)
                await websocket.send_bytes(("\r\n" + text + "\r\n").encode("utf-8"))
                await websocket.close()
                return websocket
            query = request.rel_url.query
            cols, rows = clamped_size(_number(query.get("width")), _number(query.get("height")))
            self.sessions += 1
            try:
                return await super().handle_websocket(
                    request.clone(rel_url=request.rel_url.update_query(width=cols, height=rows)))
            finally:
                self.sessions -= 1

        async def _process_messages(self, websocket, app_service) -> None:
            resize = app_service.set_terminal_size

            async def clamped(width: int, height: int) -> None:
                await resize(*clamped_size(_number(width), _number(height)))

            app_service.set_terminal_size = clamped  # every resize the page sends
            await super()._process_messages(websocket, app_service)

    return BereWebServer()


def game_command(root: Path) -> str:
    return " ".join(shlex.quote(part) for part in (sys.executable, "-m", "bere_tui.serve.web", str(root)))


def run_web(args) -> int:
    try:
        import textual_serve.server  # noqa: F401
    except ImportError:
        print(_("error: serving in a browser needs textual-serve: pip install 'bere-tui[web]'"), file=sys.stderr)
        return 2
    from bere_tui.storage import data_dir

    root = Path(args.data_root) if args.data_root else data_dir() / "serve"
    try:
        root.mkdir(parents=True, exist_ok=True)
    except OSError as exc:
        problem = _("cannot use the data folder {path}: {why}").format(path=root, why=exc.strerror or exc)
        print(error_line(problem), file=sys.stderr)
        return 2
    host = args.host
    port = args.port or 8000
    sweep_sessions(root)
    print(_("bere serve --web: open http://{host}:{port} in a browser (data: {root}). Ctrl+C stops it.").format(
        host=host, port=port, root=root), flush=True)
    make_server(root, host, port, args.max_sessions).serve()
    return 0


if __name__ == "__main__":  # pragma: no cover
    sys.exit(session_main())
