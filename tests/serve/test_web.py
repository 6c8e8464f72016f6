"""`bere serve --web` (issue 15): one data folder per browser session, in serve mode, and the page itself."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
from pathlib import Path

import pytest

from bere_tui.serve.web import (
    PID_FILE,
    game_command,
    make_server,
    origin_allowed,
    session_env,
    session_folder,
    sweep_sessions,
)

#: how textual-serve starts a game (textual_serve.app_service.AppService._build_environment)
WEB_ENV = {"TEXTUAL_DRIVER": "textual.drivers.web_driver:WebDriver", "TEXTUAL_FPS": "60",
           "TEXTUAL_COLOR_SYSTEM": "truecolor", "TERM_PROGRAM": "textual"}


def end_game(pid_file: Path) -> None:
    """Kill the game named in a session's pid file, if it still runs (and is a web game: not a pid reused)."""
    try:
        pid = int(pid_file.read_text(encoding="utf-8"))
        if b"bere_tui.serve.web" in Path(f"/proc/{pid}/cmdline").read_bytes():
            os.kill(pid, signal.SIGKILL)
    except (OSError, ValueError):
        pass


@pytest.fixture(autouse=True)
def no_game_outlives_its_test(tmp_path):
    """Every game a test started ends with the test: a game's folder is gone when it ended by itself; one still
    there names the game's process (textual-serve's child is the shell: killing it left the game running)."""
    yield
    for pid_file in (tmp_path / "web").glob(f"*/{PID_FILE}"):
        end_game(pid_file)


def test_each_browser_session_gets_a_data_folder_of_its_own(tmp_path):
    first, second = session_folder(tmp_path), session_folder(tmp_path)
    assert first != second and first.parent == second.parent == tmp_path / "web"
    env = session_env(first)
    assert env["BERE_DATA_DIR"] == str(first / "data") and env["BERE_CONFIG"] == str(first / "settings.json")
    assert env["BERE_SERVE"] == "1" and env["BERE_WEB"] == "1"


def test_the_game_command_names_the_data_root_quoted(tmp_path):
    root = tmp_path / "a folder; rm -rf"
    command = game_command(root)
    assert command.endswith("-m bere_tui.serve.web '" + str(root) + "'")


async def test_the_page_is_served():
    from aiohttp.test_utils import TestClient, TestServer
    from textual_serve.server import Server

    server = Server(game_command(Path("/tmp")), host="127.0.0.1", port=0, title="bere-tui")
    app = await server._make_app()
    async with TestClient(TestServer(app)) as client:
        response = await client.get("/")
        assert response.status == 200
        assert "bere-tui" in await response.text()


async def test_a_browser_session_reaches_the_title_and_takes_keys(tmp_path, monkeypatch):
    """Through the websocket the page's script uses: the game's output, read by a terminal emulator, shows the
    title; a key (as the page sends it) opens the setup."""
    import asyncio
    import time

    import pyte
    from aiohttp.test_utils import TestClient, TestServer
    from textual_serve.app_service import AppService
    from textual_serve.server import Server

    started = []
    open_process = AppService._open_app_process

    async def recorded(service, *args, **kwargs):
        started.append(await open_process(service, *args, **kwargs))
        return started[-1]

    monkeypatch.setattr(AppService, "_open_app_process", recorded)
    server = Server(game_command(tmp_path), host="127.0.0.1", port=0, title="bere-tui")
    screen = pyte.Screen(80, 24)
    stream = pyte.ByteStream(screen)

    def text() -> str:
        return "\n".join(screen.display)

    async with TestClient(TestServer(await server._make_app())) as client:
        ws = await client.ws_connect("/ws?width=80&height=24")

        async def until(words: str) -> None:
            end = time.monotonic() + 30
            while words not in text():
                assert time.monotonic() < end, text()
                try:
                    message = await ws.receive(timeout=1)
                except TimeoutError:
                    continue
                if isinstance(message.data, bytes):
                    stream.feed(message.data)

        await until("New game")
        await asyncio.sleep(0.6)  # past the input gate
        await ws.send_json(["stdin", "\r"])
        await until("Start the game")
        await ws.close()
        for process in started:  # the server ends the session's game when its websocket closes
            await asyncio.wait_for(process.wait(), 30)
    assert started and not list((tmp_path / "web").iterdir())  # the session's own folder went with its game


async def test_the_page_loads_nothing_from_the_internet(tmp_path):
    from aiohttp.test_utils import TestClient, TestServer

    server = make_server(tmp_path, "127.0.0.1", 0, 4)
    async with TestClient(TestServer(await server._make_app())) as client:
        page = await (await client.get("/")).text()
    assert "bere-tui" in page and "xterm.css" in page
    assert "googleapis" not in page and "https://" not in page


