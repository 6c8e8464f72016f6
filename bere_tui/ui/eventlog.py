"""The log panel's lines: one short line of text per engine event (who played what, who took which row).

Pure functions over events and player names, so the log, the replay viewer and tests share them.
"""

from __future__ import annotations

from rich.text import Text

from bere_tui.engine import events as ev
from bere_tui.i18n import _, ngettext
from bere_tui.ui.cardtext import card_label
from bere_tui.ui.words import names_and, parity_name, special_name, winners_line


def _heads(n: int) -> str:
    return ngettext("{n} bullhead", "{n} bullheads", n).format(n=n)


def _sentence(template: str, card: Text, **fields) -> Text:
    """A whole translated sentence with the card's Text where `{card}` stands (the card keeps its colour)."""
    before, _sep, after = template.partition("{card}")
    return _line(before.format(**fields), card, after.format(**fields))


def _line(*parts) -> Text:
    """Join strings and card Texts into one line."""
    out = Text()
    for part in parts:
        if isinstance(part, Text):
            out.append_text(part)
        else:
            out.append(str(part))
    return out


def describe(event: ev.Event, names: list[str], ascii: bool = False, you: int | None = None) -> Text | None:
    """The log line for `event`, or None for events the log does not list (secret selections).

    `you`: the seat told in the second person (the learner in a lesson: "You take row 1", not "You takes").
    """
    mine = you is not None and getattr(event, "player", None) == you
    def card(c: int) -> Text:
        label = card_label(c, ascii)
        return label[len(label.plain) - len(label.plain.lstrip()):]

    if isinstance(event, ev.Dealt):
        if not event.rows:
            return Text(_("Round {n}: the draft begins").format(n=event.round), style="bold")
        return Text(_("Round {n}: rows dealt").format(n=event.round), style="bold")
    if isinstance(event, ev.Drafted):
        return _sentence(_("You draft {card}") if mine else _("{name} drafts {card}"), card(event.card),
                         name=names[event.player])
    if isinstance(event, ev.Selected):
        return None
    if isinstance(event, ev.Revealed):
        return Text(_("Turn {n}: cards revealed").format(n=event.turn), style="bold")
    if isinstance(event, ev.Placed):
        if event.new_row:
            return None  # told by the RowTaken line before it (or the special card that started the row)
        return _sentence(_("You play {card} > row {row}") if mine else _("{name} {card} > row {row}"),
                         card(event.card), name=names[event.player], row=event.row + 1)
    if isinstance(event, ev.RowTaken):
        return Text((_("You take row {row}: {heads}") if mine else _("{name} takes row {row}: {heads}")).format(
            name=names[event.player], row=event.row + 1, heads=_heads(event.bullheads)),
            style="bold")
    if isinstance(event, ev.SpecialPlayed):
        return _sentence(_("You play {special} with {card}") if mine else _("{name} plays {special} with {card}"),
                         card(event.card), name=names[event.player], special=special_name(event.special))
    if isinstance(event, ev.Cancelled):
        return Text((_("You set aside {cards}") if mine else _("{name} sets aside {cards}")).format(
            name=names[event.player], cards=", ".join(str(c) for c in (event.positive, *event.cancelled))))
    if isinstance(event, ev.Swapped):
        return Text((_("You swap a {special} card") if mine else _("{name} swaps a {special} card")).format(
            name=names[event.player], special=special_name(event.discarded)))
    if isinstance(event, ev.SpecialsGiven):
        return Text(ngettext("Everyone gets {n} special card", "Everyone gets {n} special cards",
                             event.count).format(n=event.count))
    if isinstance(event, ev.ParityMoved):
        if event.after_take:  # E4
            text = _("EVEN/ODD card moves to row {row} (lowest last card {card}): {parity}")
        else:  # E2
            text = _("EVEN/ODD card beside row {row}, whose first card {card} is the lowest: {parity}")
        return Text(text.format(row=event.row + 1, card=event.card, parity=parity_name(event.parity)))
    if isinstance(event, ev.RoundScored):
        return Text(_("Round {n} scored").format(n=event.round), style="bold")
    if isinstance(event, ev.GameOver):
        return Text(winners_line([names[p] for p in event.winners], you is not None and event.winners == (you,)),
                    style="bold reverse")
    return None


__all__ = ["describe", "names_and"]
