"""The board game's evaluator for the game review and the coach: the strong bot's search (bots/board/strong.py)
from one player's view only, over the heuristic's best options and the one chosen, as the points that player's
score gains or loses from now to the end of the turn (on the pro side less what the hand is likely to cost at
the end, BG7). A fixed number of worlds and the seed make it deterministic (issue 34)."""

from __future__ import annotations

from bere_tui.bots.board.strong import StrongBot

#: dealt worlds per decision; every option searched is played out once in each
WORLDS = 24
#: options searched besides the one chosen (the heuristic's best)
SHORTLIST = 4
#: turns played out after the current one (none: the review scores the turn's own points, as it says)
TURNS = 0


def evaluate(view, legal: list[dict], chosen: int, seed: int) -> dict[int, float]:
    """Expected points of the options searched (indices into `legal`), the chosen one among them."""
    if len(legal) < 2:
        return {}
    bot = StrongBot(seed, worlds=WORLDS, shortlist=SHORTLIST, turns=TURNS)
    order = bot.shortlist_of(view, legal)
    if chosen not in order:
        order.append(chosen)
    now = view.players[view.me].score  # the points of this turn on, not the score so far
    return {i: v - now for i, v in zip(order, bot.values(view, legal, order, own=True), strict=True)}


__all__ = ["SHORTLIST", "TURNS", "WORLDS", "evaluate"]
