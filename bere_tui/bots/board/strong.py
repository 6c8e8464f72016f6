"""`strong` for the board game: flat Monte Carlo search with determinization, from its own view only.

For each decision the bot deals what it cannot see `worlds` times (bots/board/determinize.py: the others'
tiles and action cards, the supply, the decks), and in each dealt world plays each of its best `shortlist`
options (as the heuristic ranks them, bots/board/policy.py) on the engine's own Game to the end of the turn
and `turns` turns more (one by default: against three `heuristic`, in 400 games on the same seeds and seats,
one turn more won 48.5% at 30 worlds, 46.2% at 40, none 43.0%, two more 45.0%, to the game's end 37.8%;
30 worlds keep the slowest decision within 300 ms of CPU time), every seat (its own too) then playing the heuristic
policy. On the pro side (BG7) it deals 45 worlds (`pro_worlds`): in 400 red games against three `heuristic` on the
same seeds and seats (3001..3400), 45 worlds won 176 (44.0%) against 163 (40.8%) at 30, the score over the
others' mean higher by +1.3 per game in each half of 200 (95% CI +-2.1 and +-2.0, paired); the slowest red
decision then takes about 210 ms of CPU time. Screened on the red side and not kept (200 games each, paired with
the same seeds, score difference against 30 or 45 worlds): no weight on the next tile's worth (+1.7 +-1.5 on
seeds 3001.., -0.6 +-1.6 on 3201..), the held tiles' end cost as the hand's mean rather than its cheapest (+1.8
+-1.6, -0.8 +-1.7; with 45 worlds -0.5 +-1.7), play to the game's end with three tiles or fewer left, with or
without a bonus for a win (-0.4 +-0.6, -0.5 +-0.6), two turns more at 20 worlds (+0.3 +-2.4), the best option
with each action card held searched too (-0.1 +-0.3), 6 options (+0.4 +-2.1), 3 options at 60 worlds (-1.2 +-1.9
against 45), 5 options at 36 worlds (-1.1 +-2.2 against 45).

The others' hidden tiles are dealt by what their revealed choices of this hand tell (bots/board/inference.py):
a tile a player would have played instead of the one it played is unlikely in its hand. At the secret choice
the others' choices in a world are made once and serve every option (they choose without knowing it, BG3). An
outcome is the bot's score minus the mean of the others' (the best of the others' measured weaker: noisier)
plus `WIN_WEIGHT` points times its chance to end with the most points (BG5, `win_chance`: from the score
differences and the turns left); on the pro side each score less what its hand is likely to cost at the end
(BG7, policy.end_penalty). All options meet the same worlds (common random numbers); the option with the best
mean wins, the heuristic's order breaking ties. Measured against three `heuristic` (200 games a side at seeds
5001.., paired; 400 red games at seeds 6001..): reading the hands took the blue side from 79 to 97 games won;
the win chance at 20 points from 97 to 108 (blue; 108 at 40 points too) and from 188/400 to 206/400 (red).

The number of simulations is fixed (`worlds` or `pro_worlds` x `shortlist` rollouts per decision): the same seed
gives the same game on any machine; the clock is never read. Every decision is searched: the secret choice (tiles
and action card), the STOP token's row, the row for a tile placed anywhere or swapped, and a luck card's space.
"""

from __future__ import annotations

from math import erf, sqrt

from bere_tui.bots.base import Bot
from bere_tui.bots.board import policy
from bere_tui.bots.board.determinize import deal_world
from bere_tui.bots.board.inference import hand_weights
from bere_tui.engine.board import rules

SQRT2 = sqrt(2.0)


def policy_action(g, p: int) -> dict:
    """The heuristic policy's action for seat `p` of a (dealt) game, from the state as that seat sees it."""
    return policy.decide_seat(policy.seat_of_game(g, p), g.legal(p))


#: weight of my best tile's worth at the next secret choice in a rollout's outcome (the position left to me)
NEXT_WEIGHT = 0.5


#: what a win is worth in a rollout's outcome, in points of the score difference (0: the difference alone)
WIN_WEIGHT = 20.0
#: the spread of the score difference of two players over one turn (heuristic games, either side: 4.9 and 5.1)
TURN_SPREAD = 5.0


def turns_left(g) -> int:
    """Turns still to play after this one (BG2 second hand, BG-D7 last tile, BG7 the shortest hand ends)."""
    sizes = [len(h) for h in g.hands]
    left = min(sizes) if g.side.pro else max(sizes)
    if rules.second_hand_due(g.n, g.board.second_hand_max_players, g.hand_no):
        left += g.board.hand
    return left


