"""Batched rollouts on numpy: the strong bot's search of a card choice (B3) in the base game, many dealt worlds and
all the options still in the race at once.

The model is strong.py's (`_select` with random rollouts and the chance of winning the game as the result):
- a world deals the unseen cards to the others (card counting: bots/nimmt/determinize.py's Dealer, which
  says which cards are unseen and how many each player holds);
- the others' cards of this turn are mostly (`greedy`) their least risky ones (tactics.card_risk), else random;
- every later card of every player is random: each hand is played in a random order (one order per world and
  player, the same for every option: common random numbers; for the bot's own hand, the option first and the
  rest in the world's order);
- the cards are placed by B4-B6 on rows with their last card, length and bullheads (a low card takes the row
  with the fewest bullheads, the first of equals, as fastsim's rollouts do).

Arrays are (sims, ...) with sims = worlds x options, and a turn places every player's card in order: about 40
numpy calls a turn whatever the number of sims, so a batch of a few hundred rollouts costs about what a dozen
of fastsim's do (bench/bot_strength.py prints the rollouts per second).

`race` is racing.race over batches of worlds: the same running sums and the same rule to drop an option.
Everything is drawn from one numpy Generator seeded by the bot: the same seed gives the same choice.
"""

from __future__ import annotations

from math import sqrt

import numpy as np

from bere_tui.bots.nimmt.racing import MIN_WORLDS, Z, survivors
from bere_tui.engine.cards import HEADS

HEADS_OF = np.array(HEADS, dtype=np.int64)
#: the base game's row capacity (B5): the batched search runs where every row holds five
CAPACITY = 5
#: worlds per batch at least (the race checks its options after each), and rollouts per batch at least
BATCH = 24
SIMS = 480
#: Gauss-Hermite nodes and weights (7 points): strong.win_chance's
_NODES = np.array([-3.7504397177, -2.3667594107, -1.1544053947, 0.0, 1.1544053947, 2.3667594107, 3.7504397177])
_WEIGHTS = np.array([0.000548268856, 0.030757123968, 0.240123178605, 0.457142857143, 0.240123178605,
                     0.030757123968, 0.000548268856])


def erf(x: np.ndarray) -> np.ndarray:
    """The error function, to within 1.5e-7 (Abramowitz and Stegun 7.1.26); numpy has none."""
    sign = np.sign(x)
    a = np.abs(x)
    t = 1.0 / (1.0 + 0.3275911 * a)
    poly = t * (0.254829592 + t * (-0.284496736 + t * (1.421413741 + t * (-1.453152027 + t * 1.061405429))))
    return sign * (1.0 - poly * np.exp(-a * a))


def win_chances(totals: np.ndarray, me: int, left: np.ndarray, sigma: float) -> np.ndarray:
    """strong.win_chance for each row of `totals` (sims x players), with its own rounds `left` (0: the game ends
    now, B9: the lowest total wins, a shared lowest too)."""
    mine = totals[:, me]
    others = np.delete(totals, me, axis=1)
    now = (others >= mine[:, None]).all(axis=1).astype(np.float64)
    spread = sigma * np.sqrt(np.maximum(left, 1e-9)) * sqrt(2.0)
    a = (others - mine[:, None] + 0.5) / spread[:, None]  # (sims, others)
    factors = 1.0 + erf(a[:, :, None] - _NODES[None, None, :] * sqrt(0.5))  # (sims, others, nodes)
    chance = (factors.prod(axis=1) * _WEIGHTS).sum(axis=1) / (1 << others.shape[1])
    return np.where(left <= 0, now, chance)


def play(tails: np.ndarray, lens: np.ndarray, heads: np.ndarray, pens: np.ndarray, seq: np.ndarray) -> None:
    """Play every turn of `seq` (sims x players x turns: the cards in the order each player plays them) on the
    rows (sims x rows: last card, length, bullheads; changed in place), adding the rows taken to `pens`."""
    sims, n, turns = seq.shape
    width = tails.shape[1]
    base = np.arange(sims) * width  # (flat indices: a row of a sim is base + row)
    seat = np.arange(sims) * n
    flat_tails, flat_lens, flat_heads, flat_pens = tails.reshape(-1), lens.reshape(-1), heads.reshape(-1), pens.reshape(-1)
    for t in range(turns):
        cards = seq[:, :, t]
        order = np.argsort(cards, axis=1)  # B4: the cards are placed from the lowest up
        ordered = np.take_along_axis(cards, order, axis=1)
        for j in range(n):
            card = ordered[:, j]
            below = np.where(tails < card[:, None], tails, -1)
            r = below.argmax(axis=1)  # B4: the row whose last card is the highest below the card
            at = base + r
            fits = flat_tails[at] < card
            at = np.where(fits, at, base + heads.argmin(axis=1))  # B6: a low card takes the fewest bullheads
            length = flat_lens[at]
            bulls = flat_heads[at]
            take = ~fits | (length >= CAPACITY)  # B5: the sixth card takes the row
            worth = HEADS_OF[card]
            flat_pens[seat + order[:, j]] += bulls * take
            flat_lens[at] = np.where(take, 1, length + 1)
            flat_heads[at] = np.where(take, worth, bulls + worth)
            flat_tails[at] = card


