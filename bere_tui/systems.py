"""The game systems: 6 nimmt! (its variants), Bullenparty and the board game, each a registered plug-in.

A `GameSystem` says what shared code may ask of a game without naming it: its variants, who wins (the lowest or
the highest total), whether it can be seated at a shared table, and where its parts are. A part is named as
"module:attribute" and imported on first use (`system.part("record")`), so starting `bere` loads only the
parts a command needs (issue 17). Shared code asks `system_of(variant)` (or `system_of_events(event)` for an
event) and never compares a variant with a game's name (issue 32).

This module is the one place that names every game. It sits above the engine: making a board-game game reads its
board file here (bere_tui/boards.py), at the edge, so that the engine does no file I/O.
"""

from __future__ import annotations

import importlib
from collections.abc import Iterable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from typing import Any

from bere_tui.engine.errors import SetupError
from bere_tui.engine.nimmt.variants import VARIANTS
from bere_tui.i18n import N_, NP_, _, later


@dataclass(frozen=True, slots=True)
class GameInfo:
    """One variant as the table seats it (what the setup screen and `--variant` offer)."""
    name: str
    min_players: int
    max_players: int
    options: tuple[str, ...]  # the options a record and the setup may give
    system: str = "nimmt"  # the name of its GameSystem
    #: its name as the screens show it, marked for translation (N_ or NP_; i18n.later translates it)
    title: str = ""
    #: one line on who plays it and how it is won (the rules screen's list), marked for translation
    summary: str = ""


@dataclass(frozen=True, slots=True)
class GameSystem:
    """A game system and its parts. The parts every system has:

    - "make": `make(variant, players, seed, options, deals)` -> a new game (raises SetupError);
    - "record": the module that reads and writes its records (`bere replay`, saves);
    - "events": the module of its events (the narrator and the log tell them);
    - "view": the dataclass of its views (`game.view(player)`); with "events" it is what a shared table sends a
      seat over the wire (bere_tui/table/wire.py), read back by the fields' declared types;
    - "narrate": `tell(event, names, you)` -> Sentence | None; "why" (optional): `why(event, names, you)` -> what
      made it happen, in a lesson's words;
    - "outcome_words": the module that words its outcome (`part_label`, `end_line`, bere_tui/table/outcome.py);
    - "bots": `make(name, seed)` -> its bot of that name (random, heuristic, strong);
    - "sim": `bot_games(variant, options)` -> `play(bot_names, seed, times)`: one bot-only game of `bere sim`
      (sim.py), each seat's decision times added to `times`, the game returned finished;
    - "hint": `practice_hint(game, learner)`, "explain": `explain(game, learner, action, expected, aim)` (teach/);
    - "evaluate": the module whose `evaluate(view, legal, chosen, seed)` gives each option's expected points from
      one player's view (the strong bot's search, bots/), for the game review and the coach (bere_tui/review);
      "review_words": the module with their words (teach/): `unit()`, `move_words(action)` and
      `reason(view, legal, chosen, best)`;
    - the screens' parts (bere_tui/ui; named here, imported only by the screens): "face" (its TableFace class,
      ui/faces/base.py: what the one table screen, the one lesson screen and the one replay viewer draw of it:
      its widgets, drawing, prompts, hand-offs, tracker and replay steps).
    """
    name: str
    variants: tuple[str, ...]
    #: True: the highest total wins (BP10, BG9); False: the fewest bullheads win (B9)
    highest_wins: bool
    #: the game can be seated at a shared table over SSH (`bere serve`): its "view" and "events" parts cross the
    #: wire (bere_tui/table/wire.py) and its "face" draws a remote seat (ui/remote.py)
    shared_tables: bool
    #: what its players hold and play: "cards" or "tiles" (the board game); the screens word the seed and keys so
    pieces: str = "cards"
    #: the rules texts shown after its own (bere_tui/assets/rules): 6 nimmt!'s variants are built on the base game
    rules_after: tuple[str, ...] = ()
    #: its name as the screens show it where it stands for all its variants (the leaderboard), marked for
    #: translation; "" when it has one variant (that variant's title is shown)
    title: str = ""
    #: its table is drawn from a table model (table/nimmt/model.py), not from the game's own view
    table_model: bool = False
    parts: dict[str, str] = field(default_factory=dict)

    def part(self, name: str) -> Any:
        """The part `name` (imported now, cached by Python's import system); None where the system has none."""
        where = self.parts.get(name, "")
        if not where:
            return None
        module, _, attr = where.partition(":")
        loaded = importlib.import_module(module)
        return getattr(loaded, attr) if attr else loaded


