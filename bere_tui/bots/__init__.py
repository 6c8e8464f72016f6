"""Computer players. A bot sees one player's view and the legal actions, nothing else, and returns one of them.

`make_bot(name, seed)` builds a bot by the name used in records and in `bere sim`. Each bot also answers to
the level the setup screen shows (easy, medium, hard): `bot_key` turns either name into the bot's own.
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
#: the levels the setup screen offers, as other names of the bots
LEVELS: dict[str, str] = {"easy": "random", "medium": "heuristic", "hard": "strong"}


def bot_key(name) -> str | None:
    """The bot's own name for a bot name or a level (`hard` -> `strong`), None if it names no bot."""
    if not isinstance(name, str):
        return None
    key = name.strip().casefold()
    key = LEVELS.get(key, key)
    return key if key in BOTS else None


def known_bots() -> str:
    """The accepted names, for messages: `random (easy), heuristic (medium), strong (hard)`."""
    level_of = {bot: level for level, bot in LEVELS.items()}
    return ", ".join(f"{b} ({level_of[b]})" if b in level_of else b for b in BOTS)


def make_bot(name: str, seed: int | None = None) -> Bot:
    key = bot_key(name)
    if key is None:
        raise ValueError(f"unknown bot {name!r}; known: {known_bots()}")
    return BOTS[key](seed)


__all__ = ["BOTS", "LEVELS", "Bot", "bot_key", "known_bots", "make_bot"]