class SelectSearch:
    """One card choice: the rows, the bot's hand and options, the unseen cards, the others' risk; `values(k, live)`
    plays `k` new worlds with every live option and gives the outcomes (k x len(live), lower is better)."""

    def __init__(self, rng: np.random.Generator, rows: list[list[int]], hand: list[int], options: list[int],
                 unseen: list[int], n: int, me: int, score, risk: dict[int, float] | None, greedy: float) -> None:
        self.rng = rng
        self.n, self.me = n, me
        self.h = len(hand)
        self.hand = np.array(hand, dtype=np.int64)
        self.option_at = np.array([hand.index(c) for c in options])
        self.unseen = np.array(unseen, dtype=np.int64)
        self.tails = np.array([r[-1] for r in rows], dtype=np.int64)
        self.lens = np.array([len(r) for r in rows], dtype=np.int64)
        self.heads = np.array([sum(HEADS[c] for c in r) for r in rows], dtype=np.int64)
        self.score = score  # pens (sims x players, this round's bullheads) -> outcomes (sims)
        self.risk = None
        if risk is not None:
            self.risk = np.zeros(105)
            for card, value in risk.items():
                self.risk[card] = value
        self.greedy = greedy
        self.rollouts = 0

    def values(self, k: int, live: list[int]) -> np.ndarray:
        rng, n, h, me = self.rng, self.n, self.h, self.me
        others = n - 1
        # deal: a random order of the unseen cards, each other player's h in turn
        order = np.argsort(rng.random((k, len(self.unseen))), axis=1)[:, :others * h]
        theirs = self.unseen[order].reshape(k, others, h)
        # their card of this turn, then the rest of each hand in a random order
        keys = rng.random((k, others, h))
        first = np.minimum((rng.random((k, others)) * h).astype(np.int64), h - 1)
        if self.risk is not None:
            least = self.risk[theirs].argmin(axis=2)
            first = np.where(rng.random((k, others)) < self.greedy, least, first)
        np.put_along_axis(keys, first[:, :, None], -1.0, axis=2)
        theirs = np.take_along_axis(theirs, np.argsort(keys, axis=2), axis=2)
        # the bot's own hand: the option first, the rest in the world's order (the same for every option)
        live_at = self.option_at[live]
        mine_keys = np.repeat(rng.random((k, 1, h)), len(live), axis=1)
        mine_keys[:, np.arange(len(live)), live_at] = -1.0
        mine = self.hand[np.argsort(mine_keys, axis=2)]  # (k, options, h)
        seq = np.empty((k, len(live), n, h), dtype=np.int64)
        seq[:, :, [q for q in range(n) if q != me], :] = theirs[:, None, :, :]
        seq[:, :, me, :] = mine
        sims = k * len(live)
        tails = np.broadcast_to(self.tails, (sims, len(self.tails))).copy()
        lens = np.broadcast_to(self.lens, (sims, len(self.lens))).copy()
        heads = np.broadcast_to(self.heads, (sims, len(self.heads))).copy()
        pens = np.zeros((sims, n), dtype=np.int64)
        play(tails, lens, heads, pens, seq.reshape(sims, n, h))
        self.rollouts += sims
        return self.score(pens).reshape(k, len(live))


def race(n_options: int, values, simulations: int, z: float = Z, indifference: float = 0.0,
         batch: int = BATCH) -> tuple[int, int]:
    """racing.race over batches: `values(k, live)` gives k new worlds' outcomes of the live options (k x live);
    stop when `simulations` outcomes are played or one option is left. The option of the lowest mean, and the
    worlds played."""
    live = list(range(n_options))
    sums = np.zeros(n_options)
    squares = np.zeros(n_options)
    products = np.zeros((n_options, n_options))
    k = played = 0
    while True:
        worlds = max(batch, SIMS // len(live))  # (a few hundred rollouts a batch: numpy's calls cost per call)
        got = values(worlds, live)
        sums[live] += got.sum(axis=0)
        squares[live] += (got * got).sum(axis=0)
        products[np.ix_(live, live)] += np.einsum("ki,kj->ij", got, got)  # (not BLAS: no threads of its own)
        k += worlds
        played += worlds * len(live)
        if played >= simulations:
            break
        if k >= MIN_WORLDS:
            live = survivors(live, sums, squares, lambda o, b: products[o, b], k, z, indifference)
            if len(live) == 1:
                break
    best = min(live, key=lambda o: (sums[o], o))
    return best, k
