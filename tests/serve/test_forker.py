"""Sessions forked from one preloaded process (issue 33 item 9, `bere serve` does so by default): a session
reaches the title in its client's language, a resize reflows it, a dropped connection autosaves and the same
key is offered Continue, a session ended by the server's stop reads its line, and the forker ends with the
server."""

from __future__ import annotations

import asyncio
import os

import asyncssh
import pytest
from sshtools import Client, authorize, client_key, connect, running_server

from bere_tui.serve.ssh import key_folder_name

pytestmark = pytest.mark.real_gate  # a child process: the gate keeps its real delays there anyway


async def test_a_forked_session_speaks_its_clients_language_and_reflows_on_a_resize(tmp_path):
    ann = client_key(tmp_path, "ann")
    async with running_server(tmp_path / "root", preload=True) as server:
        authorize(server.config.authorized_keys, ann)
        conn = await asyncssh.connect("127.0.0.1", server.port, username="p", client_keys=[ann], known_hosts=None,
                                      agent_path=None)
        process = await conn.create_process(term_type="xterm-256color", term_size=(80, 24), encoding=None,
                                            env={"LANG": "cs_CZ.UTF-8"})
        client = Client(conn, process, 80, 24)
        try:
            await client.wait_for("Nová hra")
            client.resize(100, 30)
            await client.wait_for("Nová hra")
            assert len(client.screen.display) == 30
            client.resize(60, 20)  # below 80x24: the game says so (it got the window change)
            await client.wait_for("80x24")
        finally:
            conn.close()
            client._reader.cancel()
        forker = server.forker
        assert forker is not None and forker.returncode is None
    assert forker.returncode is not None  # it ended with the server


async def test_a_forked_session_dropped_autosaves_and_its_key_is_offered_continue(tmp_path):
    ann = client_key(tmp_path, "ann")
    async with running_server(tmp_path / "root", preload=True) as server:
        authorize(server.config.authorized_keys, ann)
        async with connect(server, ann) as client:
            await client.wait_for("New game")
            await client.keys("enter")
            await client.wait_for("Start the game")
            await client.keys("enter")
            await client.wait_for("round 1")
            pid = next(iter(server.children)).pid
            await client.drop()
        folder = server.config.data_root / "players" / key_folder_name(ann) / "data"
        for _ in range(200):  # the game saves on its terminal's hang-up and ends
            if not server.children and (folder / "autosave.json").exists():
                break
            await asyncio.sleep(0.05)
        assert (folder / "autosave.json").exists()
        with pytest.raises(ProcessLookupError):
            os.kill(pid, 0)  # that game's process has gone (the forker reaped it)
        async with connect(server, ann) as client:
            await client.wait_for("Continue the unfinished game")
            await server.close()
            await client.wait_for("The server is going down")
