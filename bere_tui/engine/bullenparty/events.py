"""Bullenparty's events: every change the players should see (RULES section 7). Slotted dataclasses of plain
ints, strings and tuples; read-only by convention, like the 6 nimmt! events (engine/events.py).

A secret bid is an event without its card (BidMade); the cards show in BidsRevealed. A hidden card never
appears in an event except where the rules turn it face up.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from bere_tui.engine.events import Event

__all__ = [
    "BidMade",
    "BidsRevealed",
    "CardAdded",
    "CardLaid",
    "CardTurnedUp",
    "GameOver",
    "Reshuffled",
    "RoundEnded",
    "RoundStarted",
    "RowClosed",
    "RowTaken",
    "SetUp",
    "ZeroTakenBack",
]


@dataclass(slots=True)
class SetUp(Event):
    """BP1-BP3: each player holds a zero card (face down) and 5 number cards; `removed` cards went back to the
    box unseen (BP2); `draw_pile` cards are left."""
    players: int
    removed: int
    draw_pile: int


@dataclass(slots=True)
class RoundStarted(Event):
    """BP4: a round starts; `rows` holds each row's 2 cards in the order dealt (row 0 first)."""
    round: int
    rows: tuple[tuple[int, ...], ...]


@dataclass(slots=True)
class BidMade(Event):
    """BP5: a player chose a bid in secret (which one is not public yet)."""
    watched: ClassVar[bool] = False
    player: int


@dataclass(slots=True)
class BidsRevealed(Event):
    """BP5: all bids shown together, in the order they act: number cards lowest first, then the zero cards in
    letter order. Each entry is (player, card, letter): card is the number card or None for the zero card,
    letter the zero card's letter or None."""
    bidding: int
    bids: tuple[tuple[int, int | None, str | None], ...]


@dataclass(slots=True)
class RowTaken(Event):
    """BP5, BP7: `player`'s number card `card` went to the discard pile and they took row `row`: its number
    cards into the hand, its Bull card (bullheads, or None) apart, face up (BP8)."""
    player: int
    card: int
    row: int
    cards: tuple[int, ...]
    bull: int | None


@dataclass(slots=True)
class CardLaid(Event):
    """BP8, BP9: a number card from the hand laid face up on pile `pile` of `player` (`new_pile`: it started
    that pile). `end`: laid at the end of the game (BP9), else at the hand limit (BP8)."""
    player: int
    card: int
    pile: int
    new_pile: bool
    end: bool = False


@dataclass(slots=True)
class CardTurnedUp(Event):
    """BP5: `player`'s zero card (`letter`) acts: the top card of the draw pile is turned up."""
    player: int
    letter: str
    card: int


@dataclass(slots=True)
class CardAdded(Event):
    """BP5: the turned-up card was added to row `row` (its `position` there)."""
    player: int
    card: int
    row: int
    position: int


@dataclass(slots=True)
class RowClosed(Event):
    """BP6: row `row` reached 5 number cards and is closed; `bull` is the Bull card laid with it (bullheads),
    None when the Bull cards are used up."""
    row: int
    bull: int | None


@dataclass(slots=True)
class ZeroTakenBack(Event):
    """BP5, BP6: `player` took the zero card back. `reason`: "added" after adding its card to a row (BP5),
    "no_open_row" when every remaining row was closed (BP6 Decision), "no_card" when neither the draw pile nor
    the discard pile held a card (BP9 Decision)."""
    player: int
    letter: str
    reason: str


@dataclass(slots=True)
class Reshuffled(Event):
    """BP9: the draw pile ran out; the discard pile (`cards` of them) is the new draw pile. `first`: the first
    time, so this round is the last."""
    cards: int
    first: bool


@dataclass(slots=True)
class RoundEnded(Event):
    """BP7: the last row was taken. `scores`: each player's BP10 score so far; `last`: the game ends now (BP9)."""
    round: int
    scores: tuple[int, ...]
    last: bool


@dataclass(slots=True)
class GameOver(Event):
    """BP9, BP10: every hand laid out; the highest score wins, ties share victory."""
    ends_game: ClassVar[bool] = True
    winners: tuple[int, ...]
    scores: tuple[int, ...]
