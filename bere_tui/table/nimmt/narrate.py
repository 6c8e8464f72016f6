"""6 nimmt!'s narrator: one sentence per event (`tell`), what made it happen for a lesson (`why`: the rule's id
stays in a comment, never in the text), and the replay's sentences for decisions that change nothing on the
table. The events say everything that changed (engine/nimmt/events.py), so a sentence needs nothing but its
event and the players' names. Names stay the subject at the start of a sentence, so languages that decline
names need not.
"""

from __future__ import annotations

from bere_tui.engine.nimmt import events as ev
from bere_tui.i18n import _, ngettext
from bere_tui.table.sentence import Card, Cards, Sentence, say
from bere_tui.table.words import heads_text, parity_name, special_name, winners_line


def narrate_choice(player: int, card: int | None, names: list[str]) -> Sentence:
    """A secret choice as a replay tells it (every hand open): "Ann chooses 23"."""
    if card is None:
        return say(_("{name} chooses a card"), name=names[player])
    return say(_("{name} chooses {card}"), name=names[player], card=Card(card))


def narrate_action(action: dict, names: list[str]) -> Sentence:
    """A decision that changed nothing on the table (no event), as a replay tells it."""
    name = names[action["player"]]
    if action["do"] == "special":
        return say(_("{name} plays no special card"), name=name)
    if action["do"] == "swap":
        return say(_("{name} keeps their special cards"), name=name)
    return say(_("{name} decides"), name=name)


def tell(e: ev.Event, names: list[str], you: int | None = None) -> Sentence | None:
    """The sentence for a 6 nimmt! event, or None for events not told on their own (a secret choice; the card
    that starts a row again after its take, told with the take)."""
    player = getattr(e, "player", None)
    mine = you is not None and player == you
    name = names[player] if player is not None else ""
    if isinstance(e, ev.Dealt):
        if not e.rows:
            return say(_("Round {n}: the draft begins"), "bold", n=e.round)
        return say(_("Round {n}: rows dealt"), "bold", n=e.round)
    if isinstance(e, ev.Drafted):
        return say(_("You draft {card}") if mine else _("{name} drafts {card}"), name=name, card=Card(e.card))
    if isinstance(e, ev.Selected):
        return None
    if isinstance(e, ev.Revealed):
        return say(_("Turn {n}: cards revealed"), "bold", n=e.turn)
    if isinstance(e, ev.Placed):
        return _placed(e, name, mine)
    if isinstance(e, ev.RowTaken):
        if e.removed:
            text = (_("You take row {row} with {card}: {heads}; the row is gone") if mine else
                    _("{name} takes row {row} with {card}: {heads}; the row is gone"))
        else:
            text = _("You take row {row} with {card}: {heads}") if mine else _("{name} takes row {row} with {card}: {heads}")
        return say(text, "bold", name=name, row=e.row + 1, card=Card(e.card), heads=heads_text(e.bullheads))
    if isinstance(e, ev.SpecialPlayed):
        return _special(e, name, mine)
    if isinstance(e, ev.Moved):
        return say(_("You move {card} from row {source} to row {row}") if mine else
                   _("{name} moves {card} from row {source} to row {row}"),
                   name=name, card=Card(e.card), source=e.from_row + 1, row=e.to_row + 1)
    if isinstance(e, ev.Cancelled):
        return say(_("You set aside {cards}: the take scores {heads}") if mine else
                   _("{name} sets aside {cards}: the take scores {heads}"),
                   name=name, cards=Cards((e.positive, *e.cancelled)), heads=heads_text(e.net))
    if isinstance(e, ev.Swapped):
        return say(_("You swap away {special}") if mine else _("{name} swaps away {special}"),
                   name=name, special=special_name(e.discarded))
    if isinstance(e, ev.SpecialsGiven):
        return say(ngettext("Everyone gets {n} special card", "Everyone gets {n} special cards", e.count), n=e.count)
    if isinstance(e, ev.ParityMoved):
        if e.after_take:  # E4
            text = _("EVEN/ODD card moves to row {row} (lowest last card {card}): {parity}")
        else:  # E2
            text = _("EVEN/ODD card beside row {row}, whose first card {card} is the lowest: {parity}")
        return say(text, row=e.row + 1, card=e.card, parity=parity_name(e.parity))  # the number: its parity counts
    if isinstance(e, ev.RoundScored):
        return say(_("Round {n} scored"), "bold", n=e.round)
    if isinstance(e, ev.GameOver):
        return say("{line}", "bold reverse",
                   line=winners_line([names[p] for p in e.winners], you is not None and e.winners == (you,)))
    return None


def _placed(e: ev.Placed, name: str, mine: bool) -> Sentence | None:
    if e.via == "take":
        return None  # told with the take
    if e.via in ("fifth_row", "shift") or e.new_row:
        text = _("You start row {row} with {card}") if mine else _("{name} starts row {row} with {card}")
    elif e.via == "insert":
        text = _("You insert {card} into row {row}") if mine else _("{name} inserts {card} into row {row}")
    else:
        text = _("You put {card} in row {row}") if mine else _("{name} puts {card} in row {row}")
    return say(text, name=name, card=Card(e.card), row=e.row + 1)


