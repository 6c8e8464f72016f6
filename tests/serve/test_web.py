"""`bere serve --web` (issue 15): one data folder per browser session, in serve mode, and the page itself."""

from __future__ import annotations

from pathlib import Path

from bere_tui.serve.web import (
    game_command,
    make_server,
    origin_allowed,
    session_env,
    session_folder,
    sweep_sessions,
)


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
