"""The table before a game: the variant, the seats (a person with a name, or a bot with its level), options.

Built by the setup screen or from `bere play --players ... --bots ...` (the people named first, then one bot
seat per bot level), checked here, and turned into the engine's players list.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field

from bere_tui.boards import DEFAULT_BOARD
from bere_tui.bots import BOTS, bot_key, known_bots
from bere_tui.engine.errors import SetupError
from bere_tui.engine.nimmt.variants import DEFAULT_TARGET
from bere_tui.i18n import _
from bere_tui.safetext import NAME_MAX, clean_name, escape, fit_name, shown
from bere_tui.systems import GAMES, board_of, player_limits
from bere_tui.table.words import variant_name

DEFAULT_NAMES = ("Ann", "Ben", "Cid", "Dot", "Eve", "Fay", "Gus", "Hal", "Ivy", "Jon")
BOT_LEVELS = tuple(BOTS)
__all__ = ["BOT_LEVELS", "NAME_MAX", "Seat", "TableSetup", "free_name", "setup_from_args", "setup_from_settings",
           "setup_to_settings"]


@dataclass
class Seat:
    name: str
    bot: str | None = None  # None: a person at the keyboard
    coach: bool = False  # a person with the coach on (issue 34); never in the game or its record

    def as_player(self) -> dict:
        return {"name": self.name, "bot": self.bot} if self.bot else {"name": self.name}


@dataclass
class TableSetup:
    variant: str = "base"
    seats: list[Seat] = field(default_factory=lambda: [Seat("Ann"), Seat("Ben", "heuristic")])
    target: int | None = None  # None: the default (66); base, Pro and Even/Odd only
    seed: int | None = None  # None: a random seed at the start
    side: str = "blue"  # the board game: the board's side (BG1: blue base, red pro)
    luck: bool = False  # the board game: luck cards on or off (BG6)
    board: str | None = None  # the board game: a board file (None: the shipped one)

    @property
    def people(self) -> list[int]:
        return [i for i, s in enumerate(self.seats) if s.bot is None]

    def limits(self) -> tuple[int, int]:
        """The fewest and most seats: the game's, narrowed by the board file's `players` for the board game (a
        board file that cannot be read leaves the game's; problems() names it)."""
        try:
            return player_limits(self.variant, self.options())
        except SetupError:
            info = GAMES[self.variant]
            return info.min_players, info.max_players

    def board_narrows(self) -> bool:
        """Whether the board file seats fewer counts of players than the board game does (its `players`)."""
        info = GAMES[self.variant]
        return self.limits() != (info.min_players, info.max_players)

    def board_shown(self) -> str:
        """The board file as a message names it: quoted and escaped, never cut (a path is only clear whole)."""
        return escape(repr(self.board or DEFAULT_BOARD), None)

    def limit_text(self, most: bool) -> str:
        """Why a seat more (`most`) or a seat less cannot be: the game's count, or the board file's."""
        lo, hi = self.limits()
        if self.board_narrows():
            return (_("the board {board} seats at most {n} players").format(board=self.board_shown(), n=hi) if most
                    else _("the board {board} seats at least {n} players").format(board=self.board_shown(), n=lo))
        variant = variant_name(self.variant)
        return (_("{variant}: at most {n} players").format(variant=variant, n=hi) if most else
                _("{variant}: at least {n} players").format(variant=variant, n=lo))

    def uses_target(self) -> bool:
        return "target" in GAMES[self.variant].options

    def uses_board(self) -> bool:
        """The game is played on a board file, with a side and luck cards (its options say so: the board game)."""
        return "board" in GAMES[self.variant].options

    def options(self) -> dict:
        if self.uses_board():  # make_game's options for a game on a board (engine/board/game.py)
            options: dict = {"side": self.side, "luck": self.luck}
            if self.board is not None:
                options["board"] = self.board
            return options
        if self.uses_target() and self.target is not None and self.target != DEFAULT_TARGET:
            return {"target": self.target}
        return {}

    def use_board_options(self, options: dict | None) -> None:
        """`bere play --side/--luck/--board` (cli.board_options): the board game's choices, as the setup shows them."""
        options = options or {}
        self.side = options.get("side", self.side)
        self.luck = options.get("luck", self.luck) is True
        self.board = options.get("board", self.board)

    def problems(self) -> list[str]:
        """Everything that keeps this table from starting, in words for the player."""
        out = []
        lo, hi = self.limits()
        n = len(self.seats)
        if self.uses_board():
            try:
                board_of(self.options())
            except SetupError as exc:  # a board file that cannot be read (named with its field)
                out.append(str(exc))
        if not lo <= n <= hi and self.board_narrows():
            out.append(_("the board {board} is for {lo} to {hi} players, not {n}").format(
                board=self.board_shown(), lo=lo, hi=hi, n=n))
        elif not lo <= n <= hi:
            out.append(_("{variant} is for {lo} to {hi} players, not {n}").format(
                variant=self.variant, lo=lo, hi=hi, n=n))
        seen = set()
        for i, seat in enumerate(self.seats):
            name = seat.name.strip()
            if not name:
                out.append(_("seat {i} needs a name").format(i=i + 1))
            elif len(name) > NAME_MAX:
                out.append(_("{name}: a name has at most {n} characters").format(name=escape(name), n=NAME_MAX))
            elif name.casefold() in seen:
                out.append(_("two seats are called {name}").format(name=escape(name)))
            seen.add(name.casefold())
            if seat.bot is not None and bot_key(seat.bot) is None:
                out.append(_("unknown bot {bot}; known: {known}").format(bot=shown(seat.bot), known=known_bots()))
        if self.target is not None and self.target < 1:
            out.append(_("the target score must be at least 1"))
        return out

    def players(self) -> list[dict]:
        return [s.as_player() for s in self.seats]

    def game_seed(self) -> int:
        return self.seed if self.seed is not None else random.randrange(2**31)


def free_name(taken) -> str:
    """A default name nobody at the table has yet."""
    used = {t.casefold() for t in taken}
    for name in DEFAULT_NAMES:
        if name.casefold() not in used:
            return name
    i = len(used) + 1
    while f"P{i}".casefold() in used:
        i += 1
    return f"P{i}"


def setup_from_args(variant: str, people: list[str], bots: list[str], seed: int | None,
                    target: int | None, game_options: dict | None = None) -> TableSetup:
    """`bere play`: the people named first, then one bot seat per bot level (named from DEFAULT_NAMES). Names are
    cleaned of control characters (a name too long is left for problems() to name); bots by level get the bot's
    own name (an unknown one is left for problems())."""
    seats = [Seat(clean_name(name)) for name in people]
    for level in bots:
        seats.append(Seat(free_name([s.name for s in seats]), bot_key(level) or level))
    setup = TableSetup(variant, seats, target, seed)
    setup.use_board_options(game_options)
    return setup


def setup_from_settings(last) -> TableSetup:
    """The setup screen's remembered choices (storage.LastSeats), or the default table."""
    if last is None or not last.seats:
        return TableSetup()
    seats: list[Seat] = []
    for stored in last.seats:  # the file may have been edited: names cleaned and cut, unknown bots the strongest
        name = fit_name(stored.name)[0] or free_name([s.name for s in seats])
        bot = None if stored.bot is None else bot_key(stored.bot) or BOT_LEVELS[-1]
        seats.append(Seat(name, bot, coach=bot is None and stored.coach))  # a person's coach (issue 34)
    options = last.options or {}
    target = options.get("target")
    side = options.get("side") if options.get("side") in ("blue", "red") else "blue"
    return TableSetup(last.variant, seats, target, side=side, luck=options.get("luck") is True)


def setup_to_settings(setup: TableSetup):
    from bere_tui.storage import LastSeats
    from bere_tui.storage import Seat as StoredSeat

    options: dict = {"target": setup.target} if setup.target is not None else {}
    if setup.uses_board():
        options = {"side": setup.side, "luck": setup.luck}
    return LastSeats(variant=setup.variant, seats=[StoredSeat(name=s.name, bot=s.bot, coach=s.bot is None and s.coach)
                                                          for s in setup.seats],
                     options=options)