def _special(e: ev.SpecialPlayed, name: str, mine: bool) -> Sentence:
    fields = {"name": name, "special": special_name(e.special), "card": Card(e.card)}
    if e.special in ("seven_nimmt", "stop"):
        text = (_("You play {special} with {card}, beside row {row}") if mine else
                _("{name} plays {special} with {card}, beside row {row}"))
        return say(text, row=e.row + 1, **fields)
    if e.special == "insert":
        text = _("You play {special} with {card}, into row {row}") if mine else \
            _("{name} plays {special} with {card}, into row {row}")
        return say(text, row=e.row + 1, **fields)
    if e.special == "replace":
        text = (_("You play {special} with {card}: {instead} is placed instead") if mine else
                _("{name} plays {special} with {card}: {instead} is placed instead"))
        return say(text, instead=Card(e.instead), **fields)
    return say(_("You play {special} with {card}") if mine else _("{name} plays {special} with {card}"), **fields)


#: the special cards a take removes from beside the rows, and the rule that removes them
_MARKER_GONE = {
    "fifth_row": lambda: _("The 5th Row card is discarded."),  # A-5TH-2
    "seven_nimmt": lambda: _("The 7 nimmt! card is discarded."),  # A-7N-2
    "stop": lambda: _("The Stop cards are discarded."),  # A-STOP-3
}


def why(e: ev.Event, names: list[str], you: int | None = None) -> Sentence | None:
    """What made the event happen, in plain words: one or two more sentences (the rule ids in comments)."""
    if isinstance(e, ev.Dealt):
        return say(_("Each player picks cards from the open pool in turn.") if not e.rows else  # P2
                   _("Four cards start the rows."))  # B2
    if isinstance(e, ev.Drafted):
        return say(_("Cards are drafted in seat order."))  # P2
    if isinstance(e, ev.Revealed):
        parts = say(_("Placed lowest first: "))
        for i, (card, p) in enumerate(e.cards):
            if i:
                parts += say(", ")
            parts += say(_("{card} (you)") if p == you else _("{card} ({name})"), card=Card(card), name=names[p])
        return parts + say(".")  # B3
    if isinstance(e, ev.Placed):
        if e.via == "fifth_row":
            return say(_("It is a fifth row."))  # A-5TH-1
        if e.via == "shift":
            return say(_("Shift emptied that row."))  # A-SHI-2
        if e.via == "insert":
            return say(_("It goes between the cards where its number fits; the row had room."))  # A-INS-2
        if e.after:
            return say(_("It follows {after}, the closest lower end."), after=Card(e.after))  # B4
        return None
    if isinstance(e, ev.RowTaken):
        return _why_taken(e)
    if isinstance(e, ev.SpecialPlayed):
        if e.special == "seven_nimmt":
            return say(_("Row {row} holds 6 cards until it is taken."), row=e.row + 1)  # A-7N-1
        if e.special == "stop":
            return say(_("Nobody may add to or take row {row} until the next take."), row=e.row + 1)  # A-STOP-2
        if e.special == "replace":
            return say(_("{card} goes back to the hand."), card=Card(e.card))  # A-REP-1
        if e.special == "negative_positive":
            return say(_("After the take, one card of the row becomes positive."))  # A-NP-1
        return None
    if isinstance(e, ev.Moved):
        return say(_("It goes where its number fits in that row."))  # A-SHI-1
    if isinstance(e, ev.Cancelled):
        return say(_("The positive card and the cards it cancels never score."))  # A-NP-1
    if isinstance(e, ev.Swapped):
        return say(_("The top special card of the draw pile takes its place."))  # A5
    if isinstance(e, ev.SpecialsGiven):
        return say(_("Round 2 adds as many as every player can get alike."))  # A6
    if isinstance(e, ev.ParityMoved):
        return say(_("After a take it moves on.") if e.after_take else  # E4
                   _("It starts beside the row with the lowest first card."))  # E2
    if isinstance(e, ev.RoundScored):
        return say(_("The bull piles go onto the score sheet."))  # B8
    if isinstance(e, ev.GameOver):
        return say(_("The lowest total wins."))  # B9
    return None


def _why_taken(e: ev.RowTaken) -> Sentence:
    card = Card(e.card)
    if e.reason == "low":
        text = {
            "parity": _("{card} is lower than every row that accepts it."),  # E3
            "stop": _("{card} is lower than every row not stopped."),  # A-STOP-2
        }.get(e.refused, _("{card} is lower than every row's end."))  # B6
        out = say(text, card=card)
    elif e.reason == "insert":
        out = say(_("The row was full: Insert takes all but its last card."))  # A-INS-3
    elif any(name == "seven_nimmt" for name, _row in e.markers):
        out = say(_("{card} is one card too many for 6 places."), card=card)  # A9
    else:
        out = say(_("{card} is one card too many."), card=card)  # B5
    if e.removed:
        out += say(" " + _("A 5th Row card was out."))  # A-5TH-2
    for name in dict.fromkeys(name for name, _row in e.markers):
        if name != "fifth_row" or not e.removed:
            out += say(" " + _MARKER_GONE[name]())
    return out


__all__ = ["narrate_action", "narrate_choice", "tell", "why"]
