"""Absent and slow players at a shared table (issue 33 item 3), through the real hub on a Unix socket, with a
clock the test moves: no test sleeps or depends on how fast anything runs.

A person's seat with nobody at it for the table's `away_offer` seconds may be given to a bot by any player; a
seat whose key left is given to a bot by the table itself after `away_auto` seconds; the key coming back is told
so and takes its seat back at the next decision; the others' boards show the seat as a bot's while it is one.
With a clock, a decision not answered in time gets the seat's bot move.
"""

from __future__ import annotations

from hubtools import CODE, Clock, join, select, selections, served

from bere_tui.engine.nimmt import Game
from bere_tui.serve.hub import TableHub
from bere_tui.serve.tables import TableSettings


def three(seed: int = 4) -> Game:
    return Game("base", [{"name": "Ann"}, {"name": "Ben"}, {"name": "Cid", "bot": "random"}], seed=seed)


async def away(link, seat: int) -> None:
    """Until `link` reads that `seat` has nobody at it (the hub noticed the connection's end)."""
    while seat not in (await link.next("waiting"))["away"]:
        pass


async def offered(link, seats: list[int]) -> None:
    """Until `link` reads that those seats may be given to a bot."""
    while (await link.next("waiting"))["offer"] != seats:
        pass


async def test_a_seat_away_for_the_offer_time_may_be_given_to_a_bot_by_any_player(tmp_path, monkeypatch):
    clock = Clock()
    hub = TableHub(three(), CODE, tmp_path, TableSettings(away_offer=60, away_auto=0), clock=clock)
    async with served(hub, tmp_path, monkeypatch):
        ann, ben = await join("ann-key"), await join("ben-key")
        assert (await ann.next("hello"))["seat"] == 0
        assert (await ben.next("hello"))["seat"] == 1
        await ann.next("ask")
        first = await ben.next("ask")
        await ann.close()
        await away(ben, 0)
        clock.now += 59
        hub.tick()
        ben.send({"t": "to_bot", "seat": 0})  # too early: dropped
        ben.send(select(1, 999, first["decision"]))  # an illegal card: the hub's answer shows it read both
        await ben.next("error")
        assert not any(m["t"] == "seats" for m in ben.seen) and not hub.benched
        clock.now += 1
        hub.tick()
        await offered(ben, [0])
        ben.send({"t": "to_bot", "seat": 0})  # Ben is not the host: any player may
        seats = await ben.next("seats")
        assert seats["levels"][0] is not None and seats["benched"] == [0]  # Ben's board shows Ann's seat a bot
        ben.send(select(1, first["legal"][-1]["card"], first["decision"]))
        await ben.next("ask")  # the next turn: Ann's seat was played by its bot
        assert len(selections(hub, 0)) == 1 and hub.table_data()["benched"] == [0]


async def test_the_table_gives_a_seat_left_for_long_to_a_bot_and_its_key_takes_it_back_at_the_next_decision(
        tmp_path, monkeypatch):
    clock = Clock()
    hub = TableHub(three(), CODE, tmp_path, TableSettings(away_offer=60, away_auto=180), clock=clock)
    async with served(hub, tmp_path, monkeypatch):
        ann, ben = await join("ann-key"), await join("ben-key")
        await ann.next("ask")
        first = await ben.next("ask")
        await ann.close()
        await away(ben, 0)
        clock.now += 179
        hub.tick()
        assert not hub.benched
        clock.now += 1
        hub.tick()
        assert (await ben.next("seats"))["benched"] == [0]
        back = await join("ann-key")
        hello = await back.next("hello")
        assert hello["seat"] == 0 and hello["benched"] == [0]
        await back.next("back")  # told that a bot played for her
        asked = await back.next("ask")  # the bot had not chosen yet: this decision is hers again
        seats = await ben.next("seats")
        assert seats["levels"][0] is None and seats["benched"] == []
        back.send(select(0, asked["legal"][0]["card"], asked["decision"]))
        ben.send(select(1, first["legal"][-1]["card"], first["decision"]))
        await back.next("ask")
        assert selections(hub, 0) == [asked["legal"][0]["card"]] and hub.table_data()["benched"] == []


async def test_a_seat_nobody_has_taken_yet_is_offered_but_never_given_away_by_the_table(tmp_path, monkeypatch):
    clock = Clock()
    hub = TableHub(three(), CODE, tmp_path, TableSettings(away_offer=60, away_auto=180), clock=clock)
    async with served(hub, tmp_path, monkeypatch):
        ann = await join("ann-key")
        await ann.next("ask")
        clock.now += 1000
        hub.tick()
        await offered(ann, [1])
        assert not hub.benched


async def test_a_decision_whose_clock_runs_out_gets_the_seats_bot_move(tmp_path, monkeypatch):
    clock = Clock()
    game = Game("base", [{"name": "Ann"}, {"name": "Cid", "bot": "random"}], seed=4)
    hub = TableHub(game, CODE, tmp_path, TableSettings(clock=30), clock=clock)
    async with served(hub, tmp_path, monkeypatch):
        ann = await join("ann-key")
        first = await ann.next("ask")
        assert first["seconds"] == 30
        clock.now += 29
        hub.tick()
        assert not selections(hub, 0)
        clock.now += 1
        hub.tick()
        await ann.next("timeout")
        second = await ann.next("ask")
        assert second["decision"] != first["decision"] and second["seconds"] == 30
        assert len(selections(hub, 0)) == 1
        ann.send(select(0, selections(hub, 0)[0], first["decision"]))  # a late answer to the first: dropped
        ann.send(select(0, second["legal"][0]["card"], second["decision"]))
        await ann.next("ask")
        assert selections(hub, 0)[1] == second["legal"][0]["card"]


async def test_without_a_clock_a_decision_waits(tmp_path, monkeypatch):
    clock = Clock()
    game = Game("base", [{"name": "Ann"}, {"name": "Cid", "bot": "random"}], seed=4)
    hub = TableHub(game, CODE, tmp_path, clock=clock)
    async with served(hub, tmp_path, monkeypatch):
        ann = await join("ann-key")
        assert "seconds" not in await ann.next("ask")
        clock.now += 10_000
        hub.tick()
        assert not selections(hub, 0) and not any(m["t"] == "timeout" for m in ann.seen)


def test_table_settings_read_back_and_unknown_values_fall_back():
    settings = TableSettings(away_offer=30, away_auto=0, clock=60)
    assert TableSettings.from_json(settings.to_json()) == settings
    assert TableSettings.from_json({"away_offer": -1, "clock": 45}) == TableSettings()
    assert TableSettings.from_json("nonsense") == TableSettings()
