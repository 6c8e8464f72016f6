"""The ratings of the people and bots at shared tables (bere serve, issue 33 item 7).

Each SSH key has a rating per game and variant (6 nimmt!'s base game, Pro, Anniversary and Even/Odd are four
ratings: one plays differently from another), and so has each bot level ("bot:strong"), so that a newcomer sees
where they stand. A rating is openskill's (a library made for multiplayer free-for-all games): a mean `mu` and
an uncertainty `sigma`; the leaderboard shows its ordinal, mu - 3 sigma (openskill's `ordinal()`), rounded,
which starts at 0 and grows as a player is known to be good.

The model is openskill's Bradley-Terry with full pairing (every player against every other, by their places),
not its default Plackett-Luce: in openskill 6.x Plackett-Luce mishandles tied places (tied winners can end
below the player placed after them: openskill.py issues #155 and #201), and ties are common here (B9: tied
lowest totals share the win). Bradley-Terry full pairing keeps a better place above a worse one and gives tied
players the same change (tests/serve/test_ratings.py checks both on random places); a table seats at most 10,
so its pairs are few.

A finished game of a shared table is rated once (`rate_game`), by the places of the engine's outcome
(`Outcome.places()`: ties share a place), when at least one key sat at it: every seat a key holds (also while a
bot played it for that key) and every bot's seat. A person's seat nobody took is left out. Two bots of one level
at a table are one rating: each seat is rated as a copy of it, and the level takes the mean of the copies.

A file of the first version (ratings per game system, 6 nimmt!'s variants mixed) is read as it was: the
ratings of a game of one variant become that variant's, and those of a game of several variants (6 nimmt!) are
kept as they were on a board of their own ("all:nimmt": every variant, rated before the ratings per variant),
since nothing in them says which variant each game was. The next rated game writes the file in this version.

The file is the server's `ratings.json` (next to its tables/ and players/ folders), written whole and atomically
under a lock (every table's hub is a process of its own). It keeps the ids of the games it rated, so that a
game is never rated twice: not on a rematch, a reconnect, nor a hub that reloads a finished game after a
restart. A file that cannot be read (broken, hostile, from another program) gives one clear message and a fresh
start; the next rating keeps the old file beside the new one as ratings.json.broken.
"""

from __future__ import annotations

import fcntl
import json
import math
import os
import re
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path

from bere_tui.i18n import _

FILE = "ratings.json"
VERSION = 2
FIRST_VERSION = 1  # ratings per game system (read, and written again as VERSION)
MIXED = "all:"  # a board of a game's variants mixed, as the first version rated them: "all:" + its system
KEEP_GAMES = 5000  # the ids of the newest rated games kept (a game is rated right when it ends)
NAME_MAX = 64
PLAYER_ID = re.compile(r"^(key|bot):[A-Za-z0-9_-]{1,64}$")
SYSTEM_NAME = re.compile(r"^[A-Za-z0-9_-]{1,64}$")
BOARD_NAME = re.compile(r"^(all:)?[A-Za-z0-9_-]{1,64}$")  # a variant, or MIXED + a game system


class RatingsError(Exception):
    """The ratings file cannot be read; the message says why (without the file's name)."""


@dataclass(frozen=True)
class Rating:
    """One player's rating in one variant of a game: openskill's mu and sigma, the games rated and the name shown (a
    key's name at its last rated game; a bot's level)."""

    mu: float
    sigma: float
    games: int = 0
    name: str = ""

    @property
    def ordinal(self) -> float:
        """openskill's ordinal, mu - 3 sigma: the rating the leaderboard ranks and shows."""
        return self.mu - 3 * self.sigma

    @property
    def shown(self) -> int:
        return round(self.ordinal)

    def to_json(self) -> dict:
        return {"mu": self.mu, "sigma": self.sigma, "games": self.games, "name": self.name}


@dataclass(frozen=True)
class Entrant:
    """One seat of a finished game as it is rated: who (`key:NAME` or `bot:LEVEL`), the name to show, and its
    place (1 is first)."""

    player: str
    name: str
    place: int


@dataclass
class Ratings:
    """The whole file: board (a variant, or MIXED + a system for the first version's ratings) -> player id ->
    Rating, and the ids of the games rated."""

    boards: dict[str, dict[str, Rating]]
    rated: list[str]

    @classmethod
    def empty(cls) -> Ratings:
        return cls({}, [])

    def to_json(self) -> dict:
        return {"version": VERSION, "rated": self.rated[-KEEP_GAMES:],
                "boards": {board: {player: r.to_json() for player, r in players.items()}
                           for board, players in self.boards.items()}}

    def board(self, name: str) -> list[tuple[int, str, Rating]]:
        """The leaderboard `name` (a variant): (place, player id, rating), the highest ordinal first; equal shown
        ratings share a place."""
        players = sorted(self.boards.get(name, {}).items(), key=lambda item: (-item[1].ordinal, item[0]))
        shown = [r.shown for _player, r in players]
        return [(1 + sum(s > r.shown for s in shown), player, r) for player, r in players]


def ratings_file(root: Path) -> Path:
    """The ratings file of the server whose data root is `root`."""
    return root / FILE


def _number(value, what: str) -> float:
    if isinstance(value, bool) or not isinstance(value, int | float) or not math.isfinite(value):
        raise RatingsError(_("{what} is not a number").format(what=what))
    return float(value)


