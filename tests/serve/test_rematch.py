"""Rematch at a shared table (issue 33 item 5), through the real hub on a Unix socket: a finished game goes to
the Replays and History of every key with a seat, and "New game with the same seats" begins a new deal at the
same table, with the same code and the seats bound to the same keys."""

from __future__ import annotations

import asyncio
import json

from hubtools import CODE, Clock, join, play_to_the_end, served

from bere_tui.engine.nimmt import Game
from bere_tui.record import load
from bere_tui.serve.hub import TableHub


def history_games(data) -> int:
    import sqlite3

    with sqlite3.connect(data / "history.sqlite3") as conn:
        return conn.execute("select count(*) from games").fetchone()[0]


async def test_a_finished_game_goes_to_each_keys_replays_and_history_and_the_seats_play_again(
        tmp_path, monkeypatch):
    tables = tmp_path / "tables"
    tables.mkdir()
    for key in ("ann-key", "ben-key"):
        (tmp_path / "players" / key).mkdir(parents=True)
    game = Game("base", [{"name": "Ann"}, {"name": "Ben"}, {"name": "Cid", "bot": "random"}], seed=4,
                options={"rounds": 1})
    hub = TableHub(game, CODE, tables, clock=Clock())
    async with served(hub, tmp_path, monkeypatch, linger=60.0):
        ann, ben = await join("ann-key"), await join("ben-key")
        over, _ = await asyncio.gather(play_to_the_end(ann), play_to_the_end(ben))
        assert over["winners"]
        first = load(str(hub.record_path))
        assert first.finished and json.loads(hub.folder.joinpath(f"{CODE}.table.json").read_text())["finished"]
        for key in ("ann-key", "ben-key"):
            data = tmp_path / "players" / key / "data"
            replays = list((data / "replays").glob("*.json"))
            assert len(replays) == 1 and load(str(replays[0])).finished
            assert history_games(data) == 1
        ann.send({"t": "rematch"})
        await ann.next("rematched")
        await ben.next("rematched")  # told too, wherever he is
        again = await join("ann-key")
        hello = await again.next("hello")
        assert hello["seat"] == 0 and hello["code"] == CODE
        state = await again.next("state")
        assert state["public"]["turn"] == 1 and not state["public"]["finished"]
        await again.next("ask")
        second = load(str(hub.record_path))
        assert not second.finished and second.seed != first.seed and second.players == first.players
        assert hub.owners == {0: "ann-key", 1: "ben-key"}
        ben.send({"t": "rematch"})  # Ben chose it too, later: the new game is not replaced
        await ben.next("rematched")
        assert load(str(hub.record_path)).seed == second.seed


def test_a_key_name_that_is_not_a_folder_name_gets_nothing(tmp_path):
    (tmp_path / "tables").mkdir()
    hub = TableHub(Game("base", [{"name": "Ann"}, {"name": "Cid", "bot": "random"}], seed=4), CODE,
                   tmp_path / "tables")
    assert hub.key_data("../../etc") is None and hub.key_data("nobody") is None
