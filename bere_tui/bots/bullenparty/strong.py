"""`strong` for Bullenparty: flat Monte Carlo search with determinization, from its own view only.

For each decision the bot deals the cards it cannot see `worlds` times (bots/bullenparty/determinize.py), and
in each dealt world plays every option to the end of the round, every seat (its own too) then playing the
heuristic policy (bots/bullenparty/policy.py). An outcome is the bot's score minus the best of the others',
each score counted as if the hand were laid out now (BP9, BP10). All options meet the same worlds and the same
rollout seeds (common random numbers). The option with the best mean wins.

The number of simulations is fixed (`worlds` per option): the same seed gives the same game on any machine;
the clock is never read. Searched: the bid (BP5), the row to take (BP5) and the row for a zero card's card
(BP5). The hand limit's lay-outs (BP8, BP9) follow the policy.
"""

from __future__ import annotations

from bere_tui.bots.base import Bot
from bere_tui.bots.bullenparty import policy
from bere_tui.bots.bullenparty.determinize import deal_world
from bere_tui.bots.bullenparty.heuristic import decide
from bere_tui.engine.bullenparty.game import HANDLERS
from bere_tui.engine.bullenparty.rules import ZERO

SEARCHED = ("bid", "take", "zero_row")


def policy_action(g, p: int) -> dict:
    """The heuristic policy's action for seat `p` of a (dealt) game, read straight from the state."""
    pend = g.pending
    do = pend["do"]
    piles = g.piles[p]
    if do == "bid":
        others = sum(1 for q in range(g.n) if q != p and g.took[q] is None)
        next_bull = g.bull_deck[0] if g.bull_deck else None
        card = policy.choose_bid(g.hands[p], piles, g.rows, others, g.zero_allowed(p), next_bull)
        return {"player": p, "do": "bid", "card": card}
    if do == "take":
        return {"player": p, "do": "take", "row": policy.choose_take(piles, g.rows)}
    if do == "zero_row":
        next_bull = g.bull_deck[0] if g.bull_deck else None
        return {"player": p, "do": "zero_row", "row": policy.choose_zero_row(g.drawn, piles, g.rows, next_bull)}
    card, pile = policy.choose_lay(g.hands[p], piles, bool(pend.get("end")))
    return {"player": p, "do": "lay", "card": card, "pile": pile}


def step(g, action: dict) -> None:
    """Apply a policy action without the checks of Game.apply (the policy picks legal moves) or the record."""
    ev: list = []
    HANDLERS[action["do"]].do(g, action["player"], action, ev)
    if g.pending is None:
        g._advance(ev)


def rollout(g, me: int, own: bool = False) -> float:
    """Play `g` to the end of its round by the policy; the outcome for `me` (see the module's docstring), or with
    `own` my score alone (the game review's expected points)."""
    start = g.round
    while not g.finished and g.round == start and not g.end_phase:
        for p in g.deciders():
            step(g, policy_action(g, p))
    values = [policy.layout_score(g.hands[q], g.piles[q], g.bulls[q]) for q in range(g.n)]
    mine = values[me]
    if own:
        return mine
    return mine - max(v for q, v in enumerate(values) if q != me)


class StrongBot(Bot):
    """`worlds`: dealt worlds per decision, each option played out once in each."""

    name = "strong"
    default_worlds = 32

    def __init__(self, seed: int | None = None, worlds: int | None = None) -> None:
        super().__init__(seed)
        self.worlds = self.default_worlds if worlds is None else worlds

    def choose(self, view, legal: list[dict]) -> dict:
        if len(legal) == 1:
            return legal[0]
        do = legal[0]["do"]
        if do not in SEARCHED:
            return decide(view, legal)
        totals = self.values(view, legal)
        best = max(range(len(legal)), key=lambda i: (totals[i], _prefer(legal[i])))
        return legal[best]

    def values(self, view, legal: list[dict], own: bool = False) -> list[float]:
        """The mean outcome of each of `legal` over the dealt worlds (`own`: my score alone, see `rollout`)."""
        me = view.me
        totals = [0.0] * len(legal)
        for _w in range(self.worlds):
            world = deal_world(view, self.rng)
            state = world.rng.getstate()
            for i, action in enumerate(legal):
                g = world.copy()
                g.rng.setstate(state)
                step(g, action)
                totals[i] += rollout(g, me, own)
        return [t / self.worlds for t in totals]


def _prefer(action: dict) -> int:
    """Tie-break: a number card over the zero card (it moves the round on), else the first listed."""
    return 0 if action.get("card") == ZERO else 1
