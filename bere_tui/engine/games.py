"""Every game the table can seat: 6 nimmt!'s variants and Bullenparty, with their player counts and options,
and the one function that makes a game of any of them.

The setup screen, the command line and the table ask here, so adding a game system adds one entry.
"""

from __future__ import annotations

from dataclasses import dataclass

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
    return games


GAMES: dict[str, GameInfo] = _games()


def make_game(variant: str, players, seed: int = 0, options: dict | None = None):
    """A new game of `variant` (a 6 nimmt! variant or `bullenparty`). Raises SetupError as the engines do."""
    if variant == "bullenparty":
        from bere_tui.engine.bullenparty import Game as Bullenparty

        return Bullenparty(players, seed=seed, options=options)
    from bere_tui.engine.game import Game

    return Game(variant, players, seed=seed, options=options)


def system_of(variant: str) -> str:
    """The game system a variant belongs to: scores compare only within one (6 nimmt!'s count bullheads taken,
    lowest best; Bullenparty's count points, highest best)."""
    return variant if variant in ("bullenparty", "board") else "6nimmt"


__all__ = ["GAMES", "GameInfo", "make_game", "system_of"]
