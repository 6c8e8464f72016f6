"""The words of a finished game's outcome (engine/outcome.py): what each part of a score is called in the end
screen's columns, why the game ended, and who wins how. Shared code asks the game's system for its words (its
"outcome_words" part, bere_tui/systems.py: table/nimmt/outcome.py, table/bullenparty/outcome.py,
table/board/outcome.py).

A game's words module has `part_label(kind, n, short)` (a column's header; `short` when many columns must fit)
and `end_line(outcome, names)` (why the game ended, a sentence; "" when there is nothing to say).
"""

from __future__ import annotations

from bere_tui.i18n import _


def words_of(variant: str):
    """The outcome words of `variant`'s game system."""
    from bere_tui.systems import system_of

    return system_of(variant).part("outcome_words")


def rule_line(outcome) -> str:
    """Who wins, the engine's way (B9, A7: the lowest total; BP10, BG-D7: the highest)."""
    return _("Game over: the highest score wins.") if outcome.highest_wins else _("Game over: the lowest total wins.")


__all__ = ["rule_line", "words_of"]
