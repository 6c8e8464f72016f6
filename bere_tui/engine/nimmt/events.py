"""Events: every change the players should see. The UI animates them, the log lists them, tests assert on them.

All are slotted dataclasses holding plain ints, strings and tuples. Treat them as read-only. They are not
frozen on purpose: a frozen dataclass sets each field through `object.__setattr__`, which tripled the cost of
building the events of a round (DESIGN: speed; bench/engine_speed.py).

Events say everything that changed, so that nothing that shows or tells them (the table model, the log, the
lessons, the replay viewer) works a rule out again. Fields that only tell why or how (the card a take played,
the card a placement follows, the markers a take removed) take no part in ==, so a test can state the change
it is about without spelling out the rest.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import ClassVar

from bere_tui.engine.events import Event

__all__ = [
    "Cancelled",
    "Dealt",
    "Drafted",
    "GameOver",
    "Moved",
    "ParityMoved",
    "Placed",
    "Revealed",
    "RoundScored",
    "RowTaken",
    "Selected",
    "SpecialPlayed",
    "SpecialsGiven",
    "Swapped",
]


@dataclass(slots=True)
class Dealt(Event):
    """A round starts: rows laid out (B2). `rows` is empty in Pro until the draft ends."""
    round: int
    rows: tuple[int, ...]


@dataclass(slots=True)
class Drafted(Event):
    """Pro (P2): a player drafted a card from the open pool."""
    player: int
    card: int


@dataclass(slots=True)
class Selected(Event):
    """A player chose a card in secret (B3). The card itself is not public yet."""
    watched: ClassVar[bool] = False
    player: int


@dataclass(slots=True)
class Revealed(Event):
    """All choices shown together (B3): (card, player) pairs, lowest card first."""
    turn: int
    cards: tuple[tuple[int, int], ...]


@dataclass(slots=True)
class Placed(Event):
    """A card went into a row. `position` is its index in the row; `new_row` when it started row `row`.

    `after`: the card it follows in the row (0 at a row's start). `via` says which rule put it there: "" by
    B4, "take" when it starts the row it took again (B5, B6, A-INS-3), "fifth_row" when it starts a fifth row
    (A-5TH-1), "insert" at its ascending place (A-INS-2), "shift" when it starts the row Shift emptied
    (A-SHI-2).
    """
    player: int
    card: int
    row: int
    position: int
    new_row: bool = False
    after: int = field(default=0, compare=False)
    via: str = field(default="", compare=False)


@dataclass(slots=True)
class RowTaken(Event):
    """A player took cards of a row into their bull pile (B5, B6, A-INS-3, A-5TH-2).

    `row` is the row's index before the take; `removed` when the row disappeared (A-5TH-2);
    `reason` is "sixth" (B5 or capacity), "low" (B6) or "insert" (A-INS-3).

    `card`: the card being placed that took the row. `refused`: for a low card (B6), "stop" or "parity" when a
    row did not accept it (A-STOP-2, E3), else "". `markers`: the special cards this take removed from beside
    the rows, as (card, row) with the rows numbered as before the take (A-5TH-2, A-7N-2, A-STOP-3).
    """
    player: int
    row: int
    cards: tuple[int, ...]
    bullheads: int
    reason: str
    removed: bool = False
    card: int = field(default=0, compare=False)
    refused: str = field(default="", compare=False)
    markers: tuple[tuple[str, int], ...] = field(default=(), compare=False)


@dataclass(slots=True)
class SpecialPlayed(Event):
    """Anniversary: a special card was played beside a placement (A3). `details` holds its choices, in the
    record's spelling; `row` and `instead` read them."""
    player: int
    special: str
    card: int
    details: tuple[tuple[str, int], ...] = ()

    @property
    def row(self) -> int:
        """The row 7 nimmt! or Stop now lies beside, or Insert put the card into (-1 for the others)."""
        return next((v for k, v in self.details if k == "row"), -1)

    @property
    def instead(self) -> int:
        """Replace (A-REP-1): the card of the hand placed instead of `card` (0 for the others)."""
        return next((v for k, v in self.details if k == "with"), 0)


@dataclass(slots=True)
class Moved(Event):
    """Anniversary (A-SHI-1): Shift moved `card` from row `from_row` to index `position` of row `to_row`."""
    player: int
    card: int
    from_row: int
    to_row: int
    position: int


@dataclass(slots=True)
class Cancelled(Event):
    """Anniversary (A-NP-1): cards set aside by Negative = Positive.

    `bullheads`: those of the cards set aside (the positive card and the cancelled ones), which leave the
    player's bull pile; `net`: what the take scores after that (the bullheads taken less those set aside;
    below 0 when cards of earlier takes were cancelled).
    """
    player: int
    positive: int
    cancelled: tuple[int, ...]
    bullheads: int = field(default=0, compare=False)
    net: int = field(default=0, compare=False)


@dataclass(slots=True)
class Swapped(Event):
    """Anniversary (A5): a special card discarded after taking a row, and one drawn (which one is secret)."""
    player: int
    discarded: str


@dataclass(slots=True)
class SpecialsGiven(Event):
    """Anniversary (A6): each player received `count` special cards for round 2."""
    count: int


@dataclass(slots=True)
class ParityMoved(Event):
    """Even/Odd (E2, E4): the EVEN/ODD card now lies beside `row`, showing `parity` ("even" or "odd").

    Why, for the log: `card` is the card that decided (E2: the row's first card, the lowest at the deal; E4:
    its last card, the lowest after a take) and `after_take` tells E4 from E2. Neither takes part in ==.
    """
    row: int
    parity: str
    card: int = field(default=0, compare=False)
    after_take: bool = field(default=False, compare=False)


@dataclass(slots=True)
class RoundScored(Event):
    """End of a round (B8): bullheads of the round and totals, one entry per player."""
    ends_round: ClassVar[bool] = True
    round: int
    scores: tuple[int, ...]
    totals: tuple[int, ...]


@dataclass(slots=True)
class GameOver(Event):
    """End of the game (B9, A7): the winners share the lowest total."""
    ends_game: ClassVar[bool] = True
    winners: tuple[int, ...]
    totals: tuple[int, ...]