# ---------------------------------------------------------------------- making a game of each system


def _make_nimmt(variant: str, players, seed: int, options, deals):
    from bere_tui.engine.nimmt.game import Game

    if deals is not None:
        raise SetupError("make_game: deals are given to the engine directly")  # pragma: no cover - programming error
    return Game(variant, players, seed=seed, options=options)


def _make_bullenparty(variant: str, players, seed: int, options, deals):
    from bere_tui.engine.bullenparty import Game

    if deals is not None:
        raise SetupError("make_game: deals are given to the engine directly")  # pragma: no cover - programming error
    return Game(players, seed=seed, options=options)


def _make_board(variant: str, players, seed: int, options, deals):
    from bere_tui.engine.board import Game

    return Game(players, seed=seed, options=options, deals=deals, board=board_of(options))


NIMMT = GameSystem("nimmt", tuple(VARIANTS), highest_wins=False, shared_tables=True, rules_after=("base", "keys"),
                   title=N_("6 nimmt!"), table_model=True, parts={
    "make": "bere_tui.systems:_make_nimmt",
    "record": "bere_tui.record.nimmt",
    "events": "bere_tui.engine.nimmt.events",
    "view": "bere_tui.engine.nimmt.view:View",
    "narrate": "bere_tui.table.nimmt.narrate:tell",
    "why": "bere_tui.table.nimmt.narrate:why",
    "outcome_words": "bere_tui.table.nimmt.outcome",
    "bots": "bere_tui.bots.nimmt:make_nimmt_bot",
    "sim": "bere_tui.bots.runner:bot_games",
    "hint": "bere_tui.teach.nimmt.hint:practice_hint",
    "explain": "bere_tui.teach.nimmt.explain:explain",
    "face": "bere_tui.ui.faces.nimmt.face:NimmtFace",
    "evaluate": "bere_tui.bots.nimmt.evaluate",
    "review_words": "bere_tui.teach.nimmt.reason",
})
BULLENPARTY = GameSystem("bullenparty", ("bullenparty",), highest_wins=True, shared_tables=True, parts={
    "make": "bere_tui.systems:_make_bullenparty",
    "record": "bere_tui.record.bullenparty",
    "events": "bere_tui.engine.bullenparty.events",
    "view": "bere_tui.engine.bullenparty.view:View",
    "narrate": "bere_tui.table.bullenparty.narrate:tell",
    "outcome_words": "bere_tui.table.bullenparty.outcome",
    "bots": "bere_tui.bots.bullenparty:make_bullenparty_bot",
    "sim": "bere_tui.bots.bullenparty.runner:bot_games",
    "hint": "bere_tui.teach.bullenparty.hint:practice_hint",
    "explain": "bere_tui.teach.bullenparty.explain:explain",
    "face": "bere_tui.ui.faces.bullenparty.face:BullenpartyFace",
    "evaluate": "bere_tui.bots.bullenparty.evaluate",
    "review_words": "bere_tui.teach.bullenparty.reason",
})
BOARD = GameSystem("board", ("board",), highest_wins=True, shared_tables=True, pieces="tiles", parts={
    "make": "bere_tui.systems:_make_board",
    "record": "bere_tui.record.board",
    "events": "bere_tui.engine.board.events",
    "view": "bere_tui.engine.board.view:View",
    "narrate": "bere_tui.table.board.narrate:tell",
    "outcome_words": "bere_tui.table.board.outcome",
    "bots": "bere_tui.bots.board:make_board_bot",
    "sim": "bere_tui.bots.board.runner:bot_games",
    "hint": "bere_tui.teach.board.hint:practice_hint",
    "explain": "bere_tui.teach.board.explain:explain",
    "face": "bere_tui.ui.faces.board.face:BoardFace",
    "evaluate": "bere_tui.bots.board.evaluate",
    "review_words": "bere_tui.teach.board.reason",
})

