"""The words of a finished game's outcome (engine/outcome.py): what each part of a score is called in the end
screen's columns, why the game ended, and who wins how. Shared code asks the game's system for its words (its
"outcome_words" part, bere_tui/systems.py); 6 nimmt!'s own are here: bullheads by round (B8), the bullheads
Negative = Positive set aside (A-NP-1), the end by the target (B9) or after the rounds (B10, A6).

A game's words module has `part_label(kind, n, short)` (a column's header; `short` when many columns must fit)
and `end_line(outcome, names)` (why the game ended, a sentence; "" when there is nothing to say).
"""

from __future__ import annotations

from bere_tui.i18n import _, pgettext
from bere_tui.table.words import names_and


def words_of(variant: str):
    """The outcome words of `variant`'s game system."""
    from bere_tui.systems import system_of

    return system_of(variant).part("outcome_words")


def rule_line(outcome) -> str:
    """Who wins, the engine's way (B9, A7: the lowest total; BP10, BG-D7: the highest)."""
    return _("Game over: the highest score wins.") if outcome.highest_wins else _("Game over: the lowest total wins.")


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


__all__ = ["end_line", "part_label", "rule_line", "words_of"]
