"""B6: the card is lower than every row's last card; its owner chooses which row to take.

Every row the engine allows is offered with its cards and its cost; the cheapest is highlighted, so Enter takes
it, but any row may be chosen (B6: always a real choice). A stopped row is shown greyed (A-STOP-2), so a row's
digit is always its number; the digit of a stopped row moves nothing and the prompt says why. A row's cost is
what taking it collects, as the engine counts it (with a 5th Row out, the card being placed too: A-5TH-2).
"""

from __future__ import annotations

from rich.text import Text
from textual.app import ComposeResult
from textual.containers import Vertical
from textual.widgets import Static
from textual.widgets.option_list import Option

from bere_tui.engine.cards import row_bullheads
from bere_tui.engine.nimmt.preview import Preview
from bere_tui.i18n import _, pgettext
from bere_tui.table.sentence import Card, say
from bere_tui.table.words import heads_text
from bere_tui.ui.prompts.base import PromptScreen
from bere_tui.ui.widgets.choices import ChoiceList
from bere_tui.ui.widgets.keybar import KeyBar
from bere_tui.ui.widgets.rows import row_text

ROW_WIDTH = 72  # the list inside the panel: 80 columns less its border, padding and highlight


def cheapest(costs: list[int], choices: list[int]) -> int:
    """The index in `choices` of the row that costs the fewest bullheads (the first of equals)."""
    return min(range(len(choices)), key=lambda i: (costs[choices[i]], i))


class TakeRowPrompt(PromptScreen):
    def __init__(self, view, legal, ascii: bool = False) -> None:
        super().__init__(view, legal, ascii)
        self.allowed = [a["row"] for a in self.legal]
        self.choices = list(range(len(view.rows)))  # every row, in order: a row's digit is its number
        card = view.pending.get("card") if view.pending else None
        self.card = card if card is not None else (view.placing[1] if view.placing else None)
        preview = Preview(view)
        self.costs = [row_bullheads(preview.take(r, self.card)) if self.card is not None else row.bullheads
                      for r, row in enumerate(view.rows)]

    def compose(self) -> ComposeResult:
        rows = self.view.rows
        with Vertical(id="take-row-panel", classes="bottom-panel"):
            yield Static(self.title_text(), id="take-row-title")
            lines = self.row_lines(rows, with_words=True)
            if not all(line.plain.rstrip().endswith(heads_text(self.costs[r]))
                       for r, line in zip(self.choices, lines)):
                lines = self.row_lines(rows, with_words=False)  # a wide row: every cost as a bare number
            options = [Option(line, id=str(r), disabled=r not in self.allowed) for r, line in zip(self.choices, lines)]
            default = self.allowed[cheapest(self.costs, self.allowed)]
            yield ChoiceList(*options, default=default, keys=[str(r + 1) for r in self.choices], id="take-row-list")
            yield Static(id="take-row-why")
        yield KeyBar()

    def row_lines(self, rows, with_words: bool) -> list:
        """Each row as a line, its cost in words ("3 bullheads") or as the table shows it (a number)."""
        stopped = pgettext("beside a row or card", "stopped")
        return [row_text(r, rows[r], ROW_WIDTH, self.ascii, note="" if r in self.allowed else stopped,
                         cost=heads_text(self.costs[r]) if with_words else None, heads=self.costs[r])
                for r in self.choices]

    def title_text(self) -> Text:
        """One whole sentence (so that a translation orders its words as it needs), the card in it as on the
        table. B6; with a Stop (A-STOP-2) or the EVEN/ODD card (E3) only the rows that may take the card count
        (the engine says whether a row refuses it). A lesson's learner is "You": no name before "your card"."""
        you = self.second_person
        if self.card is None:
            template = _("Take which row?") if you else _("{name}: take which row?")
        elif Preview(self.view).refused(self.card):
            template = (_("Your card {card} is lower than every row that may take it. Take which row?") if you
                        else _("{name}: your card {card} is lower than every row that may take it. Take which row?"))
        else:
            template = (_("Your card {card} is lower than every row. Take which row?") if you
                        else _("{name}: your card {card} is lower than every row. Take which row?"))
        fields = {"card": Card(self.card)} if self.card is not None else {}
        if not you:
            fields["name"] = self.name_of_player
        return say(template, "bold", **fields).text(self.ascii)

    def on_mount(self) -> None:
        self.query_one(ChoiceList).focus()

    def highlight(self, action: dict) -> None:
        if action.get("row") in self.choices:
            self.query_one(ChoiceList).highlighted = self.choices.index(action["row"])

    def on_choice_list_refused(self, message: ChoiceList.Refused) -> None:
        """The digit of a row that may not be chosen: the highlight stays, one line says why (A-STOP-2)."""
        message.stop()
        row = self.choices[message.index]
        why = self.query_one("#take-row-why", Static)
        why.update(_("Row {row} is stopped: nobody may take it until the next row is taken.").format(row=row + 1))
        why.display = True

    def on_option_list_option_selected(self, message: ChoiceList.OptionSelected) -> None:
        message.stop()
        row = self.choices[message.option_index]
        self.dismiss(next(a for a in self.legal if a["row"] == row))