#: every game system, by name (`register` adds one)
SYSTEMS: dict[str, GameSystem] = {}
#: every variant the table seats, in the order the setup screen offers them
GAMES: dict[str, GameInfo] = {}
#: the system of each variant
_BY_VARIANT: dict[str, GameSystem] = {}
#: the system of each events module
_BY_EVENTS: dict[str, GameSystem] = {}


def register(system: GameSystem, games: Iterable[GameInfo]) -> None:
    """Add a game system, with one GameInfo for each of its variants (offered after those there are). Every
    part of shared code that asks the registry (the table, the records, the narrator, the bots, the replay,
    the lessons) then knows it; tests/conformance checks every registered system. ValueError when its name or
    a variant is taken, or when `games` does not give exactly its variants."""
    games = tuple(games)
    if system.name in SYSTEMS:
        raise ValueError(f"a game system {system.name!r} is registered already")
    if [g.name for g in games] != list(system.variants) or any(g.system != system.name for g in games):
        raise ValueError(f"{system.name}: one GameInfo of system {system.name!r} for each variant, in order")
    taken = [v for v in system.variants if v in _BY_VARIANT]
    if taken:
        raise ValueError(f"{system.name}: the variant {taken[0]!r} is another system's")
    if system.parts.get("events", "") in _BY_EVENTS:
        raise ValueError(f"{system.name}: its events module is another system's")
    SYSTEMS[system.name] = system
    for info in games:
        GAMES[info.name] = info
        _BY_VARIANT[info.name] = system
    if system.parts.get("events"):
        _BY_EVENTS[system.parts["events"]] = system


def unregister(name: str) -> None:
    """Take the game system `name` and its variants out of the registry again (KeyError if not registered)."""
    system = SYSTEMS.pop(name)
    for variant in system.variants:
        GAMES.pop(variant, None)
        _BY_VARIANT.pop(variant, None)
    _BY_EVENTS.pop(system.parts.get("events", ""), None)


@contextmanager
def registered(system: GameSystem, games: Iterable[GameInfo]) -> Iterator[GameSystem]:
    """`register(system, games)` for the time of a `with` block (a game a test defines)."""
    register(system, games)
    try:
        yield system
    finally:
        unregister(system.name)


def _nimmt_games() -> list[GameInfo]:
    titles = {
        # TRANSLATORS: the variants' names as the printed editions call them ("Pro": 6 nimmt! Professional)
        "base": (NP_("variant", "Base game"), N_("2 to 10 players: the game as printed")),
        "pro": (NP_("variant", "Pro"), N_("2 to 6 players: an open draft, every hand known")),
        "anniversary": (NP_("variant", "Anniversary"), N_("2 to 8 players: seven kinds of special cards, two rounds")),
        "even-odd": (NP_("variant", "Even/Odd"), N_("2 to 10 players: one row takes only even or only odd cards")),
    }
    return [GameInfo(name, info.min_players, info.max_players, info.options, "nimmt", *titles.get(name, ("", "")))
            for name, info in VARIANTS.items()]


def _bullenparty_games() -> list[GameInfo]:
    from bere_tui.engine.bullenparty import rules as bullenparty

    return [GameInfo("bullenparty", bullenparty.MIN_PLAYERS, bullenparty.MAX_PLAYERS, (), "bullenparty",  # BP1
                     NP_("variant", "Bullenparty"),
                     N_("2 to 5 players: the sibling game; collect bullheads, the highest score wins"))]


#: BG1, BG2: 2-6 players (a board file may narrow it); the side, luck cards on or off, and the board file
BOARD_GAMES = [GameInfo("board", 2, 6, ("side", "luck", "board"), "board",
                        # TRANSLATORS: the board game (6 nimmt! Brettspiel, 6 bere! Desková hra)
                        NP_("variant", "Board game"),
                        N_("2 to 6 players: the board game; tiles on special spaces, the most points win"))]

