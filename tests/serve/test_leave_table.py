"""Leaving a shared table (issue 33): q at a seat asks whether to leave the table for now (the seat waits for its
key, as after a dropped connection) or for good (a bot plays the seat from its next decision on, the key is no
longer bound to it, so its next login goes to the title instead of back to this table, and a friend joining may
take the seat). A game left for good still goes to that key's Replays, History and rating: it played it. Through
the real hub on a Unix socket, and by key presses at the remote seat's screen."""

from __future__ import annotations

import asyncio
import json

from hubtools import CODE, Clock, join, play_to_the_end, served, wait_for
from test_rematch import history_games

from bere_tui.engine.nimmt import Game
from bere_tui.serve.hub import TableHub, table_from_record
from bere_tui.serve.ratings import ratings_file
from bere_tui.ui.app import BereApp
from bere_tui.ui.remote import join_table
from bere_tui.ui.screens.dialogs import QuitScreen


def table(tmp_path, keys=("ann-key", "ben-key")) -> TableHub:
    tables = tmp_path / "tables"
    tables.mkdir()
    for key in keys:
        (tmp_path / "players" / key).mkdir(parents=True)
    game = Game("base", [{"name": "Ann"}, {"name": "Ben"}, {"name": "Cid", "bot": "random"}], seed=4,
                options={"rounds": 1})
    return TableHub(game, CODE, tables, clock=Clock())


async def test_a_seat_left_for_good_is_a_bots_and_the_game_still_counts_for_the_key_that_left(tmp_path, monkeypatch):
    hub = table(tmp_path)
    async with served(hub, tmp_path, monkeypatch, linger=60.0):
        ann, ben = await join("ann-key"), await join("ben-key")
        mine = await ann.next("ask")
        asked = await ben.next("ask")
        ben.send({"t": "action", "action": asked["legal"][0], "decision": asked["decision"]})
        ben.send({"t": "leave"})
        seats = await ann.next("seats")
        assert seats["benched"] == [1] and seats["levels"][1] is not None  # Ann's board: Ben's seat is a bot's
        kept = json.loads((hub.folder / f"{CODE}.table.json").read_text())
        assert kept["owners"] == {"0": "ann-key"} and kept["left"] == {"1": "ben-key"}
        game, history = table_from_record(hub.record_path)  # a restart reloads the table: the same seats
        reloaded = TableHub(game, CODE, hub.folder, clock=Clock(), history=history)
        assert (reloaded.owners, reloaded.left, reloaded.benched) == ({0: "ann-key"}, {1: "ben-key"}, {1})
        ann.send({"t": "action", "action": mine["legal"][-1], "decision": mine["decision"]})
        over = await play_to_the_end(ann)  # nobody waits for Ben: his seat's bot plays on
        assert over["winners"] and "1" in over["ratings"]  # Ben is rated for the game he left
        data = tmp_path / "players" / "ben-key" / "data"
        assert len(list((data / "replays").glob("*.json"))) == 1 and history_games(data) == 1
        rated = json.loads(ratings_file(tmp_path).read_text())["boards"]["base"]
        assert rated["key:ben-key"]["games"] == 1
        ann.send({"t": "rematch"})
        await ann.next("rematched")
        again = await join("ann-key")
        await again.next("hello")
        assert hub.benched == {1} and hub.left == {}  # the new game: Ben's seat a bot's, and not Ben's game
        over = await play_to_the_end(again)
        assert "1" not in over["ratings"]


async def test_a_friend_joining_takes_the_seat_someone_left_back_from_the_bot(tmp_path, monkeypatch):
    hub = table(tmp_path, keys=("ann-key", "ben-key", "dan-key"))
    async with served(hub, tmp_path, monkeypatch):
        ann, ben = await join("ann-key"), await join("ben-key")
        await ann.next("ask")
        await ben.next("ask")
        ben.send({"t": "leave"})
        await ann.next("seats")
        dan = await join("dan-key")
        assert (await dan.next("hello"))["seat"] == 1
        await dan.next("back")
        await dan.next("ask")  # the seat is Dan's at its next decision
        assert hub.owners == {0: "ann-key", 1: "dan-key"} and hub.left == {}


async def asked_to_quit_at_bens_seat(pilot, app, monkeypatch) -> None:
    """Ben's app joins the table, his card's prompt opens, and he presses q."""
    monkeypatch.setenv("BERE_TABLES", ".")
    monkeypatch.setenv("BERE_PLAYER", "ben-key")
    assert await join_table(app, CODE)
    await wait_for(pilot, lambda: type(app.screen).__name__ == "SelectPrompt")
    await pilot.press("q")
    await wait_for(pilot, lambda: isinstance(app.screen, QuitScreen))


async def test_q_at_a_seat_offers_to_leave_the_table_for_good_and_the_title_follows(tmp_path, monkeypatch):
    hub = table(tmp_path)
    async with served(hub, tmp_path, monkeypatch):
        ann = await join("ann-key")
        await ann.next("ask")
        app = BereApp(remember=False)
        async with app.run_test(size=(80, 24)) as pilot:
            await asked_to_quit_at_bens_seat(pilot, app, monkeypatch)  # from the open prompt of his card
            text = "\n".join(str(option.prompt) for option in app.screen.query_one("#quit-choice")._options)
            assert "Leave the table for now" in text and "Leave the table for good" in text
            assert "Leave the table, or quit" in str(app.screen.query_one(".dialog-title").render())
            await pilot.press("down", "down", "enter")
            await wait_for(pilot, lambda: type(app.screen).__name__ == "TitleScreen")
            await wait_for(pilot, lambda: hub.benched == {1})
            assert hub.owners == {0: "ann-key"} and hub.left == {1: "ben-key"}
            assert app.is_running  # left the table, not the program
            seats = await ann.next("seats")
            assert seats["benched"] == [1]


async def test_leaving_a_table_for_now_keeps_the_seat_for_the_same_key(tmp_path, monkeypatch):
    hub = table(tmp_path)
    async with served(hub, tmp_path, monkeypatch):
        ann = await join("ann-key")
        await ann.next("ask")
        app = BereApp(remember=False)
        async with app.run_test(size=(80, 24)) as pilot:
            await asked_to_quit_at_bens_seat(pilot, app, monkeypatch)
            await pilot.press("down", "enter")
            await wait_for(pilot, lambda: type(app.screen).__name__ == "TitleScreen")
            await wait_for(pilot, lambda: 1 in hub.away_since)
            assert hub.owners == {0: "ann-key", 1: "ben-key"} and not hub.benched and hub.left == {}
        back = await join("ben-key")
        assert (await back.next("hello"))["seat"] == 1
        await asyncio.wait_for(back.next("ask"), 20)
