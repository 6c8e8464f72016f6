"""One sentence per engine event: the table's log, the lessons and the replay viewer all tell events here, each
game's events by its own narrator (its system's "narrate" part; "why" where a lesson tells what made it happen).

`you`: the seat told in the second person (a lesson's learner: "You take row 1", not "You takes row 1").
`why`: a lesson adds what made it happen, in plain words ("It follows 20, the closest lower end.").
"""

from __future__ import annotations

from rich.text import Text

from bere_tui.engine.events import Event
from bere_tui.systems import system_of_events
from bere_tui.table.sentence import Sentence, say


def narrate(event: Event, names: list[str], *, you: int | None = None, why: bool = False) -> Sentence | None:
    """The sentence for `event`, or None for events not told on their own (a secret choice; the card that starts
    a row again after its take, told with the take)."""
    system = system_of_events(event)
    told = system.part("narrate")(event, names, you)
    explain = system.part("why") if why else None  # what made it happen: a lesson's, where the game tells it
    if told is None or explain is None:
        return told
    reason = explain(event, names, you)
    return told if reason is None else told + say(". ") + reason


def log_line(event: Event, names: list[str], ascii: bool = False, you: int | None = None) -> Text | None:
    """The log's line for `event` (None: not logged): its sentence with the cards as on the table."""
    told = narrate(event, names, you=you)
    return told.text(ascii) if told is not None else None


__all__ = ["log_line", "narrate"]
