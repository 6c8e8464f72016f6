"""Save the game to a file of the player's choice (ctrl+s at the table): a path, with a default in the data
folder's saves/; Enter saves, Esc goes back. An existing file is replaced only after a second Enter, and a file
that cannot be written gives its message here, with the game going on."""

from __future__ import annotations

import os
from datetime import datetime
from pathlib import Path
from typing import ClassVar

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Vertical
from textual.screen import ModalScreen
from textual.widgets import Input, Static

from bere_tui.engine.nimmt import Game
from bere_tui.i18n import N_, _
from bere_tui.storage import StorageError, save_to, saves_dir
from bere_tui.storage.saves import SAVES_DIR  # noqa: F401 - (the name of the folder, for callers)
from bere_tui.ui.once import DismissOnce
from bere_tui.ui.screens.dialogs import FieldDialog, default_line
from bere_tui.ui.widgets.keybar import KeyBar


def default_save_path(now: datetime | None = None) -> Path:
    return saves_dir() / f"game-{(now or datetime.now()):%Y%m%d-%H%M%S}.json"


def serving() -> bool:
    """Run by `bere serve` for a remote player: no path comes from the client (saves stay in their folder)."""
    return os.environ.get("BERE_SERVE") == "1"


def chosen_path(text: str) -> tuple[Path | None, str]:
    """The file a typed name means, or None and why not. Served: a plain file name in the saves folder."""
    if not serving():
        return Path(text).expanduser(), ""
    name = text if "/" not in text and "\\" not in text else ""
    if not name or name.startswith(".") or Path(name).name != name:
        return None, _("Type a file name only (no folder): saves stay in your own saves folder here.")
    return saves_dir() / name, ""


class SaveScreen(FieldDialog, DismissOnce, ModalScreen[Path | None]):
    """Dismisses with the path written, or None."""

    CSS_PATH = "save_dialog.tcss"
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("escape", "cancel", N_("back"), show=True),
    ]

    def __init__(self, game: Game, path: Path | None = None) -> None:
        super().__init__()
        self.game = game
        self.path = path or default_save_path()
        self._replace: Path | None = None  # the existing file a second Enter replaces

    def compose(self) -> ComposeResult:
        with Vertical(classes="dialog wide", id="save-dialog"):
            yield Static(_("Save the game"), classes="dialog-title")
            if serving():
                yield Static(_("File name (kept in your own saves folder on this server):"))
            else:
                yield Static(_("File (a game record; `bere play --load FILE` opens it again):"))
            yield Input(self.path.name if serving() else str(self.path), id="save-path")
            yield Static(id="save-message")
            yield default_line(_("Enter: save"))
        yield KeyBar()

    def on_input_changed(self, message: Input.Changed) -> None:
        self._replace = None
        self.query_one("#save-message", Static).update("")

    def on_input_submitted(self, message: Input.Submitted) -> None:
        message.stop()
        text = message.value.strip()
        say = self.query_one("#save-message", Static)
        if not text:
            say.update(Text(_("Type the name of a file."), style="bold"))
            return
        path, problem = chosen_path(text)
        if path is None:
            say.update(Text(problem, style="bold"))
            return
        if path.is_dir():
            say.update(Text(_("{file} is a folder; add a file name.").format(file=path), style="bold"))
            return
        if path.exists() and self._replace != path:
            self._replace = path
            say.update(Text(_("{file} exists. Enter again replaces it; or change the name.").format(file=path),
                            style="bold"))
            return
        try:
            save_to(self.game, path)
        except StorageError as exc:
            say.update(Text(str(exc), style="bold"))
            return
        if os.environ.get("BERE_WEB") == "1":  # in a browser: the save is offered as a download too
            self.app.deliver_text(path, save_filename=path.name, mime_type="application/json")
        self.dismiss(path)

    def action_cancel(self) -> None:
        self.dismiss(None)
