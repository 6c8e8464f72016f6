"""Events: every change the players should see, in every game system. The base class here; each game's
events in its own folder (engine/nimmt/events.py, engine/bullenparty/events.py, engine/board/events.py)."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any, ClassVar, Self

__all__ = ["UNREAD", "Event", "Unread"]


@dataclass(slots=True)
class Event:
    #: the whole table watches this event as it is shown (a reveal, a placement, a take). False for the events
    #: that only say that somebody chose in secret (B3, BP5, BG3): after a watched event the keyboard changes
    #: hands anew before the next private decision, even the same person's (B10).
    watched: ClassVar[bool] = True
    #: the event ends a round that another follows unless the game is over (B8): the table sums the round up
    ends_round: ClassVar[bool] = False
    #: the event ends the game (B9, BP9, BG5)
    ends_game: ClassVar[bool] = False


class Unread(list[Any]):
    """Where the events of a game that nobody reads go (Game(events=False), for `bere sim`'s bot-only games):
    appending drops them, and the frequent ones are not even made (the game checks `ev is UNREAD` there). It
    stays empty: the game's state, its record and its decisions are the same as with events."""

    __slots__ = ()

    def append(self, event) -> None:
        pass

    def extend(self, events) -> None:
        pass

    # mypy checks `+=` against list's `+`, which makes a new list; the sink's `+=` drops the events, as `extend`
    # does (list's own `+=` would not call the `extend` above)
    def __iadd__(self, events: Iterable[Any], /) -> Self:  # type: ignore[misc]
        return self


#: the one sink of unread events
UNREAD = Unread()
