"""ScoreBoard: every player's bullheads this round and running total (B10), and who the game waits for."""

from __future__ import annotations

from rich.text import Text
from textual.widget import Widget

from bere_tui.i18n import _

NAME_WIDTH = 10


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

    def get_content_height(self, container, viewport, width: int) -> int:
        return 1 + len(self.names)

    def render(self) -> Text:
        width = self.size.width
        head = Text()
        scores, rnd_label, total_label = _("SCORES"), _("round"), _("total")  # translated, then laid out
        head.append(scores.ljust(NAME_WIDTH + 6), style="bold")
        head.append(rnd_label.rjust(5) + total_label.rjust(6), style="bold")
        lines = [head]
        for p, name in enumerate(self.names):
            line = Text()
            mark = self.marks.get(p, " ")
            line.append(mark, style="bold")
            line.append(f"{name[:NAME_WIDTH]:<{NAME_WIDTH}}", style="bold" if mark == ">" else "")
            bot = _("bot") if self.bots[p] else ""
            line.append(" " + bot.ljust(4), style="dim")
            rnd = self.show.round_heads[p] if p < len(self.show.round_heads) else 0
            tot = self.show.totals[p] if p < len(self.show.totals) else 0
            line.append(f"{rnd:>5}{tot:>6}")
            lines.append(line)
        for line in lines:
            line.truncate(max(1, width))
        return Text("\n").join(lines)
