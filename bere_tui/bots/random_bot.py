"""`random`: a uniformly random legal action."""

from __future__ import annotations

import _random

from bere_tui.bots.base import Bot


class RandomBot(Bot):
    name = "random"
    blind = True  # it never reads its view or the actions: Game.legal_pick(player, bot.pick) gives its choice

    def __init__(self, seed: int | None = None) -> None:
        # random.Random's own C generator: the same draws for the same seed (random.Random.seed hands it an int
        # as it is) without random.Random's seeding steps in Python; a bot-only game seeds one per seat
        self.rng = _random.Random(seed)
        self._bits = self.rng.getrandbits

    def pick(self, n: int) -> int:
        """An index below `n`, drawn as self.rng.randrange(n) draws it (random.Random._randbelow), without its two
        Python calls: it is most of what `bere sim` with random bots does."""
        k = n.bit_length()
        r = self._bits(k)
        while r >= n:
            r = self._bits(k)
        return r

    def choose(self, view, legal: list[dict]) -> dict:
        return legal[self.pick(len(legal))]
