"""The practice game's hint in Bullenparty: what the heuristic bot would do in the learner's seat, and why, in
one line, worked out from the learner's own view only (RULES section 7)."""

from __future__ import annotations

from bere_tui.bots.bullenparty import policy
from bere_tui.bots.bullenparty.heuristic import decide
from bere_tui.engine.bullenparty.rules import ZERO
from bere_tui.i18n import _


def practice_hint(game, player: int) -> tuple[str, dict]:
    view = game.view(player)
    action = decide(view, game.legal(player))
    return reason(view, action), action


def reason(view, action: dict) -> str:
    """Why `action` is sensible: the counting pile's top (BP10) decides what a card or a row is worth."""
    me = view.players[view.me]
    top = policy.main_top(me.piles)
    do = action["do"]
    if do == "bid":
        if action["card"] == ZERO:
            return _("Bid your zero card: the rows grow while the others take theirs, and you keep your number "
                     "cards.")
        card = action["card"]
        if top and card < top:
            return _("Bid {card}: it is lower than the top of your best pile, {top}, so it could only start a "
                     "pile that counts minus; bidding it away costs nothing.").format(card=card, top=top)
        return _("Bid {card}: low enough to choose a good row before most of the others, and the card you "
                 "miss least.").format(card=card)
    if do in ("take", "zero_row"):
        row = view.rows[action["row"]]
        worth = policy.row_value(row.cards, row.bull, top)
        if do == "take":
            return _("Take row {row}: with your piles as they are, it is worth {worth} points to you, the most of "
                     "the rows left.").format(row=action["row"] + 1, worth=round(worth))
        return _("Add the card to row {row}: it makes a row you may still take worth more, or spoils one you "
                 "will not take.").format(row=action["row"] + 1)
    card, pile = action["card"], action["pile"]
    if pile is None:
        return _("Lay {card} on a new pile: it fits on no pile that counts for you.").format(card=card)
    return _("Lay {card} on pile {pile}: it rises on it, and every bullhead on your best pile counts plus.").format(
        card=card, pile=pile + 1)


__all__ = ["practice_hint", "reason"]
