"""What the table shows between two engine states: rows, bullheads and the reveal, moved on event by event.

`game.apply` returns all events of a decision at once, with the game already at the end state. To show the
placements one at a time, the table keeps this small model: it starts from a View, follows the events it
understands (a placement, a take, the EVEN/ODD card), and is set from the real View again when the events
are shown. The engine stays the only judge of the rules: this model never decides where a card goes.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from bere_tui.engine import events as ev
from bere_tui.engine.cards import HEADS


@dataclass
class RowShow:
    cards: list[int]
    capacity: int = 5
    seven: bool = False
    stop: bool = False
    fifth: bool = False
    parity: str | None = None

    @property
    def bullheads(self) -> int:
        return sum(HEADS[c] for c in self.cards)


@dataclass
class TableShow:
    rows: list[RowShow] = field(default_factory=list)
    round_heads: list[int] = field(default_factory=list)
    totals: list[int] = field(default_factory=list)
    revealed: list[tuple[int, int]] = field(default_factory=list)  # (card, player), lowest first
    done: set[int] = field(default_factory=set)  # cards of `revealed` already placed
    fresh: tuple[int, int] | None = None  # (row, card) just placed, shown marked
    taken: int | None = None  # the row just taken
    round: int = 0
    turn: int = 0

    @classmethod
    def from_view(cls, view) -> TableShow:
        show = cls()
        show.sync(view)
        return show

    def sync(self, view) -> None:
        """Take rows and scores from the engine's view (the truth)."""
        self.rows = [RowShow(list(r.cards), r.capacity, r.seven, r.stop, r.fifth, r.parity) for r in view.rows]
        self.round_heads = [pv.round_scores[-1] if pv.round_scores else 0 for pv in view.players]
        self.totals = [pv.total for pv in view.players]
        self.round, self.turn = view.round, view.turn
        if view.revealed and not self.revealed:
            self.revealed = list(view.revealed)
            self.done = {c for c, _ in view.revealed} - {c for c, _ in view.queue}
            if view.placing is not None:
                self.done.discard(view.placing[1])

    @property
    def current(self) -> int | None:
        """The revealed card due to be placed next."""
        for card, _ in self.revealed:
            if card not in self.done:
                return card
        return None

    def clear_marks(self) -> None:
        self.fresh = None
        self.taken = None

    def apply(self, event: ev.Event) -> None:
        """Follow one event. Events it cannot follow exactly (special cards) wait for the next sync."""
        self.clear_marks()
        if isinstance(event, ev.Dealt):
            self.rows = [RowShow([c]) for c in event.rows]
            self.round, self.turn = event.round, 0
            self.revealed, self.done = [], set()
            self.round_heads = [0] * len(self.round_heads)
        elif isinstance(event, ev.Revealed):
            self.revealed = list(event.cards)
            self.done = set()
            self.turn = event.turn
        elif isinstance(event, ev.Placed):
            self.done.add(event.card)
            if event.new_row and event.row >= len(self.rows):
                self.rows.append(RowShow([event.card]))
            elif 0 <= event.row < len(self.rows):
                row = self.rows[event.row]
                if event.new_row:
                    row.cards = [event.card]
                elif event.card not in row.cards:
                    row.cards.insert(min(event.position, len(row.cards)), event.card)
            self.fresh = (event.row, event.card)
        elif isinstance(event, ev.RowTaken):
            if 0 <= event.row < len(self.rows):
                if event.removed:
                    del self.rows[event.row]
                else:
                    self.rows[event.row].cards = []
                    self.rows[event.row].seven = False
            self._add_heads(event.player, event.bullheads)
            self.taken = event.row
        elif isinstance(event, ev.Cancelled):
            self._add_heads(event.player, -sum(HEADS[c] for c in (event.positive, *event.cancelled)))
        elif isinstance(event, ev.ParityMoved):
            for i, row in enumerate(self.rows):
                row.parity = event.parity if i == event.row else None
        elif isinstance(event, ev.RoundScored):
            self.round_heads = list(event.scores)
            self.totals = list(event.totals)

    def _add_heads(self, p: int, n: int) -> None:
        if 0 <= p < len(self.round_heads):
            self.round_heads[p] += n
            self.totals[p] += n
