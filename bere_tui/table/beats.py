"""Beats: what the table director asks a screen to draw next, one at a time.

A screen loops: `beat = director.next_beat()`, draws it, and answers where the beat asks for an answer
(`Ask`: the person's action through `director.decide`; `HandOff`: `director.handed_off`; `BotTurn`: the bot's
`director.think` result through `director.decide`). Beats hold plain data: no screen, no Textual.

A lesson (teach.runner) speaks the same beats, and one more: `Say`, the lesson's words.
"""

from __future__ import annotations

from dataclasses import dataclass

from bere_tui.engine.events import Event
from bere_tui.i18n import Said


@dataclass(frozen=True, slots=True)
class ShowEvents:
    """Events of one action, to be shown in order. `forced`: the player whose only possible move was made for
    them (their last card); `notice`: something to tell first (a bot that failed), said in the reader's words."""
    events: tuple[Event, ...]
    forced: int | None = None
    notice: str | Said = ""


@dataclass(frozen=True, slots=True)
class HandOff:
    """Pass the keyboard to `player` before their decision `do` (B10: nobody else may see their hand). `again`:
    the same person held the keyboard before the whole table watched something."""
    player: int
    do: str
    again: bool = False


@dataclass(frozen=True, slots=True)
class Ask:
    """`player` decides `do` now (their legal actions: `game.legal(player)`): they hold the keyboard, or the
    decision is public. `new_hands`: a public decision of a person who did not hold the keyboard (hot seat):
    the prompt takes a key only once the keys have stopped, as a hand-off does."""
    player: int
    do: str
    new_hands: bool = False


@dataclass(frozen=True, slots=True)
class BotTurn:
    """Bot `player` decides `do` now: run `director.think(player)` (in a thread: it may search)."""
    player: int
    do: str


@dataclass(frozen=True, slots=True)
class RoundSummary:
    """A round was scored and another follows (B8)."""
    scored: Event  # (an event that ends a round: its scores and totals)


@dataclass(frozen=True, slots=True)
class GameEnd:
    """The game is over (B9, A7); in a lesson, the lesson is (its game may go on: `winners` is then empty)."""
    winners: tuple[int, ...]


@dataclass(frozen=True, slots=True)
class Say:
    """A lesson's words (teach.runner; the table's director says nothing): `text`, read until the learner goes
    on. `event`: the event it talks about, shown first (one of an action's events; the others come as
    `ShowEvents`); `point`: the part of the table it talks about (hand, rows, scores, pile, log, specials)."""
    text: str
    point: str | None = None
    event: Event | None = None


Beat = ShowEvents | HandOff | Ask | BotTurn | RoundSummary | GameEnd | Say

__all__ = ["Ask", "Beat", "BotTurn", "GameEnd", "HandOff", "RoundSummary", "Say", "ShowEvents"]
