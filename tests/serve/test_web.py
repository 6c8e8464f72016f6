"""`bere serve --web` (issue 15): one data folder per browser session, in serve mode, and the page itself."""

from __future__ import annotations

from pathlib import Path

from bere_tui.serve.web import game_command, session_env, session_folder


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
    assert list((tmp_path / "web").iterdir())  # the session's own folder
