"""The practice game's hint: what the heuristic bot would play in the learner's seat, and why, in one line."""

from __future__ import annotations

from bere_tui.bots.heuristic import HeuristicBot, unseen_cards
from bere_tui.bots.tactics import cheapest_row, rows_of, target
from bere_tui.engine import Game
from bere_tui.i18n import _, ngettext
from bere_tui.table.words import heads_text


def practice_hint(game: Game, player: int) -> tuple[str, dict]:
    view = game.view(player)
    legal = game.legal(player)
    action = HeuristicBot(0).choose(view, legal)
    return reason(view, action), action


def reason(view, action: dict) -> str:
    """One line on why `action` is a sensible move, from the public rows and the player's own hand."""
    rows = rows_of(view)
    if action["do"] == "select":
        card = action["card"]
        r = target(rows, card)
        if r < 0:
            cheap = cheapest_row(rows)
            return _("Play {card}: it is lower than every row's end, so you take a row; row {row} costs only "
                     "{heads} (B6).").format(card=card, row=cheap + 1, heads=heads_text(rows[cheap].heads))
        row = rows[r]
        room = row.capacity - len(row.cards)
        if room <= 0:
            return _("Play {card}: it takes row {row} ({heads}), but every other card looks worse.").format(
                card=card, row=r + 1, heads=heads_text(row.heads))
        tail = row.cards[-1]
        gap = sum(1 for c in unseen_cards(view) if tail < c < card)
        places = ngettext("{n} place is left", "{n} places are left", room).format(n=room)
        between = ngettext("only {n} unseen card lies between", "{n} unseen cards lie between", gap).format(n=gap)
        return _("Play {card}: it goes after the {tail} in row {row}; {places} and {between}.").format(
            card=card, tail=tail, row=r + 1, places=places, between=between)
    if action["do"] == "take_row":
        r = action["row"]
        return _("Take row {row}: {heads}, the least painful choice for your hand.").format(
            row=r + 1, heads=heads_text(rows[r].heads))
    return _("The computer players would choose this.")
