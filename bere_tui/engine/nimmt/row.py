"""A row on the table and what lies beside it (B5, A9, A-STOP, A-5TH, E2)."""

from __future__ import annotations


def capacity(seven: bool) -> int:
    """A9: a row holds 5 number cards, or 6 when a 7 nimmt! card lies beside it."""
    return 6 if seven else 5


class Row:
    """Cards of one row, lowest first, and the markers beside it.

    `seven`: a 7 nimmt! card lies beside it (capacity 6, A9); `stop`: a Stop card (A-STOP-2); `fifth`: the 5th Row
    card lies beside it (A-5TH-1); `parity`: None, 0 (EVEN) or 1 (ODD) for the Even/Odd card (E2).
    """

    __slots__ = ("cards", "fifth", "parity", "seven", "stop")

    def __init__(self, cards: list[int], seven: bool = False, stop: bool = False, fifth: bool = False,
                 parity: int | None = None) -> None:
        self.cards = cards
        self.seven = seven
        self.stop = stop
        self.fifth = fifth
        self.parity = parity

    @property
    def capacity(self) -> int:
        return capacity(self.seven)

    def accepts(self, card: int) -> bool:
        """Whether B4 may send `card` here: the row is not stopped (A-STOP-2) and shows its parity (E3)."""
        return not self.stop and (self.parity is None or card & 1 == self.parity)

    def copy(self) -> Row:
        return Row(self.cards[:], self.seven, self.stop, self.fifth, self.parity)

    def __repr__(self) -> str:  # pragma: no cover - debugging aid
        marks = "".join(m for m, on in (("7", self.seven), ("S", self.stop), ("5", self.fifth)) if on)
        return f"Row({self.cards}{' ' + marks if marks else ''}{'' if self.parity is None else ' p' + str(self.parity)})"
