"""Shared tables under `bere serve`: their codes, their hubs, and a seat's link to one.

The server names a tables folder (BERE_TABLES) and the key of each session (BERE_PLAYER); neither comes from
the client. Hosting a table starts its hub (serve.hub) as a process of its own, so the table goes on when the
host's connection drops. A table's code is four letters; its hub listens on CODE.sock in the tables folder.
"""

from __future__ import annotations

import asyncio
import json
import os
import random
import re
import string
import subprocess
import sys
import time
from pathlib import Path
from typing import TYPE_CHECKING

from bere_tui.i18n import _

if TYPE_CHECKING:  # the title screen asks shared_tables(): no engine at start (issue 17)
    from bere_tui.engine.nimmt import Game

TABLES_ENV = "BERE_TABLES"
PLAYER_ENV = "BERE_PLAYER"
JOIN_ENV = "BERE_JOIN"
CODE = re.compile(r"^[A-Z]{4}$")
LETTERS = "".join(c for c in string.ascii_uppercase if c not in "IO")  # no letter that reads as a digit


class TableError(Exception):
    """A table that cannot be hosted or joined; the message is for the player."""


def tables_dir() -> Path | None:
    folder = os.environ.get(TABLES_ENV)
    return Path(folder) if folder else None


def player_key() -> str:
    return os.environ.get(PLAYER_ENV, "")


def shared_tables() -> bool:
    """Whether this game runs under `bere serve` with shared tables."""
    return tables_dir() is not None and bool(player_key())


def normal_code(text: str) -> str | None:
    code = text.strip().upper()
    return code if CODE.match(code) else None


def socket_path(code: str) -> Path:
    folder = tables_dir()
    if folder is None:
        raise TableError(_("Shared tables need `bere serve`."))
    return folder / f"{code}.sock"


def new_code(folder: Path, rng: random.Random | None = None) -> str:
    rng = rng or random.SystemRandom()
    for _try in range(1000):
        code = "".join(rng.choice(LETTERS) for _ in range(4))
        if not any((folder / f"{code}.{end}").exists() for end in ("sock", "record.json", "start.json")):
            return code
    raise TableError(_("No free table code; try again."))


def host_table(game: Game, wait: float = 15.0) -> str:
    """Start the hub of a new table for `game` (its seats: remote people and bots); returns the table's code."""
    folder = tables_dir()
    if folder is None:
        raise TableError(_("Shared tables need `bere serve`."))
    folder.mkdir(parents=True, exist_ok=True)
    code = new_code(folder)
    first = folder / f"{code}.start.json"  # the seed and every hand: as private as the record (0600)
    with os.fdopen(os.open(first, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600), "w", encoding="utf-8") as out:
        out.write(json.dumps(game.record()))
    with open(folder / f"{code}.log", "ab") as log:  # the hub's own output (it keeps its copy open)
        command = [sys.executable, "-m", "bere_tui.serve.hub", "--folder", str(folder), "--code", code,
                   "--record", str(first)]
        hub = subprocess.Popen(command, stdin=subprocess.DEVNULL, stdout=log, stderr=log, start_new_session=True,
                               close_fds=True)
    end = time.monotonic() + wait
    listening = folder / f"{code}.pid"  # written once the hub listens (its socket file is there a moment before)
    while not listening.exists():
        if time.monotonic() > end or hub.poll() is not None:
            hub.terminate()  # a table that did not open in time does not open later, unseen
            raise TableError(_("The table did not open; see {log}.").format(log=folder / f"{code}.log"))
        time.sleep(0.05)
    return code


class TableLink:
    """One seat's connection to a table's hub: JSON messages in, actions out."""

    def __init__(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        self.reader = reader
        self.writer = writer

    @classmethod
    async def open(cls, code: str) -> TableLink:
        path = socket_path(code)
        if not path.exists():
            raise TableError(_("There is no table {code} (check the code with its host).").format(code=code))
        try:
            reader, writer = await asyncio.open_unix_connection(str(path), limit=1 << 22)
        except OSError:
            raise TableError(_("Table {code} does not answer; it may have ended.").format(code=code)) from None
        link = cls(reader, writer)
        link.send({"t": "join", "player": player_key()})
        return link

    def send(self, message: dict) -> None:
        """Send one message; nothing once the table has gone (no warning per message on a dead socket)."""
        if self.writer.is_closing():
            return
        self.writer.write(json.dumps(message).encode("utf-8") + b"\n")

    async def receive(self) -> dict | None:
        """The next message, or None when the table is gone."""
        try:
            line = await self.reader.readline()
        except (ConnectionError, ValueError):
            return None
        if not line:
            return None
        try:
            message = json.loads(line)
        except ValueError:
            return None
        return message if isinstance(message, dict) else None

    def close(self) -> None:
        self.writer.close()


__all__ = ["TableError", "TableLink", "host_table", "normal_code", "shared_tables", "tables_dir"]
