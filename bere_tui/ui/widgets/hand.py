"""HandView: the table's hand area. It shows a hand only when nobody else may be looking (one person at the
table); at a hot-seat table hands appear only in the selection prompt after the hand-off (B10)."""

from __future__ import annotations

from rich.text import Text
from textual.widget import Widget

from bere_tui.i18n import _
from bere_tui.table.cardtext import card_label
from bere_tui.table.words import special_name


def hand_text(name: str, cards, specials, ascii: bool = False) -> Text:
    out = Text()
    out.append(_("{name}'S HAND").format(name=name.upper()), style="bold")
    out.append("\n")
    for card in cards:
        out.append(" ")
        out.append_text(card_label(card, ascii))
    if not cards:
        out.append(_("(empty)"), style="dim")
    if specials is not None:
        out.append("\n")
        out.append(_("SPECIAL CARDS") + " ", style="bold")
        out.append("  ".join(special_name(s) for s in specials) if specials else _("none"))
    return out


class HandView(Widget):
    DEFAULT_CSS = """
    HandView { height: auto; width: 1fr; }
    """

    def __init__(self, ascii: bool = False, *, id: str | None = None) -> None:
        super().__init__(id=id)
        self.ascii = ascii
        self.content = Text(_("Hands stay hidden: each person sees theirs after the hand-off."), style="dim")

    def show_hand(self, name: str, cards, specials) -> None:
        self.content = hand_text(name, cards, specials, self.ascii)
        self.refresh(layout=True)

    def hide(self, message: str = "") -> None:
        self.content = Text(message or _("Hands stay hidden: each person sees theirs after the hand-off."),
                            style="dim")
        self.refresh(layout=True)

    def get_content_height(self, container, viewport, width: int) -> int:
        return max(1, sum(-(-max(1, line.cell_len) // max(1, width)) for line in self.content.split("\n")))

    def render(self) -> Text:
        return self.content
