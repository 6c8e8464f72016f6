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
    private: bool = False  # joined by its code only: the lobby does not list it

    def to_json(self) -> dict:
        return {"away_offer": self.away_offer, "away_auto": self.away_auto, "clock": self.clock,
                "private": self.private}

    @classmethod
    def from_json(cls, data) -> TableSettings:
        if not isinstance(data, dict):
            return cls()
        defaults = cls()

        def seconds(name: str, value) -> float:
            return float(value) if isinstance(value, int | float) and value >= 0 else getattr(defaults, name)

        clock = data.get("clock")
        return cls(seconds("away_offer", data.get("away_offer")), seconds("away_auto", data.get("away_auto")),
                   clock if clock in CLOCKS else None, data.get("private") is True)


def server_settings(clock: int | None = None, private: bool = False) -> TableSettings:
    """A new table's settings: the server's times for away seats (AWAY_ENV), the host's clock and whether the
    table is private (code only)."""
    offer, _sep, auto = os.environ.get(AWAY_ENV, "").partition(",")
    return TableSettings.from_json({"away_offer": _number(offer), "away_auto": _number(auto), "clock": clock,
                                    "private": private})


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


@dataclass(frozen=True)
class Listing:
    """An open table as the lobby lists it: its code, its game (variant), each seat's name, each seat's bot
    level (None: a person's seat), the person seats a key holds and those connected now, and whether its game
    has begun."""

    code: str
    variant: str
    names: tuple[str, ...]
    bots: tuple[str | None, ...]
    taken: frozenset[int]
    here: frozenset[int]
    started: bool
    mine: bool = False  # the key asking holds a seat there

    @property
    def free(self) -> list[int]:
        """The person seats nobody holds yet (a player joining sits at the first)."""
        return [p for p, level in enumerate(self.bots) if level is None and p not in self.taken]


NAME_SHOWN = 40  # at most this many characters of a seat's name in the lobby


def read_listing(folder: Path, code: str, key: str = "") -> Listing | None:
    """The listing of table `code` as its hub wrote it in the table's file, or None when it is not listed: a
    private table, a finished or closed one, or a file this program did not write."""
    kept = read_table_file(folder, code)
    settings, listing, owners = kept.get("settings"), kept.get("listing"), kept.get("owners")
    if kept.get("finished") or kept.get("closed") or not isinstance(listing, dict) or not isinstance(owners, dict):
        return None
    if not isinstance(settings, dict) or settings.get("private") is not False:
        return None  # (a file without the setting is treated as private: never listed by mistake)
    names, bots, here = listing.get("names"), listing.get("bots"), listing.get("here")
    variant = listing.get("variant")
    if not (isinstance(names, list) and isinstance(bots, list) and len(names) == len(bots) and 0 < len(names) <= 20
            and all(isinstance(n, str) for n in names) and all(b is None or isinstance(b, str) for b in bots)
            and isinstance(here, list) and isinstance(variant, str)):
        return None
    n = len(names)
    taken = frozenset(int(p) for p in owners if str(p).isdigit() and int(p) < n)
    return Listing(code, variant, tuple(name[:NAME_SHOWN] for name in names), tuple(bots), taken,
                   frozenset(p for p in here if isinstance(p, int) and 0 <= p < n), listing.get("started") is True,
                   bool(key) and key in owners.values())


def open_tables(folder: Path | None = None, key: str | None = None) -> list[Listing]:
    """The public tables of the server whose game goes on and whose hub runs (the lobby's list): the tables
    with free seats first, then by code. `key` (this session's, by default) marks the tables where it sits."""
    folder = tables_dir() if folder is None else folder
    key = player_key() if key is None else key
    if folder is None or not folder.is_dir():
        return []
    found = []
    for table in folder.glob("*.table.json"):
        code = table.name.split(".")[0]
        if not CODE.match(code) or not (folder / f"{code}.sock").exists() or not hub_running(folder, code):
            continue
        listing = read_listing(folder, code, key)
        if listing is not None:
            found.append(listing)
    return sorted(found, key=lambda t: (not t.free, t.code))


def ratings_path() -> Path | None:
    """The server's ratings file (serve.ratings), next to its tables folder; None outside `bere serve`."""
    from bere_tui.serve.ratings import ratings_file

    folder = tables_dir()
    return None if folder is None else ratings_file(folder.parent)


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
    async def open(cls, code: str, watch: bool = False) -> TableLink:
        path = socket_path(code)
        if not path.exists():
            raise TableError(_("There is no table {code} (check the code with its host).").format(code=code))
        try:
            reader, writer = await asyncio.open_unix_connection(str(path), limit=1 << 22)
        except OSError:
            raise TableError(_("Table {code} does not answer; it may have ended.").format(code=code)) from None
        link = cls(reader, writer)
        hello = {"t": "join", "player": player_key(), "lang": current()}
        link.send({**hello, "watch": True} if watch else hello)
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


__all__ = ["CLOCKS", "Listing", "TableError", "TableLink", "TableSettings", "host_table", "my_tables", "normal_code",
           "open_tables", "ratings_path", "resume_tables", "shared_tables", "start_hub", "tables_dir"]
