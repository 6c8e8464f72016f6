"""The table between two decisions: rows and bull piles rebuilt event by event.

`game.apply` resolves a whole reveal at once and returns its events; the walkthrough shows (and talks about)
each placement on its own, so it needs the table as it was after each event. `TableTracker` starts from a view
taken before the action and folds the events in, the way a spectator who saw only the events would.
"""

from __future__ import annotations

from dataclasses import replace

from bere_tui.engine.cards import HEADS
from bere_tui.engine.events import (
    Cancelled,
    Dealt,
    Event,
    Placed,
    Revealed,
    RoundScored,
    RowTaken,
    SpecialPlayed,
)
from bere_tui.engine.view import RowView, View
from bere_tui.ui.tablemodel import TableShow  # the rows: the same model the table draws (no Textual)


class TableTracker:
    """Rows (ui.tablemodel.TableShow), piles and the cards waiting to be placed, kept up to date from events."""

    def __init__(self, view: View) -> None:
        self.base = view
        self.table = TableShow.from_view(view)
        self.piles = [list(p.pile) for p in view.players]
        self.set_aside = [list(p.set_aside) for p in view.players]
        self.earlier = [sum(p.round_scores[:-1]) for p in view.players]  # finished rounds
        self.revealed = view.revealed
        self.queue = list(view.queue)
        self.placing = view.placing
        if view.placing and view.pending and view.pending["do"] in ("special", "take_row"):
            player, card = view.placing  # the card being placed waits for its owner's decision
            self.queue.insert(0, (card, player))
        self.round = view.round

    @property
    def rows(self):
        return self.table.rows

    def apply(self, ev: Event) -> None:
        self.table.apply(ev)
        if isinstance(ev, Dealt):
            self.round = ev.round
            self.piles = [[] for _ in self.piles]
            self.set_aside = [[] for _ in self.piles]
            self.revealed, self.queue, self.placing = (), [], None
        elif isinstance(ev, Revealed):
            self.revealed = ev.cards
            self.queue = list(ev.cards)
        elif isinstance(ev, SpecialPlayed):
            f = dict(ev.details)  # A-REP-1: the replacement is the card placed from here on
            self.placing = (ev.player, f["with"] if ev.special == "replace" else ev.card)
        elif isinstance(ev, RowTaken):
            self.piles[ev.player].extend(ev.cards)
            if ev.removed:
                self._placed(ev.player)
        elif isinstance(ev, Placed):
            self._placed(ev.player)
        elif isinstance(ev, Cancelled):
            for c in (ev.positive, *ev.cancelled):
                self.piles[ev.player].remove(c)
                self.set_aside[ev.player].append(c)
        elif isinstance(ev, RoundScored):
            self.earlier = list(ev.totals)
            self.piles = [[] for _ in self.piles]
            self.set_aside = [[] for _ in self.piles]

    def _placed(self, player: int) -> None:
        """The card of `player` being resolved has found its place: it leaves the queue."""
        for i, (_card, p) in enumerate(self.queue):
            if p == player:
                del self.queue[i]
                break
        self.placing = None

    def row_before(self, row: int, position: int) -> int | None:
        """The card just before `position` in `row` as the table is now (None at the start)."""
        cards = self.rows[row].cards
        return cards[position - 1] if 0 < position <= len(cards) else None

    def view(self) -> View:
        """The view taken at the start, with the rows and piles as the events have left them."""
        players = tuple(
            replace(pv, pile=tuple(self.piles[i]), set_aside=tuple(self.set_aside[i]),
                    total=self.earlier[i] + sum(HEADS[c] for c in self.piles[i]),
                    round_scores=pv.round_scores[:-1] + (sum(HEADS[c] for c in self.piles[i]),)
                    if pv.round_scores else pv.round_scores)
            for i, pv in enumerate(self.base.players))
        return replace(self.base, rows=tuple(RowView(tuple(r.cards), r.capacity, r.stop, r.seven, r.fifth, r.parity, r.bullheads)
                                                for r in self.rows), players=players,
                       revealed=self.revealed, queue=tuple(self.queue), placing=self.placing, round=self.round)
