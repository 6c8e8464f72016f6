"""The interface every computer player follows."""

from __future__ import annotations

import random


class Bot:
    """Choose one of `legal` from what `view` shows. Deterministic for a given seed."""

    name = "bot"
    #: the bot chooses by the number of legal actions alone, reading neither the view nor the actions
    #: (`random`): it has `pick(count) -> index`, and a caller may ask the game for that action without building
    #: the list (Game.legal_pick; bots/runner.py). `choose` must give the same action from the same draws.
    blind = False

    def __init__(self, seed: int | None = None, rng: random.Random | None = None) -> None:
        """`rng`: a generator to draw from instead of one of its own seeded `seed` (blind bots of one bot-only
        game share one: bots/runner.py)."""
        self.rng = random.Random(seed) if rng is None else rng

    def choose(self, view, legal: list[dict]) -> dict:  # pragma: no cover - interface
        raise NotImplementedError
