"""`strong`: flat Monte Carlo search with determinization, common random numbers and racing.

For every decision the bot deals the cards it cannot see to the other players (bots/nimmt/determinize.py), plays the
rest of the round out in bots/nimmt/fastsim.py once per option in each dealt world, and picks the option with the
best mean result; options clearly worse than the best are dropped early (bots/nimmt/racing.py). A result is the
bot's bullheads of the round minus the mean of the other players' (`others_weight`), so that taking a row
that would otherwise hurt a rival counts too; when the round ends the game (B9, A7), a lost game adds
`end_weight` bullheads. In the base game (VARIANT_SEARCH) a result is instead the chance of winning the game
from the totals after the round (`objective="win"`, win_chance: the lowest total when someone reaches the
target, B9), for to win one must be lowest, not merely take few bullheads; the others' cards of the turn
being decided are mostly their least risky ones (`first="risk"`, tactics.card_risk) rather than random; and
the cap grows with the cards in hand (`hand_scale`: more rollouts early in a round, fewer near its end).

What is simulated, per decision:
- select (B3) in the base game: in batches on numpy (bots/nimmt/batch.py: the same model, all the options and a
  few dozen worlds at once, about eight times the rollouts in the same time, so `BATCH_EFFORT` times as many);
  its floating-point sums may differ in their last bits between machines, which could only change a choice
  between options that tie to within them.
- select, take_row (B6): every option, in rollouts to the end of the round. In the base game the rollouts play
  random cards (VARIANT_POLICY): they cost about half what the closest-fit policy's do, so twice as many fit in
  the same time, and that measured stronger at equal time against the flat Monte Carlo baseline
  (bench/bot_strength.py --match base-mcs); the other variants' rollouts play the closest fit.
- special (Anniversary): every option is first played out on the known rows and the revealed cards still to
  place this turn; when none beats "no special card" there, no card is played; else the few best, and "no
  special card", are searched like a card. In rollouts every player (the opponents with special cards dealt
  from those unseen) plays a special card by a simple policy when about to take a row
  (fastsim.rollout_special). Special cards held at the end of round 1 count `carry` bullheads each, as they
  serve again in round 2 (A6).
- draft (Pro, P2): rule: the card nearest the middle, as the heuristic bot drafts. A search of the draft
  (the rest of the draft by a model of the others, then the round) measured far weaker: its rollouts play
  the round at random, so they cannot see what the flexible middle cards are worth to a searching player.
- cancel (A-NP-1): exact rule: the cancellation that sets aside the most bullheads (it changes nothing else).
- swap (A5): rule: discard the held card worth least (SPECIAL_WORTH), when a card drawn from the unseen ones is
  worth more on average.

In Pro every card is known (P3), so the dealt world is the real one and all the time goes into rollouts.
The effort is counted, never timed: `simulations` caps the rollouts of a decision at four seats, scaled by
`effort` to the table (a rollout at 10 seats plays 2.5 times the cards of one at 4; Even/Odd's and the
Anniversary's rollouts cost about twice a base game's per card), and `iterations` caps the worlds. No clock is
read, so a seed gives the same decisions, and the same game, on any machine (issue 12). DEFAULT_SIMULATIONS
keeps a decision within about 0.1 s at the median and 0.5 s at most in base (4 and 10 seats), Anniversary and
Even/Odd (issue 17; bench/bot_strength.py measures both the time and the strength).
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from math import erf, sqrt

from bere_tui.bots.base import Bot
from bere_tui.bots.nimmt.determinize import Dealer, table_of, unseen_specials
from bere_tui.bots.nimmt.fastsim import POLICIES, TURN_TESTS, Table, play_turns
from bere_tui.bots.nimmt.heuristic import HeuristicBot
from bere_tui.bots.nimmt.racing import race
from bere_tui.bots.nimmt.tactics import card_risk, rows_of
from bere_tui.engine.cards import HEADS
from bere_tui.engine.nimmt.specials import _best_cancel

#: how useful each special card is when swapping (A5), roughly in bullheads
SPECIAL_WORTH = {
    "negative_positive": 4.0, "stop": 3.0, "seven_nimmt": 3.0, "insert": 3.5,
    "shift": 2.0, "replace": 2.5, "fifth_row": 2.5,
}
#: the decisions searched by rollouts; the others follow rules
SEARCHED = ("select", "take_row", "special")
#: special options kept for the search after the quick play-out on the known cards
SPECIAL_SHORTLIST = 5
#: rollouts per decision at four seats (the cap on a decision's effort; see the module docstring and `effort`)
DEFAULT_SIMULATIONS = 2000
#: the seats at which `simulations` holds as it is; at n seats it is scaled by SEATS_REF / n
SEATS_REF = 4
#: a variant's rollouts cost per card against the base game's (Stop and EVEN/ODD rows, special cards)
VARIANT_EFFORT = {"base": 1.0, "pro": 1.0, "even-odd": 0.5, "anniversary": 0.5}
#: the rollout policy of each variant when none is given (fastsim.POLICIES); the others' `DEFAULT_POLICY`.
#: In the base game random rollouts, about twice as many in the same time, measured stronger at equal time
#: against the flat Monte Carlo baseline (bench/bot_strength.py --match base-mcs) than the closest-fit policy
VARIANT_POLICY = {"base": "random"}
DEFAULT_POLICY = "gap"
#: the search of each variant where it differs from the constructor's defaults (objective, first, hand_scale;
#: `effort`: a factor on the cap). In the base game, the chance of winning the game, the others' cards of this
#: turn by their risk and the cap scaled by the cards in hand measured stronger at equal time against the flat
#: Monte Carlo baseline (bench/bot_strength.py --match base-mcs; see the CHANGELOG); half the cap keeps the
#: slowest one-by-one decision (10 cards in hand, the cap scaled up by `hand_scale`) within 300 ms of CPU time
#: (issue 34; the batched card choices have their own factor and cap: BATCH_EFFORT, BATCH_MOST_TURNS)
VARIANT_SEARCH: dict[str, dict] = {"base": {"objective": "win", "first": "risk", "hand_scale": 1.0, "effort": 0.5}}
#: a policy's rollouts cost against `gap`'s (fastsim's plain random rollouts are about twice as fast)
POLICY_EFFORT = {"gap": 1.0, "safe": 1.0, "random": 1.75}
#: the rollouts of a batched card choice (bots/nimmt/batch.py) against fastsim's random ones in the same time
BATCH_EFFORT = 12
#: the most rollouts times cards in hand (turns played) of a batched card choice: the slowest decisions, ten
#: cards in hand early in a round, stay within 300 ms of CPU time on a loaded machine (issue 34)
BATCH_MOST_TURNS = 120_000


def effort(simulations: int | None, view, policy: str = DEFAULT_POLICY) -> int | None:
    """The rollouts allowed for a decision at this table: `simulations` (at four seats, base game, `gap`
    rollouts) scaled to the seats, the variant and the rollout policy, so that a decision costs about the same
    everywhere. None stays None (no cap)."""
    if simulations is None:
        return None
    scale = (SEATS_REF / len(view.players) * VARIANT_EFFORT.get(view.variant, 1.0)
             * POLICY_EFFORT.get(policy, 1.0))
    return max(1, round(simulations * scale))


def cancel_saving(taken: list[int], pile: list[int]) -> int:
    """A-NP-1: the most bullheads one cancellation sets aside, `pile` being the bull pile after the take."""
    best = 0
    for positive in set(taken):
        rest = [c for c in pile if c != positive]
        best = max(best, HEADS[positive] + sum(HEADS[c] for c in _best_cancel(rest, HEADS[positive])))
    return best


#: the game-level objective (`objective="win"`): a player's bullheads per round vary about their mean by this
#: much (measured: flat Monte Carlo bots, base game, 4 seats: mean 10.2, standard deviation 7.3)
ROUND_SIGMA = 7.3
#: how fast the highest total rises per round, to guess the rounds left before it reaches the target (B9)
ROUND_PACE = 12.0
#: Gauss-Hermite nodes and weights (7 points) for the mean over the bot's own luck in the rounds left
_GH = ((-3.7504397177, 0.000548268856), (-2.3667594107, 0.030757123968), (-1.1544053947, 0.240123178605),
       (0.0, 0.457142857143), (1.1544053947, 0.240123178605), (2.3667594107, 0.030757123968),
       (3.7504397177, 0.000548268856))


def win_chance(totals: Sequence[float], me: int, rounds_left: float, sigma: float = ROUND_SIGMA) -> float:
    """The chance that `me` ends the game with the lowest total (B9: a shared lowest wins too), when each player
    adds to the `totals` a normal amount of spread `sigma` per round for `rounds_left` rounds (0: the game ends
    now). Each other player's final total must be no lower than the bot's: their luck is independent, the
    bot's own luck is shared by all the comparisons (averaged over by Gauss-Hermite quadrature)."""
    mine = totals[me]
    if rounds_left <= 0:
        return 1.0 if all(x >= mine for x in totals) else 0.0
    s = sigma * sqrt(rounds_left) * 1.4142135623730951
    leads = [(x - mine + 0.5) / s for q, x in enumerate(totals) if q != me]
    p = 0.0
    for z, w in _GH:
        prod = w
        for a in leads:
            prod *= 1.0 + erf(a - z * 0.7071067811865476)
        p += prod
    return p / (1 << len(leads))


