"""Join a table (bere serve): type the four letters of its code; Enter joins, Esc goes back."""

from __future__ import annotations

from typing import ClassVar

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Vertical
from textual.screen import ModalScreen
from textual.widgets import Input, Static

from bere_tui.i18n import N_, _
from bere_tui.serve.tables import normal_code
from bere_tui.ui.once import DismissOnce
from bere_tui.ui.screens.dialogs import FieldDialog, default_line
from bere_tui.ui.widgets.keybar import KeyBar


class JoinScreen(FieldDialog, DismissOnce, ModalScreen[str | None]):
    """Dismisses with a table code, or None."""

    BINDINGS: ClassVar[list[BindingType]] = [Binding("escape", "cancel", N_("back"), show=True)]

    def compose(self) -> ComposeResult:
        with Vertical(classes="dialog"):
            yield Static(_("Join a table"), classes="dialog-title")
            yield Static(_("The table's code (four letters; its host sees it on their table):"))
            yield Input("", max_length=4, id="join-code")
            yield Static(id="join-message")
            yield default_line(_("Enter: join"))
        yield KeyBar()

    def on_input_submitted(self, message: Input.Submitted) -> None:
        message.stop()
        code = normal_code(message.value)
        if code is None:
            self.query_one("#join-message", Static).update(
                Text(_("A code is four letters, such as KQXZ."), style="bold"))
            return
        self.dismiss(code)

    def action_cancel(self) -> None:
        self.dismiss(None)
