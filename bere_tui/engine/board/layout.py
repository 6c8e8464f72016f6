"""A board of the board game as the engine sees it (RULES section 6, BG-D2): plain frozen dataclasses, built by
bere_tui/boards.py from a board-definition file (bere_tui/assets/boards/*.json). The engine holds no layout of its own.

Positions here are 0-based: `RowSpec.spaces[i]` is the special space at index i; index `length - 1` is the
row's final space (BG-D2), which never holds a special of its own. The board file counts spaces from 1.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Literal, get_args

#: BG4, BG7: the kinds of special space a board file may use ("value" only for the two bull kinds)
SpaceKind = Literal["bull_plus", "bull_minus", "take_row", "play_two", "draw_tile", "row_to_hand", "action_card"]
SPACE_KINDS: tuple[str, ...] = get_args(SpaceKind)
#: the kinds only the pro side has (BG7)
PRO_SPACE_KINDS = ("draw_tile", "row_to_hand", "action_card")
#: BG6: the luck cards' kinds: a +5 space instead of any other effect, or a final space that pays the row's sum
LUCK_KINDS = ("plus5", "final_bonus")
#: BG7 (reconstructions, RULES BG-D7): the action cards the engine knows
ACTION_KINDS = ("play_first", "place_anywhere", "swap", "stop")
#: BG2: rows active at all times
ACTIVE_ROWS = 4


@dataclass(frozen=True, slots=True)
class Space:
    """A special space: its kind, and for bull_plus/bull_minus the printed value (None: the tile's bullheads)."""
    kind: str
    value: int | None = None


@dataclass(frozen=True, slots=True)
class RowSpec:
    length: int  # spaces, the final space included (BG-D2)
    spaces: dict[int, Space] = field(default_factory=dict)  # 0-based index -> special space

    @property
    def final(self) -> int:
        """BG-D2: the index of the row's final space."""
        return self.length - 1


@dataclass(frozen=True, slots=True)
class Side:
    name: str  # "blue" (base) or "red" (pro)
    pro: bool  # BG7: the pro rules (action cards, STOP tokens, the end when a hand runs out)
    rows: tuple[RowSpec, ...]  # top to bottom


@dataclass(frozen=True, slots=True)
class Board:
    """One board file: its tiles, its sides, its decks."""
    name: str  # how the record names it: a shipped board's name, or the path a player gave
    sha256: str  # of the file's bytes, so that a replay uses the same board
    heads: tuple[int, ...]  # heads[t] = bullheads of tile t (index 0 unused); tiles are 1..len(heads)-1
    sides: dict[str, Side]
    luck_cards: tuple[str, ...]  # BG6: the luck deck before shuffling
    action_cards: tuple[str, ...]  # BG7: the action deck before shuffling
    hand: int = 12  # BG2
    second_hand_max_players: int = 3  # BG2: with this many players or fewer, a second hand follows
    min_players: int = 2
    max_players: int = 6
    stop_tokens: int = 2  # BG1
    reconstructed: tuple[str, ...] = ()  # which parts of the file are reconstructions (for the rules text)

    @property
    def tiles(self) -> int:
        return len(self.heads) - 1


__all__ = [
    "ACTION_KINDS",
    "ACTIVE_ROWS",
    "LUCK_KINDS",
    "PRO_SPACE_KINDS",
    "SPACE_KINDS",
    "Board",
    "RowSpec",
    "Side",
    "Space",
    "SpaceKind",
]
