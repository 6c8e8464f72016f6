"""Bullenparty's card tracker (the t key): what the person at the keyboard has not seen."""

from __future__ import annotations

from collections import Counter

from bere_tui.engine.cards import HEADS
from bere_tui.i18n import _, ngettext


def tracker_notice(view):
    """What the person at the keyboard has not seen: number cards by bullheads, zero letters, Bull cards left."""
    from bere_tui.ui.screens.dialogs import NoticeScreen

    unseen = view.unseen_cards()
    by_heads = Counter(HEADS[c] for c in unseen)
    heads = ", ".join(_("{count} of {heads}").format(count=by_heads[h], heads=h) for h in sorted(by_heads))
    lines = [_("Number cards you have not seen: {n}, {removed} of them out of the game unseen (by bullheads: "
               "{list}):").format(n=len(unseen), removed=view.removed_count, list=heads),
             " ".join(map(str, unseen)),
             _("Zero-card letters you have not seen, in other hands or in the box: {letters}.").format(
                 letters=", ".join(view.unseen_letters()) or "-"),
             _("Bull cards left, top first: {list}.").format(list=" ".join(map(str, view.bull_deck)) or "-"),
             ngettext("Draw pile: {n} card.", "Draw pile: {n} cards.", view.draw_pile_size).format(
                 n=view.draw_pile_size) + " " +
             ngettext("Discard pile: {n} card.", "Discard pile: {n} cards.", len(view.discard_pile)).format(
                 n=len(view.discard_pile))]
    return NoticeScreen(_("Card tracker"), "\n".join(lines))


__all__ = ["tracker_notice"]
