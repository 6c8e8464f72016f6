"""Number cards and their bullheads (RULES C1, C2)."""

from __future__ import annotations


def bullheads(card: int) -> int:
    """C1: 55 -> 7; other multiples of 11 -> 5; multiples of 10 -> 3; other cards ending in 5 -> 2; else 1."""
    if card == 55:
        return 7
    if card % 11 == 0:
        return 5
    if card % 10 == 0:
        return 3
    if card % 5 == 0:
        return 2
    return 1


#: HEADS[c] is the bullheads of card c (index 0 unused): a plain list for the hot path.
HEADS: list[int] = [0] + [bullheads(c) for c in range(1, 105)]

DECK_SIZE = 104


def row_bullheads(cards) -> int:
    """Bullheads of a group of cards (a row, a pile)."""
    return sum(map(HEADS.__getitem__, cards))
