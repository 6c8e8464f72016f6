"""The toy game's bots (the system's "bots" part): every level picks at random."""

from __future__ import annotations

from bere_tui.bots.base import Bot


class ToyBot(Bot):
    name = "random"

    def choose(self, view, legal: list[dict]) -> dict:
        return legal[self.rng.randrange(len(legal))]


def make(level: str, seed: int | None = None) -> Bot:
    """A bot of `level` (any level: they all pick at random)."""
    return ToyBot(seed)
