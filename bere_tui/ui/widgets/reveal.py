"""RevealView: this turn's cards, shown together with their owners, lowest first (B3).

The card due to be placed next is marked `>`, placed ones are dimmed, so a person can follow the resolution.
A revealed card replaced (A-REP-1) stays in its place, struck through, with the card placed instead after it:
the strip stays lowest first and shows both.
"""

from __future__ import annotations

from rich.text import Text
from textual.widget import Widget

from bere_tui.i18n import _
from bere_tui.table.cardtext import card_label
from bere_tui.ui.widgets.flow import flow


class RevealView(Widget):
    DEFAULT_CSS = """
    RevealView { height: auto; width: 1fr; }
    """

    def __init__(self, names: list[str], show, ascii: bool = False, *, id: str | None = None) -> None:
        super().__init__(id=id)
        self.names = names
        self.show = show
        self.ascii = ascii
        self.turn = 0

    def get_content_height(self, container, viewport, width: int) -> int:
        if not self.show.revealed:
            return 1
        return 1 + len(self._lines(width))

    def _entries(self) -> list[Text]:
        entries = []
        current = self.show.current_revealed
        for card, player in self.show.revealed:
            entry = Text()
            entry.append(">" if card == current else " ", style="bold")
            label = card_label(card, self.ascii)
            instead = self.show.instead.get(card)
            if instead is not None:
                label.stylize("strike")
                label.append("->" if self.ascii else "→")
                label.append_text(card_label(instead, self.ascii, tight=True))
            entry.append_text(label)
            entry.append(" " + self.names[player][:10])
            if card in self.show.done:
                entry.stylize("dim")
            entries.append(entry)
        return entries

    def _lines(self, width: int) -> list[Text]:
        """Entries side by side, wrapped between entries (never inside one)."""
        return flow(self._entries(), width, gap=2)

    def render(self) -> Text:
        if not self.show.revealed:
            return Text(_("REVEALED: nothing yet this turn"), style="dim")
        if all(card in self.show.done for card, _player in self.show.revealed):  # e.g. at the next hand-off
            head = Text(_("LAST REVEAL, lowest first, all placed"), style="bold")
        else:
            head = Text(_("REVEALED, lowest first"), style="bold")
        return Text("\n").join([head, *self._lines(max(1, self.size.width))])
