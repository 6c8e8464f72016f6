"""`strong`: flat Monte Carlo search with determinization, common random numbers and racing.

For every decision the bot deals the cards it cannot see to the other players (bots/determinize.py), plays the
rest of the round out in bots/fastsim.py once per option in each dealt world, and picks the option with the
best mean result; options clearly worse than the best are dropped early (bots/racing.py). A result is the
bot's bullheads of the round minus the mean of the other players' (`others_weight`), so that taking a row
that would otherwise hurt a rival counts too.

What is simulated, per decision:
- select, take_row (B6), draft (Pro): every option, in rollouts to the end of the round.
- special (Anniversary): each option is first played out on the known rows and the revealed cards still to
  place this turn; the few best, and "no special card", are then searched like a card. Rollouts play no
  special cards, so spending one costs its worth (SPECIAL_WORTH, less as the game runs out).
- cancel (A-NP-1): exact rule: the cancellation that sets aside the most bullheads (it changes nothing else).
- swap (A5): rule: discard the held card worth least, when a card drawn from the unseen ones is worth more
  on average.

In Pro every card is known (P3), so the dealt world is the real one and all the time goes into rollouts.
The budget is in seconds per decision; `iterations` caps the worlds, and with `budget=None` a seed gives the
same decision every time.
"""

from __future__ import annotations

import random
from collections import Counter

from bere_tui.bots.base import Bot
from bere_tui.bots.determinize import Dealer, table_of
from bere_tui.bots.fastsim import POLICIES, Table, play_turns
from bere_tui.bots.racing import race
from bere_tui.engine.cards import HEADS
from bere_tui.engine.specials import _best_cancel
from bere_tui.engine.variants import SPECIAL_COPIES, SPECIAL_NAMES, VARIANTS

#: what holding a special card is worth, in bullheads, at the start of the game (rollouts do not play them)
SPECIAL_WORTH = {
    "negative_positive": 4.0, "stop": 3.0, "seven_nimmt": 3.0, "insert": 3.0,
    "shift": 2.5, "replace": 2.0, "fifth_row": 2.0,
}
#: special options kept for the search after the quick play-out on the known cards
SPECIAL_SHORTLIST = 5


def cancel_saving(taken: list[int], pile: list[int]) -> int:
    """A-NP-1: the most bullheads one cancellation sets aside, `pile` being the bull pile after the take."""
    best = 0
    for positive in set(taken):
        rest = [c for c in pile if c != positive]
        best = max(best, HEADS[positive] + sum(HEADS[c] for c in _best_cancel(rest, HEADS[positive])))
    return best


