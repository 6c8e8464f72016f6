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


def test_the_warm_up_starts_a_whole_session_and_leaves_the_forker_as_it_was(tmp_path):
    """The forker's warm-up (serve.forker.warm_up_session) runs a session's start to its title on a scratch
    terminal: the modules only a session imports are loaded before the fork, the CSS is parsed once for every
    app of the process, every language's catalogue is read; the forker's own streams and environment are as
    before, and no thread of the warm-up's game is left (a fork copies only the thread that forks)."""
    import json
    import subprocess
    import sys

    probe = """
import json, os, sys, threading
before = (dict(os.environ), [os.fstat(fd).st_ino for fd in (0, 1, 2)])
from bere_tui.serve import forker
forker.preload()
from textual.css.stylesheet import Stylesheet
first, second = Stylesheet(), Stylesheet()
rules = [s._parse_rules("Static { color: red; }", ("x", "")) for s in (first, second)]
import gettext
print(json.dumps({"modules": [m for m in ("bere_tui.cli", "bere_tui.serve.session", "argparse") if m in sys.modules],
                  "env": dict(os.environ) == before[0],
                  "fds": [os.fstat(fd).st_ino for fd in (0, 1, 2)] == before[1],
                  "threads": [t.name for t in threading.enumerate() if t is not threading.main_thread()],
                  "css_shared": rules[0] is rules[1],
                  "catalogues": len(gettext._translations)}))
"""
    env = {**os.environ, "BERE_DATA_DIR": str(tmp_path / "data"), "BERE_CONFIG": str(tmp_path / "settings.json")}
    env.pop("BERE_FORKER_WARM_UP", None)
    done = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True, env=env, timeout=120,
                          stdin=subprocess.DEVNULL, check=False)
    assert done.returncode == 0, done.stderr
    seen = json.loads(done.stdout.splitlines()[-1])
    assert seen["modules"] == ["bere_tui.cli", "bere_tui.serve.session", "argparse"]
    assert seen["env"] and seen["fds"] and seen["threads"] == [] and seen["css_shared"]
    assert seen["catalogues"] >= 4  # cs, de, fr, pl (English has none)
    assert not (tmp_path / "data").exists()  # the warm-up's game wrote in its scratch folder only
