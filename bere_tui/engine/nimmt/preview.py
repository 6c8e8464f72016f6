"""What a choice would do, asked from a view: the questions a prompt has about a decision, answered by the
engine's own rules (so no screen works a rule out again).

A prompt gets a View and the legal actions. `Preview(view)` rebuilds from the view the little of the table the
rules read (rows, the viewer's hand and special cards, the card being placed) and asks the same functions the
engine plays by: what taking a row collects, why a special card or one of its choices is not allowed, where Insert and Shift put a card
and what they take, and why a low card is lower than every row that may take it.

`outcome(card)` says where a card would go now and what it would collect (the card prompt's line, issue 35),
and `outcome(card, special, **choices)` the same after a special card that changes the table and then lets the
card be placed by B4-B6 (Stop, 7 nimmt!, Shift, Replace, Negative = Positive): the special card's own `play`
is carried out on a copy of the viewer's table, then the engine's `RowRules.landing` answers.
"""

from __future__ import annotations

from bere_tui.engine.nimmt import specials
from bere_tui.engine.nimmt.game import Landing, Placement, RowRules
from bere_tui.engine.nimmt.row import Row
from bere_tui.engine.nimmt.view import View


class _Table(RowRules):
    """The parts of a Game the checks read, from one player's view (their hand and special cards only)."""

    __slots__ = ("hands", "placing", "rows", "specials")

    def __init__(self, view: View | None) -> None:
        self.placing: Placement | None = None
        if view is None:
            return
        self.rows = [Row(list(r.cards), r.seven, r.stop, r.fifth,
                         None if r.parity is None else int(r.parity == "odd")) for r in view.rows]
        me = view.me
        self.hands = {me: list(view.hand)}
        self.specials = {me: list(view.my_specials)}

    def copy(self) -> _Table:
        table = _Table(None)
        table.rows = [row.copy() for row in self.rows]
        table.hands = {p: list(h) for p, h in self.hands.items()}
        table.specials = {p: list(s) for p, s in self.specials.items()}
        return table


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

    def outcome(self, card: int | None = None, special: str | None = None, **choices) -> Landing | None:
        """Where `card` (default: the card being placed) would go by B4-B6 now and what it would collect
        (RowRules.landing); with `special` and its `choices`, after that special card's own play (A-STOP-2, A-7N-1,
        A-SHI-1, A-REP-1: the card it places instead, A-NP-1). None when the special card places the card
        itself (5th Row, Insert, a Shift that empties a row: A-5TH-1, A-INS-1, A-SHI-2)."""
        card = self.card if card is None else card
        assert card is not None, "a card is being placed or one is asked about (B4)"
        if special is None:
            return self.table.landing(card)
        if special in ("fifth_row", "insert"):  # A-5TH-1, A-INS-1: the card goes where the special card says
            return None
        table = self.table.copy()
        assert self.player is not None, "a preview is asked from a player's view (B10)"
        table.placing = Placement(self.player, card, "place")
        if specials.PLAYS[special](table, self.player, card, choices, []) != "place":
            return None
        return table.landing(table.placing.card)

    def refused(self, card: int | None = None) -> str:
        """For a low card (B6): "stop" or "parity" when a row does not accept it (A-STOP-2, E3), else ""."""
        card = self.card if card is None else card
        assert card is not None, "a low card is asked about while it is placed (B6)"
        return self.table.refused_by(card)


__all__ = ["Landing", "Preview"]
