"""Bullenparty's words for the game review and the coach (bere_tui/review): the unit of its figures and a move
in a few words, and why a row taken did worse than the best (its bullheads with its Bull card, BP5, BP10);
otherwise the review says how much better the best move was expected to do."""

from __future__ import annotations

from bere_tui.i18n import _
from bere_tui.table.words import heads_text
from bere_tui.teach.bullenparty.explain import move_words


def unit() -> str:
    """What the review's figures count (the highest total wins)."""
    return _("points")


def reason(view, legal: list[dict], chosen: int, best: int) -> str | None:
    mine, other = legal[chosen], legal[best]
    if mine["do"] == "take" and other["do"] == "take":
        row, best_row = view.rows[mine["row"]], view.rows[other["row"]]
        if best_row.total > row.total:
            return _("Row {best} held {best_heads} with its Bull card; row {row} only {heads}.").format(
                best=other["row"] + 1, best_heads=heads_text(best_row.total), row=mine["row"] + 1,
                heads=heads_text(row.total))
    return None


__all__ = ["move_words", "reason", "unit"]
