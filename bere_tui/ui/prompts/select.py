"""The secret selection (B3): the player's hand at the bottom of the table, one card highlighted, Enter plays it.

The hand exists only inside this prompt, which the table shows after the hand-off; when it closes, the hand is
gone from the screen. Esc goes back to the hand-off (someone else may have pressed Enter).
"""

from __future__ import annotations

from typing import ClassVar

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import BindingType
from textual.containers import Vertical
from textual.widgets import Static

from bere_tui.engine.nimmt.preview import Preview
from bere_tui.i18n import _
from bere_tui.table.words import outcome_text
from bere_tui.ui.prompts.base import CardPickPrompt, HidesHand
from bere_tui.ui.widgets.hand import specials_lines
from bere_tui.ui.widgets.keybar import KeyBar
from bere_tui.ui.widgets.picker import CardPicker
from bere_tui.ui.widgets.preview import PreviewLine


class SelectPrompt(HidesHand, CardPickPrompt):
    BINDINGS: ClassVar[list[BindingType]] = [
        *CardPickPrompt.BINDINGS,
        HidesHand.BACK,
    ]

    def __init__(self, view, legal, ascii: bool = False, back: bool = True) -> None:
        super().__init__(view, legal, ascii)
        self.can_go_back = back
        self.cards = sorted(a["card"] for a in self.legal)
        self.preview = Preview(view)

    def compose(self) -> ComposeResult:
        with Vertical(id="select-panel", classes="bottom-panel"):
            title = Text(_("Choose a card to play") if self.second_person else
                         _("{name}, choose a card to play").format(name=self.name_of_player), style="bold")
            title.append("  " + _("turn {turn}, round {round}").format(turn=self.view.turn, round=self.view.round),
                         style="dim")
            yield Static(title, id="select-title")
            yield CardPicker(self.cards, self.ascii, default=self.cards[0] if self.cards else None, id="hand")
            yield PreviewLine(self.ascii, id="card-preview")
            specials = self.view.my_specials
            if self.view.rules.has_specials:
                lines = specials_lines(specials, note=_("(played when your card is placed)"),
                                       drawn=self.view.players[self.view.me].drawn)
                yield Static(Text("\n").join(lines), id="select-specials")
        yield KeyBar()

    def on_mount(self) -> None:
        super().on_mount()
        picker = next(iter(self.query(CardPicker)), None)  # (none when the app closes as the prompt opens)
        if picker is not None:
            self.show_preview(picker.card)

    def show_preview(self, card: int | None) -> None:
        """Where the highlighted card would go now and what it would cost, from the engine's own rules (B4-B6,
        A9, A-5TH-2, A-STOP-2, E3) asked of this player's view: the others' cards are secret (issue 35)."""
        if card is None or self.view.rows is None or not self.view.rows:
            self.query_one(PreviewLine).show(None, None)
            return
        self.query_one(PreviewLine).show(card, outcome_text(self.preview.outcome(card)))

    def on_card_picker_highlighted(self, message: CardPicker.Highlighted) -> None:
        message.stop()
        self.show_preview(message.card)

