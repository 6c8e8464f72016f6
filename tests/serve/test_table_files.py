"""A shared table's files and its stop (issue 36 item 10): the start file (seed and round-1 hands) is as private
as the record, a clean stop leaves no traceback in the table's log, and a seat whose table has gone sends
nothing more (no "socket.send() raised exception" per message)."""

from __future__ import annotations

import asyncio
import logging
import os
import stat
from pathlib import Path

from bere_tui.engine.nimmt import Game
from bere_tui.serve.hub import stop_hubs
from bere_tui.serve.tables import TableLink, host_table

WAIT = 60.0  # seconds: a bound on every wait (a loaded machine), never a pace


def game() -> Game:
    return Game("base", [{"name": "Ann"}, {"name": "Cid", "bot": "random"}], seed=4)


async def test_the_start_file_is_private_and_a_clean_stop_leaves_no_traceback_and_no_send_warnings(
        tmp_path, monkeypatch, caplog):
    monkeypatch.chdir(tmp_path)  # short socket paths, whatever the length of tmp_path
    monkeypatch.setenv("BERE_TABLES", "tables")
    try:
        code = await asyncio.to_thread(host_table, game(), WAIT)
        tables = Path("tables")
        assert stat.S_IMODE(os.stat(tables / f"{code}.start.json").st_mode) == 0o600
        link = await TableLink.open(code)
        kinds = []
        while "ask" not in kinds:  # a seat at the table, asked its first card
            message = await asyncio.wait_for(link.receive(), WAIT)
            assert message is not None
            kinds.append(message["t"])
        assert stat.S_IMODE(os.stat(tables / f"{code}.record.json").st_mode) == 0o600
        stop_hubs(tables)  # the server stops
        while await asyncio.wait_for(link.receive(), WAIT) is not None:
            pass  # until the table has gone
        log = tables / f"{code}.log"
        for _ in range(1200):  # until the hub's process has written its last line (bounded)
            if "stopped" in log.read_text(encoding="utf-8"):
                break
            await asyncio.sleep(0.05)
        assert not (tables / f"{code}.pid").exists()
        with caplog.at_level(logging.WARNING, logger="asyncio"):
            for _ in range(20):  # the player answers after the table went away
                link.send({"t": "action", "action": {}, "decision": 1})
                await asyncio.sleep(0)
        link.close()
        assert not [r for r in caplog.records if "socket.send" in r.getMessage()]
        text = log.read_text(encoding="utf-8")
        assert "stopped" in text and "Traceback" not in text, text
    finally:
        stop_hubs(Path("tables"))  # whatever happened above, the table's process ends
