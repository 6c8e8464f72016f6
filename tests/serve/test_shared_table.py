"""Shared tables under `bere serve` (issue 15): two people at their own SSH terminals and a bot at one table.

Each client's screen is sampled while the game runs; no frame may show a card of the other person's hand
(cards still in it, or chosen and not yet revealed), read from the table's record as the hub writes it. A
client that drops mid-game and joins again returns to its seat and is asked again.
"""

from __future__ import annotations

import asyncio
import json
import re

import pytest
from sshtools import authorize, client_key, join, running_server

from bere_tui.engine.nimmt import Game
from bere_tui.record import load

pytestmark = pytest.mark.real_gate


def without_log(text: str) -> str:
    """The screen left of the log column (the log lists cards already played)."""
    return "\n".join(line.split("│")[0] for line in text.split("\n"))


def shown(text: str, cards) -> set[int]:
    return {c for c in cards if re.search(rf"(?<!\d){c}•", text)}


def secret_of(game: Game, seat: int) -> set[int]:
    cards = set(game.hands[seat])
    if game.pending is not None and game.pending["do"] == "select" and seat in game.selected:
        cards.add(game.selected[seat])
    return cards


async def test_two_remote_people_and_a_bot_play_a_whole_table_and_never_see_each_others_hand(tmp_path, monkeypatch):
    ann, ben = client_key(tmp_path, "ann"), client_key(tmp_path, "ben")
    async with running_server(tmp_path / "root") as server:
        authorize(server.config.authorized_keys, ann, ben)
        tables = server.config.data_root / "tables"
        monkeypatch.setenv("BERE_TABLES", str(tables))
        from bere_tui.serve.tables import host_table

        game = Game("base", [{"name": "Ann"}, {"name": "Ben"}, {"name": "Cid", "bot": "heuristic"}], seed=3,
                    options={"rounds": 1})
        code = await asyncio.to_thread(host_table, game)
        record = tables / f"{code}.record.json"
        clients = {0: await join(server, ann, code)}
        await clients[0].wait_for(f"table {code}")  # (the status line says whom the table waits for at once)
        clients[1] = await join(server, ben, code)
        await clients[1].wait_for(f"table {code}")
        failures: list[str] = []
        frames = 0
        reconnected = False
        for tick in range(4000):
            await asyncio.sleep(0.05)
            state = load(str(record))
            for seat, client in clients.items():
                other = 1 - seat
                seen = shown(without_log(client.text()), secret_of(state, other))
                frames += 1
                if seen:
                    failures.append(f"{['Ann', 'Ben'][seat]} sees {sorted(seen)}:\n{client.text()}")
            if tick % 7:
                continue  # a frame every 50 ms, a key every 350 ms
            if failures or all("wins" in c.text() or "share the win" in c.text() for c in clients.values()):
                break
            if not reconnected and state.turn == 5:  # Ben's window closes mid-game; he joins again
                await clients[1].drop()
                await asyncio.sleep(0.5)
                clients[1] = await join(server, ben, code)
                text = await clients[1].wait_for(f"table {code}")
                for _wait in range(600):  # his seat: his own prompt, or his hand (bounded)
                    if "Ben, choose" in text or "BEN'S HAND" in text:
                        break
                    await asyncio.sleep(0.05)
                    text = clients[1].text()
                assert ("Ben, choose" in text or "BEN'S HAND" in text) and "You watch the table" not in text
                reconnected = True
            for client in clients.values():
                client.process.stdin.write(b"\r")
        assert not failures, failures[0]
        assert reconnected and frames > 100
        final = load(str(record))
        assert final.finished and len([a for a in final.actions if a["do"] == "select"]) == 30
        for client in clients.values():
            assert "wins" in client.text() or "share the win" in client.text()


async def test_a_third_key_watches_the_public_table(tmp_path, monkeypatch):
    ann, eve = client_key(tmp_path, "ann"), client_key(tmp_path, "eve")
    async with running_server(tmp_path / "root") as server:
        authorize(server.config.authorized_keys, ann, eve)
        monkeypatch.setenv("BERE_TABLES", str(server.config.data_root / "tables"))
        from bere_tui.serve.tables import host_table

        game = Game("base", [{"name": "Ann"}, {"name": "Cid", "bot": "random"}], seed=4)
        code = await asyncio.to_thread(host_table, game)
        host = await join(server, ann, code)
        await host.wait_for(f"table {code}")
        watcher = await join(server, eve, code)
        text = await watcher.wait_for("You watch the table")
        assert not shown(without_log(text), game.hands[0] + game.hands[1])
        record = json.loads((server.config.data_root / "tables" / f"{code}.record.json").read_text())
        assert record["format"] == "bere-record/1"


async def test_a_table_code_that_does_not_exist_is_said_plainly(tmp_path):
    ann = client_key(tmp_path, "ann")
    async with running_server(tmp_path / "root") as server:
        authorize(server.config.authorized_keys, ann)
        client = await join(server, ann, "ABCD")
        await client.wait_for("There is no table ABCD")
