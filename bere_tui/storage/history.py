"""The history of finished games: an SQLite database (history.sqlite3 in the data folder) with, per player
name and variant, the games played, the games won and the mean final score.

A finished game is recorded once, in one transaction, under the fingerprint of its record, so recording the
same game again changes nothing. A database that is not one (or is damaged, or has another layout) is
renamed aside with a message, and a new one is started.
"""

from __future__ import annotations

import sqlite3
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Self

from bere_tui.i18n import _
from bere_tui.jsonfile import not_regular
from bere_tui.safetext import clean_name
from bere_tui.storage.files import StorageError, data_dir, ensure_dir, set_aside

if TYPE_CHECKING:  # the title screen reads the history: no engine, no record models at start (issue 17)
    from bere_tui.engine.nimmt import Game

HISTORY_NAME = "history.sqlite3"
SCHEMA_VERSION = 1

_SCHEMA = """
CREATE TABLE IF NOT EXISTS games (
    key TEXT PRIMARY KEY,
    variant TEXT NOT NULL,
    recorded_at TEXT NOT NULL DEFAULT (datetime('now'))
);
CREATE TABLE IF NOT EXISTS seats (
    game_key TEXT NOT NULL REFERENCES games(key),
    seat INTEGER NOT NULL,
    name TEXT NOT NULL,
    bot TEXT,
    score INTEGER NOT NULL,
    won INTEGER NOT NULL,
    PRIMARY KEY (game_key, seat)
);
"""


@dataclass(frozen=True)
class PlayerStats:
    """One player's record in one variant. `bot` is the bot level for a computer seat, None for a person."""

    name: str
    bot: str | None
    variant: str
    games: int
    wins: int
    mean_score: float


def history_path() -> Path:
    return data_dir() / HISTORY_NAME


def _shown(value) -> str:
    """A text read from the database as the screens may show it: a database written by another program may
    hold terminal escape sequences or line breaks in a name (safetext.clean_name takes them out)."""
    return clean_name(value if isinstance(value, str) else str(value))


class _Corrupt(Exception):
    pass


def _is_corrupt(exc: sqlite3.DatabaseError) -> bool:
    """Damage to the file itself, as opposed to a locked or unwritable database."""
    name = getattr(exc, "sqlite_errorname", "")
    return name in ("SQLITE_CORRUPT", "SQLITE_NOTADB") or type(exc) is sqlite3.DatabaseError


def _storage_error(path: Path, exc: sqlite3.Error) -> StorageError:
    return StorageError(_("the history {file} cannot be used: {why}").format(file=path, why=exc))


class History:
    """An open history database. Use `History.open()`, then `record_finished_game` and `player_stats`."""

    def __init__(self, conn: sqlite3.Connection, path: Path, warning: str | None) -> None:
        self.conn = conn
        self.path = path
        #: a message for the player when the old database could not be used and was set aside
        self.warning = warning

    @classmethod
    def open(cls, path: str | Path | None = None) -> History:
        path = Path(path) if path is not None else history_path()
        ensure_dir(path.parent)
        warning = None
        try:
            conn = cls._connect(path)
        except _Corrupt as exc:
            kept_as = set_aside(path)
            warning = _("the history {file} could not be used ({why}); it is kept as {name} and a new one "
                        "is started").format(file=path, why=exc, name=kept_as.name)
            try:
                conn = cls._connect(path)
            except _Corrupt as again:  # pragma: no cover - a fresh file is never corrupt
                raise StorageError(str(again)) from None
        return cls(conn, path, warning)

    @staticmethod
    def _connect(path: Path) -> sqlite3.Connection:
        odd = not_regular(path)  # a FIFO, a device, a socket, a folder: set aside unopened, never waited on
        if odd is not None:
            raise _Corrupt(odd)
        try:
            conn = sqlite3.connect(path, isolation_level=None)
        except sqlite3.Error as exc:
            raise _storage_error(path, exc) from None
        try:
            if conn.execute("PRAGMA quick_check").fetchone()[0] != "ok":
                raise _Corrupt(_("the integrity check failed"))
            version = conn.execute("PRAGMA user_version").fetchone()[0]
            tables = conn.execute("SELECT count(*) FROM sqlite_master").fetchone()[0]
            if version != SCHEMA_VERSION and tables:
                raise _Corrupt(_("it has an unknown layout, version {version}").format(version=version))
            if not tables:
                conn.executescript(f"BEGIN IMMEDIATE;{_SCHEMA}PRAGMA user_version={SCHEMA_VERSION}; COMMIT;")
        except sqlite3.DatabaseError as exc:
            conn.close()
            if _is_corrupt(exc):
                raise _Corrupt(str(exc)) from None
            raise _storage_error(path, exc) from None
        except _Corrupt:
            conn.close()
            raise
        return conn

    def close(self) -> None:
        self.conn.close()

    def __enter__(self) -> Self:
        return self

    def __exit__(self, *exc) -> None:
        self.close()

    def record_finished_game(self, game: Game) -> bool:
        """Count a finished game, in one transaction; False if this very game was counted before."""
        if not game.finished:
            raise ValueError("only a finished game is recorded")
        from bere_tui.storage.saves import record_key

        key = record_key(game.record())
        totals = game.totals()
        rows = [(key, p, info["name"], info.get("bot"), totals[p], int(p in game.winners))
                for p, info in enumerate(game.players)]
        try:
            with self._transaction():
                added = self.conn.execute("INSERT OR IGNORE INTO games (key, variant) VALUES (?, ?)",
                                          (key, game.variant)).rowcount
                if added:
                    self.conn.executemany("INSERT INTO seats VALUES (?, ?, ?, ?, ?, ?)", rows)
        except sqlite3.Error as exc:
            raise _storage_error(self.path, exc) from None
        return bool(added)

    @contextmanager
    def _transaction(self):
        self.conn.execute("BEGIN IMMEDIATE")
        try:
            yield
        except BaseException:
            self.conn.execute("ROLLBACK")
            raise
        self.conn.execute("COMMIT")

    def player_stats(self, name: str | None = None) -> list[PlayerStats]:
        """Per player and variant (people first, then by name and variant); only `name`'s rows if given."""
        query = ("SELECT s.name, s.bot, g.variant, count(*), sum(s.won), avg(s.score) FROM seats s "
                 "JOIN games g ON g.key = s.game_key {where} GROUP BY s.name, s.bot, g.variant "
                 "ORDER BY s.bot IS NOT NULL, s.name, g.variant, s.bot")
        where, args = ("WHERE s.name = ?", (name,)) if name is not None else ("", ())
        try:
            rows = self.conn.execute(query.format(where=where), args).fetchall()
        except sqlite3.Error as exc:
            raise _storage_error(self.path, exc) from None
        return [PlayerStats(_shown(n), None if b is None else _shown(b), _shown(v), games, wins, mean)
                for n, b, v, games, wins, mean in rows]


def record_finished_game(game: Game) -> tuple[bool, str | None]:
    """Count a finished game in the history: (added, warning). `added` is False if it was counted before;
    `warning` is a message when a damaged history had to be set aside. Raises StorageError if unwritable."""
    with History.open() as history:
        return history.record_finished_game(game), history.warning


def player_stats(name: str | None = None) -> tuple[list[PlayerStats], str | None]:
    """(stats, warning) for the History screen; see History.player_stats and record_finished_game."""
    with History.open() as history:
        return history.player_stats(name), history.warning
