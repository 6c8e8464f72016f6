"""The Even/Odd card (RULES section 5, E1-E5): the base game plus one two-sided card beside a row."""

from __future__ import annotations

from bere_tui.engine.events import Event
from bere_tui.engine.nimmt.events import ParityMoved
from bere_tui.engine.nimmt.rules.base import Variant


class EvenOdd(Variant):
    name = "even-odd"  # E1: the base game's players, hands and end
    parity_card = True  # E1; E3 (which rows accept a card) is Row.accepts, E5 is Row.capacity

    def lay_row_markers(self, game, ev: list[Event]) -> None:
        """E2: beside the row whose first card is lowest, showing that card's parity."""
        rows = game.rows
        r = min(range(len(rows)), key=lambda i: rows[i].cards[0])
        rows[r].parity = rows[r].cards[0] & 1
        ev.append(ParityMoved(r, "odd" if rows[r].parity else "even", rows[r].cards[0]))

    def after_take(self, game, ev: list[Event]) -> None:
        """E4: after a take, the EVEN/ODD card moves to the other row whose last card is lowest (the row just
        taken counts: Decision), showing that card's parity."""
        rows = game.rows
        old = next(i for i, x in enumerate(rows) if x.parity is not None)
        new = min((i for i in range(len(rows)) if i != old), key=lambda i: rows[i].cards[-1])
        rows[old].parity = None
        rows[new].parity = rows[new].cards[-1] & 1
        ev.append(ParityMoved(new, "odd" if rows[new].parity else "even", rows[new].cards[-1], True))