def test_only_a_page_of_the_servers_own_host_may_open_a_game():
    assert origin_allowed(None, "127.0.0.1:8000", "127.0.0.1")  # not a browser page
    assert origin_allowed("http://127.0.0.1:8000", "127.0.0.1:8000", "127.0.0.1")
    assert origin_allowed("http://localhost:8000", "localhost:8000", "127.0.0.1")
    assert origin_allowed("http://localhost:8000", "127.0.0.1:8000", "127.0.0.1")  # the page's script: 127.0.0.1
    assert origin_allowed("http://[::1]:8000", "[::1]:8000", "::1")
    assert origin_allowed("http://games.example:8000", "games.example:8000", "0.0.0.0")
    assert not origin_allowed("http://evil.example", "127.0.0.1:8000", "127.0.0.1")  # another site's page
    assert not origin_allowed("http://127.0.0.1:9999", "127.0.0.1:8000", "127.0.0.1")  # another port
    assert not origin_allowed("null", "127.0.0.1:8000", "127.0.0.1")  # a sandboxed page or a file
    assert not origin_allowed("http://127.0.0.1:x", "127.0.0.1:8000", "127.0.0.1")
    assert not origin_allowed("http://other.example:8000", "games.example:8000", "0.0.0.0")
    # a DNS name made to point at 127.0.0.1: the browser's Host and Origin agree, but it is not this server's
    assert not origin_allowed("http://evil.example:8000", "evil.example:8000", "127.0.0.1")


async def test_a_websocket_from_another_sites_page_is_refused(tmp_path):
    import aiohttp
    import pytest
    from aiohttp.test_utils import TestClient, TestServer

    server = make_server(tmp_path, "127.0.0.1", 0, 4)
    async with TestClient(TestServer(await server._make_app(), host="127.0.0.1")) as client:
        with pytest.raises(aiohttp.WSServerHandshakeError) as refused:
            await client.ws_connect("/ws?width=80&height=24", headers={"Origin": "http://evil.example"})
    assert refused.value.status == 403
    assert not (tmp_path / "web").exists()  # no game was started


async def test_max_sessions_is_honoured(tmp_path, monkeypatch):
    """One session at most: a second tab reads one line and its websocket closes; no second game starts."""
    import asyncio

    from aiohttp import WSMsgType
    from aiohttp.test_utils import TestClient, TestServer
    from textual_serve.app_service import AppService

    started = []
    open_process = AppService._open_app_process

    async def recorded(service, *args, **kwargs):
        started.append(await open_process(service, *args, **kwargs))
        return started[-1]

    monkeypatch.setattr(AppService, "_open_app_process", recorded)
    server = make_server(tmp_path, "127.0.0.1", 0, 1)
    async with TestClient(TestServer(await server._make_app())) as client:
        own_page = {"Origin": f"http://localhost:{client.port}"}  # the server's own page, opened at localhost
        first = await client.ws_connect("/ws?width=80&height=24", headers=own_page)
        second = await client.ws_connect("/ws?width=80&height=24", headers=own_page)
        said = b""
        while True:
            message = await asyncio.wait_for(second.receive(), 30)
            if message.type != WSMsgType.BINARY:
                break
            said += message.data
        assert b"full (1 sessions)" in said
        await first.close()
        for process in started:
            await asyncio.wait_for(process.wait(), 30)
    assert len(started) == 1


def test_the_folders_of_games_that_no_longer_run_are_swept(tmp_path):
    import os
    import subprocess
    import sys

    done = subprocess.run([sys.executable, "-c", "import os; print(os.getpid())"], capture_output=True, text=True,
                          check=False)
    killed, live, bare = (session_folder(tmp_path) for _ in range(3))
    (killed / "pid").write_text(done.stdout.strip())
    (live / "pid").write_text(str(os.getpid()))
    (killed / "data").mkdir()
    assert sorted(sweep_sessions(tmp_path)) == sorted([killed, bare])
    assert list((tmp_path / "web").iterdir()) == [live]


