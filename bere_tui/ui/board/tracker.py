"""The board game's tile tracker (the t key): what the person at the keyboard has not seen."""

from __future__ import annotations

from collections import Counter

from bere_tui.i18n import _, ngettext
from bere_tui.table.cardtext import ASCII_DOT, DOT


def tracker_notice(view, ascii: bool = False):
    """What the person at the keyboard has not seen: the tiles in other hands and the supply, by bullheads."""
    from bere_tui.ui.screens.dialogs import NoticeScreen

    unseen = view.unseen_tiles()
    by_heads = Counter(view.heads[t] for t in unseen)
    mark = ASCII_DOT if ascii else DOT  # (each bullhead a mark, as on the tiles: "••• 8" is 8 tiles of 3)
    # TRANSLATORS: the tile tracker: how many unseen tiles have this many bullheads (shown as marks: ••• 8)
    heads = ", ".join(_("{heads} {count}").format(count=by_heads[h], heads=mark * h) for h in sorted(by_heads))
    lines = [_("Tiles you have not seen (other hands and the supply): {n}, by bullheads: {list}").format(
                 n=len(unseen), list=heads or "-"),
             " ".join(map(str, unseen)),
             ngettext("Out of the game: {n} tile.", "Out of the game: {n} tiles.", len(view.out)).format(
                 n=len(view.out))]
    if view.luck:
        lines.append(_("Luck cards left: {n}.").format(n=view.luck_left))
    if view.pro:
        lines.append(_("Action cards left: {n}.").format(n=view.actions_left))
    return NoticeScreen(_("Tile tracker"), "\n".join(lines))


__all__ = ["tracker_notice"]
