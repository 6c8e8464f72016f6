"""Every game at a shared table over real SSH (issue 33 item 1): three people at their own terminals, each an
asyncssh client whose screen is read through a terminal emulator, play a whole game of each game system at one
table (its hub a process of its own, as `bere serve` starts it). One of them closes their window partway and
joins again with the table's code: they are back at their seat (every seat is a person's, so the game could not
go on without them), and the game goes on to its end, which every terminal shows.
"""

from __future__ import annotations

import asyncio

import pytest
from sshtools import Client, authorize, client_key, join, running_server

from bere_tui.record import load
from bere_tui.systems import make_game

pytestmark = pytest.mark.real_gate

NAMES = ["Ann", "Ben", "Cid"]


def over(text: str) -> bool:
    return "wins" in text or "share the win" in text


@pytest.mark.parametrize("variant", ["base", "bullenparty", "board"])
async def test_three_people_play_a_whole_game_over_ssh_and_one_drops_and_comes_back(variant, tmp_path, monkeypatch):
    keys = [client_key(tmp_path, name.lower()) for name in NAMES]
    async with running_server(tmp_path / "root") as server:
        authorize(server.config.authorized_keys, *keys)
        tables = server.config.data_root / "tables"
        monkeypatch.setenv("BERE_TABLES", str(tables))
        from bere_tui.serve.tables import host_table

        game = make_game(variant, [{"name": name} for name in NAMES], seed=7,
                         options={"rounds": 1} if variant == "base" else None)
        code = await asyncio.to_thread(host_table, game)
        record = tables / f"{code}.record.json"
        clients: dict[int, Client] = {}
        for seat in range(len(NAMES)):
            clients[seat] = await join(server, keys[seat], code)
            await clients[seat].wait_for(f"table {code}")  # (the status line soon says whom the table waits for)
        actions_at_drop = None
        for tick in range(6000):
            await asyncio.sleep(0.05)
            if tick % 7:
                continue  # a key every 350 ms
            if all(over(c.text()) for c in clients.values()):
                break
            state = load(str(record))
            if actions_at_drop is None and len(state.actions) >= 12:  # Cid's window closes; he joins again
                actions_at_drop = len(state.actions)
                await clients[2].drop()
                await asyncio.sleep(0.5)
                clients[2] = await join(server, keys[2], code)
                text = await clients[2].wait_for("? help")  # the table (its status line soon says who decides)
                assert "Every seat is taken" not in text  # his seat: the game needs his answers to go on
                assert not load(str(record)).finished
            for client in clients.values():
                if not over(client.text()):
                    client.process.stdin.write(b"\r")
        final = load(str(record))
        if not final.finished:
            pytest.fail(f"not over after {len(final.actions)} actions, pending {final.pending}; the screens:\n\n"
                        + "\n\n".join(c.text() for c in clients.values()))
        assert actions_at_drop is not None and len(final.actions) > actions_at_drop
        for seat, client in clients.items():
            assert over(client.text()), f"{NAMES[seat]}'s screen:\n{client.text()}"
            client.conn.close()
