"""The practice game's hint: what the heuristic bot would do in the learner's seat, and why, in one line.

The reason is worked out from what the learner may know: a card's place on the rows as they are now (the others'
cards may still come first, so it says "would"), and for a decision at a placement, what it would cost
(teach.explain, on a copy of the game, telling nothing of the others' secrets).
"""

from __future__ import annotations

from bere_tui.bots.nimmt.heuristic import HeuristicBot, unseen_cards
from bere_tui.bots.nimmt.tactics import cheapest_row, rows_of, target
from bere_tui.engine.nimmt import Game
from bere_tui.i18n import _, ngettext
from bere_tui.table.words import heads_text, special_name


def practice_hint(game: Game, player: int) -> tuple[str, dict]:
    view = game.view(player)
    legal = game.legal(player)
    action = HeuristicBot(0).choose(view, legal)
    return reason(view, action, game), action


def _cost_text(cost: int) -> str:
    return _("nothing") if cost == 0 else heads_text(cost)


def reason(view, action: dict, game: Game | None = None) -> str:
    """One line on why `action` is a sensible move, from the public rows and the player's own hand (and, for a
    decision at a placement, what it would cost: that needs `game`, which it only copies)."""
    rows = rows_of(view)
    do = action["do"]
    if do == "select":
        card = action["card"]
        r = target(rows, card)
        if r < 0:
            cheap = cheapest_row(rows)
            refused = any(row.stop or (row.parity is not None and card & 1 != row.parity) for row in rows)
            text = _("Play {card}: it is lower than every row that may take it, so you would take a row; row {row} "
                     "costs only {heads}.") if refused else \
                _("Play {card}: it is lower than every row's end, so you would take a row; row {row} costs only "
                  "{heads}.")
            return text.format(card=card, row=cheap + 1, heads=heads_text(rows[cheap].heads))
        row = rows[r]
        room = row.capacity - len(row.cards)
        if room <= 0:
            return _("Play {card}: it would take row {row} ({heads}), but every other card looks worse.").format(
                card=card, row=r + 1, heads=heads_text(row.heads))
        tail = row.cards[-1]
        gap = sum(1 for c in unseen_cards(view) if tail < c < card)
        places = ngettext("{n} place is left", "{n} places are left", room).format(n=room)
        between = ngettext("only {n} unseen card lies between", "{n} unseen cards lie between", gap).format(n=gap)
        return _("Play {card}: on the rows as they are now it would go after the {tail} in row {row}; {places} "
                 "and {between}.").format(card=card, tail=tail, row=r + 1, places=places, between=between)
    if do == "take_row":
        r = action["row"]
        return _("Take row {row}: {heads}, the least painful choice for your hand.").format(
            row=r + 1, heads=heads_text(rows[r].heads))
    if do == "draft":
        return _("Draft {card}: a card from the middle of the pool is the easiest to place later.").format(
            card=action["card"])
    if do == "swap":
        name = action["discard"]
        if name is None:
            return _("Keep your special cards: each of them may still help.")
        if name == "fifth_row" and len(view.rows) >= 5:
            return _("Discard 5th Row: five rows lie out, so it cannot be played now.")
        return _("Discard one {special}: you hold two, and another kind of card gives you more ways to help.").format(
            special=special_name(name))
    if game is None:
        return _("The computer players would choose this.")
    from bere_tui.teach.nimmt.explain import outcome

    player = view.me
    cost = outcome(game, player, action).cost
    if do == "special":
        if action["card"] is None:
            base = cost
            if base == 0:
                return _("No special card: your card would cost nothing; keep them for later.")
            return _("No special card: your card would cost {heads}, and none would save two or more.").format(
                heads=heads_text(base))
        base = outcome(game, player, {"player": player, "do": "special", "card": None}).cost
        return _("Play {special}: your card would cost {cost} instead of {heads}.").format(
            special=special_name(action["card"]), cost=_cost_text(cost), heads=heads_text(base))
    if do == "cancel":
        if cost < 0:
            return _("Make the {card} positive: it cancels the most bullheads, {heads} more than the take "
                     "brought.").format(card=action["positive"], heads=heads_text(-cost))
        return _("Make the {card} positive: it cancels the most bullheads, so the take costs {cost}.").format(
            card=action["positive"], cost=_cost_text(cost))
    return _("The computer players would choose this.")
