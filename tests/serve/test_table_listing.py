"""The lobby's list of open tables (issue 33 item 2), from what each table's real hub writes in its file: the
game, the seats (free, taken, connected, bots) and whether the game has begun; a private table, a finished one
and a file this program did not write are never listed. Watching a listed table shows the public view only,
never a hand, even where a seat is free."""

from __future__ import annotations

import asyncio
import json
import os

from hubtools import CODE, Clock, Link, join, select, served

from bere_tui.engine.nimmt import Game
from bere_tui.serve.hub import TableHub
from bere_tui.serve.tables import TableSettings, open_tables, read_listing, table_file


def four() -> Game:
    return Game("base", [{"name": "Ann"}, {"name": "Ben"}, {"name": "Cid", "bot": "random"}, {"name": "Dan"}],
                seed=4)


async def test_a_table_is_listed_with_its_game_seats_and_state_as_people_come_and_go(tmp_path, monkeypatch):
    hub = TableHub(four(), CODE, tmp_path, clock=Clock())
    async with served(hub, tmp_path, monkeypatch):
        [table] = open_tables(tmp_path, key="ben-key")
        assert (table.code, table.variant, table.names) == (CODE, "base", ("Ann", "Ben", "Cid", "Dan"))
        assert table.bots == (None, None, "random", None) and table.free == [0, 1, 3] and not table.started
        ann = await join("ann-key")
        ask = await ann.next("ask")
        [table] = open_tables(tmp_path, key="ben-key")
        assert table.free == [1, 3] and table.here == {0} and table.taken == {0} and not table.mine
        ben = await join("ben-key")
        await ben.next("ask")
        ann.send(select(0, ask["legal"][0]["card"], ask["decision"]))
        for _ in range(200):  # (bounded: until the hub has written the game's first move)
            if open_tables(tmp_path)[0].started:
                break
            await asyncio.sleep(0.01)
        await ben.close()
        for _ in range(200):
            if open_tables(tmp_path)[0].here == {0}:
                break
            await asyncio.sleep(0.01)
        [table] = open_tables(tmp_path, key="ben-key")
        assert table.started and table.taken == {0, 1} and table.here == {0} and table.free == [3] and table.mine
    assert open_tables(tmp_path) == []  # the hub has stopped: not listed


async def test_a_private_table_is_not_listed_but_is_joined_by_its_code(tmp_path, monkeypatch):
    hub = TableHub(four(), CODE, tmp_path, TableSettings(private=True), clock=Clock())
    async with served(hub, tmp_path, monkeypatch):
        assert open_tables(tmp_path) == []
        ann = await join("ann-key")
        assert (await ann.next("hello"))["seat"] == 0


def write(folder, code: str, data) -> None:
    table_file(folder, code).write_text(json.dumps(data) if not isinstance(data, str) else data)
    (folder / f"{code}.sock").touch()
    (folder / f"{code}.pid").write_text(str(os.getpid()))  # (a live process: this one)


GOOD = {"settings": {"private": False}, "owners": {"0": "k"}, "finished": False,
        "listing": {"variant": "base", "names": ["Ann", "Cid"], "bots": [None, "random"], "here": [0],
                    "started": False}}


def test_finished_closed_private_and_foreign_files_are_not_listed(tmp_path):
    write(tmp_path, "ABCD", GOOD)
    write(tmp_path, "BCDE", {**GOOD, "finished": True})
    write(tmp_path, "CDEF", {**GOOD, "closed": True})
    write(tmp_path, "DEFG", {**GOOD, "settings": {"private": True}})
    write(tmp_path, "EFGH", {**GOOD, "settings": {}})  # (no setting: never listed by mistake)
    write(tmp_path, "FGHJ", "{not json")
    write(tmp_path, "GHJK", {**GOOD, "listing": {**GOOD["listing"], "names": ["Ann"]}})
    write(tmp_path, "HJKL", {**GOOD, "listing": {**GOOD["listing"], "names": [1, 2]}})
    write(tmp_path, "JKLM", [1, 2, 3])
    write(tmp_path, "KLMN", {**GOOD, "listing": {**GOOD["listing"], "names": ["x" * 500, "Cid"]}})
    write(tmp_path, "bad.", GOOD)
    (tmp_path / "LMNP.pid").write_text("not a pid")
    write(tmp_path, "LMNP", GOOD)
    (tmp_path / "LMNP.pid").write_text("not a pid")
    listed = open_tables(tmp_path)
    assert [t.code for t in listed] == ["ABCD", "KLMN"]
    assert len(listed[1].names[0]) == 40
    assert read_listing(tmp_path, "ABCD", "k").mine and not read_listing(tmp_path, "ABCD", "other").mine


def test_tables_with_free_seats_come_first(tmp_path):
    write(tmp_path, "ABCD", {**GOOD, "owners": {"0": "k", "1": "j"},
                             "listing": {**GOOD["listing"], "bots": [None, None]}})
    write(tmp_path, "ZZZZ", {**GOOD, "listing": {**GOOD["listing"], "bots": [None, None]}})
    assert [t.code for t in open_tables(tmp_path)] == ["ZZZZ", "ABCD"]


async def test_watching_a_table_with_a_free_seat_shows_the_public_view_never_a_hand(tmp_path, monkeypatch):
    game = four()
    hub = TableHub(game, CODE, tmp_path, clock=Clock())
    async with served(hub, tmp_path, monkeypatch):
        ann = await join("ann-key")
        await ann.next("ask")
        eve = Link(*await asyncio.open_unix_connection(f"{CODE}.sock"))
        eve.send({"t": "join", "player": "eve-key", "watch": True})
        hello = await eve.next("hello")
        state = await eve.next("state")
        assert hello["seat"] is None and state["mine"] is None
        assert all(not p.get("hand") for p in state["public"]["players"])
        assert hub.owners == {0: "ann-key"}  # the free seats stay free
        [table] = open_tables(tmp_path)
        assert table.free == [1, 3]
        ben = await join("ben-key")  # a player who does not ask to watch takes a free seat
        assert (await ben.next("hello"))["seat"] == 1