def win_chance(g, scores, me: int) -> float:
    """BG5: the chance `me` ends with the most points (a share counts), from the score differences now and the
    turns left, each other player's lead taken as independent of the others'."""
    if g.finished:
        return 1.0 if me in g.winners else 0.0
    spread = TURN_SPREAD * sqrt(turns_left(g) + 1)
    chance = 1.0
    for q, s in enumerate(scores):
        if q != me:
            chance *= 0.5 * (1.0 + erf((scores[me] - s) / (spread * SQRT2)))
    return chance


def rollout(g, me: int, last: int, own: bool = False) -> float:
    """Play `g` by the policy to the end of turn `last`; the outcome for `me` (with `own`: my score alone, less
    what my hand is likely to cost at the end on the pro side: the game review's expected points)."""
    while not g.finished and g.turn <= last:
        g.apply(policy_action(g, g.deciders()[0]))
    scores = g.scores
    if g.side.pro and not g.finished:  # BG7: the tiles still held will cost their bullheads at the end
        sizes = policy.hand_sizes(g)
        heads = g.board.heads
        scores = [s - policy.end_penalty(g.hands[q], sizes, q, heads) for q, s in enumerate(scores)]
    if own:
        return scores[me]
    others = [s for q, s in enumerate(scores) if q != me]
    value = scores[me] - sum(others) / len(others)
    if WIN_WEIGHT:
        value += WIN_WEIGHT * win_chance(g, scores, me)
    if NEXT_WEIGHT and not g.finished and g.pending and g.pending["do"] == "select" and g.hands[me]:
        seat = policy.seat_of_game(g, me)
        avg = policy.avg_heads(seat)
        value += NEXT_WEIGHT * max(policy.tile_value(seat, t, avg) for t in g.hands[me])
    return value


class StrongBot(Bot):
    """`worlds`: dealt worlds per decision (`pro_worlds` on the pro side; `worlds` alone serves both);
    `shortlist`: options searched (the heuristic's best); `turns`: turns played out after the current one."""

    name = "strong"
    default_worlds = 30
    default_shortlist = 4
    default_turns = 1
    #: worlds per decision on the pro side (BG7), where more measured better (see the module's docstring)
    default_pro_worlds = 45
    #: deal the others' hidden tiles by what their revealed choices tell (bots/board/inference.py)
    read_hands = True

    def __init__(self, seed: int | None = None, worlds: int | None = None, shortlist: int | None = None,
                 turns: int | None = None, pro_worlds: int | None = None) -> None:
        super().__init__(seed)
        self.worlds = self.default_worlds if worlds is None else worlds
        if pro_worlds is None:  # `worlds` given alone serves both sides
            pro_worlds = self.default_pro_worlds if worlds is None else worlds
        self.pro_worlds = pro_worlds
        self.shortlist = self.default_shortlist if shortlist is None else shortlist
        self.turns = self.default_turns if turns is None else turns

    def choose(self, view, legal: list[dict]) -> dict:
        if len(legal) == 1:
            return legal[0]
        order = self.shortlist_of(view, legal)
        if len(order) == 1:
            return legal[order[0]]
        totals = self.values(view, legal, order)
        k = max(range(len(order)), key=lambda k: (totals[k], -k))
        return legal[order[k]]

    def shortlist_of(self, view, legal: list[dict]) -> list[int]:
        """The options searched: the heuristic's best `shortlist` of `legal` (indices), best first."""
        ranks = policy.rank(policy.seat_of_view(view), legal)
        return sorted(range(len(legal)), key=lambda i: (-ranks[i], i))[:self.shortlist]

    def values(self, view, legal: list[dict], order: list[int], own: bool = False) -> list[float]:
        """The mean outcome of each option `legal[i]`, i in `order`, over the dealt worlds (`own`: see rollout)."""
        me = view.me
        totals = [0.0] * len(order)
        choosing = legal[0]["do"] == "select"
        worlds = self.pro_worlds if view.pro else self.worlds
        weights = hand_weights(view) if self.read_hands else None
        for _w in range(worlds):
            world = deal_world(view, self.rng, weights)
            last = world.turn + self.turns
            # the others choose in secret, so not knowing mine: their choices serve every option of mine
            theirs = [policy_action(world, q) for q in world.deciders() if q != me] if choosing else []
            for k, i in enumerate(order):
                g = world.copy()
                g.apply(legal[i])
                for action in theirs:
                    g.apply(action)
                totals[k] += rollout(g, me, last, own)
        return [t / worlds for t in totals]


__all__ = ["StrongBot", "policy_action", "rollout"]
