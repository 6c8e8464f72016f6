"""The title screen's Replays: the finished games kept in the replays folder (newest first, the last 50), one
to open in the replay viewer."""

from __future__ import annotations

from typing import ClassVar

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Vertical
from textual.screen import Screen
from textual.widgets import Static
from textual.widgets.option_list import Option

from bere_tui.i18n import N_, _, ngettext
from bere_tui.safetext import escape
from bere_tui.storage import MAX_REPLAYS, ReplayInfo, StorageError, list_replays, load_file, replays_dir
from bere_tui.table.words import variant_name
from bere_tui.ui.saving import open_replay
from bere_tui.ui.widgets.choices import ChoiceList
from bere_tui.ui.widgets.keybar import KeyBar


def replay_label(info: ReplayInfo) -> str:
    """`2026-11-29 19:30  Base game  Ann 12, Ben 30 - Ann wins`."""
    scores = ", ".join(f"{name} {total}" for name, total in zip(info.players, info.totals))
    winners = " & ".join(info.winners)
    return f"{info.date:%Y-%m-%d %H:%M}  {variant_name(info.variant)}  {scores}  - " + \
        _("{names} won").format(names=winners)


class ReplayListScreen(Screen[None]):
    CSS_PATH = "replay_list.tcss"
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("escape", "back", N_("back"), show=True),
    ]

    def __init__(self) -> None:
        super().__init__()
        self.skipped: list = []  # the files of the folder that cannot be read as a finished game
        self.replays = list_replays(self.skipped)[:MAX_REPLAYS]

    def compose(self) -> ComposeResult:
        with Vertical(id="replays-box"):
            yield Static(Text(_("REPLAYS: finished games, newest first"), style="bold"), id="replays-title")
            if self.replays:
                yield ChoiceList(*[Option(Text(replay_label(info)), id=str(i)) for i, info in enumerate(self.replays)],
                                 id="replays-list")
            elif not self.skipped:
                yield Static(_("No finished games yet. Every game played to the end is kept here (the last "
                               "{n}).").format(n=MAX_REPLAYS), id="replays-empty")
            else:
                yield Static(_("No finished game can be shown."), id="replays-empty")
            if self.skipped:
                n = len(self.skipped)
                yield Static(Text(ngettext("{n} file in {folder} cannot be read as a finished game; it is left as it "
                                      "is.",
                                      "{n} files in {folder} cannot be read as finished games; they are left as "
                                      "they are.", n).format(n=n, folder=escape(str(replays_dir()), None))),
                             id="replays-skipped")
        yield KeyBar()

    def on_mount(self) -> None:
        for menu in self.query(ChoiceList):
            menu.focus()

    def on_option_list_option_selected(self, message: ChoiceList.OptionSelected) -> None:
        message.stop()
        info = self.replays[int(message.option_id)]
        try:
            game = load_file(info.path)
        except StorageError as exc:
            self.notify(str(exc), severity="error", timeout=8)
            return
        open_replay(self.app, game, f"{info.date:%Y-%m-%d %H:%M}")

    def action_back(self) -> None:
        self.app.pop_screen()
