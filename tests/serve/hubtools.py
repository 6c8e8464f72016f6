"""Helpers of the hub tests: a table served by the real hub on a Unix socket, with a clock the test moves
(no sleeping: the hub reads every time from it), and raw seat connections."""

from __future__ import annotations

import asyncio
import json
import time
from contextlib import asynccontextmanager

from bere_tui.record import load
from bere_tui.serve.hub import TableHub, serve_hub

CODE = "ABCD"
WAIT = 20.0  # seconds: a bound on every read, never a pace


class Clock:
    """The hub's clock, moved by the test."""

    def __init__(self) -> None:
        self.now = 1000.0

    def __call__(self) -> float:
        return self.now


class Broken:
    """A bot that cannot decide (the table makes a simple move for it and says so)."""

    def choose(self, view, legal):
        raise RuntimeError("no idea")


class Link:
    """One raw connection to the hub, as a seat's terminal makes it."""

    def __init__(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        self.reader, self.writer = reader, writer
        self.seen: list[dict] = []

    def send(self, message: dict) -> None:
        self.writer.write(json.dumps(message).encode() + b"\n")

    async def any(self) -> dict:
        line = await asyncio.wait_for(self.reader.readline(), WAIT)
        assert line, "the hub closed the connection"
        message = json.loads(line)
        self.seen.append(message)
        return message

    async def next(self, kind: str) -> dict:
        """The next message of that kind (others are skipped, and kept in `seen`)."""
        while True:
            line = await asyncio.wait_for(self.reader.readline(), WAIT)
            assert line, f"the hub closed the connection before a {kind!r} message"
            message = json.loads(line)
            self.seen.append(message)
            if message["t"] == kind:
                return message

    async def close(self) -> None:
        self.writer.close()
        await self.writer.wait_closed()


async def join(key: str, lang: str | None = None) -> Link:
    link = Link(*await asyncio.open_unix_connection(f"{CODE}.sock"))
    link.send({"t": "join", "player": key, **({"lang": lang} if lang else {})})
    return link


async def play_to_the_end(link: Link) -> dict:
    """Answer every question with the last legal action until the game is over; the over message."""
    while True:
        message = await link.any()
        if message["t"] == "ask":
            link.send({"t": "action", "action": message["legal"][-1], "decision": message["decision"]})
        elif message["t"] == "over":
            return message


async def settled() -> None:
    """Let the hub's loop run until it has nothing left to do now (a bounded number of turns)."""
    for _ in range(50):
        await asyncio.sleep(0)


@asynccontextmanager
async def served(hub: TableHub, tmp_path, monkeypatch, linger: float = 0.0):
    """`hub` served on CODE.sock in its folder until the block ends."""
    monkeypatch.chdir(hub.folder)  # a short socket path, whatever the length of tmp_path
    task = asyncio.ensure_future(serve_hub(hub, hub.folder / f"{CODE}.sock", linger=linger, signals=False))
    for _ in range(2000):  # until the hub listens (bounded)
        if (hub.folder / f"{CODE}.pid").exists():
            break
        await asyncio.sleep(0.005)
    try:
        yield hub
    finally:
        task.cancel()
        await asyncio.gather(task, return_exceptions=True)


def select(player: int, card: int, decision) -> dict:
    return {"t": "action", "action": {"player": player, "do": "select", "card": card}, "decision": decision}


def selections(hub: TableHub, player: int) -> list[int]:
    return [a["card"] for a in load(str(hub.record_path)).actions if a["do"] == "select" and a["player"] == player]


async def wait_for(pilot, done, timeout: float = 30.0) -> None:
    """Let a seat's app run until `done()` holds; the timeout only ends a test whose app never gets there."""
    end = time.monotonic() + timeout
    while not done():
        assert time.monotonic() < end, "timed out waiting for the app"
        await pilot.pause(0.02)
    await pilot.pause()


def table_of(app):
    """The app's remote table screen (ui/remote.py), or None."""
    from bere_tui.ui.remote import RemoteTableScreen

    return next((s for s in app.screen_stack if isinstance(s, RemoteTableScreen)), None)
