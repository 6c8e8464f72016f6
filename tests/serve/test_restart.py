"""Tables survive a server restart (issue 33 item 4).

A hub stopped mid-game tells every seat so; a hub started again on the same folder reloads the table from its
record and the table's file (the seats' keys), each key returns to its seat and the game goes on. Through the
real server: stopping `bere serve` tells each player in one line, in that player's language; starting it again
on the same data root reloads the table, and a player logging in sits at it again.
"""

from __future__ import annotations

import asyncio
from contextlib import asynccontextmanager

import asyncssh
import pytest
from hubtools import CODE, Clock, join, select, selections, served
from sshtools import Client, authorize, client_key, running_server

from bere_tui.engine.nimmt import Game
from bere_tui.record import load
from bere_tui.serve.hub import TableHub, table_from_record
from bere_tui.serve.ssh import start_report
from bere_tui.serve.tables import TableSettings, unfinished_tables, write_table_file


@asynccontextmanager
async def czech(server, key, command: str | None = None):
    """A session of a client whose terminal speaks Czech (LANG)."""
    conn = await asyncssh.connect("127.0.0.1", server.port, username="p", client_keys=[key], known_hosts=None,
                                  agent_path=None)
    process = await conn.create_process(command, term_type="xterm-256color", term_size=(80, 24), encoding=None,
                                        env={"LANG": "cs_CZ.UTF-8"})
    client = Client(conn, process, 80, 24)
    try:
        yield client
    finally:
        conn.close()
        client._reader.cancel()


def three() -> Game:
    return Game("base", [{"name": "Ann"}, {"name": "Ben"}, {"name": "Cid", "bot": "random"}], seed=4)


async def turn(ann, ben, a: dict, b: dict) -> tuple[dict, dict]:
    """Ann and Ben each play their highest card (never a low card that takes a row); their next questions."""
    ann.send(select(0, a["legal"][-1]["card"], a["decision"]))
    ben.send(select(1, b["legal"][-1]["card"], b["decision"]))
    return await ann.next("ask"), await ben.next("ask")


async def test_a_table_stopped_mid_game_is_reloaded_and_each_key_returns_to_its_seat(tmp_path, monkeypatch):
    clock = Clock()
    hub = TableHub(three(), CODE, tmp_path, TableSettings(clock=60), clock=clock)
    async with served(hub, tmp_path, monkeypatch):
        ann, ben = await join("ann-key"), await join("ben-key")
        await turn(ann, ben, await ann.next("ask"), await ben.next("ask"))
        log = hub.log()
        hub.shut_down()  # what SIGTERM does
        await ann.next("stopping")
        await ben.next("stopping")
    played = selections(hub, 0)
    assert unfinished_tables(tmp_path) == [CODE] and len(played) == 1
    game, history = table_from_record(tmp_path / f"{CODE}.record.json")
    again = TableHub(game, CODE, tmp_path, clock=clock, history=history)
    assert again.settings == TableSettings(clock=60) and again.owners == {0: "ann-key", 1: "ben-key"}
    async with served(again, tmp_path, monkeypatch):
        ben = await join("ben-key")  # Ben first: his seat is still his
        hello = await ben.next("hello")
        assert hello["seat"] == 1
        assert hello["log"] == log and len(log) > len(game.opening_events)  # the log so far, not empty
        ann = await join("ann-key")
        assert (await ann.next("hello"))["seat"] == 0
        await turn(ann, ben, await ann.next("ask"), await ben.next("ask"))
        assert selections(again, 0)[:1] == played and len(selections(again, 0)) == 2


def test_finished_and_closed_tables_are_not_reloaded(tmp_path):
    for code, data in {"ABCD": {}, "EFGH": {"finished": True}, "JKLM": {"closed": True}}.items():
        (tmp_path / f"{code}.record.json").write_text("{}")
        write_table_file(tmp_path, code, {"settings": {}, **data})
    (tmp_path / "NPQR.record.json").write_text("{}")  # no table file: not a table this server made
    assert unfinished_tables(tmp_path) == ["ABCD"]


@pytest.mark.real_gate
async def test_the_server_stops_with_one_line_and_its_table_goes_on_after_the_restart(tmp_path, monkeypatch):
    ann = client_key(tmp_path, "ann")
    root = tmp_path / "root"
    tables = root / "tables"
    async with running_server(root) as server:
        authorize(server.config.authorized_keys, ann)
        monkeypatch.setenv("BERE_TABLES", str(tables))
        from bere_tui.serve.tables import host_table

        game = Game("base", [{"name": "Ann"}, {"name": "Cid", "bot": "heuristic"}], seed=3)
        code = await asyncio.to_thread(host_table, game)
        async with czech(server, ann, f"join {code}") as client:
            await client.wait_for("Ann: vyber kartu")  # her prompt, in her language
            await client.keys("enter", "enter")  # her first card
            for _ in range(400):
                if len(selections_in(tables / f"{code}.record.json")) == 1:
                    break
                await asyncio.sleep(0.05)
            await server.close()
            await client.wait_for("Server se vypíná. Tvoje hra tu po restartu bude")  # one line, in her language
    assert unfinished_tables(tables) == [code]
    async with running_server(root) as server:
        assert server.resumed == [code]
        assert any(code in line for line in start_report(server))  # the server names it when it starts
        async with czech(server, ann) as client:  # logging in, she sits at her table again, asked again
            await client.wait_for("Ann: vyber kartu")  # her prompt, in her language
            await client.keys("enter", "enter")
            for _ in range(400):
                if len(selections_in(tables / f"{code}.record.json")) == 2:
                    break
                await asyncio.sleep(0.05)
            assert len(selections_in(tables / f"{code}.record.json")) == 2


def selections_in(record) -> list[int]:
    return [a["card"] for a in load(str(record)).actions if a["do"] == "select" and a["player"] == 0]
