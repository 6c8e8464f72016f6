"""6 nimmt!'s words for the game review and the coach (bere_tui/review): the unit of its figures, a move in a few
words, and in one line why a chosen move did worse than the best, from the rows and the cards still unseen (what
the player could know then, never the hidden hands)."""

from __future__ import annotations

from bere_tui.bots.nimmt.heuristic import unseen_cards
from bere_tui.bots.nimmt.tactics import cheapest_row, rows_of, target
from bere_tui.i18n import _, ngettext
from bere_tui.table.words import heads_text
from bere_tui.teach.nimmt.explain import move_words


def unit() -> str:
    """What the review's figures count (B9: the fewest win)."""
    return _("bullheads")


def reason(view, legal: list[dict], chosen: int, best: int) -> str | None:
    """Why `legal[chosen]` was worse than `legal[best]`; None: no simple reason (the review then says how much
    better the best move was expected to do)."""
    action = legal[chosen]
    if action["do"] == "select":
        return _select_reason(view, action["card"])
    if action["do"] == "take_row":
        rows = rows_of(view)
        mine, other = rows[action["row"]], rows[legal[best]["row"]]
        if mine.heads > other.heads:
            return _("Row {row} held {heads}; row {best} only {best_heads}.").format(
                row=action["row"] + 1, heads=heads_text(mine.heads), best=legal[best]["row"] + 1,
                best_heads=heads_text(other.heads))
    return None


def _select_reason(view, card: int) -> str | None:
    """B4-B6: where the card was going on the rows as they were, and how likely the row was to fill first."""
    rows = rows_of(view)
    r = target(rows, card)
    if r < 0:
        cheap = rows[cheapest_row(rows)].heads
        return _("The {card} was lower than every row it could join: it had to take a row, the cheapest with "
                 "{heads}.").format(card=card, heads=heads_text(cheap))
    row = rows[r]
    tail = row.cards[-1]
    room = row.capacity - len(row.cards)
    between = card - tail - 1
    out = sum(1 for c in unseen_cards(view) if tail < c < card)
    if room <= 0 and out == 0:
        return _("Row {row} was full and no card between {tail} and {card} was out: the {card} surely took the row "
                 "({heads}).").format(row=r + 1, tail=tail, card=card, heads=heads_text(row.heads))
    if room <= 0:
        return ngettext("Row {row} was full: the {card} took it unless the one card still out between {tail} and "
                        "{card} came first.",
                        "Row {row} was full: the {card} took it unless one of the {out} cards still out between "
                        "{tail} and {card} came first.", out).format(row=r + 1, card=card, out=out, tail=tail)
    if out >= room and len(view.players) - 1 >= room:
        text = ngettext("Row {row} had room for {room} more card, and {out} of the {between} cards between {tail} "
                        "and {card} were still out: the {card} was likely to take it.",
                        "Row {row} had room for {room} more cards, and {out} of the {between} cards between {tail} "
                        "and {card} were still out: the {card} was likely to take it.", room)
        return text.format(row=r + 1, room=room, out=out, between=between, tail=tail, card=card)
    return None


__all__ = ["move_words", "reason", "unit"]
