"""`bere serve` (issue 15): an SSH client (asyncssh, no ssh binary) reaches the title with an authorized key,
another key is refused, a resize reflows the screen, and a dropped connection autosaves so that the same
key's next login offers Continue."""

from __future__ import annotations

import asyncio
import os
import stat

import asyncssh
import pytest
from sshtools import authorize, client_key, connect, running_server

from bere_tui.i18n import translated
from bere_tui.serve.ssh import NO_TERMINAL, game_env, key_folder_name, read_authorized_keys

pytestmark = pytest.mark.real_gate  # a child process: the gate keeps its real delays there anyway


async def test_an_authorized_key_reaches_the_title_at_80x24_and_another_key_is_refused(tmp_path):
    ann, stranger = client_key(tmp_path, "ann"), client_key(tmp_path, "stranger")
    async with running_server(tmp_path / "root") as server:
        authorize(server.config.authorized_keys, ann)
        async with connect(server, ann) as client:
            text = await client.wait_for("New game")
            assert "6 nimmt! at one keyboard" in text
        with pytest.raises(asyncssh.PermissionDenied):
            async with connect(server, stranger):
                pass
        # the host key was made on the first start, readable by its owner alone
        mode = stat.S_IMODE(os.stat(server.config.host_key).st_mode)
        assert mode == 0o600


async def test_a_key_added_while_the_server_runs_gets_in_at_once(tmp_path):
    ann = client_key(tmp_path, "ann")
    async with running_server(tmp_path / "root") as server:
        with pytest.raises(asyncssh.PermissionDenied):
            async with connect(server, ann):
                pass
        authorize(server.config.authorized_keys, ann)
        async with connect(server, ann) as client:
            await client.wait_for("New game")


async def test_a_resize_reflows_the_screen(tmp_path):
    ann = client_key(tmp_path, "ann")
    async with running_server(tmp_path / "root") as server:
        authorize(server.config.authorized_keys, ann)
        async with connect(server, ann, 80, 24) as client:
            await client.wait_for("New game")
            assert len(client.screen.display) == 24
            client.resize(60, 20)  # below 80x24: the game says so
            await client.wait_for("at least 80x24")
            client.resize(100, 30)
            text = await client.wait_for("New game")
            assert "at least 80x24" not in text


async def test_a_dropped_connection_autosaves_and_the_same_key_is_offered_continue(tmp_path):
    ann, ben = client_key(tmp_path, "ann"), client_key(tmp_path, "ben")
    async with running_server(tmp_path / "root") as server:
        authorize(server.config.authorized_keys, ann, ben)
        async with connect(server, ann) as client:
            await client.wait_for("New game")
            await client.keys("enter")  # New game: the setup screen
            await client.wait_for("Start the game")
            await client.keys("enter")  # start the game as set up
            await client.wait_for("round 1")
            await client.drop()
        folder = server.config.data_root / "players" / key_folder_name(ann) / "data"
        for _ in range(200):  # the game saves on its terminal's hang-up and ends
            if not server.children and (folder / "autosave.json").exists():
                break
            await asyncio.sleep(0.05)
        assert (folder / "autosave.json").exists()
        async with connect(server, ann) as client:
            await client.wait_for("Continue the unfinished game")
        async with connect(server, ben) as client:  # another key has a folder of its own
            text = await client.wait_for("New game")
            assert "Continue" not in text


async def test_a_command_or_a_session_without_a_terminal_gets_one_clear_line(tmp_path):
    ann = client_key(tmp_path, "ann")
    async with running_server(tmp_path / "root") as server:
        authorize(server.config.authorized_keys, ann)
        async with asyncssh.connect("127.0.0.1", server.port, username="x", client_keys=[ann], known_hosts=None,
                                    agent_path=None) as conn:
            result = await conn.run("cat /etc/passwd")
            assert result.exit_status == 2 and "Only the game runs here" in result.stdout
            result = await conn.run("join ../../x")
            assert result.exit_status == 2 and "join CODE" in result.stdout
            result = await conn.run()
            assert result.exit_status == 2 and "needs a terminal" in result.stdout
            result = await conn.run(env={"LANG": "cs_CZ.UTF-8"})  # the line in the client's language (issue 33)
            czech = translated(NO_TERMINAL, "cs")
            assert result.exit_status == 2 and czech in result.stdout and czech != NO_TERMINAL


def test_only_the_terminal_and_language_pass_from_the_client(tmp_path):
    env = game_env({"TERM": "xterm", "LANG": "cs_CZ.UTF-8", "LC_ALL": "cs_CZ.UTF-8", "LD_PRELOAD": "/evil.so",
                    "BERE_DATA_DIR": "/", "PYTHONSTARTUP": "/evil.py"}, tmp_path)
    assert env["TERM"] == "xterm" and env["LANG"] == "cs_CZ.UTF-8" and env["LC_ALL"] == "cs_CZ.UTF-8"
    assert "LD_PRELOAD" not in env and "PYTHONSTARTUP" not in env
    assert env["BERE_DATA_DIR"] == str(tmp_path / "data") and env["COLORTERM"] == "truecolor"
    assert env["BERE_SERVE"] == "1"


def test_an_unreadable_line_in_the_authorized_keys_lets_nobody_in(tmp_path):
    keys = tmp_path / "authorized_keys"
    keys.write_text("# friends\nssh-ed25519 not-a-key\n\n", encoding="utf-8")
    assert read_authorized_keys(keys).entries is None and read_authorized_keys(keys).skipped == [2]
    assert read_authorized_keys(tmp_path / "missing").entries is None
