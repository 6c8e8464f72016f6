"""6 nimmt!'s evaluator for the game review and the coach: the strong bot's rollouts (bots/nimmt/strong.py), every
option searched in the same dealt worlds, from one player's view only (never the hidden hands).

`evaluate(view, legal, chosen, seed)` gives each option's expected bullheads of the round for that player (the
strong bot's search with the others' bullheads and the end of the game left out, so that the figure is the
player's own points); the decisions the strong bot takes by rule (the Pro draft, A-NP-1's cancellation, A5's
swap) are not scored. A fixed number of worlds and the seed make it deterministic (issue 34): no clock is read.
Why a move cost what it did is told in teach/nimmt/reason.py.
"""

from __future__ import annotations

import random

from bere_tui.bots.nimmt.strong import SEARCHED, StrongBot

#: dealt worlds per decision; every option is played out once in each
WORLDS = 64


class Evaluator(StrongBot):
    """The strong bot's search with every option played in every world (no racing) and the means kept."""

    def __init__(self, seed: int, worlds: int = WORLDS) -> None:
        super().__init__(seed, simulations=None, iterations=worlds, policy="gap", others_weight=0.0,
                         end_weight=0.0, racing=False, objective="round", first="rollout", hand_scale=0.0)
        self.means: list[float] = []

    def _search(self, n_options: int, make_world, value) -> int:
        seed = self.rng.getrandbits(60)
        totals = [0.0] * n_options
        worlds = self.iterations
        assert worlds is not None, "the evaluator plays a fixed number of worlds (made with iterations)"
        for k in range(worlds):
            world = make_world(random.Random(seed + k))
            for o in range(n_options):
                totals[o] += value(world, o)
        self.means = [t / worlds for t in totals]
        return min(range(n_options), key=lambda o: (self.means[o], o))

    def values(self, view, legal: list[dict]) -> dict[int, float]:
        do = legal[0]["do"]
        if len(legal) < 2 or do not in SEARCHED:
            return {}
        self._prepare(view)
        if do == "special":
            self._placement_search(view, legal, self._special_apply(view))
        else:
            getattr(self, "_" + do)(view, legal)
        return dict(enumerate(self.means))


def evaluate(view, legal: list[dict], chosen: int, seed: int) -> dict[int, float]:
    """Expected bullheads of the round for each option (index into `legal`); {} for a decision not scored."""
    return Evaluator(seed, WORLDS).values(view, legal)


__all__ = ["WORLDS", "Evaluator", "evaluate"]