class WinChances:
    """win_chance for many totals of one decision, from tables: for each number of rounds left and each lead
    (another total less mine, an integer), the factor of each quadrature node. The same numbers as win_chance,
    without its error functions at every call (a rollout's score is one of these)."""

    def __init__(self, sigma: float = ROUND_SIGMA) -> None:
        self.sigma = sigma
        self._tables: dict[float, dict[float, tuple[float, ...]]] = {}

    def __call__(self, totals: Sequence[float], me: int, rounds_left: float) -> float:
        mine = totals[me]
        if rounds_left <= 0:
            return 1.0 if all(x >= mine for x in totals) else 0.0
        table = self._tables.get(rounds_left)
        if table is None:
            table = self._tables[rounds_left] = {}
        s = self.sigma * sqrt(rounds_left) * 1.4142135623730951
        p0 = p1 = p2 = p3 = p4 = p5 = p6 = 1.0  # the product at each of the 7 nodes (_GH), written out: fast
        others = 0
        for q, x in enumerate(totals):
            if q == me:
                continue
            others += 1
            lead = x - mine
            f = table.get(lead)
            if f is None:
                a = (lead + 0.5) / s
                f = table[lead] = tuple(1.0 + erf(a - z * 0.7071067811865476) for z, _w in _GH)
            p0 *= f[0]
            p1 *= f[1]
            p2 *= f[2]
            p3 *= f[3]
            p4 *= f[4]
            p5 *= f[5]
            p6 *= f[6]
        w = _GH
        return (w[0][1] * p0 + w[1][1] * p1 + w[2][1] * p2 + w[3][1] * p3 + w[4][1] * p4 + w[5][1] * p5
                + w[6][1] * p6) / (1 << others)


