"""The interface every computer player follows."""

from __future__ import annotations

import random


class Bot:
    """Choose one of `legal` from what `view` shows. Deterministic for a given seed."""

    name = "bot"

    def __init__(self, seed: int | None = None) -> None:
        self.rng = random.Random(seed)

    def choose(self, view, legal: list[dict]) -> dict:  # pragma: no cover - interface
        raise NotImplementedError
