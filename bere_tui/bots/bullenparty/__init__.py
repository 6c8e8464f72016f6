"""Computer players of Bullenparty, one per level as for 6 nimmt!: `random`, `heuristic`, `strong`. Each sees
one player's view and the legal actions, nothing else. `bere_tui.bots.make_bot` builds bots that play
whichever game their view shows; `make_bullenparty_bot` builds these directly."""

from __future__ import annotations

from bere_tui.bots.base import Bot
from bere_tui.bots.bullenparty.heuristic import HeuristicBot
from bere_tui.bots.bullenparty.random_bot import RandomBot
from bere_tui.bots.bullenparty.strong import StrongBot
from bere_tui.i18n import _

BOTS: dict[str, type[Bot]] = {
    "random": RandomBot,
    "heuristic": HeuristicBot,
    "strong": StrongBot,
}


def make_bullenparty_bot(name: str, seed: int | None = None) -> Bot:
    try:
        cls = BOTS[name]
    except KeyError:
        raise ValueError(_("unknown bot {bot!r}; known: {known}").format(bot=name, known=", ".join(BOTS))) from None
    return cls(seed)


__all__ = ["BOTS", "HeuristicBot", "RandomBot", "StrongBot", "make_bullenparty_bot"]
