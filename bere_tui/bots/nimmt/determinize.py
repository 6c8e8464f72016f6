"""Determinization: from one player's view, deal the number cards that player cannot see to the others.

A dealt world is consistent with everything the view shows: the cards seen this round (rows, bull piles, cards
set aside, this turn's revealed cards, the own hand, Pro's public hands and pool) and, in Pro, the cards out of
play (P1) are never dealt; each opponent gets as many hidden cards as the view says they hold. During a `select`
an opponent who has already chosen holds one hidden card more: the chosen one (B3). A revealed card that is no
longer on the table went back to its owner's hand (A-REP-1), so it is dealt to that owner.

Only the view is read: the Game object is never seen here.
"""

from __future__ import annotations

from collections import Counter

from bere_tui.bots.nimmt.fastsim import Table
from bere_tui.engine.nimmt.variants import SPECIAL_COPIES, SPECIAL_NAMES


def returned_cards(view) -> dict[int, list[int]]:
    """Revealed cards of this turn that lie nowhere now: Replace sent them back to their owner's hand."""
    visible = set()
    for row in view.rows:
        visible.update(row.cards)
    for pv in view.players:
        visible.update(pv.pile)
        visible.update(pv.set_aside)
    visible.update(c for c, _ in view.queue)
    if view.placing is not None:
        visible.add(view.placing[1])
    if view.pending is not None and "card" in view.pending:
        visible.add(view.pending["card"])
    out: dict[int, list[int]] = {}
    for card, q in view.revealed:
        if card not in visible and q != view.me:
            out.setdefault(q, []).append(card)
    return out


class Dealer:
    """Deals the hidden cards of `view` again and again: `deal(rng)` gives every player's hand.

    `chosen[q]` is True for an opponent who has already selected this turn: the hand dealt to them holds their
    chosen card too (their view's hand has one card less). When that hand is public (Pro) the chosen card is
    the only hidden one, and `deal` puts it last.
    """

    def __init__(self, view) -> None:
        me = view.me
        select = view.pending is not None and view.pending["do"] == "select"
        seen = view.seen_cards()
        back = returned_cards(view)
        self.known: list[list[int]] = []
        self.needs: list[int] = []
        self.chosen: list[bool] = []
        self.public: list[bool] = []
        for q, pv in enumerate(view.players):
            chosen = select and q != me and pv.has_selected
            known = list(pv.hand) if pv.hand is not None else list(back.get(q, ()))
            if q == me:
                known = list(view.hand)
            seen.update(known)
            self.known.append(known)
            self.chosen.append(chosen)
            self.public.append(pv.hand is not None and q != me)
            self.needs.append(pv.hand_size + chosen - len(known))
        out = set(view.out_of_play or ())
        self.unseen = [c for c in range(1, 105) if c not in seen and c not in out]
        self.total = sum(self.needs)
        if self.total > len(self.unseen):  # pragma: no cover - a view that contradicts itself
            raise ValueError("the view hides more cards than are unseen")
        self.me = me
        self.special_counts = [pv.special_count for pv in view.players]
        self.unseen_specials = unseen_specials(view) if view.rules.has_specials else []
        self.my_specials = list(view.my_specials)
        #: nothing is hidden but which opponent chose which card (Pro)
        self.exact = all(self.public[q] or q == me for q in range(len(view.players)))

    def deal(self, rng) -> list[list[int]]:
        cards = rng.sample(self.unseen, self.total) if self.total else []
        hands, i = [], 0
        for known, need in zip(self.known, self.needs):
            hands.append(known + cards[i:i + need])
            i += need
        return hands

    def deal_specials(self, rng) -> list[list[str]] | None:
        """Anniversary: the opponents' special cards, drawn from those not seen (A2: they are secret)."""
        if not self.unseen_specials and not self.my_specials:
            return None
        need = sum(k for q, k in enumerate(self.special_counts) if q != self.me)
        cards = rng.sample(self.unseen_specials, need) if need <= len(self.unseen_specials) else []
        out, i = [], 0
        for q, k in enumerate(self.special_counts):
            if q == self.me:
                out.append(self.my_specials)
            else:
                out.append(cards[i:i + k])
                i += k
        return out


def unseen_specials(view) -> list[str]:
    """Special cards this viewer has not seen: the 28 (A1) less the own hand, the discard pile and those beside
    rows. The others hold some of them; the rest is the draw pile."""
    unseen = Counter({name: SPECIAL_COPIES for name in SPECIAL_NAMES})
    unseen.subtract(list(view.my_specials) + list(view.discard_pile))
    for row in view.rows:
        unseen.subtract(name for name, on in (("fifth_row", row.fifth), ("seven_nimmt", row.seven),
                                              ("stop", row.stop)) if on)
    return sorted(unseen.elements())


def table_of(view, hands: list[list[int]], specials: list[list[str]] | None = None) -> Table:
    """A fastsim Table with the view's rows and this round's bullheads, and the given hands (and special
    cards, Anniversary)."""
    rows = [r.cards for r in view.rows]
    caps = [r.capacity for r in view.rows]
    stops = [r.stop for r in view.rows]
    par = [-1 if r.parity is None else (1 if r.parity == "odd" else 0) for r in view.rows]
    fifth = any(r.fifth for r in view.rows)
    pens = [pv.round_scores[-1] if pv.round_scores else 0 for pv in view.players]
    return Table(len(view.players), rows, hands, caps, stops, par, fifth, pens, specials)
