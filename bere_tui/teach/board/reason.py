"""The board game's words for the game review and the coach (bere_tui/review): the unit of its figures and a move
in a few words (its action card too), and for a secret choice where the tiles were going and what that space does;
otherwise the review says how much better the best move was expected to do."""

from __future__ import annotations

from bere_tui.i18n import _
from bere_tui.table.board.words import card_name
from bere_tui.table.narrate import Sentence, say
from bere_tui.teach.board import explain


def unit() -> str:
    """What the review's figures count (the highest total wins)."""
    return _("points")


def move_words(action: dict) -> Sentence:
    """The move in a few words, its action card too (BG3): "your tile 17", "your tile 17 with Swap"."""
    words = explain.move_words(action)
    if action["do"] == "select" and action.get("card"):
        return say(_("{move} with {card}"), move=str(words), card=card_name(action["card"]))
    return words


def reason(view, legal: list[dict], chosen: int, best: int) -> str | None:
    """For a secret choice, where the chosen tiles were going on the rows as they were and what the space does
    there (BG3, BG4; teach/board/explain.py's `landing`)."""
    action = legal[chosen]
    if action["do"] != "select":
        return None
    tiles = sorted(action["tiles"])
    return " ".join(str(explain.landing(view, t, tiles if len(tiles) > 1 else ())) for t in tiles)


__all__ = ["move_words", "reason", "unit"]
