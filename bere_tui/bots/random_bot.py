"""`random`: a uniformly random legal action."""

from __future__ import annotations

from bere_tui.bots.base import Bot


class RandomBot(Bot):
    name = "random"

    def __init__(self, seed: int | None = None) -> None:
        super().__init__(seed)
        self._bits = self.rng.getrandbits

    def choose(self, view, legal: list[dict]) -> dict:
        # legal[self.rng.randrange(len(legal))], drawn the same way (random.Random._randbelow), without its two
        # Python calls: it is most of what `bere sim` with random bots does
        n = len(legal)
        k = n.bit_length()
        r = self._bits(k)
        while r >= n:
            r = self._bits(k)
        return legal[r]
