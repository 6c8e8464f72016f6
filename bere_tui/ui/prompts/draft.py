"""Pro draft (P2): pick one card from the open pool. Everything is public in Pro (P3): the pool, every player's
cards so far, and the cards out of play."""

from __future__ import annotations

from rich.text import Text
from textual.app import ComposeResult
from textual.containers import Vertical
from textual.widgets import Static

from bere_tui.i18n import _, ngettext
from bere_tui.table.cardtext import card_label
from bere_tui.ui.prompts.base import CardPickPrompt
from bere_tui.ui.widgets.keybar import KeyBar
from bere_tui.ui.widgets.picker import CardPicker


class DraftPrompt(CardPickPrompt):
    def __init__(self, view, legal, ascii: bool = False) -> None:
        super().__init__(view, legal, ascii)
        self.pool = sorted(a["card"] for a in self.legal)

    def compose(self) -> ComposeResult:
        view = self.view
        with Vertical(id="draft-panel"):
            title = Text()
            title.append(_("DRAFT, round {round}").format(round=view.round), style="bold")
            title.append("  " + (_("You pick a card") if self.second_person else
                                 _("{name} picks a card").format(name=self.name_of_player)))
            left = len(self.pool) - 4
            title.append("  " + ngettext("({n} pick left before the rows)", "({n} picks left before the rows)",
                                         left).format(n=left), style="dim")
            yield Static(title, id="draft-title")
            yield Static(_("OPEN POOL (the last 4 start the rows, lowest in row 1)"), classes="section")
            yield CardPicker(self.pool, self.ascii, default=self.pool[0] if self.pool else None, uniform=True,
                             id="pool")
            yield Static(self._hands(), id="draft-hands")
        yield KeyBar()

    def _hands(self) -> Text:
        out = Text()
        out.append(_("CARDS DRAFTED SO FAR") + "\n", style="bold")
        for p, pv in enumerate(self.view.players):
            out.append(">" if p == self.player else " ", style="bold")
            out.append(f"{pv.name[:10]:<10}", style="bold" if p == self.player else "")
            for card in pv.hand or ():
                out.append(" ")
                out.append_text(card_label(card, self.ascii))
            out.append("\n")
        return out