#: the cards in hand at which `hand_scale` leaves the cap as it is (about the median decision of a round)
HAND_REF = 6

_DEFAULT = object()


class StrongBot(Bot):
    """`simulations`: the most rollouts per decision; `iterations`: the most worlds per decision (None: no
    limit; at least one of them is needed). `make_bot("strong")` uses the class defaults below."""

    name = "strong"
    default_simulations: int | None = DEFAULT_SIMULATIONS
    default_iterations: int | None = None

    def __init__(self, seed: int | None = None, simulations=_DEFAULT, iterations=_DEFAULT,
                 policy: str | None = None, others_weight: float = 1.0, carry: float = 2.5,
                 end_weight: float = 20.0, racing: bool = True, rival: str = "mean", objective: str | None = None,
                 tiebreak: float = 0.001, sigma: float = ROUND_SIGMA, pace: float = ROUND_PACE,
                 first: str | None = None, first_greedy: float = 0.7, hand_scale: float | None = None,
                 indifference: float | None = None, batched: bool = True) -> None:
        super().__init__(seed)
        self.simulations = self.default_simulations if simulations is _DEFAULT else simulations
        self.iterations = self.default_iterations if iterations is _DEFAULT else iterations
        if self.simulations is None and self.iterations is None:
            raise ValueError("the strong bot needs a cap on its simulations or its worlds")
        self.racing = racing  # drop clearly worse options early (False: plain flat Monte Carlo)
        self.policy = policy  # the rollout policy (None: the variant's, VARIANT_POLICY)
        self.pick = POLICIES[policy or DEFAULT_POLICY]
        self.others_weight = others_weight
        self.carry = carry  # bullheads a special card held at the end of round 1 is worth (A6)
        self._carry_now = 0.0
        self.end_weight = end_weight  # bullheads a lost game weighs when a rollout's round ends the game
        self.rival = rival  # "mean": against the others' mean round; "min": against the best other total
        self._before: list[int] = []  # the totals of the rounds before this one
        #: "round": the round's bullheads against the others' (`others_weight`, `rival`, `end_weight`); "win":
        #: the chance of winning the game from the totals after the round (win_chance), less `tiebreak` times
        #: the round's bullheads against the others' mean (None: the variant's, VARIANT_SEARCH)
        self.objective = objective
        self._objective = objective or "round"
        #: the others' cards of this turn in a dealt world: "rollout" (the rollout policy) or "risk": mostly
        #: (`first_greedy`) the card of the least expected bullheads this turn (tactics.card_risk), else random
        self.first = first
        self._first = first or "rollout"
        #: the cap on rollouts scaled by (cards in hand / HAND_REF) ** hand_scale: more where the round is
        #: young (many options, long rollouts), fewer near its end
        self.hand_scale = hand_scale
        self._hand_scale = hand_scale or 0.0
        self.first_greedy = first_greedy
        #: racing drops an option that cannot beat the best by more than this (racing.race; None: the variant's)
        self.indifference = indifference
        self.batched = batched  # card choices searched in batches on numpy where they can be (bots/nimmt/batch.py)
        self._indifference = indifference or 0.0
        self.tiebreak = tiebreak
        self.sigma = sigma
        self.pace = pace
        self._rounds_after: int | None = 0  # fixed rounds after this one (None: until the target, B9)
        self._wins: dict[tuple, float] = {}  # this decision's win_chance by the round's bullheads
        self._chances = WinChances(sigma)  # win_chance from tables (the same numbers, cheaper)
        self._last_round = False  # whether this round is surely the last
        self._target = 0  # B9: a total that ends the game (0: none)
        self._simulations = self.simulations  # this decision's cap (effort)
        self.worlds = 0  # worlds played for the last decision (benchmarks read it)
        self.rollouts = 0  # rollouts played for the last decision
        self._np_card: tuple | None = None  # the placement for which this bot played Negative = Positive
        self._rollout_rng = random.Random()
        self._rules = HeuristicBot(seed)  # the Pro draft

    def choose(self, view, legal: list[dict]) -> dict:
        self.worlds = self.rollouts = 0
        if len(legal) == 1:
            return legal[0]
        do = legal[0]["do"]
        if do in SEARCHED:
            self._prepare(view)
        return getattr(self, "_" + do)(view, legal)

    # ---------------------------------------------------------------- shared

    def _prepare(self, view) -> None:
        """The rollouts allowed (effort), and what the score of a rollout needs: what ends the game (A6-A7: two
        rounds; the `rounds` option; B9's target), the totals before this round, and what a special card held
        after round 1 is worth."""
        policy = self.policy or VARIANT_POLICY.get(view.variant, DEFAULT_POLICY)
        self.pick = POLICIES[policy]
        self._simulations = effort(self.simulations, view, policy)
        search = VARIANT_SEARCH.get(view.variant, {})
        self._objective = self.objective or search.get("objective", "round")
        self._first = self.first or search.get("first", "rollout")
        self._hand_scale = self.hand_scale if self.hand_scale is not None else search.get("hand_scale", 0.0)
        self._indifference = (self.indifference if self.indifference is not None
                              else search.get("indifference", 0.0))
        if self._simulations is not None and search.get("effort", 1.0) != 1.0:
            self._simulations = max(1, round(self._simulations * search["effort"]))
        if self._hand_scale and self._simulations is not None:
            scale = (max(1, len(view.hand)) / HAND_REF) ** self._hand_scale
            self._simulations = max(1, round(self._simulations * scale))
        rules = view.rules
        self._carry_now = self.carry if rules.has_specials and view.round < rules.rounds_fixed else 0.0
        self._before = [pv.total - (pv.round_scores[-1] if pv.round_scores else 0) for pv in view.players]
        rounds = rules.rounds_fixed or view.options.get("rounds")
        self._last_round = rounds is not None and view.round >= rounds
        self._target = 0 if rounds is not None else view.options.get("target") or 66
        self._rounds_after = None if rounds is None else max(0, rounds - view.round)
        self._wins = {}

    def _score(self, t: Table, me: int) -> float:
        """Lower is better: the round's bullheads against the others'; when the round ends the game, a lost game
        (another total lower than ours: B9, A7) weighs `end_weight` more."""
        pens = t.pens
        if self._objective == "win":
            return self._win_score(pens, t, me)
        value = 0.0
        if self.end_weight and (self._last_round or self._target):
            totals = [b + x for b, x in zip(self._before, pens)]
            if self._last_round or max(totals) >= self._target:
                value = self.end_weight * (min(totals) < totals[me])
        if self._carry_now:
            carry = self._carry_now
            pens = [x - carry * len(s) for x, s in zip(pens, t.specials)]
        own = pens[me]
        if t.n < 2 or not self.others_weight:
            return value + own
        if self.rival == "min":
            before = self._before
            best = min(before[q] + pens[q] for q in range(t.n) if q != me)
            return value + own - self.others_weight * (best - before[me])
        return value + own - self.others_weight * (sum(pens) - own) / (t.n - 1)

    def _win_score(self, pens: Sequence[float], t: Table, me: int) -> float:
        """Lower is better: minus the chance of winning the game from the totals after this round (win_chance;
        the rounds left guessed from the highest total, B9), plus `tiebreak` per bullhead against the others'
        mean (so that a lost or won game still prefers fewer bullheads)."""
        if self._carry_now:
            carry = self._carry_now
            pens = [x - carry * len(s) for x, s in zip(pens, t.specials)]
        key = tuple(pens)
        value = self._wins.get(key)
        if value is None:
            totals = [b + x for b, x in zip(self._before, pens)]
            top = max(totals)
            left = self._rounds_left(top)
            own = pens[me]
            value = (self.tiebreak * (own - (sum(pens) - own) / max(1, t.n - 1))
                     - self._chances(totals, me, left))
            self._wins[key] = value
        return value

    def _rounds_left(self, top: float) -> float:
        """The rounds still to play after this one, when the highest total after it is `top`: the fixed rounds
        left, else none once a total reaches the target (B9), else a guess from the pace (at least one)."""
        if self._rounds_after is not None:
            return self._rounds_after
        return 0.0 if top >= self._target else max(1.0, (self._target - top) / self.pace + 0.5)

    def _search(self, n_options: int, make_world, value) -> int:
        seed = self.rng.getrandbits(60)
        best, self.worlds = race(n_options, lambda k: make_world(random.Random(seed + k)), value,
                                 self.iterations, self._simulations, self.racing,
                                 indifference=self._indifference)
        return best

    def _rollout(self, t: Table, seed: int, me: int) -> float:
        self.rollouts += 1
        self._rollout_rng.seed(seed)
        play_turns(t, self._rollout_rng.random, self.pick)
        return self._score(t, me)

    # ---------------------------------------------------------------- number cards (B3)

    def _select(self, view, legal):
        me, n = view.me, len(view.players)
        cards = [a["card"] for a in legal]
        dealer = Dealer(view)
        pick = self.pick
        risk = None
        if self._first == "risk":
            rows = rows_of(view)
            risk = {c: card_risk(rows, c, dealer.unseen, n - 1) for c in dealer.unseen}
            greedy = self.first_greedy

        def make_world(rng):
            t = table_of(view, dealer.deal(rng), dealer.deal_specials(rng))
            hands = t.hands
            rnd = rng.random
            test = TURN_TESTS[pick](t)
            plays = []
            for q in range(n):
                if q == me:
                    continue
                if dealer.chosen[q] and dealer.public[q]:
                    plays.append((hands[q].pop(), q))  # Pro: the one hidden card is the chosen one
                elif risk is not None and rnd() < greedy:
                    hand = hands[q]
                    i = min(range(len(hand)), key=lambda i: risk.get(hand[i], 0.0))
                    plays.append((hand.pop(i), q))
                else:
                    plays.append((pick(hands[q], rnd, test), q))
            return t, plays, rng.getrandbits(60)

        def value(world, o):
            t0, plays, seed = world
            t = t0.copy()
            c = cards[o]
            t.hands[me].remove(c)
            t.resolve(plays + [(c, me)])
            return self._rollout(t, seed, me)

        if self._batched(view, dealer):
            return legal[self._select_batched(view, cards, dealer, risk)]
        return legal[self._search(len(legal), make_world, value)]

    def _batched(self, view, dealer: Dealer) -> bool:
        """Whether this card choice is searched in batches on numpy (bots/nimmt/batch.py): random rollouts for
        the chance of winning, with racing, on plain rows of five (the base game), every other hand hidden and
        as long as the bot's own."""
        me, h = view.me, len(view.hand)
        return (self.batched and self.racing and self.pick is POLICIES["random"] and self._objective == "win"
                and self._simulations is not None and self.iterations is None and not self._carry_now
                and not view.rules.has_specials
                and all(r.capacity == 5 and not r.stop and r.parity is None and not r.fifth for r in view.rows)
                and all(not dealer.known[q] and not dealer.public[q] and dealer.needs[q] == h
                        for q in range(len(view.players)) if q != me))

    def _select_batched(self, view, cards: list[int], dealer: Dealer, risk) -> int:
        """The card choice searched by batch.SelectSearch and batch.race, `BATCH_EFFORT` times the rollouts
        (they cost that much less)."""
        import numpy as np

        from bere_tui.bots.nimmt import batch

        me, n = view.me, len(view.players)
        before = np.array(self._before, dtype=np.float64)
        pens0 = np.array([pv.round_scores[-1] if pv.round_scores else 0 for pv in view.players], dtype=np.int64)
        sigma, tiebreak = self.sigma, self.tiebreak

        def score(pens):
            pens = pens + pens0
            totals = before + pens
            tops, which = np.unique(totals.max(axis=1), return_inverse=True)  # (a few highest totals: each once)
            left = np.array([self._rounds_left(top) for top in tops.tolist()])[which]
            own = pens[:, me]
            rivals = (pens.sum(axis=1) - own) / max(1, n - 1)
            return tiebreak * (own - rivals) - batch.win_chances(totals, me, left, sigma)

        search = batch.SelectSearch(np.random.default_rng(self.rng.getrandbits(60)), [r.cards for r in view.rows],
                                    sorted(view.hand), cards, dealer.unseen, n, me, score, risk, self.first_greedy)
        cap = min((self._simulations or 0) * BATCH_EFFORT, BATCH_MOST_TURNS // max(1, len(view.hand)))
        best, self.worlds = batch.race(len(cards), search.values, cap,
                                       indifference=self._indifference)
        self.rollouts = search.rollouts
        return best

    def _draft(self, view, legal):
        """P2: the heuristic bot's rule, the card nearest the middle (see the module docstring for why)."""
        return self._rules.choose(view, legal)

    # ---------------------------------------------------------------- placements (B6, A-ORD-1..4)

    def _placement_search(self, view, options, apply) -> int:
        """Search options that act on the card being placed now: `apply(table, option)` carries one out; the
        revealed cards still queued are then placed, and the round is played out."""
        me = view.me
        dealer = Dealer(view)
        queue = list(view.queue)

        def make_world(rng):
            return table_of(view, dealer.deal(rng), dealer.deal_specials(rng)), rng.getrandbits(60)

        def value(world, o):
            t0, seed = world
            t = t0.copy()
            apply(t, options[o])
            for card, q in queue:
                t.place(q, card, special=True)
            return self._rollout(t, seed, me)

        return self._search(len(options), make_world, value)

    def _take_row(self, view, legal):
        me, card = view.me, view.pending["card"]
        pile = list(view.players[me].pile)
        np = self._np_card == (view.round, view.turn, card)

        def apply(t, action):
            taken = t.take(me, action["row"], None, card)
            if np:
                t.pens[me] -= cancel_saving(taken, pile + taken)

        return legal[self._placement_search(view, legal, apply)]

    def _special_apply(self, view):
        """`apply(table, action)`: a special-card decision (or none) for the card being placed, carried out on a
        dealt table (A3; A-NP-1's cancellation counted at once)."""
        me, card = view.me, view.pending["card"]
        pile = list(view.players[me].pile)

        def apply(t, action):
            name = action["card"]
            if name is None:
                t.place(me, card)
                return
            t.specials[me].remove(name)
            rest, taken = t.play_special(me, card, action)
            if rest:
                taken = t.place(me, rest)
            if name == "negative_positive" and taken:
                t.pens[me] -= cancel_saving(taken, pile + taken)

        return apply

    def _special(self, view, legal):
        me, card = view.me, view.pending["card"]
        apply = self._special_apply(view)

        # a quick play-out on what is known (the rows and this turn's revealed cards) picks a shortlist
        n = len(view.players)
        known = table_of(view, [list(view.hand) if q == me else [] for q in range(n)],
                         [list(view.my_specials) if q == me else [] for q in range(n)])
        queue = list(view.queue)

        def quick(i):
            t = known.copy()
            apply(t, legal[i])
            for c, q in queue:
                t.place(q, c)
            return self._score(t, me)

        scores = {i: quick(i) for i in range(len(legal))}
        ranked = sorted(range(1, len(legal)), key=scores.__getitem__)
        if scores[ranked[0]] >= scores[0]:
            return legal[0]  # no special card does better this turn: keep them all (no search)
        shortlist = [0] + ranked[:SPECIAL_SHORTLIST]
        action = legal[shortlist[self._placement_search(view, [legal[i] for i in shortlist], apply)]]
        if action["card"] == "negative_positive":
            self._np_card = (view.round, view.turn, card)
        return action

    def _cancel(self, view, legal):
        """A-NP-1: set aside as many bullheads as possible; nothing else depends on the choice."""
        return max(legal, key=lambda a: (HEADS[a["positive"]] + sum(HEADS[c] for c in a["cancel"]), -a["positive"]))

    def _swap(self, view, legal):
        """A5: swap the held card worth least for the top of the draw pile when an unseen card is worth more."""
        unseen = unseen_specials(view)
        if not unseen:
            return legal[0]
        expected = sum(SPECIAL_WORTH[x] for x in unseen) / len(unseen)
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
