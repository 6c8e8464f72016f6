"""Small calculations on the public rows that bots share: where a card goes, what it costs, how risky it is.

Rows here are lists of `TRow` (plain lists and ints): a bot copies the view's rows once and tries things on them.
"""

from __future__ import annotations

from bisect import insort
from math import comb

from bere_tui.engine.cards import HEADS


class TRow:
    __slots__ = ("capacity", "cards", "parity", "stop")

    def __init__(self, cards, capacity=5, stop=False, parity=None):
        self.cards = list(cards)
        self.capacity = capacity
        self.stop = stop
        self.parity = parity

    def copy(self) -> TRow:
        return TRow(self.cards, self.capacity, self.stop, self.parity)

    @property
    def heads(self) -> int:
        return sum(HEADS[c] for c in self.cards)


def rows_of(view) -> list[TRow]:
    return [TRow(r.cards, r.capacity, r.stop, None if r.parity is None else (1 if r.parity == "odd" else 0))
            for r in view.rows]


def target(rows: list[TRow], card: int) -> int:
    """B4 with A-STOP-2 and E3; -1 for a low card (B6)."""
    best, best_tail = -1, -1
    for i, row in enumerate(rows):
        if row.stop or (row.parity is not None and card & 1 != row.parity):
            continue
        tail = row.cards[-1]
        if best_tail < tail < card:
            best, best_tail = i, tail
    return best


def cheapest_row(rows: list[TRow]) -> int:
    """The row a low card should take: fewest bullheads, then the longer row (it is the more dangerous one)."""
    open_rows = [i for i, r in enumerate(rows) if not r.stop]
    return min(open_rows, key=lambda i: (rows[i].heads, -len(rows[i].cards)))


def immediate_cost(rows: list[TRow], card: int) -> int:
    """Bullheads that placing `card` now takes, if nobody else plays first."""
    r = target(rows, card)
    if r < 0:
        return rows[cheapest_row(rows)].heads
    row = rows[r]
    return row.heads if len(row.cards) >= row.capacity else 0


def take_probability(slots: int, gap: int, unseen: int, others: int) -> float:
    """Chance that at least `slots` of `others` random unseen cards fall into a gap of `gap` unseen cards."""
    if slots <= 0:
        return 1.0
    if unseen <= 0 or gap <= 0 or others < slots:
        return 0.0
    p = min(1.0, gap / unseen)
    return sum(comb(others, k) * p ** k * (1 - p) ** (others - k) for k in range(slots, others + 1))


def card_risk(rows: list[TRow], card: int, unseen: list[int], others: int) -> float:
    """Expected bullheads of playing `card` this turn, against `others` opponents playing unseen cards."""
    r = target(rows, card)
    if r < 0:
        # a low card takes a row for sure; lower unseen cards may take the cheap one first
        return rows[cheapest_row(rows)].heads + 0.5
    row = rows[r]
    slots = row.capacity - len(row.cards)
    tail = row.cards[-1]
    gap = sum(1 for c in unseen if tail < c < card)
    p = take_probability(slots, gap, len(unseen), others)
    expected_row = row.heads + 1.6 * slots  # the cards others add before ours come with the row
    # a small preference for tight gaps also in safe rows keeps later turns easy
    return p * expected_row + 0.01 * gap


def place_copy(rows: list[TRow], card: int, r: int) -> list[TRow]:
    out = [x.copy() for x in rows]
    insort(out[r].cards, card)
    return out
