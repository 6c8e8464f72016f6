"""The table's layout, shared by the game table and the lessons: the rows across the whole width (so the
widest row, six cards beside three special cards, fits 80 columns); below them the reveal and status on the
left (with Anniversary's special cards over them), scores and log on the right; the hand at the bottom. In Pro, where every hand is public (P3), the hands
come right under the rows instead, so that the prompts at the bottom never cover them.

Used as `yield from table_body(...)` inside a screen's compose()."""

from __future__ import annotations

from rich.text import Text
from textual.app import ComposeResult
from textual.containers import Horizontal, Vertical
from textual.widgets import Static

from bere_tui.i18n import _
from bere_tui.table.nimmt.model import TableShow
from bere_tui.ui.widgets.hand import HandView
from bere_tui.ui.widgets.log import GameLog
from bere_tui.ui.widgets.reveal import RevealView
from bere_tui.ui.widgets.rows import RowsView
from bere_tui.ui.widgets.scores import ScoreBoard
from bere_tui.ui.widgets.specials import SpecialsView


def table_body(names: list[str], levels: list, show: TableShow, ascii: bool,
               public_hands: bool = False, specials: bool = False) -> ComposeResult:
    """`specials`: the game has special cards (Anniversary): their piles and each hand's count, over the reveal."""
    yield RowsView(show, ascii, id="rows")
    if public_hands:
        yield HandView(ascii, id="hand-area", classes="-public")
    with Horizontal(id="table-body"):
        with Vertical(id="table-left"):
            if specials:
                yield SpecialsView(names, show, id="specials")
            yield RevealView(names, show, ascii, id="reveal")
            yield Static(id="status")
        with Vertical(id="table-right"):
            yield ScoreBoard(names, levels, show, id="scores")
            yield Static(Text(_("LOG"), style="bold"), id="log-title")
            yield GameLog(id="log")
    if not public_hands:
        yield HandView(ascii, id="hand-area")