class StrongBot(Bot):
    name = "strong"

    def __init__(self, seed: int | None = None, budget: float | None = 0.25, iterations: int | None = 5000,
                 policy: str = "safe", others_weight: float = 1.0) -> None:
        super().__init__(seed)
        self.budget = budget
        self.iterations = iterations
        self.pick = POLICIES[policy]
        self.others_weight = others_weight
        self.worlds = 0  # worlds played for the last decision (benchmarks read it)
        self._np_card: tuple | None = None  # the placement for which this bot played Negative = Positive
        self._rollout_rng = random.Random()

    def choose(self, view, legal: list[dict]) -> dict:
        self.worlds = 0
        if len(legal) == 1:
            return legal[0]
        return getattr(self, "_" + legal[0]["do"])(view, legal)

    # ---------------------------------------------------------------- shared

    def _score(self, t: Table, me: int) -> float:
        pens = t.pens
        own = pens[me]
        if t.n < 2 or not self.others_weight:
            return own
        return own - self.others_weight * (sum(pens) - own) / (t.n - 1)

    def _search(self, n_options: int, make_world, value, prior=None) -> int:
        seed = self.rng.getrandbits(60)
        best, self.worlds = race(n_options, lambda k: make_world(random.Random(seed + k)), value,
                                 self.budget, self.iterations, prior)
        return best

    def _rollout(self, t: Table, seed: int, me: int) -> float:
        self._rollout_rng.seed(seed)
        play_turns(t, self._rollout_rng.random, self.pick)
        return self._score(t, me)

    # ---------------------------------------------------------------- number cards (B3)

    def _select(self, view, legal):
        me, n = view.me, len(view.players)
        cards = [a["card"] for a in legal]
        dealer = Dealer(view)
        pick = self.pick

        def make_world(rng):
            hands = dealer.deal(rng)
            t = table_of(view, hands)
            rnd = rng.random
            plays = []
            for q in range(n):
                if q == me:
                    continue
                if dealer.chosen[q] and dealer.public[q]:
                    plays.append((hands[q].pop(), q))  # Pro: the one hidden card is the chosen one
                else:
                    plays.append((pick(t, hands[q], rnd), q))
            return t, plays, rng.getrandbits(60)

        def value(world, o):
            t0, plays, seed = world
            t = t0.copy()
            c = cards[o]
            t.hands[me].remove(c)
            t.resolve(plays + [(c, me)])
            return self._rollout(t, seed, me)

        return legal[self._search(len(legal), make_world, value)]

    def _draft(self, view, legal):
        """P2: draft a card, then the rest of the draft at random in seat order, then the round."""
        me, n = view.me, len(view.players)
        pool = list(view.pool)
        hands = [list(pv.hand or ()) for pv in view.players]

        def make_world(rng):
            return rng.getrandbits(60)

        def value(seed, o):
            rnd = random.Random(seed).random
            left = pool[:]
            hs = [h[:] for h in hands]
            hs[me].append(left.pop(left.index(legal[o]["card"])))
            q = me
            while len(left) > 4:
                q = (q + 1) % n
                hs[q].append(left.pop(int(rnd() * len(left))))
            t = Table(n, [[c] for c in sorted(left)], hs)
            play_turns(t, rnd, self.pick)
            return self._score(t, me)

        return legal[self._search(len(legal), make_world, value)]

    # ---------------------------------------------------------------- placements (B6, A-ORD-1..4)

    def _placement_search(self, view, options, apply, prior=None) -> int:
        """Search options that act on the card being placed now: `apply(table, option)` carries one out; the
        revealed cards still queued are then placed, and the round is played out."""
        me = view.me
        dealer = Dealer(view)
        queue = list(view.queue)

        def make_world(rng):
            return table_of(view, dealer.deal(rng)), rng.getrandbits(60)

        def value(world, o):
            t0, seed = world
            t = t0.copy()
            apply(t, options[o])
            for card, q in queue:
                t.place(q, card)
            return self._rollout(t, seed, me)

        return self._search(len(options), make_world, value, prior)

    def _take_row(self, view, legal):
        me, card = view.me, view.pending["card"]
        pile = list(view.players[me].pile)
        np = self._np_card == (view.round, view.turn, card)

        def apply(t, action):
            taken = t.take(me, action["row"], None, card)
            if np:
                t.pens[me] -= cancel_saving(taken, pile + taken)

        return legal[self._placement_search(view, legal, apply)]

    def _special(self, view, legal):
        me, card = view.me, view.pending["card"]
        pile = list(view.players[me].pile)

        def apply(t, action):
            name = action["card"]
            if name is None:
                t.place(me, card)
                return
            rest, taken = t.play_special(me, card, action)
            if rest:
                taken = t.place(me, rest)
            if name == "negative_positive" and taken:
                t.pens[me] -= cancel_saving(taken, pile + taken)

        worth = self._worth_now(view)
        prior = [0.0 if a["card"] is None else worth * SPECIAL_WORTH[a["card"]] for a in legal]
        # a quick play-out on what is known (the rows and this turn's revealed cards) picks a shortlist
        known = table_of(view, [list(view.hand) if q == me else [] for q in range(len(view.players))])
        queue = list(view.queue)

        def quick(i):
            t = known.copy()
            apply(t, legal[i])
            for c, q in queue:
                t.place(q, c)
            return self._score(t, me) + prior[i]

        ranked = sorted(range(1, len(legal)), key=quick)[:SPECIAL_SHORTLIST]
        shortlist = [0] + ranked
        best = shortlist[self._placement_search(view, [legal[i] for i in shortlist], apply,
                                                [prior[i] for i in shortlist])]
        action = legal[best]
        if action["card"] == "negative_positive":
            self._np_card = (view.round, view.turn, card)
        return action

    def _cancel(self, view, legal):
        """A-NP-1: set aside as many bullheads as possible; nothing else depends on the choice."""
        return max(legal, key=lambda a: (HEADS[a["positive"]] + sum(HEADS[c] for c in a["cancel"]), -a["positive"]))

    def _swap(self, view, legal):
        """A5: swap the held card worth least for the top of the draw pile when an unseen card is worth more."""
        unseen = Counter({name: SPECIAL_COPIES for name in SPECIAL_NAMES})
        unseen.subtract(list(view.my_specials) + list(view.discard_pile))
        for row in view.rows:
            unseen.subtract(name for name, on in (("fifth_row", row.fifth), ("seven_nimmt", row.seven),
                                                  ("stop", row.stop)) if on)
        count = sum(k for k in unseen.values() if k > 0)
        if not count:
            return legal[0]
        expected = sum(SPECIAL_WORTH[x] * k for x, k in unseen.items() if k > 0) / count
        held = list(view.my_specials)
        worst = min(legal[1:], key=lambda a: self._held_worth(a["discard"], held, view))
        return worst if self._held_worth(worst["discard"], held, view) < expected else legal[0]

    @staticmethod
    def _held_worth(name: str, held: list[str], view) -> float:
        worth = SPECIAL_WORTH[name]
        if held.count(name) > 1:
            worth *= 0.5  # a second copy is seldom needed before the first is used
        if name == "fifth_row" and len(view.rows) >= 5:
            worth *= 0.5  # A-5TH-1: not playable until the 5th row is taken
        return worth

    @staticmethod
    def _worth_now(view) -> float:
        """The share of the game's placements still to come: a special card is worth less as they run out."""
        per_round = VARIANTS[view.variant].hand_size
        left = view.players[view.me].hand_size + (2 - view.round) * per_round
        return left / (2 * per_round)
