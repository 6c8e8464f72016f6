"""ScoreBoard: every player's bullheads this round and running total (B10), and who the game waits for."""

from __future__ import annotations

from rich.cells import cell_len, set_cell_size
from rich.text import Text
from textual.widget import Widget

from bere_tui.i18n import _

NAME_WIDTH = 10
MIN_NAME_WIDTH = 6


def _cell(text: str, width: int, right: bool = False) -> str:
    """`text` in a column `width` cells wide (cut if longer): the column's width comes from its heading."""
    if cell_len(text) >= width:
        return set_cell_size(text, width)
    return text.rjust(width) if right else text.ljust(width + len(text) - cell_len(text))


class ScoreBoard(Widget):
    DEFAULT_CSS = """
    ScoreBoard { height: auto; width: 1fr; }
    """

    def __init__(self, names: list[str], bots: list[str | None], show, *, id: str | None = None) -> None:
        super().__init__(id=id)
        self.names = names
        self.bots = bots
        self.show = show
        self.marks: dict[int, str] = {}  # player -> one-character mark: > deciding, + has chosen
        self.limit: int | None = None  # at most this many lines (a prompt leaves the log too little room)

    def get_content_height(self, container, viewport, width: int) -> int:
        return min(1 + len(self.names), self.limit or 1 + len(self.names))

    def shown_players(self) -> list[int]:
        """The players whose lines show: all, or within `limit` (less the heading and the "…" line) the first
        ones in seat order and the one the game waits for."""
        players = list(range(len(self.names)))
        if self.limit is None or self.limit >= 1 + len(players):
            return players
        keep = players[:max(0, self.limit - 2)]
        waited = next((p for p in players if self.marks.get(p) == ">"), None)
        if waited is not None and waited not in keep and keep:
            keep[-1] = waited
        return sorted(keep)

    def render(self) -> Text:
        """Columns as wide as their translated headings (never a fixed width for a word): the mark, the name,
        "bot", this round, the total. When the panel is narrow the names give way, then the "bot" column."""
        width = self.size.width
        scores, rnd_label, total_label, bot_label = _("SCORES"), _("round"), _("total"), _("bot")
        rnd_w = max(cell_len(rnd_label), 4)
        total_w = 1 + max(cell_len(total_label), 4)
        bot_w = cell_len(bot_label) + 1
        name_w = min(NAME_WIDTH, width - 2 - bot_w - rnd_w - total_w)
        if name_w < MIN_NAME_WIDTH and bot_w:  # the names matter more than the "bot" tag
            name_w, bot_w = min(NAME_WIDTH, name_w + bot_w), 0
        name_w = max(name_w, 1)
        head = Text()
        head.append(_cell(scores, 2 + name_w + bot_w), style="bold")
        head.append(_cell(rnd_label, rnd_w, right=True) + _cell(total_label, total_w, right=True), style="bold")
        lines = [head]
        shown = self.shown_players()
        for p in shown:
            name = self.names[p]
            line = Text()
            mark = self.marks.get(p, " ")
            line.append(mark, style="bold")
            line.append(_cell(name, name_w), style="bold" if mark == ">" else "")
            line.append(" " + _cell(bot_label if self.bots[p] else "", bot_w), style="dim")
            rnd = self.show.round_heads[p] if p < len(self.show.round_heads) else 0
            tot = self.show.totals[p] if p < len(self.show.totals) else 0
            line.append(_cell(str(rnd), rnd_w, right=True) + _cell(str(tot), total_w, right=True))
            lines.append(line)
        if len(shown) < len(self.names):  # the others' lines give their place to the log (a prompt is open)
            lines.append(Text("..." if self.app.ascii else "…", style="dim"))
        for line in lines:
            line.truncate(max(1, width))
        return Text("\n").join(lines)
