"""The board game's words for a finished game's outcome (bere_tui/table/outcome.py): points by kind (green and
red bulls, BG4; rows filled and taken, BG-D4, BG-D5; the luck cards, BG6; on the red side the tiles left in hand,
BG7) and why the game ended (every tile played, BG-D7; on the red side a player ran out of tiles, BG7)."""

from __future__ import annotations

from bere_tui.i18n import _, pgettext
from bere_tui.table.words import names_and


def part_label(kind: str, n: int | None, short: bool) -> str:
    return {
        # TRANSLATORS: columns of the board game's final scores, short: points from green bull spaces (BG4)
        "bull_plus": pgettext("score part", "green bulls"),
        # TRANSLATORS: points lost on red bull spaces (BG4)
        "bull_minus": pgettext("score part", "red bulls"),
        # TRANSLATORS: points lost filling a row's final space (BG-D4)
        "row_filled": pgettext("score part", "rows filled"),
        # TRANSLATORS: points lost on "take the row" spaces (BG-D5)
        "take_row": pgettext("score part", "rows taken"),
        # TRANSLATORS: the luck card that turns a space into +5 (BG6)
        "plus5": pgettext("score part", "+5 spaces"),
        # TRANSLATORS: the luck card that pays a row's sum on its final space (BG6)
        "row_bonus": pgettext("score part", "row bonus"),
        # TRANSLATORS: red side: the bullheads of the tiles left in hand at the end (BG7)
        "hand": pgettext("score part", "tiles left"),
    }.get(kind, kind)


def end_line(outcome, names: list[str]) -> str:
    if outcome.ended == "tiles_played":
        return _("Every tile has been played.")
    if outcome.ended == "out_of_tiles":
        # TRANSLATORS: the red side's end (BG7): the players who ran out of tiles, after a colon
        return _("Out of tiles: {names}. The others lose the bullheads of the tiles left in their hands.").format(
            names=names_and([names[p] for p in outcome.ended_by]))
    return ""


__all__ = ["end_line", "part_label"]
