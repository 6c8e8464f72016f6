"""`random` for the board game: a uniformly random legal action."""

from __future__ import annotations

from bere_tui.bots.base import Bot


class RandomBot(Bot):
    name = "random"

    def choose(self, view, legal: list[dict]) -> dict:
        return legal[self.rng.randrange(len(legal))]
