"""`heuristic`: a sensible greedy player.

Cards: the one with the lowest expected bullheads this turn (B4-B6 against random opponents' cards).
Low card (B6): the cheapest row, unless a dearer one is clearly better for its own hand.
Anniversary: a special card when it saves at least two bullheads now in round 1 (what is kept carries over, A6);
in the last round, where a special card left unused scores nothing (A7), when it saves anything: one bullhead, or
less once the hand holds no more cards than special cards. Negative = Positive on the dearest card.
"""

from __future__ import annotations

from bere_tui.bots.base import Bot
from bere_tui.bots.nimmt.tactics import TRow, card_risk, cheapest_row, immediate_cost, rows_of, target
from bere_tui.engine.cards import HEADS


def unseen_cards(view) -> list[int]:
    seen = view.seen_cards()
    known_out = set(view.out_of_play or ())
    return [c for c in range(1, 105) if c not in seen and c not in known_out]


class HeuristicBot(Bot):
    name = "heuristic"

    def choose(self, view, legal: list[dict]) -> dict:
        do = legal[0]["do"]
        return getattr(self, "_" + do)(view, legal)

    # -- number cards
    def _select(self, view, legal):
        rows = rows_of(view)
        unseen = unseen_cards(view)
        others = len(view.players) - 1
        best = min(legal, key=lambda a: (card_risk(rows, a["card"], unseen, others), -a["card"]))
        return best

    def _draft(self, view, legal):
        # Pro: take the card that would be safest to play now; a crude but steady drafting rule
        rows = rows_of(view) if view.rows else []
        if not rows:
            # rows come from the 4 cards nobody drafts: middle cards are the most flexible
            mid = 5 * len(view.players) + 2
            return min(legal, key=lambda a: (abs(a["card"] - mid), HEADS[a["card"]]))
        return legal[0]  # pragma: no cover - the draft ends before rows exist

    def _take_row(self, view, legal):
        rows = rows_of(view)
        hand = view.hand

        def score(a):
            r = a["row"]
            after = [x.copy() for x in rows]
            after[r] = TRow([view.placing[1] if view.placing else 0], 5, False, rows[r].parity)
            danger = sum(immediate_cost(after, c) for c in hand) / max(1, len(hand))
            return rows[r].heads + 0.5 * danger, -len(rows[r].cards)

        return min(legal, key=score)

    # -- Anniversary (RULES section 4)
    def _special(self, view, legal):
        card = view.pending["card"]
        rows = rows_of(view)
        base = immediate_cost(rows, card)
        if base == 0:
            return legal[0]  # nothing to save: keep the special cards
        best, best_cost = legal[0], base
        for a in legal[1:]:
            cost = self._cost_with(view, rows, card, a)
            if cost < best_cost:
                best, best_cost = a, cost
        return best if base - best_cost >= self._min_saving(view) else legal[0]

    @staticmethod
    def _min_saving(view) -> float:
        """The bullheads a special card must save now to be played: keep it for later (A6) unless it pays; in
        the last round nothing is kept (A7), and once every remaining card can have a special card, any saving."""
        rounds = view.rules.rounds_fixed
        if rounds is None or view.round < rounds:
            return 2
        if len(view.hand) < len(view.my_specials):
            return 0.01  # (the revealed card has left the hand)
        return 1

    def _cost_with(self, view, rows, card, a):
        name = a["card"]
        trial = [x.copy() for x in rows]
        if name == "fifth_row":
            return 1  # safe now; the next take collects one card more
        if name == "seven_nimmt":
            trial[a["row"]].capacity = 6
            return immediate_cost(trial, card)
        if name == "stop":
            trial[a["row"]].stop = True
            return immediate_cost(trial, card)
        if name == "insert":
            row = trial[a["row"]]
            if len(row.cards) < row.capacity:
                return 0.5
            cards = sorted(row.cards + [card])
            return sum(HEADS[c] for c in cards[:-1])
        if name == "replace":
            return immediate_cost(trial, a["with"]) + 0.5
        if name == "shift":
            for row in trial:
                if a["move"] in row.cards:
                    row.cards.remove(a["move"])
                    if not row.cards:
                        return 0
            dest = trial[a["to_row"]]
            dest.cards = sorted(dest.cards + [a["move"]])
            return immediate_cost(trial, card) + 0.5
        if name == "negative_positive":
            r = target(trial, card)
            row = trial[r] if r >= 0 else trial[cheapest_row(trial)]
            best = max(HEADS[c] for c in row.cards)
            return max(0, immediate_cost(trial, card) - 2 * best)
        return immediate_cost(trial, card)  # pragma: no cover

    def _cancel(self, view, legal):
        return max(legal, key=lambda a: HEADS[a["positive"]] + sum(HEADS[c] for c in a["cancel"]))

    def _swap(self, view, legal):
        held = list(view.my_specials)
        for a in legal[1:]:
            name = a["discard"]
            if held.count(name) > 1 or (name == "fifth_row" and len(view.rows) >= 5):
                return a
        return legal[0]
