"""Bullenparty's words for a finished game's outcome (bere_tui/table/outcome.py): the pile that counts plus,
the Bull cards and the other piles that count minus (BP10); the game ends after the round in which the draw pile
ran out (BP9)."""

from __future__ import annotations

from bere_tui.i18n import _, pgettext


def part_label(kind: str, n: int | None, short: bool) -> str:
    return {
        # TRANSLATORS: columns of Bullenparty's final scores (BP10): the pile with the most bullheads (counts plus)
        "plus_pile": pgettext("score part", "plus pile"),
        # TRANSLATORS: the Bull cards a player took with closed rows (count plus)
        "bulls": pgettext("score part", "Bull cards"),
        # TRANSLATORS: every other pile of the player (counts minus)
        "minus_piles": pgettext("score part", "minus piles"),
    }.get(kind, kind)


def end_line(outcome, names: list[str]) -> str:
    if outcome.ended == "draw_pile":
        return _("The draw pile ran out, so that round was the last.")
    return ""


__all__ = ["end_line", "part_label"]
