"""Every game the table can seat: 6 nimmt!'s variants, Bullenparty and the board game, with their player counts
and options, and the one function that makes a game of any of them.

The setup screen, the command line and the table ask here, so adding a game system adds one entry.
"""

from __future__ import annotations

from dataclasses import dataclass

from bere_tui.engine.errors import SetupError
from bere_tui.engine.variants import VARIANTS


@dataclass(frozen=True, slots=True)
class GameInfo:
    name: str
    min_players: int
    max_players: int
    options: tuple[str, ...]  # the options a record and the setup may give


def _games() -> dict[str, GameInfo]:
    from bere_tui.engine.bullenparty import rules as bullenparty

    games = {name: GameInfo(name, info.min_players, info.max_players, info.options) for name, info in VARIANTS.items()}
    games["bullenparty"] = GameInfo("bullenparty", bullenparty.MIN_PLAYERS, bullenparty.MAX_PLAYERS, ())  # BP1
    # BG1, BG2: 2-6 players (a board file may narrow it); the side, luck cards on or off, and the board file
    games["board"] = GameInfo("board", 2, 6, ("side", "luck", "board"))
    return games


GAMES: dict[str, GameInfo] = _games()


def make_game(variant: str, players, seed: int = 0, options: dict | None = None, deals: list | None = None):
    """A new game of `variant` (a 6 nimmt! variant, `bullenparty` or `board`). Raises SetupError as the engines
    do. The board game's board file is read here, at the edge (bere_tui/boards.py), named by `options["board"]`
    (a shipped board's name or a path; default `standard`); a bad one is a SetupError naming file and field."""
    if variant == "board":
        from bere_tui.engine.board import Game as BoardGame

        return BoardGame(players, seed=seed, options=options, deals=deals, board=board_of(options))
    if deals is not None:
        raise SetupError("make_game: deals are given to the engine directly")  # pragma: no cover - programming error
    if variant == "bullenparty":
        from bere_tui.engine.bullenparty import Game as Bullenparty

        return Bullenparty(players, seed=seed, options=options)
    from bere_tui.engine.game import Game

    return Game(variant, players, seed=seed, options=options)


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
    """The fewest and most players a table of `variant` with `options` seats: the game's (GAMES), and for the
    board game its board file's, which may narrow them (BG1, docs/board.md `players`). A board file that cannot
    be read is a SetupError naming file and field."""
    info = GAMES[variant]
    if variant != "board":
        return info.min_players, info.max_players
    board = board_of(options)
    return max(info.min_players, board.min_players), min(info.max_players, board.max_players)


def system_of(variant: str) -> str:
    """The game system a variant belongs to: scores compare only within one (6 nimmt!'s count bullheads taken,
    lowest best; Bullenparty's count points, highest best)."""
    return variant if variant in ("bullenparty", "board") else "6nimmt"


__all__ = ["GAMES", "GameInfo", "board_of", "make_game", "player_limits", "system_of"]