register(NIMMT, _nimmt_games())
register(BULLENPARTY, _bullenparty_games())
register(BOARD, BOARD_GAMES)


def variant_title(variant: str) -> str:
    """The name the screens show for `variant`, in the language of now (the variant itself when it has none)."""
    info = GAMES.get(variant)
    return later(info.title) if info is not None and info.title else variant


def system_title(name: str) -> str:
    """The name the screens show for the game system `name` (all its variants), in the language of now."""
    system = SYSTEMS.get(name)
    if system is None:
        return name
    return later(system.title) if system.title else variant_title(system.variants[0])


def game_title(variant: str) -> str:
    """The game and the variant of `variant` in a few words: "6 nimmt!: Pro", or the variant's title alone
    where its system has no other variant ("Bullenparty")."""
    system = _BY_VARIANT.get(variant)
    if system is None or len(system.variants) == 1:
        return variant_title(variant)
    # TRANSLATORS: a game and one of its variants, as the list of open tables shows them: "6 nimmt!: Pro"
    return _("{game}: {variant}").format(game=system_title(system.name), variant=variant_title(variant))


def variant_summary(variant: str) -> str:
    """Who plays `variant` and how it is won, in one line ("" when it has none)."""
    info = GAMES.get(variant)
    return later(info.summary) if info is not None and info.summary else ""


def system_of(variant: str) -> GameSystem:
    """The game system of `variant` (KeyError for a variant nobody plays)."""
    return _BY_VARIANT[variant]


def system_of_events(event) -> GameSystem:
    """The game system an engine event belongs to (by the module that defines its class, or a class it is made
    from). LookupError for an event of no registered system (a programming error: every game's events are
    told, tests/conformance)."""
    for cls in type(event).__mro__:
        system = _BY_EVENTS.get(cls.__module__)
        if system is not None:
            return system
    raise LookupError(f"no registered game system has the events of {type(event).__module__}.{type(event).__name__}")


def make_game(variant: str, players, seed: int = 0, options: dict | None = None, deals: list | None = None):
    """A new game of `variant` (any registered game). Raises SetupError as the engines do, and for a variant
    no registered game has. The board game's
    board file is read at the edge (bere_tui/boards.py), named by `options["board"]` (a shipped board's name or
    a path; default `standard`); a bad one is a SetupError naming file and field."""
    system = _BY_VARIANT.get(variant)
    if system is None:
        raise SetupError(_("unknown variant {variant!r}; known: {known}").format(
            variant=variant, known=", ".join(GAMES)))
    return system.part("make")(variant, players, seed, options, deals)


def board_of(options: dict | None):
    """The board game's board that `options["board"]` names (a shipped board's name or a path; default
    `standard`), read at the edge (bere_tui/boards.py); a bad file is a SetupError naming file and field."""
    from bere_tui.boards import DEFAULT_BOARD, BoardFileError, load_board

    name = (options or {}).get("board", DEFAULT_BOARD) if isinstance(options, dict) else DEFAULT_BOARD
    try:
        return load_board(name)
    except BoardFileError as exc:
        raise SetupError(str(exc)) from None


def player_limits(variant: str, options: dict | None = None) -> tuple[int, int]:
    """The fewest and most players a table of `variant` with `options` seats: the game's (GAMES), narrowed by
    what its options say (the board game: its board file's `players`, BG1, docs/board.md). A board file that
    cannot be read is a SetupError naming file and field."""
    info = GAMES[variant]
    if "board" not in info.options:
        return info.min_players, info.max_players
    board = board_of(options)
    return max(info.min_players, board.min_players), min(info.max_players, board.max_players)


__all__ = ["GAMES", "SYSTEMS", "GameInfo", "GameSystem", "board_of", "game_title", "make_game", "player_limits",
           "register", "registered", "system_of", "system_of_events", "system_title", "unregister", "variant_summary",
           "variant_title"]
