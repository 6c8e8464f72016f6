"""6 nimmt!'s words for a finished game's outcome (bere_tui/table/outcome.py): bullheads by round (B8), the
bullheads Negative = Positive set aside (A-NP-1, never counted), the end by the target (B9) or after the rounds
(B10, A6)."""

from __future__ import annotations

from bere_tui.i18n import _, pgettext
from bere_tui.table.words import names_and


def part_label(kind: str, n: int | None, short: bool) -> str:
    if kind == "round":
        # TRANSLATORS: "r{n}" is the short form of "round {n}" in the score table when many rounds must fit
        return (_("r{n}") if short else _("round {n}")).format(n=n)
    if kind == "cancelled":
        # TRANSLATORS: a column of the final scores: the bullheads Negative = Positive set aside (they never count)
        return pgettext("score part", "set aside")
    return kind


def end_line(outcome, names: list[str]) -> str:
    if outcome.ended == "target":
        # TRANSLATORS: why the game ended (B9): the players whose total reached the target (66), after a colon
        return _("A total reached the target: {names}.").format(names=names_and([names[p] for p in outcome.ended_by]))
    if outcome.ended == "rounds":
        return _("Every round has been played.")
    return ""


__all__ = ["end_line", "part_label"]
