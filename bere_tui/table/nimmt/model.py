"""What the table shows between two engine states: rows, bullheads and the reveal, moved on event by event.

`game.apply` returns all events of a decision at once, with the game already at the end state. To show the
placements one at a time, the table keeps this small model: it starts from a View, folds in the events (which
say everything that changed: engine.events), and is set from the real View again before each decision. The
engine stays the only judge of the rules: this model never decides where a card goes or what a take removes,
it only does what the events say. The live table, the lessons and the replay viewer all use it
(tests/table/test_table_model.py replays whole games against the engine's rows).
"""

from __future__ import annotations

from dataclasses import dataclass, field

from bere_tui.engine.cards import row_bullheads
from bere_tui.engine.nimmt import events as ev
from bere_tui.engine.nimmt.row import capacity

#: RowShow's attribute for each special card that lies beside a row (A4)
MARKERS = {"fifth_row": "fifth", "seven_nimmt": "seven", "stop": "stop"}


@dataclass
class RowShow:
    cards: list[int]
    seven: bool = False
    stop: bool = False
    fifth: bool = False
    parity: str | None = None

    @property
    def capacity(self) -> int:
        return capacity(self.seven)

    @property
    def bullheads(self) -> int:
        return row_bullheads(self.cards)


@dataclass
class TableShow:
    rows: list[RowShow] = field(default_factory=list)
    round_heads: list[int] = field(default_factory=list)
    totals: list[int] = field(default_factory=list)
    revealed: list[tuple[int, int]] = field(default_factory=list)  # (card, player), lowest first
    done: set[int] = field(default_factory=set)  # cards of `revealed` already placed
    instead: dict[int, int] = field(default_factory=dict)  # revealed card -> the card placed instead (A-REP-1)
    fresh: tuple[int, int] | None = None  # (row, card) just placed, shown marked
    taken: int | None = None  # the row just taken
    round: int = 0
    turn: int = 0
    #: Anniversary (A2, A5): each player's special cards in hand and the special draw and discard piles' sizes,
    #: as of the last sync (empty without special cards)
    specials: list[int] = field(default_factory=list)
    special_piles: tuple[int, int] = (0, 0)

    @classmethod
    def from_view(cls, view) -> TableShow:
        show = cls()
        show.sync(view)
        return show

    def sync(self, view) -> None:
        """Take rows and scores from the engine's view (the truth)."""
        self.rows = [RowShow(list(r.cards), r.seven, r.stop, r.fifth, r.parity) for r in view.rows]
        self.round_heads = [pv.round_scores[-1] if pv.round_scores else 0 for pv in view.players]
        self.totals = [pv.total for pv in view.players]
        self.round, self.turn = view.round, view.turn
        if view.rules.has_specials:
            self.specials = [pv.special_count for pv in view.players]
            self.special_piles = (view.draw_pile_size, len(view.discard_pile))
        if view.revealed and not self.revealed:
            self.revealed = list(view.revealed)
            self.done = {c for c, _ in view.revealed} - {c for c, _ in view.queue}
            if view.placing is not None:
                self.done.discard(view.placing[1])
                mine = next((c for c, p in view.revealed if p == view.placing[0]), None)
                if mine is not None and mine != view.placing[1]:  # replaced (A-REP-1)
                    self.done.discard(mine)
                    self.instead[mine] = view.placing[1]

    @property
    def current(self) -> int | None:
        """The card due to be placed next: a revealed card, or the card placed instead of it (A-REP-1)."""
        card = self.current_revealed
        return self.instead.get(card, card)

    @property
    def current_revealed(self) -> int | None:
        """The revealed card whose placement is due next (replaced or not)."""
        for card, _ in self.revealed:
            if card not in self.done:
                return card
        return None

    def copy(self) -> TableShow:
        """A copy that later changes to this one do not reach (the replay keeps one per step: copy.deepcopy
        took most of the time `bere replay` spent before it showed a long game, issue 36)."""
        return TableShow(rows=[RowShow(list(r.cards), r.seven, r.stop, r.fifth, r.parity) for r in self.rows],
                         round_heads=list(self.round_heads), totals=list(self.totals), revealed=list(self.revealed),
                         done=set(self.done), fresh=self.fresh, taken=self.taken, round=self.round, turn=self.turn,
                         specials=list(self.specials), special_piles=self.special_piles)

    def clear_marks(self) -> None:
        self.fresh = None
        self.taken = None

    def apply(self, event: ev.Event) -> None:
        """Fold one event in, special cards included, so the rows equal the engine's after every event."""
        self.clear_marks()
        if isinstance(event, ev.Dealt):
            self.rows = [RowShow([c]) for c in event.rows]
            self.round, self.turn = event.round, 0
            self.revealed, self.done, self.instead = [], set(), {}
            self.round_heads = [0] * len(self.round_heads)
        elif isinstance(event, ev.Revealed):
            self.revealed = list(event.cards)
            self.done, self.instead = set(), {}
            self.turn = event.turn
        elif isinstance(event, ev.SpecialPlayed):
            if event.special in ("seven_nimmt", "stop"):  # lies beside its row (A4)
                setattr(self.rows[event.row], MARKERS[event.special], True)
            elif event.special == "replace":  # the revealed card goes back; the other one is placed in its turn
                self.instead[event.card] = event.instead
        elif isinstance(event, ev.Moved):
            self.rows[event.from_row].cards.remove(event.card)
            self.rows[event.to_row].cards.insert(event.position, event.card)
        elif isinstance(event, ev.Placed):
            self._placed(event)
        elif isinstance(event, ev.RowTaken):
            self._take(event)
        elif isinstance(event, ev.Cancelled):
            self._add_heads(event.player, -event.bullheads)
        elif isinstance(event, ev.ParityMoved):
            for i, row in enumerate(self.rows):
                row.parity = event.parity if i == event.row else None
        elif isinstance(event, ev.RoundScored):
            self.round_heads = list(event.scores)
            self.totals = list(event.totals)

    def _placed(self, event: ev.Placed) -> None:
        self._resolved(event.player)
        if event.row == len(self.rows):  # a fifth row starts (A-5TH-1)
            self.rows.append(RowShow([event.card], fifth=event.via == "fifth_row"))
        elif event.new_row:
            self.rows[event.row].cards = [event.card]
        else:
            self.rows[event.row].cards.insert(event.position, event.card)
        self.fresh = (event.row, event.card)

    def _take(self, event: ev.RowTaken) -> None:
        self._add_heads(event.player, event.bullheads)
        for name, r in event.markers:
            setattr(self.rows[r], MARKERS[name], False)
        if event.removed:  # the row disappears; the rows after it move up
            del self.rows[event.row]
            self._resolved(event.player)
        else:
            self.rows[event.row].cards = []
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
