"""`heuristic` for the board game: a sensible player (bots/board/policy.py), from the view and the legal
actions only: each tile valued by where the placement rule (BG3) sends it and what that space does, action
cards played when they help clearly, luck cards placed where its own tiles will land."""

from __future__ import annotations

from bere_tui.bots.base import Bot
from bere_tui.bots.board.policy import decide


class HeuristicBot(Bot):
    name = "heuristic"

    def choose(self, view, legal: list[dict]) -> dict:
        return decide(view, legal)
