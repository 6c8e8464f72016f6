"""The board game's words for the game review and the coach (bere_tui/review): the unit of its figures and a move
in a few words; no one-line reason of its own yet (the review says how much better the best move was expected
to do)."""

from __future__ import annotations

from bere_tui.i18n import _
from bere_tui.teach.board.explain import move_words


def unit() -> str:
    """What the review's figures count (the highest total wins)."""
    return _("points")


def reason(view, legal: list[dict], chosen: int, best: int) -> str | None:
    return None


__all__ = ["move_words", "reason", "unit"]
