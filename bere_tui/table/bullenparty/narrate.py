"""Bullenparty's events as sentences (RULES section 7), in the style of table.narrate: the name first, each
card shown as on the table. `narrate` hands Bullenparty's events here."""

from __future__ import annotations

from bere_tui.engine.bullenparty import events as bp
from bere_tui.i18n import _, ngettext
from bere_tui.table.words import heads_text, winners_line


def tell(e, names: list[str], you: int | None = None):
    """The sentence for a Bullenparty event, or None for a secret bid (BP5) and the setup."""
    from bere_tui.table.sentence import Card, Cards, say

    player = getattr(e, "player", None)
    name = names[player] if player is not None else ""
    mine = you is not None and player == you
    if isinstance(e, bp.RoundStarted):
        return say(_("Round {n}: {k} rows laid out"), "bold", n=e.round, k=len(e.rows))
    if isinstance(e, bp.BidsRevealed):
        parts = []
        for p, card, letter in e.bids:
            if card is None:
                parts.append(say(_("{name} zero card {letter}"), name=names[p], letter=letter))
            else:
                parts.append(say(_("{name} {card}"), name=names[p], card=Card(card)))
        out = say(_("Bids: "), "bold")
        for i, part in enumerate(parts):
            out = out + (say(", ") if i else say("")) + part
        return out
    if isinstance(e, bp.RowTaken):
        told = say(_("You take row {row} with {card}: {cards}") if mine else
                   _("{name} takes row {row} with {card}: {cards}"),
                   "bold", name=name, row=e.row + 1, card=Card(e.card), cards=Cards(e.cards))
        if e.bull is not None:
            told = told + say(_(" and a Bull card of {heads}"), heads=heads_text(e.bull))
        return told
    if isinstance(e, bp.CardLaid):
        if e.new_pile:
            return say(_("You start pile {pile} with {card}") if mine else _("{name} starts pile {pile} with {card}"),
                       name=name, pile=e.pile + 1, card=Card(e.card))
        return say(_("You lay {card} on pile {pile}") if mine else _("{name} lays {card} on pile {pile}"),
                   name=name, pile=e.pile + 1, card=Card(e.card))
    if isinstance(e, bp.CardTurnedUp):
        return say(_("Zero card {letter} turns up {card}"), letter=e.letter, card=Card(e.card))
    if isinstance(e, bp.CardAdded):
        return say(_("You add {card} to row {row}") if mine else _("{name} adds {card} to row {row}"),
                   name=name, card=Card(e.card), row=e.row + 1)
    if isinstance(e, bp.RowClosed):
        if e.bull is None:
            return say(_("Row {row} is closed (no Bull card is left)"), row=e.row + 1)
        return say(_("Row {row} is closed; a Bull card of {heads} joins it"), row=e.row + 1,
                   heads=heads_text(e.bull))
    if isinstance(e, bp.ZeroTakenBack):
        if e.reason == "added":
            return None  # told by the card it added
        if e.reason == "no_open_row":
            return say(_("Zero card {letter} goes back: every row is closed"), letter=e.letter)
        return say(_("Zero card {letter} goes back: no card is left to turn up"), letter=e.letter)
    if isinstance(e, bp.Reshuffled):
        text = ngettext("The draw pile is empty: {n} discarded card is shuffled into a new one",
                        "The draw pile is empty: {n} discarded cards are shuffled into a new one", e.cards)
        told = say(text, "bold", n=e.cards)
        if e.first:
            told = told + say(_(". This round is the last."))
        return told
    if isinstance(e, bp.RoundEnded):
        return say(_("Round {n} is over") if not e.last else _("Round {n} is over: lay out your hands"), "bold",
                   n=e.round)
    if isinstance(e, bp.GameOver):
        return say(winners_line([names[p] for p in e.winners], you is not None and e.winners == (you,)),
                   "bold reverse")
    return None


__all__ = ["tell"]
