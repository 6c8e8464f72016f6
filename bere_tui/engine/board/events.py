"""The board game's events: every change the players should see (RULES section 6). Slotted dataclasses of
plain ints, strings and tuples, read-only by convention, like the other games' events (engine/events.py).

A tile chosen in secret, a tile drawn (draw_tile) and an action card drawn are events without the tile or the
card; tiles show in `Revealed`. Every change of a score is an event with `points` (positive or negative), so a
score is always the sum of its player's `points` (the invariant the tests check).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from bere_tui.engine.events import Event

__all__ = [
    "ActionDrawn", "GameOver", "HandDealt", "HandPenalty", "LuckDiscarded", "LuckDrawn", "LuckPlaced",
    "PlayTwo", "Revealed", "RowFinished", "RowGathered", "RowTaken", "Selected", "SetUp", "SpaceScored",
    "StopPlaced", "TileDrawn", "TilePlaced", "TileSwapped", "TurnEnded",
]


@dataclass(slots=True)
class SetUp(Event):
    """BG2: the board's side, luck cards on or off, and the start tiles on the first space of the top four
    rows: `rows` holds (row, tile) pairs."""
    players: int
    side: str
    luck: bool
    rows: tuple[tuple[int, int], ...]


@dataclass(slots=True)
class HandDealt(Event):
    """BG2: a hand of `size` tiles to every player (hand 1 at the start; hand 2 with 2-3 players)."""
    hand: int
    size: int


@dataclass(slots=True)
class Selected(Event):
    """BG3: a player chose in secret (what is not public yet)."""
    watched: ClassVar[bool] = False
    player: int


@dataclass(slots=True)
class Revealed(Event):
    """BG3: every choice shown together. `choices`: (player, tiles, action card or None) by seat; `order`: the
    (player, tile) placements in the order they will happen (play_first's tiles first, then lowest first)."""
    turn: int
    choices: tuple[tuple[int, tuple[int, ...], str | None], ...]
    order: tuple[tuple[int, int], ...]


@dataclass(slots=True)
class StopPlaced(Event):
    """BG7 (stop card): a STOP token on a row; no tile goes there for the rest of this turn. `row` is None when
    no token was left: the card is spent."""
    player: int
    row: int | None


@dataclass(slots=True)
class TilePlaced(Event):
    """BG3: a tile lands on `space` (0-based) of `row`. `how`: "closest" (B4's row), "lowest" (lower than every
    row end: after the highest one) or "anywhere" (the place_anywhere card)."""
    player: int
    tile: int
    row: int
    space: int
    how: str


@dataclass(slots=True)
class TileSwapped(Event):
    """BG7 (swap card): `tile` takes the place of `taken`, the last tile of `row`, which goes to the player's
    hand; the space does not act again."""
    player: int
    tile: int
    row: int
    space: int
    taken: int


@dataclass(slots=True)
class SpaceScored(Event):
    """BG4, BG6: a bull space (`kind` bull_plus or bull_minus) or a luck card's +5 space (`plus5`) paid
    `points` to the player whose tile landed there."""
    player: int
    row: int
    space: int
    kind: str
    points: int


@dataclass(slots=True)
class RowFinished(Event):
    """BG4, BG-D4: a tile filled the row's final space. The row's other tiles (`tiles`) leave the game and cost
    their bullheads (`points` < 0), or pay them with a final_bonus luck card (`bonus`, `points` > 0); the row is
    empty and inactive, and the tile moves to the first space of `to_row`, which becomes active."""
    player: int
    row: int
    tile: int
    tiles: tuple[int, ...]
    points: int
    to_row: int
    bonus: bool


@dataclass(slots=True)
class RowTaken(Event):
    """BG4, BG-D5: a take-the-row space. The tiles already in the row leave the game and cost their bullheads
    (`points` <= 0); the tile moves to the row's first space."""
    player: int
    row: int
    tile: int
    tiles: tuple[int, ...]
    points: int


@dataclass(slots=True)
class RowGathered(Event):
    """BG7 (pro): the row's other tiles go into the player's hand instead of costing points; the tile moves to
    the row's first space."""
    player: int
    row: int
    tile: int
    tiles: tuple[int, ...]


@dataclass(slots=True)
class PlayTwo(Event):
    """BG4, BG-D6: the player chooses two tiles next turn."""
    player: int


@dataclass(slots=True)
class TileDrawn(Event):
    """BG7 (pro): the player drew a tile from the supply (which one is theirs to know)."""
    player: int


@dataclass(slots=True)
class ActionDrawn(Event):
    """BG7 (pro): the player drew an action card (which one is theirs to know)."""
    player: int


@dataclass(slots=True)
class LuckDrawn(Event):
    """BG6: minus points drew a luck card, played at once (our Decision, docs/board.md)."""
    player: int
    kind: str


@dataclass(slots=True)
class LuckPlaced(Event):
    """BG6: a luck card changes an empty space of an active row (plus5) or a final space (final_bonus)."""
    player: int
    kind: str
    row: int
    space: int


@dataclass(slots=True)
class LuckDiscarded(Event):
    """BG6: a luck card with no space it could change is put aside."""
    player: int
    kind: str


@dataclass(slots=True)
class TurnEnded(Event):
    """A turn's placements are done; `scores` as they stand."""
    turn: int
    scores: tuple[int, ...]


@dataclass(slots=True)
class HandPenalty(Event):
    """BG7 (pro end): a hand ran out; this player loses the bullheads of the tiles left in hand."""
    player: int
    tiles: tuple[int, ...]
    points: int


@dataclass(slots=True)
class GameOver(Event):
    """BG5, BG-D7: the most points win; ties share."""
    ends_game: ClassVar[bool] = True
    winners: tuple[int, ...]
    scores: tuple[int, ...]
