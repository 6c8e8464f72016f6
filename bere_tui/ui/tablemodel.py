"""What the table shows between two engine states: rows, bullheads and the reveal, moved on event by event.

`game.apply` returns all events of a decision at once, with the game already at the end state. To show the
placements one at a time, the table keeps this small model: it starts from a View, follows the events it
understands (placements, takes, the EVEN/ODD card and the special cards beside the rows), and is set from the
real View again before each decision. The engine stays the only judge of the rules: this model never decides
where a card goes, it only follows what the events say. The live table, the replay viewer and the walkthrough
all use it (tests/ui/test_tablemodel.py replays whole games against the engine's rows).
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
    _fifth_next: bool = False  # a 5th Row card was just played: the next new row is the fifth (A-5TH-1)

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
        """Follow one event, special cards included, so the rows equal the engine's after every event."""
        self.clear_marks()
        if isinstance(event, ev.Dealt):
            self.rows = [RowShow([c]) for c in event.rows]
            self.round, self.turn = event.round, 0
            self.revealed, self.done = [], set()
            self._fifth_next = False
            self.round_heads = [0] * len(self.round_heads)
        elif isinstance(event, ev.Revealed):
            self.revealed = list(event.cards)
            self.done = set()
            self.turn = event.turn
        elif isinstance(event, ev.SpecialPlayed):
            self._special(event)
        elif isinstance(event, ev.Placed):
            self._resolved(event.player)
            if event.new_row and event.row >= len(self.rows):  # A-5TH-1: the fifth row starts
                self.rows.append(RowShow([event.card], fifth=self._fifth_next))
                self._fifth_next = False
            elif 0 <= event.row < len(self.rows):
                row = self.rows[event.row]
                if event.new_row:
                    row.cards = [event.card]
                elif event.card not in row.cards:
                    row.cards.insert(min(event.position, len(row.cards)), event.card)
            self.fresh = (event.row, event.card)
        elif isinstance(event, ev.RowTaken):
            self._take(event)
        elif isinstance(event, ev.Cancelled):
            self._add_heads(event.player, -sum(HEADS[c] for c in (event.positive, *event.cancelled)))
        elif isinstance(event, ev.ParityMoved):
            for i, row in enumerate(self.rows):
                row.parity = event.parity if i == event.row else None
        elif isinstance(event, ev.RoundScored):
            self.round_heads = list(event.scores)
            self.totals = list(event.totals)

    def _special(self, event: ev.SpecialPlayed) -> None:
        f = dict(event.details)
        if event.special == "seven_nimmt":  # A-7N-1: capacity 6
            self.rows[f["row"]].seven = True
            self.rows[f["row"]].capacity = 6
        elif event.special == "stop":  # A-STOP-1
            self.rows[f["row"]].stop = True
        elif event.special == "fifth_row":  # A-5TH-1: the card starts a new row, with the 5th Row card beside it
            self._fifth_next = True
        elif event.special == "shift":  # A-SHI-1: the card moves to its ascending place in the other row
            for row in self.rows:
                if f["move"] in row.cards:
                    row.cards.remove(f["move"])
            self.rows[f["to_row"]].cards = sorted([*self.rows[f["to_row"]].cards, f["move"]])
        elif event.special == "replace":  # A-REP-1: the revealed card goes back; the replacement is placed
            self.revealed = [(f["with"], p) if (c, p) == (event.card, event.player) else (c, p)
                             for c, p in self.revealed]

    def _take(self, event: ev.RowTaken) -> None:
        self._add_heads(event.player, event.bullheads)
        if not 0 <= event.row < len(self.rows):
            return
        for row in self.rows:  # A-5TH-2: the 5th Row card goes; A-STOP-3: every Stop goes after a take
            row.fifth = row.stop = False
        taken = self.rows[event.row]
        taken.seven, taken.capacity = False, 5  # A-7N-2
        if event.removed:  # A-5TH-2: the row disappears with the placed card; the rows after it move up
            del self.rows[event.row]
            self._resolved(event.player)
        else:
            taken.cards = []
            self.taken = event.row

    def _resolved(self, player: int) -> None:
        """The card `player` is placing has found its place (or its row): the reveal moves on."""
        for card, p in self.revealed:
            if p == player and card not in self.done:
                self.done.add(card)
                return

    def _add_heads(self, p: int, n: int) -> None:
        if 0 <= p < len(self.round_heads):
            self.round_heads[p] += n
            self.totals[p] += n
