"""Bullenparty's evaluator for the game review and the coach: the strong bot's search (bots/bullenparty/strong.py)
from one player's view only, each option's mean over the same dealt worlds, as that player's own points (the
score of the hand laid out at the round's end, BP9, BP10). The decisions the strong bot takes by the policy (the
lay-outs, BP8, BP9) are not scored. A fixed number of worlds and the seed make it deterministic (issue 34)."""

from __future__ import annotations

from bere_tui.bots.bullenparty.strong import SEARCHED, StrongBot

#: dealt worlds per decision; every option is played out once in each
WORLDS = 32


def evaluate(view, legal: list[dict], chosen: int, seed: int) -> dict[int, float]:
    """Expected points of each option (index into `legal`); {} for a decision not scored."""
    if len(legal) < 2 or legal[0]["do"] not in SEARCHED:
        return {}
    return dict(enumerate(StrongBot(seed, worlds=WORLDS).values(view, legal, own=True)))


__all__ = ["WORLDS", "evaluate"]
