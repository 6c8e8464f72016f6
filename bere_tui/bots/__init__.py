"""Computer players. A bot sees one player's view and the legal actions, nothing else, and returns one of them.

`make_bot(name, seed)` builds a bot by the name used in records and in `bere sim`.
"""

from __future__ import annotations

from bere_tui.bots.base import Bot
from bere_tui.bots.heuristic import HeuristicBot
from bere_tui.bots.random_bot import RandomBot
from bere_tui.bots.strong import StrongBot

BOTS: dict[str, type[Bot]] = {
    "random": RandomBot,
    "heuristic": HeuristicBot,
    "strong": StrongBot,
}


def make_bot(name: str, seed: int | None = None) -> Bot:
    try:
        cls = BOTS[name]
    except KeyError:
        raise ValueError(f"unknown bot {name!r}; known: {', '.join(BOTS)}") from None
    return cls(seed)


__all__ = ["BOTS", "Bot", "make_bot"]
