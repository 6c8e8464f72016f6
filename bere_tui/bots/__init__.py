"""Computer players. A bot sees one player's view and the legal actions, nothing else, and returns one of them.

`make_bot(name, seed)` builds a bot by the name used in records and in `bere sim`. Each bot also answers to
the level the setup screen shows (easy, medium, hard): `bot_key` turns either name into the bot's own.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from importlib import import_module

from bere_tui.bots.base import Bot


class _Bots(Mapping):
    """The bots by name, each class imported when first asked for (`bere sim` with random bots never loads
    the strong bot's search)."""

    def __init__(self, where: dict[str, str]) -> None:
        self._where = where  # name -> "module:Class"
        self._loaded: dict[str, type[Bot]] = {}

    def __getitem__(self, name: str) -> type[Bot]:
        cls = self._loaded.get(name)
        if cls is None:
            module, _, attr = self._where[name].partition(":")
            cls = self._loaded[name] = getattr(import_module(module), attr)
        return cls

    def __iter__(self) -> Iterator[str]:
        return iter(self._where)

    def __len__(self) -> int:
        return len(self._where)

    def __contains__(self, name) -> bool:
        return name in self._where


BOTS: Mapping[str, type[Bot]] = _Bots({
    "random": "bere_tui.bots.nimmt.random_bot:RandomBot",
    "heuristic": "bere_tui.bots.nimmt.heuristic:HeuristicBot",
    "strong": "bere_tui.bots.nimmt.strong:StrongBot",
})
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


def _system_bots(variant):
    """The bot factory of the game system of `variant` (its "bots" part: bere_tui/systems.py), None for 6
    nimmt!'s own variants (the classes here) and for anything else."""
    from bere_tui.systems import GAMES, system_of

    return system_of(variant).part("bots") if isinstance(variant, str) and variant in GAMES else None


def _for_every_game(cls: type[Bot]) -> type[Bot]:
    """`cls` (a 6 nimmt! bot, unchanged), which hands a Bullenparty or board-game view to that game's bot of its
    level (bots/bullenparty, bots/board), built with the same seed when first needed."""

    class AnyGameBot(cls):
        def __init__(self, seed: int | None = None, *args, **kwargs) -> None:
            super().__init__(seed, *args, **kwargs)
            self._system_seed = seed
            self._system_bots: dict[str, Bot] = {}

        def choose(self, view, legal: list[dict]) -> dict:
            variant = getattr(view, "variant", None)
            bot = self._system_bots.get(variant)
            if bot is None:
                make = _system_bots(variant)
                if make is None:
                    return super().choose(view, legal)
                bot = self._system_bots[variant] = make(self.name, self._system_seed)
            return bot.choose(view, legal)

    AnyGameBot.__name__ = AnyGameBot.__qualname__ = cls.__name__
    return AnyGameBot


_ANY_GAME: dict[str, type[Bot]] = {}


def make_bot(name: str, seed: int | None = None) -> Bot:
    """The bot `name` (a bot or a level) for any game system: 6 nimmt!'s, or another game's when its view says so."""
    key = bot_key(name)
    if key is None:
        raise ValueError(f"unknown bot {name!r}; known: {known_bots()}")
    if key not in _ANY_GAME:
        _ANY_GAME[key] = _for_every_game(BOTS[key])
    return _ANY_GAME[key](seed)


__all__ = ["BOTS", "LEVELS", "Bot", "bot_key", "known_bots", "make_bot"]
