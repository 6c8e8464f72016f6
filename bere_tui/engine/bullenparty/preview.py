"""What a bid would do, asked from a view (BP5, BP6): the bid prompt's line (issue 35), by the engine's own rule
functions (rules.takeable, rules.open_rows), from what the viewer may know.

A number card acts before every zero card, lowest first, and takes a remaining row of its owner's choice; a zero
card turns up the top card of the draw pile for an open row and comes back. What the others bid is secret, so
the answer is the bid's effect when nobody acts before it: a lower number card (or, for a zero card, any number
card or an earlier letter) may take a row first.
"""

from __future__ import annotations

from dataclasses import dataclass

from bere_tui.engine.bullenparty import rules


@dataclass(frozen=True, slots=True)
class BidOutcome:
    """`kind`: "take" (a number card: its owner takes one of `rows`) or "add" (the zero card: the card it turns
    up goes to one of `rows`, and the zero card comes back). `best`: of those rows, the one with the most
    bullheads (Bull card included: BP5), the first of equals; `heads`: its bullheads. `closing`: the rows where
    one more card closes the row and lays a Bull card with it (BP6); only for "add"."""

    kind: str
    rows: tuple[int, ...]
    best: int
    heads: int
    closing: tuple[int, ...] = ()


def bid_outcome(view, card) -> BidOutcome:
    """What bidding `card` (a number card or rules.ZERO) would do now, if no bid acted before it (BP5, BP6)."""
    rows = view.rows
    if card == rules.ZERO:
        choices = tuple(rules.open_rows(rows))
        closing = tuple(r for r in choices if rules.closes((*rows[r].cards, card)))
        kind = "add"
    else:
        choices = tuple(rules.takeable(rows))
        closing = ()
        kind = "take"
    best = max(choices, key=lambda r: (rows[r].total, -r), default=-1)
    return BidOutcome(kind, choices, best, rows[best].total if best >= 0 else 0, closing)


__all__ = ["BidOutcome", "bid_outcome"]
