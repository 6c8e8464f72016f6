"""A shared table's answers belong to their decision (issue 31 item 4), through the real hub on a Unix socket.

Two sessions of one key: the newer one takes the seat over at once and the older one is told so and closed.
An answer sent for one decision (by the old session, or by the seat itself before the table moved on) is
dropped, never played in the next decision.
"""

from __future__ import annotations

import asyncio
import json
from contextlib import asynccontextmanager

from bere_tui.engine.nimmt import Game
from bere_tui.record import load
from bere_tui.serve.hub import run_hub

CODE = "ABCD"
WAIT = 20.0  # seconds: a bound on every read, never a pace


class Link:
    """One raw connection to the hub, as a seat's terminal makes it."""

    def __init__(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        self.reader, self.writer = reader, writer

    def send(self, message: dict) -> None:
        self.writer.write(json.dumps(message).encode() + b"\n")

    async def next(self, kind: str) -> dict:
        """The next message of that kind (others are skipped)."""
        while True:
            line = await asyncio.wait_for(self.reader.readline(), WAIT)
            assert line, f"the hub closed the connection before a {kind!r} message"
            message = json.loads(line)
            if message["t"] == kind:
                return message

    async def closed(self) -> list[str]:
        """The kinds of the messages until the hub closes this connection."""
        kinds = []
        while line := await asyncio.wait_for(self.reader.readline(), WAIT):
            kinds.append(json.loads(line)["t"])
        return kinds


async def join(key: str) -> Link:
    link = Link(*await asyncio.open_unix_connection(f"{CODE}.sock"))
    link.send({"t": "join", "player": key})
    return link


@asynccontextmanager
async def table(tmp_path, monkeypatch):
    """Ann (a person) and Cid (a bot) at a table served by the real hub; yields the path of its record."""
    monkeypatch.chdir(tmp_path)  # a short socket path, whatever the length of tmp_path
    game = Game("base", [{"name": "Ann"}, {"name": "Cid", "bot": "random"}], seed=4)  # Ann: 10 ... 100 101
    hub = asyncio.ensure_future(run_hub(game, CODE, tmp_path, tmp_path / f"{CODE}.sock", linger=0.0))
    for _ in range(2000):  # until the hub listens (bounded)
        if (tmp_path / f"{CODE}.sock").exists():
            break
        await asyncio.sleep(0.005)
    try:
        yield tmp_path / f"{CODE}.record.json"
    finally:
        hub.cancel()
        await asyncio.gather(hub, return_exceptions=True)


def select(card: int, decision) -> dict:
    return {"t": "action", "action": {"player": 0, "do": "select", "card": card}, "decision": decision}


def anns_cards(record) -> list[int]:
    return [a["card"] for a in load(str(record)).actions if a["do"] == "select" and a["player"] == 0]


async def test_a_key_that_connects_again_takes_its_seat_and_the_old_session_is_told_and_closed(
        tmp_path, monkeypatch):
    async with table(tmp_path, monkeypatch):
        old = await join("ann-key")
        assert (await old.next("hello"))["seat"] == 0
        await old.next("ask")
        new = await join("ann-key")
        assert (await new.next("hello"))["seat"] == 0
        await new.next("ask")  # asked again what the seat was being asked
        assert "taken_over" in await old.closed()


async def test_an_answer_sent_for_one_decision_is_never_played_in_the_next(tmp_path, monkeypatch):
    async with table(tmp_path, monkeypatch) as record:
        old = await join("ann-key")
        first = await old.next("ask")
        new = await join("ann-key")
        assert (await new.next("ask")).get("decision") == first.get("decision")
        try:  # the old session answers after the seat moved on to the new one: dropped
            old.send(select(101, first.get("decision")))
            await old.writer.drain()
        except ConnectionError:
            pass
        new.send(select(100, first.get("decision")))
        second = await new.next("ask")  # the next decision: turn 2
        new.send(select(72, first.get("decision")))  # a late answer to the first decision: dropped
        new.send(select(91, second.get("decision")))
        await new.next("ask")  # the third decision: the second one was answered
        assert anns_cards(record) == [100, 91]
