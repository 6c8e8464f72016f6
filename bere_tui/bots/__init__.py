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


def _for_every_game(cls: type[Bot]) -> type[Bot]:
    """`cls` (a 6 nimmt! bot, unchanged), which hands a Bullenparty view to the Bullenparty bot of its level
    (bots/bullenparty), built with the same seed when first needed."""

    class AnyGameBot(cls):
        def __init__(self, seed: int | None = None, *args, **kwargs) -> None:
            super().__init__(seed, *args, **kwargs)
            self._bp_seed = seed
            self._bp_bot: Bot | None = None

        def choose(self, view, legal: list[dict]) -> dict:
            if getattr(view, "variant", None) == "bullenparty":
                if self._bp_bot is None:
                    from bere_tui.bots.bullenparty import make_bullenparty_bot

                    self._bp_bot = make_bullenparty_bot(self.name, self._bp_seed)
                return self._bp_bot.choose(view, legal)
            return super().choose(view, legal)

    AnyGameBot.__name__ = AnyGameBot.__qualname__ = cls.__name__
    return AnyGameBot


_ANY_GAME: dict[str, type[Bot]] = {}


def make_bot(name: str, seed: int | None = None) -> Bot:
    """The bot `name` for any game system: 6 nimmt!'s, or Bullenparty's when its view says so."""
    try:
        cls = BOTS[name]
    except KeyError:
        raise ValueError(f"unknown bot {name!r}; known: {', '.join(BOTS)}") from None
    if name not in _ANY_GAME:
        _ANY_GAME[name] = _for_every_game(cls)
    return _ANY_GAME[name](seed)


__all__ = ["BOTS", "Bot", "make_bot"]
