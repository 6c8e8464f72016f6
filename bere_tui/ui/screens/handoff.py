"""Pass-the-laptop: before a person's secret decision, name who must take the keyboard and show nothing secret
(B10). Their hand appears only when they press Enter.

The notice sits at the bottom, where the hand will appear, so the public table stays in view while the
keyboard changes hands (the last placements of the turn can still be read).
"""

from __future__ import annotations

from typing import ClassVar

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Vertical
from textual.screen import ModalScreen
from textual.widgets import Static

from bere_tui.i18n import N_, _
from bere_tui.ui.gate import Gated
from bere_tui.ui.once import DismissOnce
from bere_tui.ui.widgets.keybar import KeyBar


def reason_text(do: str) -> str:
    return {
        "select": _("to choose a card"),
        "special": _("to decide on a special card"),
        "swap": _("to decide on swapping a special card"),
        "bid": _("to bid a card"),
        "take": _("to take a row"),
        "take_row": _("to take a row"),
        "zero_row": _("to add the turned-up card to a row"),
        "lay": _("to lay out cards on your piles"),
    }.get(do, _("to decide"))


class HandoffScreen(Gated, DismissOnce, ModalScreen[None]):
    gate_kind = "handoff"
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("enter,space", "ready", N_("show my hand"), show=True),
        Binding("question_mark,f1", "app.help", N_("help"), show=True),
        Binding("q", "app.ask_quit", N_("quit"), show=True),
    ]

    def __init__(self, name: str, do: str, round_: int, turn: int, *, why: str | None = None,
                 when: str | None = None, again: bool = False) -> None:
        """`why` and `when` replace the reason (reason_text) and "round R, turn T" for a game that words them
        differently (the board game: a tile, hand and turn). `again`: the same person held the keyboard before
        the whole table watched something (the director's HandOff.again)."""
        super().__init__()
        self.who = name
        self.do = do
        self.round = round_
        self.turn = turn
        self.again = again
        self.why = why if why is not None else reason_text(do)
        if when is not None:
            self.when = when
        elif turn:
            self.when = _("round {round}, turn {turn}").format(round=round_, turn=turn)
        else:  # before the first turn (the Pro draft, the Anniversary swap): no "turn 0"
            self.when = _("round {n}").format(n=round_)

    def compose(self) -> ComposeResult:
        with Vertical(classes="bottom-panel", id="handoff"):
            heading = _("{name} takes the keyboard again") if self.again else _("Pass the keyboard to {name}")
            title = Text(heading.format(name=self.who), style="bold")
            title.append("  " + self.when, style="dim")
            yield Static(title, id="handoff-title")
            yield Static(Text(_("{name}, when nobody else can see the screen, press Enter {why}.")
                              .format(name=self.who, why=self.why)))  # Text: a name is never markup
            yield Static(Text(_("Take your hands off the keys, then press Enter.")), id="handoff-pause")
            yield Static(Text(" " + _("I am {name}: show my hand").format(name=self.who) + " ",
                              style="bold reverse"), id="handoff-ready")
        yield KeyBar()

    def action_ready(self) -> None:
        self.dismiss(None)

    def keys_still_coming(self) -> None:
        """The gate dropped a key (keys were still coming): say what the screen waits for, plainly."""
        line = Text(_("Keys are still coming in."), style="bold reverse")
        line.append(" " + _("Take your hands off the keys, then press Enter."))
        self.query_one("#handoff-pause", Static).update(line)

    def on_click(self, event) -> None:
        if self.accepts(event):
            self.action_ready()
