"""`bere serve` under hostile or faulty clients (issue 36 items 8-10): a byte that is not UTF-8, an error of the
game, a huge window, the serve log of logins and refusals, authorized-keys lines with options."""

from __future__ import annotations

import asyncio
import os
import re
import stat
import sys

import asyncssh
import pytest
from sshtools import Client, authorize, client_key, connect, running_server

from bere_tui.serve.limits import MAX_COLS, MAX_ROWS
from bere_tui.serve.ssh import key_folder_name, read_authorized_keys, start_report

pytestmark = pytest.mark.real_gate  # a child process: the gate keeps its real delays there anyway

#: a game that fails in its first screen, run as a session runs the real one (bere_tui.serve.session)
FAILING_GAME = """
import sys
from textual.app import App
from bere_tui.serve.session import run

class Failing(App):
    def on_mount(self):
        raise RuntimeError("the game failed here")

def game(argv):
    app = Failing()
    app.run()
    return app.return_code or 0

sys.exit(run(game))
"""

#: a game that shows its window size, then again after each line of input
SIZES = """
import os, sys
print("size", *os.get_terminal_size(), flush=True)
for line in sys.stdin:
    print("size", *os.get_terminal_size(), flush=True)
"""


async def test_a_byte_that_is_not_utf8_does_not_end_the_session(tmp_path):
    ann = client_key(tmp_path, "ann")
    async with running_server(tmp_path / "root") as server:
        authorize(server.config.authorized_keys, ann)
        async with connect(server, ann) as client:
            await client.wait_for("New game")
            client.process.stdin.write(b"\xe9")  # Latin-1 e-acute from a terminal that is not UTF-8
            await client.keys("enter")  # New game: the setup screen
            text = await client.wait_for("Start the game")
            assert "Traceback" not in text


async def test_an_error_of_the_game_is_logged_on_the_server_and_the_player_reads_one_line(tmp_path):
    ann = client_key(tmp_path, "ann")
    async with running_server(tmp_path / "root", game_command=[sys.executable, "-c", FAILING_GAME]) as server:
        authorize(server.config.authorized_keys, ann)
        async with connect(server, ann) as client:
            text = await client.wait_for("the server has logged it")
            await asyncio.wait_for(client.closed.wait(), 30)
            text = client.text()
        log = server.config.data_root / "players" / key_folder_name(ann) / "errors.log"
        assert "RuntimeError: the game failed here" in log.read_text(encoding="utf-8")
        assert stat.S_IMODE(os.stat(log).st_mode) == 0o600
    assert "Traceback" not in text and "RuntimeError" not in text and ".py" not in text, text


async def test_a_huge_window_is_cut_at_start_and_on_every_resize(tmp_path):
    ann = client_key(tmp_path, "ann")
    async with running_server(tmp_path / "root", game_command=[sys.executable, "-c", SIZES]) as server:
        authorize(server.config.authorized_keys, ann)
        conn = await asyncssh.connect("127.0.0.1", server.port, username="p", client_keys=[ann], known_hosts=None,
                                      agent_path=None)
        async with conn:
            process = await conn.create_process(term_type="xterm", term_size=(20000, 20000), encoding=None)
            client = Client(conn, process, 80, 24)  # what the client shows; it claims a far larger window
            await client.wait_for(f"size {MAX_COLS} {MAX_ROWS}")
            process.change_terminal_size(30000, 9)
            process.stdin.write(b"\r")
            await client.wait_for(f"size {MAX_COLS} 9")
            client._reader.cancel()


async def test_logins_refused_keys_and_sessions_go_to_the_serve_log(tmp_path):
    ann, stranger = client_key(tmp_path, "ann"), client_key(tmp_path, "stranger")
    async with running_server(tmp_path / "root") as server:
        authorize(server.config.authorized_keys, ann)
        async with connect(server, ann) as client:
            await client.wait_for("New game")
        with pytest.raises(asyncssh.PermissionDenied):
            async with connect(server, stranger):
                pass
        for _ in range(400):  # until the session's end is written (bounded)
            log = server.log.path.read_text(encoding="utf-8") if server.log.path.exists() else ""
            if " end " in log:
                break
            await asyncio.sleep(0.05)
    lines = log.splitlines()
    time = r"\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\+00:00"
    login = [line for line in lines if " login " in line]
    refused = [line for line in lines if " refused " in line]
    assert login and re.match(time, login[0]) and f"key={ann.get_fingerprint()}" in login[0]
    assert "address=127.0.0.1" in login[0] and "user=player" in login[0]
    assert refused and f"key={stranger.get_fingerprint()}" in refused[0] and "address=127.0.0.1" in refused[0]
    assert any(" end " in line and f"key={ann.get_fingerprint()}" in line for line in lines), log
    assert stat.S_IMODE(os.stat(server.log.path).st_mode) == 0o600


async def test_a_from_option_is_honoured_and_an_unreadable_line_is_named_at_start(tmp_path):
    here, elsewhere = client_key(tmp_path, "here"), client_key(tmp_path, "elsewhere")
    async with running_server(tmp_path / "root") as server:
        keys = server.config.authorized_keys
        keys.write_text("# friends\n"
                        f'from="127.0.0.1" {here.export_public_key().decode()}'
                        f'from="10.9.9.9",no-port-forwarding {elsewhere.export_public_key().decode()}'
                        "ssh-ed25519 not-a-key\n", encoding="utf-8")
        assert read_authorized_keys(keys).skipped == [4]
        report = "\n".join(start_report(server))
        assert "line 4" in report and "line 2" not in report and "line 3" not in report
        async with connect(server, here) as client:  # from=127.0.0.1: it gets in
            await client.wait_for("New game")
        with pytest.raises(asyncssh.PermissionDenied):  # from another address only
            async with connect(server, elsewhere):
                pass


def test_a_session_shows_the_games_own_error_line_but_never_a_traceback(tmp_path, monkeypatch):
    import io

    from bere_tui.serve.session import LOG_ENV, run

    log = tmp_path / "errors.log"
    monkeypatch.setenv(LOG_ENV, str(log))

    def refuses(argv):
        print("error: the autosave cannot be read", file=sys.stderr)
        return 2

    def fails(argv):
        raise KeyError("secret path /srv/bere")

    before = sys.stderr
    terminal = io.StringIO()
    assert run(refuses, terminal) == 2
    assert terminal.getvalue().strip() == "error: the autosave cannot be read"
    terminal = io.StringIO()
    assert run(fails, terminal) == 1
    assert terminal.getvalue().strip() == "The game stopped on an unexpected error; the server has logged it."
    assert "KeyError: 'secret path /srv/bere'" in log.read_text(encoding="utf-8")
    terminal = io.StringIO()
    assert run(lambda argv: 0, terminal) == 0 and terminal.getvalue() == ""
    assert sys.stderr is before
