"""The toy game's narrator: each event in a sentence, through gettext (the texts are the shipped games' own,
so every catalogue has them)."""

from __future__ import annotations

from bere_tui.i18n import _
from bere_tui.table.sentence import Card, say
from toy_game import events as toy


def tell(e, names: list[str], you: int | None = None):
    if isinstance(e, toy.Dealt):
        return say(_("Round {n}: rows dealt"), "bold", n=1)
    if isinstance(e, toy.Picked):
        return None  # a secret pick
    if isinstance(e, toy.Shown):
        parts = [say(_("{name} chooses {card}"), name=names[p], card=Card(c)).plain for p, c in e.picks]
        return say(_("Turn {n}: {choices}"), "bold", n=e.turn, choices=", ".join(parts))
    if isinstance(e, toy.Claimed):
        return say(_("{name} decides"), name=names[e.player])
    if isinstance(e, toy.Over):
        return say(_("{name} wins"), "bold", name=names[e.winners[0]])
    return None
