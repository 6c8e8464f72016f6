"""`random`: a uniformly random legal action."""

from __future__ import annotations

import _random

from bere_tui.bots.base import Bot


class RandomBot(Bot):
    name = "random"
    blind = True  # it never reads its view or the actions: Game.legal_pick(player, bot.pick) gives its choice

    def __init__(self, seed: int | None = None, rng=None) -> None:
        """`rng`: a generator to draw from, shared with other bots (a bot-only game's random bots share one:
        bots/runner.py), instead of one of its own seeded `seed`. Its own is random.Random's C generator: the
        same draws as random.Random(seed) (which hands an int seed to it as it is) without random.Random's
        seeding steps in Python."""
        # random.Random's C base, not random.Random itself (Bot.rng): this bot draws only by getrandbits
        self.rng = _random.Random(seed) if rng is None else rng  # type: ignore[assignment]
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
