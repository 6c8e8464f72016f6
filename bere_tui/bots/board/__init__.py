"""Computer players of the board game, one per level as for the other games. Each sees one player's view and the
legal actions, nothing else. `bere_tui.bots.make_bot` builds bots that play whichever game their view shows;
`make_board_bot` builds these directly."""

from __future__ import annotations

from bere_tui.bots.base import Bot
from bere_tui.bots.board.heuristic import HeuristicBot
from bere_tui.bots.board.random_bot import RandomBot
from bere_tui.bots.board.strong import StrongBot
from bere_tui.i18n import _

BOTS: dict[str, type[Bot]] = {
    "random": RandomBot,
    "heuristic": HeuristicBot,
    "strong": StrongBot,
}


def make_board_bot(name: str, seed: int | None = None) -> Bot:
    try:
        cls = BOTS[name]
    except KeyError:
        raise ValueError(_("unknown bot {bot!r}; known: {known}").format(bot=name, known=", ".join(BOTS))) from None
    return cls(seed)


__all__ = ["BOTS", "HeuristicBot", "RandomBot", "StrongBot", "make_board_bot"]
