"""Pass-the-laptop: before a person's secret decision, name who must take the keyboard and show nothing secret
(B10). Their hand appears only when they press Enter."""

from __future__ import annotations

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.screen import Screen
from textual.widgets import Static

from bere_tui.i18n import _
from bere_tui.ui.once import DismissOnce
from bere_tui.ui.widgets.keybar import KeyBar


def reason_text(do: str) -> str:
    return {
        "select": _("to choose a card"),
        "special": _("to decide on a special card"),
        "swap": _("to decide on swapping a special card"),
    }.get(do, _("to decide"))


class HandoffScreen(DismissOnce, Screen[None]):
    BINDINGS = [
        Binding("enter,space", "ready", _("show my hand"), show=True),
    ]

    def __init__(self, name: str, do: str, round_: int, turn: int) -> None:
        super().__init__()
        self.who = name
        self.do = do
        self.round = round_
        self.turn = turn

    def compose(self) -> ComposeResult:
        with Vertical(classes="dialog", id="handoff"):
            yield Static(_("Round {round}, turn {turn}").format(round=self.round, turn=self.turn),
                         classes="dim")
            title = Text(_("Pass the keyboard to {name}").format(name=self.who), style="bold")
            yield Static(title, classes="dialog-title", id="handoff-title")
            yield Static(_("{name}, make sure nobody else can see the screen, then press Enter {why}.")
                         .format(name=self.who, why=reason_text(self.do)))
            yield Static(Text(" " + _("I am {name}: show my hand").format(name=self.who) + " ",
                              style="bold reverse"), classes="dialog-default", id="handoff-ready")
        yield KeyBar()

    def action_ready(self) -> None:
        self.dismiss(None)

    def on_click(self) -> None:
        self.action_ready()
