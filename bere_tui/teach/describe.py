"""Events told in sentences from the learner's seat, each with what made it happen ("You put 23 in row 2. It
follows 20, the closest lower end (B4).").

The sentences are the table's own (table.narrate, in the second person for the learner, with the reasons); this
module only follows a lesson's table with them. Used to tell the events of a lesson and to explain a move the
lesson did not ask for (that move is applied to a copy of the game and its events are told here).
"""

from __future__ import annotations

from bere_tui.engine.events import Event
from bere_tui.table.narrate import narrate
from bere_tui.table.nimmt.model import TableShow


class Teller:
    """Tells the events of one table from the learner's seat, and folds each into `table` (the rows the lesson
    screen draws); feed it every event in order."""

    def __init__(self, view, learner: int) -> None:
        self.table = TableShow.from_view(view)
        self.learner = learner
        self.names = [p.name for p in view.players]

    def tell(self, ev: Event) -> str | None:
        """The sentence for one event (None for events not worth a sentence), then fold it into the table."""
        told = narrate(ev, self.names, you=self.learner, why=True)
        self.table.apply(ev)
        return told.plain if told is not None else None


def tell_events(view, events: list[Event], learner: int) -> list[str]:
    names = [p.name for p in view.players]
    told = (narrate(ev, names, you=learner, why=True) for ev in events)
    return [t.plain for t in told if t is not None]