async def test_a_huge_window_is_cut_at_start_and_on_every_resize(tmp_path, monkeypatch):
    import asyncio

    from aiohttp import WSMsgType
    from aiohttp.test_utils import TestClient, TestServer
    from textual_serve.app_service import AppService

    from bere_tui.serve.limits import MAX_COLS, MAX_ROWS

    sizes, started = [], []
    open_process, send_meta = AppService._open_app_process, AppService.send_meta

    async def recorded(service, width=80, height=24):
        sizes.append((width, height))
        started.append(await open_process(service, width, height))
        return started[-1]

    async def meta(service, data):
        if data.get("type") == "resize":
            sizes.append((data["width"], data["height"]))
        return await send_meta(service, data)

    monkeypatch.setattr(AppService, "_open_app_process", recorded)
    monkeypatch.setattr(AppService, "send_meta", meta)
    server = make_server(tmp_path, "127.0.0.1", 0, 4)
    async with TestClient(TestServer(await server._make_app())) as client:
        ws = await client.ws_connect("/ws?width=20000&height=20000")
        for _ in range(600):  # until the game has started (bounded)
            if started:
                break
            await asyncio.sleep(0.05)
        await ws.send_json(["resize", {"width": 30000, "height": 9}])
        await ws.send_json(["ping", "after the resize"])
        while True:  # the game's output comes as binary messages; the pong as text
            message = await asyncio.wait_for(ws.receive(), 30)
            if message.type == WSMsgType.TEXT and message.json() == ["pong", "after the resize"]:
                break
            assert message.type in (WSMsgType.TEXT, WSMsgType.BINARY), message
        await ws.close()
        for process in started:
            await asyncio.wait_for(process.wait(), 30)
    assert sizes == [(MAX_COLS, MAX_ROWS), (MAX_COLS, 9)]


def _start_game(root: Path, cols: int = 80, rows: int = 24) -> subprocess.Popen:
    """A web game as textual-serve starts one, its pipes ours; returned once it has said it is ready."""
    env = {**os.environ, **WEB_ENV, "COLUMNS": str(cols), "ROWS": str(rows)}
    game = subprocess.Popen([sys.executable, "-m", "bere_tui.serve.web", str(root)], stdin=subprocess.PIPE,
                            stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, env=env)
    assert game.stdout.readline() == b"__GANGLION__\n"
    return game


def _waits_in_a_write(game: subprocess.Popen, seconds: float = 0.1) -> bool:
    """Whether the game's main thread waits in a write to a full pipe (within `seconds`, bounded)."""
    import time

    end = time.monotonic() + seconds
    while True:
        if Path(f"/proc/{game.pid}/wchan").read_text().endswith("pipe_write"):  # (anon_pipe_write)
            return True
        if time.monotonic() > end:
            return False
        time.sleep(0.05)


def _meta(game: subprocess.Popen, data: dict) -> None:
    packet = json.dumps(data).encode("utf-8")
    game.stdin.write(b"M" + len(packet).to_bytes(4, "big") + packet)
    game.stdin.flush()


@pytest.mark.parametrize("closed", ["stdin", "both"])
def test_a_web_game_ends_when_its_server_goes_away(tmp_path, closed):
    """The server's end of the pipes closes without the "quit" it sends when a tab closes (the server stopped
    or was killed): the game ends by itself (it ran on for ever, ui/web_driver.py), and its folder goes."""
    game = _start_game(tmp_path)
    try:
        game.stdin.close()
        if closed == "both":
            game.stdout.close()
        assert game.wait(30) == 128 + signal.SIGHUP  # as a lost terminal: autosave, a clean stop
        assert not list((tmp_path / "web").iterdir())
    finally:
        game.kill()
        game.stdout.close()


def test_a_web_game_whose_screen_nobody_reads_ends_on_sigterm(tmp_path):
    """The server stops reading the game's screen while it redraws a large window (a full pipe: the game's
    event loop waits in a write): SIGTERM still ends it (Textual's own handler waited for that loop)."""
    game = _start_game(tmp_path, 500, 200)
    try:
        for k in range(30):  # each a screen of a new size; nobody reads them
            _meta(game, {"type": "resize", "width": 400 + k, "height": 150 + k})
            if _waits_in_a_write(game):
                break
        assert _waits_in_a_write(game, 30)
        game.send_signal(signal.SIGTERM)
        assert game.wait(30) == 128 + signal.SIGTERM
    finally:
        game.kill()
        game.stdin.close()
        game.stdout.close()


def test_a_line_the_server_writes_to_a_browser_is_in_the_browsers_language():
    """Issue 33 item 6: "the table is full" and the refusal of another site's page, in the browser's words."""
    from bere_tui.i18n import translated
    from bere_tui.serve.web import FULL, browser_language

    assert browser_language("cs-CZ,cs;q=0.9,en;q=0.8") == "cs"
    assert browser_language("pt-BR, pl;q=0.5") == "pl"
    assert browser_language(None) == browser_language("*") == browser_language("xx") == "en"
    assert translated(FULL, browser_language("cs")) != FULL
