"""Helpers of the SSH tests: a server on a free local port, client keys, and a client whose screen is read
through a terminal emulator (pyte), as a person at the other end would see it."""

from __future__ import annotations

import asyncio
import time
from contextlib import asynccontextmanager
from pathlib import Path

import asyncssh
import pyte

from bere_tui.serve.ssh import BereSSHServer, ServeConfig


def client_key(folder: Path, name: str) -> asyncssh.SSHKey:
    key = asyncssh.generate_private_key("ssh-ed25519")
    (folder / f"{name}.pub").write_bytes(key.export_public_key())
    return key


def authorize(keys_file: Path, *keys: asyncssh.SSHKey) -> None:
    with keys_file.open("ab") as out:
        for key in keys:
            out.write(key.export_public_key())


@asynccontextmanager
async def running_server(root: Path, **options):
    config = ServeConfig(host="127.0.0.1", port=0, data_root=root, **options)
    server = BereSSHServer(config)
    await server.start()
    try:
        yield server
    finally:
        await server.close()


class Client:
    """One SSH session with a pseudo-terminal; `text()` is what its screen shows."""

    def __init__(self, conn, process, cols: int, rows: int) -> None:
        self.conn = conn
        self.process = process
        self.screen = pyte.Screen(cols, rows)
        self.stream = pyte.ByteStream(self.screen)
        self._reader = asyncio.ensure_future(self._read())
        self.closed = asyncio.Event()

    async def _read(self) -> None:
        try:
            while True:
                data = await self.process.stdout.read(65536)
                if not data:
                    break
                self.stream.feed(data)
        except (asyncssh.Error, ConnectionError):
            pass
        finally:
            self.closed.set()

    def text(self) -> str:
        return "\n".join(line.rstrip() for line in self.screen.display)

    async def wait_for(self, words: str, timeout: float = 30.0) -> str:
        end = time.monotonic() + timeout
        while words not in self.text():
            if time.monotonic() > end or self.closed.is_set() and words not in self.text():
                raise AssertionError(f"{words!r} never showed; the screen:\n{self.text()}")
            await asyncio.sleep(0.05)
        return self.text()

    async def keys(self, *keys: str, pause: float = 0.6) -> None:
        """Send keys as a terminal would (enter, down, up, escape, or text), each after a pause longer than the
        game's input gate."""
        codes = {"enter": "\r", "down": "\x1b[B", "up": "\x1b[A", "right": "\x1b[C", "left": "\x1b[D",
                 "escape": "\x1b"}
        for key in keys:
            await asyncio.sleep(pause)
            self.process.stdin.write(codes.get(key, key).encode())

    def resize(self, cols: int, rows: int) -> None:
        self.screen.resize(rows, cols)
        self.process.change_terminal_size(cols, rows)

    async def drop(self) -> None:
        """The connection ends abruptly (the client's window is closed)."""
        self.conn.abort()
        self._reader.cancel()


async def join(server: BereSSHServer, key: asyncssh.SSHKey, code: str) -> Client:
    """A client that logs in with `ssh HOST join CODE` at 80x24 (its connection stays open: close it)."""
    conn = await asyncssh.connect("127.0.0.1", server.port, username="p", client_keys=[key], known_hosts=None,
                                  agent_path=None)
    process = await conn.create_process(f"join {code}", term_type="xterm-256color", term_size=(80, 24),
                                        encoding=None)
    return Client(conn, process, 80, 24)


@asynccontextmanager
async def connect(server: BereSSHServer, key: asyncssh.SSHKey, cols: int = 80, rows: int = 24):
    conn = await asyncssh.connect("127.0.0.1", server.port, username="player", client_keys=[key],
                                  known_hosts=None, agent_path=None, preferred_auth="publickey")
    process = await conn.create_process(term_type="xterm-256color", term_size=(cols, rows), encoding=None)
    client = Client(conn, process, cols, rows)
    try:
        yield client
    finally:
        conn.close()
        client._reader.cancel()
