"""RowsView: the 4 (or 5) rows, each with its cards, the markers beside it and what it would cost to take.

Markers are words, never colour alone: `7 nimmt!` (holds 6, A9), `STOP` (A-STOP-2), `5th Row` (A-5TH-1),
`EVEN` / `ODD` (E2).
"""

from __future__ import annotations

from rich.cells import cell_len
from rich.text import Text
from textual.widget import Widget

from bere_tui.i18n import _, pgettext
from bere_tui.table.cardtext import card_label
from bere_tui.table.words import parity_name, special_name

COST_WIDTH = 3  # the widest cost, 37, after at least one space


def row_markers(row) -> list[str]:
    marks = []
    if row.seven:
        marks.append(special_name("seven_nimmt"))
    if row.stop:
        # TRANSLATORS: the mark of a row stopped by the Stop card (A-STOP): no card may go there
        marks.append(pgettext("row marker", "STOP"))
    if row.fifth:
        marks.append(special_name("fifth_row"))
    if row.parity:
        marks.append(parity_name(row.parity))
    return marks


def row_bullheads(row) -> int:
    return row.bullheads


def row_text(index: int, row, width: int, ascii: bool = False, fresh: int | None = None,
             note: str = "", cost: str | None = None, heads: int | None = None) -> Text:
    """One row as one line, never wrapped: `1  12• 17• 23•      STOP  4`. `fresh` marks a card just placed
    with `>`; `cost` replaces the bullhead count at the right end, where it fits (else the count stands);
    `heads` is that count when taking the row collects more than its cards (A-5TH-2).
    Cards take only their digits, so the widest row (six cards of 11, 22, 33, 44, 55, 66 beside 7 nimmt!, STOP
    and 5th Row) fits 78 columns."""
    out = Text(no_wrap=True, overflow="crop")
    out.append(f"{index + 1} ", style="bold")
    for card in row.cards:
        out.append(">" if card == fresh else " ", style="bold")
        label = card_label(card, ascii, tight=True)
        if card == fresh:
            label.stylize("underline")
        out.append_text(label)
    tail = Text()
    marks = row_markers(row)
    count = f"{row_bullheads(row) if heads is None else heads:>{COST_WIDTH}}"
    if note and out.cell_len + cell_len("  " + note + "  " + " ".join(marks)) + len(count) > width:
        note = ""  # (the widest rows: the cost stays whole, the note gives way)
    if note:
        tail.append("  " + note, style="italic")
    if marks:
        tail.append("  " + " ".join(marks), style="bold")
    if cost is not None and out.cell_len + tail.cell_len + 2 + len(cost) <= width:
        cost = "  " + cost
    else:
        cost = count
    gap = max(0, width - out.cell_len - tail.cell_len - len(cost))  # (the cost starts with a space)
    out.append_text(tail)
    out.append(" " * gap)
    out.append(cost, style="bold")
    out.truncate(max(1, width))  # (only a translation longer than these words could need it)
    return out


class RowsView(Widget):
    """The rows on the table, drawn from a TableShow."""

    DEFAULT_CSS = """
    RowsView { height: auto; width: 1fr; }
    """

    def __init__(self, show, ascii: bool = False, *, id: str | None = None) -> None:
        super().__init__(id=id)
        self.show = show
        self.ascii = ascii

    def get_content_height(self, container, viewport, width: int) -> int:
        return 1 + len(self.show.rows)  # one line a row: row_text never wraps

    def _line(self, i: int, row, width: int) -> Text:
        fresh = self.show.fresh[1] if self.show.fresh and self.show.fresh[0] == i else None
        note = pgettext("row", "taken") if self.show.taken == i else ""  # the row a player just took
        if not note and row.full:  # B5, A9: the next card here takes the row (issue 35)
            # TRANSLATORS: beside a row that holds all the cards it may: the next card placed there takes it
            note = pgettext("row", "full")
        return row_text(i, row, width, self.ascii, fresh, note)

    def render(self) -> Text:
        width = self.size.width
        head = Text(_("ROWS"), style="bold")
        # TRANSLATORS: the rows' column header: the bullheads a player would take with each row
        cost = pgettext("rows header", "cost")
        head.append(" " * max(1, width - head.cell_len - len(cost)))
        head.append(cost, style="bold")
        lines = [head] + [self._line(i, row, width) for i, row in enumerate(self.show.rows)]
        return Text("\n").join(lines)
