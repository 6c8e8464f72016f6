"""B6: the card is lower than every row's last card; its owner chooses which row to take.

Every row the engine allows is offered with its cards and its cost; the cheapest is highlighted, so Enter takes
it, but any row may be chosen (B6: always a real choice). A stopped row is not offered (A-STOP-2).
"""

from __future__ import annotations

from rich.text import Text
from textual.app import ComposeResult
from textual.containers import Vertical
from textual.widgets import Static
from textual.widgets.option_list import Option

from bere_tui.i18n import _, ngettext
from bere_tui.table.cardtext import card_label
from bere_tui.ui.prompts.base import PromptScreen
from bere_tui.ui.widgets.choices import ChoiceList
from bere_tui.ui.widgets.keybar import KeyBar
from bere_tui.ui.widgets.rows import row_text

ROW_WIDTH = 74


def cheapest(rows, choices: list[int]) -> int:
    """The index in `choices` of the row with the fewest bullheads (the first of equals)."""
    return min(range(len(choices)), key=lambda i: (rows[choices[i]].bullheads, i))


class TakeRowPrompt(PromptScreen):
    def __init__(self, view, legal, ascii: bool = False) -> None:
        super().__init__(view, legal, ascii)
        self.choices = [a["row"] for a in self.legal]
        card = view.pending.get("card") if view.pending else None
        self.card = card if card is not None else (view.placing[1] if view.placing else None)

    def compose(self) -> ComposeResult:
        rows = self.view.rows
        with Vertical(id="take-row-panel", classes="bottom-panel"):
            title = Text()
            if not self.second_person:  # a lesson's learner is "You": "You: your card" reads oddly
                title.append(self.name_of_player + ": ", style="bold")
            if self.card is not None:
                label = card_label(self.card, self.ascii)
                title.append(_("your card") + " ")
                title.append_text(label[len(label.plain) - len(label.plain.lstrip()):])
                title.append(" " + self._lower_than_text())
            title.append(" " + _("Take which row?"), style="bold")
            yield Static(title, id="take-row-title")
            options = []
            for r in self.choices:
                heads = rows[r].bullheads
                line = row_text(r, rows[r], ROW_WIDTH, self.ascii,
                                cost=ngettext("{n} bullhead", "{n} bullheads", heads).format(n=heads))
                options.append(Option(line, id=str(r)))
            yield ChoiceList(*options, default=cheapest(rows, self.choices), id="take-row-list")
        yield KeyBar()

    def _lower_than_text(self) -> str:
        """B6; with a Stop (A-STOP-2) or the EVEN/ODD card (E3) only the rows that may take the card count."""
        card = self.card
        refusing = [r for r in self.view.rows
                    if r.stop or (r.parity is not None and (card % 2 == 1) != (r.parity == "odd"))]
        if refusing:
            return _("is lower than every row that may take it.")
        return _("is lower than every row.")

    def on_mount(self) -> None:
        self.query_one(ChoiceList).focus()

    def on_option_list_option_selected(self, message: ChoiceList.OptionSelected) -> None:
        message.stop()
        self.dismiss(self.legal[message.option_index])
