"""Computer players. A bot sees one player's view and the legal actions, nothing else, and returns one of them.

`make_bot(name, seed)` builds a bot by the name used in records and in `bere sim`. Each bot also answers to
the level the setup screen shows (easy, medium, hard): `bot_key` turns either name into the bot's own.
"""

from __future__ import annotations

from bere_tui.bots.base import Bot

#: the bots' own names, the same in every game system (each system's "bots" part makes them: bere_tui/systems.py)
BOTS: tuple[str, ...] = ("random", "heuristic", "strong")
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


class SeatBot(Bot):
    """A seat's bot of one level for whichever game it is asked about: each game system's bot of that level (its
    "bots" part), made with the seat's seed when that game first asks."""

    def __init__(self, name: str, seed: int | None = None) -> None:
        self.name, self.seed = name, seed
        self._bots: dict[str, Bot] = {}

    def of(self, variant: str) -> Bot:
        """The bot that plays `variant`'s game."""
        from bere_tui.systems import system_of

        system = system_of(variant)
        bot = self._bots.get(system.name)
        if bot is None:
            bot = self._bots[system.name] = system.part("bots")(self.name, self.seed)
        return bot

    def choose(self, view, legal: list[dict]) -> dict:
        return self.of(view.variant).choose(view, legal)


def make_bot(name: str, seed: int | None = None, variant: str | None = None) -> Bot:
    """The bot `name` (a bot or a level): the bot of `variant`'s game system, or, without a variant, a seat's
    bot that plays whichever game its views are of."""
    key = bot_key(name)
    if key is None:
        raise ValueError(f"unknown bot {name!r}; known: {known_bots()}")
    if variant is None:
        return SeatBot(key, seed)
    from bere_tui.systems import system_of

    return system_of(variant).part("bots")(key, seed)


__all__ = ["BOTS", "LEVELS", "Bot", "SeatBot", "bot_key", "known_bots", "make_bot"]