def parse(data) -> Ratings:
    """The ratings in `data` (the file's JSON); RatingsError when anything in it is not as this program writes
    it."""
    if not isinstance(data, dict) or data.get("version") not in (VERSION, FIRST_VERSION):
        raise RatingsError(_("it is not a ratings file of this version"))
    first = data.get("version") == FIRST_VERSION
    rated, boards = data.get("rated"), data.get("systems" if first else "boards")
    if not isinstance(rated, list) or not all(isinstance(g, str) and len(g) <= 200 for g in rated):
        raise RatingsError(_("its list of rated games is damaged"))
    if not isinstance(boards, dict):
        raise RatingsError(_("its ratings are damaged"))
    result: dict[str, dict[str, Rating]] = {}
    for name, players in boards.items():
        if not (SYSTEM_NAME if first else BOARD_NAME).match(name) or not isinstance(players, dict):
            raise RatingsError(_("its ratings are damaged"))
        board = first_version_board(name) if first or is_system(name) else name
        result.setdefault(board, {})
        for player, entry in players.items():
            if not PLAYER_ID.match(player) or not isinstance(entry, dict):
                raise RatingsError(_("its ratings are damaged"))
            mu, sigma = _number(entry.get("mu"), "mu"), _number(entry.get("sigma"), "sigma")
            games, name = entry.get("games"), entry.get("name")
            if sigma <= 0 or abs(mu) > 1e6 or sigma > 1e6 or isinstance(games, bool) or not isinstance(games, int) \
                    or games < 0 or not isinstance(name, str):
                raise RatingsError(_("its ratings are damaged"))
            result[board][player] = Rating(mu, sigma, games, name[:NAME_MAX])
    return Ratings(result, list(rated))


def is_system(name: str) -> bool:
    """Whether `name` names a game system and none of its variants (a board a hub of the first version, still
    running while the server was upgraded, rated a game on: read as the first version's)."""
    from bere_tui.systems import GAMES, SYSTEMS

    return name in SYSTEMS and name not in GAMES


def first_version_board(system: str) -> str:
    """Where the ratings of game system `system` in a file of the first version go: its variant's board when it
    has one variant, else a board of their own (MIXED + system: which variant each game was is not known)."""
    from bere_tui.systems import SYSTEMS

    found = SYSTEMS.get(system)
    return found.variants[0] if found is not None and len(found.variants) == 1 else MIXED + system


def read_ratings(path: Path) -> Ratings:
    """The ratings in the file at `path` (empty when there is none yet); RatingsError when it cannot be read."""
    from bere_tui.jsonfile import JSONFileError, read_json

    try:
        return parse(read_json(path))
    except FileNotFoundError:
        return Ratings.empty()
    except JSONFileError as exc:
        raise RatingsError(str(exc)) from None
    except OSError as exc:
        raise RatingsError(exc.strerror or str(exc)) from None


def unreadable_message(path: Path, why: str) -> str:
    return _("The ratings file {file} cannot be read ({why}); the ratings start afresh.").format(file=path, why=why)


@contextmanager
def locked(path: Path) -> Iterator[None]:
    """Hold the ratings' lock (a file beside them) for the time of a `with` block: one hub at a time rates."""
    path.parent.mkdir(parents=True, exist_ok=True)
    fd = os.open(path.with_name(path.name + ".lock"), os.O_RDWR | os.O_CREAT, 0o600)
    try:
        fcntl.flock(fd, fcntl.LOCK_EX)
        yield
    finally:
        os.close(fd)  # (closing it lets the lock go)


def rate_game(path: Path, game_id: str, variant: str, entrants: list[Entrant]) -> dict[str, tuple[float, float]]:
    """Rate one finished game of `variant` in the file at `path` (on that variant's board), once: each entrant's ordinal before and after
    (by player id). Nothing is rated, and {} comes back, when the game was rated already, or when fewer than two
    seats are rated or no key sat at the table. Raises StorageError when the file cannot be written; a file that
    cannot be read is kept as ratings.json.broken and the ratings start afresh (with one line on stderr)."""
    import sys

    from openskill.models import BradleyTerryFull

    if len(entrants) < 2 or not any(e.player.startswith("key:") for e in entrants):
        return {}
    with locked(path):
        try:
            ratings = read_ratings(path)
        except RatingsError as exc:
            print(unreadable_message(path, str(exc)), file=sys.stderr, flush=True)
            ratings = Ratings.empty()
            try:
                os.replace(path, path.with_name(path.name + ".broken"))
            except OSError:
                pass
        if game_id in ratings.rated:
            return {}
        model = BradleyTerryFull()
        table = ratings.boards.setdefault(variant, {})
        before = {e.player: table.get(e.player) or Rating(model.mu, model.sigma) for e in entrants}
        teams = [[model.rating(mu=before[e.player].mu, sigma=before[e.player].sigma)] for e in entrants]
        after = model.rate(teams, ranks=[e.place for e in entrants])
        new: dict[str, list[tuple[float, float]]] = {}
        for e, team in zip(entrants, after, strict=True):
            new.setdefault(e.player, []).append((team[0].mu, team[0].sigma))
        names = {e.player: e.name for e in entrants}
        for player, copies in new.items():  # (two bots of one level: the mean of their copies)
            old = before[player]
            table[player] = Rating(sum(mu for mu, _s in copies) / len(copies),
                                   sum(s for _mu, s in copies) / len(copies), old.games + 1,
                                   names[player][:NAME_MAX])
        ratings.rated.append(game_id)
        from bere_tui.storage import atomic_write_text

        atomic_write_text(path, json.dumps(ratings.to_json()))
        return {player: (before[player].ordinal, table[player].ordinal) for player in new}


__all__ = ["Entrant", "Rating", "Ratings", "RatingsError", "rate_game", "ratings_file", "read_ratings"]
