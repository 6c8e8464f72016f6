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
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING

from bere_tui.i18n import _, current

if TYPE_CHECKING:  # the title screen asks shared_tables(): no engine at start (issue 17)
    from bere_tui.engine.nimmt import Game

TABLES_ENV = "BERE_TABLES"
PLAYER_ENV = "BERE_PLAYER"
JOIN_ENV = "BERE_JOIN"
AWAY_ENV = "BERE_TABLE_AWAY"  # "OFFER,AUTO": the server's times for away seats (bere serve --away-offer/--away-auto)
CODE = re.compile(r"^[A-Z]{4}$")
LETTERS = "".join(c for c in string.ascii_uppercase if c not in "IO")  # no letter that reads as a digit


#: the per-decision clocks a host may choose (seconds; None: no clock)
CLOCKS: tuple[int | None, ...] = (None, 30, 60, 120)


@dataclass(frozen=True)
class TableSettings:
    """A table's settings, kept in CODE.table.json next to its record (with the seats' keys), so that a table
    reloaded after a restart keeps them."""

    away_offer: float = 60.0  # seconds a person's seat has had nobody at it before any player may give it to a bot
    away_auto: float = 180.0  # ... before the table gives a seat that someone left to a bot by itself (0: never)
    clock: int | None = None  # seconds for each decision, then the seat's bot move is played (None: no clock)

    def to_json(self) -> dict:
        return {"away_offer": self.away_offer, "away_auto": self.away_auto, "clock": self.clock}

    @classmethod
    def from_json(cls, data) -> TableSettings:
        if not isinstance(data, dict):
            return cls()
        defaults = cls()

        def seconds(name: str, value) -> float:
            return float(value) if isinstance(value, int | float) and value >= 0 else getattr(defaults, name)

        clock = data.get("clock")
        return cls(seconds("away_offer", data.get("away_offer")), seconds("away_auto", data.get("away_auto")),
                   clock if clock in CLOCKS else None)


def server_settings(clock: int | None = None) -> TableSettings:
    """A new table's settings: the server's times for away seats (AWAY_ENV) and the host's clock."""
    offer, _sep, auto = os.environ.get(AWAY_ENV, "").partition(",")
    return TableSettings.from_json({"away_offer": _number(offer), "away_auto": _number(auto), "clock": clock})


def _number(text: str) -> float | None:
    try:
        return float(text)
    except ValueError:
        return None


def table_file(folder: Path, code: str) -> Path:
    """The table's own file: its settings, the key bound to each person's seat and the seats a bot plays for."""
    return folder / f"{code}.table.json"


def read_table_file(folder: Path, code: str) -> dict:
    try:
        data = json.loads(table_file(folder, code).read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return {}
    return data if isinstance(data, dict) else {}


def write_table_file(folder: Path, code: str, data: dict) -> None:
    from bere_tui.storage import atomic_write_text

    atomic_write_text(table_file(folder, code), json.dumps(data))


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


def host_table(game: Game, wait: float = 15.0, settings: TableSettings | None = None) -> str:
    """Start the hub of a new table for `game` (its seats: remote people and bots); returns the table's code."""
    folder = tables_dir()
    if folder is None:
        raise TableError(_("Shared tables need `bere serve`."))
    folder.mkdir(parents=True, exist_ok=True)
    code = new_code(folder)
    first = folder / f"{code}.start.json"  # the seed and every hand: as private as the record (0600)
    with os.fdopen(os.open(first, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600), "w", encoding="utf-8") as out:
        out.write(json.dumps(game.record()))
    write_table_file(folder, code, {"settings": (settings or TableSettings()).to_json()})
    start_hub(folder, code, first, wait)
    return code


def start_hub(folder: Path, code: str, record: Path, wait: float = 15.0) -> None:
    """Start the hub of table `code` on `record` (a new table's first record, or the record of a table the
    server reloads after a restart) and wait until it listens (at most `wait` seconds)."""
    with open(folder / f"{code}.log", "ab") as log:  # the hub's own output (it keeps its copy open)
        command = [sys.executable, "-m", "bere_tui.serve.hub", "--folder", str(folder), "--code", code,
                   "--record", str(record)]
        hub = subprocess.Popen(command, stdin=subprocess.DEVNULL, stdout=log, stderr=log, start_new_session=True,
                               close_fds=True)
    end = time.monotonic() + wait
    listening = folder / f"{code}.pid"  # written once the hub listens (its socket file is there a moment before)
    while not listening.exists():
        if time.monotonic() > end or hub.poll() is not None:
            hub.terminate()  # a table that did not open in time does not open later, unseen
            raise TableError(_("The table did not open; see {log}.").format(log=folder / f"{code}.log"))
        time.sleep(0.05)


def hub_running(folder: Path, code: str) -> bool:
    """Whether the hub of table `code` runs (its pid file names a live process)."""
    try:
        os.kill(int((folder / f"{code}.pid").read_text(encoding="utf-8").strip()), 0)
    except (OSError, ValueError):
        return False
    return True


def unfinished_tables(folder: Path) -> list[str]:
    """The codes of the tables in `folder` whose game goes on: a record, a game not finished, and not closed
    (a table nobody came back to for too long is closed for good)."""
    codes = []
    for record in sorted(folder.glob("*.record.json")):
        code = record.name.split(".")[0]
        kept = read_table_file(folder, code)
        if CODE.match(code) and kept and not kept.get("finished") and not kept.get("closed"):
            codes.append(code)
    return codes


def resume_tables(folder: Path, wait: float = 15.0) -> list[str]:
    """On the server's start: the hub of each unfinished table is started again on its record (its seats come
    back as their keys join); returns their codes. A table that cannot be reloaded is left as it is."""
    resumed = []
    for code in unfinished_tables(folder):
        if hub_running(folder, code):
            continue
        (folder / f"{code}.sock").unlink(missing_ok=True)  # (left by a hub that was killed)
        try:
            start_hub(folder, code, folder / f"{code}.record.json", wait)
        except TableError as exc:
            print(exc, file=sys.stderr, flush=True)
            continue
        resumed.append(code)
    return resumed


def my_tables(key: str | None = None) -> list[str]:
    """The open tables where the key (this session's, by default) has a seat and the game goes on."""
    folder = tables_dir()
    key = player_key() if key is None else key
    if folder is None or not key or not folder.is_dir():
        return []
    mine = []
    for code in unfinished_tables(folder):
        owners = read_table_file(folder, code).get("owners")
        if (folder / f"{code}.sock").exists() and isinstance(owners, dict) and key in owners.values():
            mine.append(code)
    return mine


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
        link.send({"t": "join", "player": player_key(), "lang": current()})
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


__all__ = ["CLOCKS", "TableError", "TableLink", "TableSettings", "host_table", "my_tables", "normal_code",
           "resume_tables", "shared_tables", "start_hub", "tables_dir"]
