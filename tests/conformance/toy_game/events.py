"""The toy game's events (engine events: bere_tui.engine.events.Event)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from bere_tui.engine.events import Event


@dataclass(slots=True)
class Dealt(Event):
    """Every player holds `cards` cards."""
    cards: int


@dataclass(slots=True)
class Picked(Event):
    """A player picked a card, in secret (no card: nobody else sees it)."""
    watched: ClassVar[bool] = False
    player: int


@dataclass(slots=True)
class Shown(Event):
    """The turn's picks, shown together: (player, card) in seat order."""
    turn: int
    picks: tuple[tuple[int, int], ...]


@dataclass(slots=True)
class Claimed(Event):
    """The player of the highest card took `points` (0 or 1)."""
    player: int
    points: int


@dataclass(slots=True)
class Over(Event):
    """The game is over: the most points win."""
    winners: tuple[int, ...]
