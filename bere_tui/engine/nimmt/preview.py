"""What a choice would do, asked from a view: the questions a prompt has about a decision, answered by the
engine's own rules (so no screen works a rule out again).

A prompt gets a View and the legal actions. `Preview(view)` rebuilds from the view the little of the table the
rules read (rows, the viewer's hand and special cards, the card being placed) and asks the same functions the
engine plays by: what taking a row collects, why a special card or one of its choices is not allowed, where Insert and Shift put a card
and what they take, and why a low card is lower than every row that may take it.
"""

from __future__ import annotations

from bere_tui.engine.nimmt import specials
from bere_tui.engine.nimmt.game import RowRules
from bere_tui.engine.nimmt.row import Row
from bere_tui.engine.nimmt.view import View


class _Table(RowRules):
    """The parts of a Game the checks read, from one player's view (their hand and special cards only)."""

    __slots__ = ("hands", "rows", "specials")

    def __init__(self, view: View) -> None:
        self.rows = [Row(list(r.cards), r.seven, r.stop, r.fifth,
                         None if r.parity is None else int(r.parity == "odd")) for r in view.rows]
        me = view.me
        self.hands = {me: list(view.hand)}
        self.specials = {me: list(view.my_specials)}


class Preview:
    """Questions about the decision `view.pending` of the viewer (`view.me`)."""

    def __init__(self, view: View) -> None:
        self.view = view
        self.table = _Table(view)
        self.player = view.me
        pend = view.pending or {}
        self.card: int | None = pend.get("card")

    def refusal(self, name: str, **fields) -> specials.Why | None:
        """Why special card `name` with these choices (a row, a card...) is not allowed now, or None."""
        return specials.CHECKS[name](self.table, self.player, self.card, fields)

    def unplayable(self, name: str) -> str | None:
        """Why special card `name` has no allowed choice at this placement, in a few words (None: it has one)."""
        return specials.unplayable(self.table, self.player, self.card, name)

    def insert(self, row: int) -> tuple[list[int], list[int] | None]:
        """Insert into `row`: its cards with the card at its place, and what is taken (None: nothing)."""
        assert self.card is not None, "Insert is a choice of a card being placed (A-ORD-1)"
        return specials.insert_outcome(self.view.rows, row, self.card)

    def shift(self, move: int, to_row: int) -> tuple[list[int], bool]:
        """Shift `move` to `to_row`: that row's cards afterwards, and whether the card placed starts the row
        `move` leaves (A-SHI-2)."""
        return specials.shift_outcome(self.view.rows, move, to_row)

    def take(self, row: int, card: int | None = None, cards: list[int] | None = None) -> list[int]:
        """The cards the player collects by taking `row` with `card` (default: the card being placed): the
        row's cards (or `cards`, what a special card leaves of it or takes of it), and with a 5th Row out the
        placed card too (A-5TH-2; without a card being placed, the row's cards alone)."""
        placed = self.card if card is None else card
        taken = list(self.view.rows[row].cards if cards is None else cards)
        return taken if placed is None else specials.collected(self.view.rows, taken, placed)

    def refused(self, card: int | None = None) -> str:
        """For a low card (B6): "stop" or "parity" when a row does not accept it (A-STOP-2, E3), else ""."""
        card = self.card if card is None else card
        assert card is not None, "a low card is asked about while it is placed (B6)"
        return self.table.refused_by(card)


__all__ = ["Preview"]
