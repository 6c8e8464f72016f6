"""The table's layout, shared by the game table and the lessons: rows, reveal and status on the left, scores
and log on the right, the hand below. Used as `yield from table_body(...)` inside a screen's compose()."""

from __future__ import annotations

from rich.text import Text
from textual.app import ComposeResult
from textual.containers import Horizontal, Vertical
from textual.widgets import Static

from bere_tui.i18n import _
from bere_tui.table.model import TableShow
from bere_tui.ui.widgets.hand import HandView
from bere_tui.ui.widgets.log import GameLog
from bere_tui.ui.widgets.reveal import RevealView
from bere_tui.ui.widgets.rows import RowsView
from bere_tui.ui.widgets.scores import ScoreBoard


def table_body(names: list[str], levels: list, show: TableShow, ascii: bool) -> ComposeResult:
    with Horizontal(id="table-body"):
        with Vertical(id="table-left"):
            yield RowsView(show, ascii, id="rows")
            yield RevealView(names, show, ascii, id="reveal")
            yield Static(id="status")
        with Vertical(id="table-right"):
            yield ScoreBoard(names, levels, show, id="scores")
            yield Static(Text(_("LOG"), style="bold"), id="log-title")
            yield GameLog(id="log")
    yield HandView(ascii, id="hand-area")
