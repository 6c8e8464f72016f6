"""GameLog: the last things that happened, newest at the bottom, as many as fit.

A light widget on purpose: it keeps the recent lines and draws only those that fit (a scrolling log redrew
all its lines at every screen change, the slowest part of passing the keyboard).
"""

from __future__ import annotations

from collections import deque

from rich.text import Text
from textual.widget import Widget

KEEP = 200


class GameLog(Widget):
    DEFAULT_CSS = """
    GameLog { height: 1fr; width: 1fr; }
    """

    def __init__(self, *, id: str | None = None) -> None:
        super().__init__(id=id)
        self.lines: deque[Text] = deque(maxlen=KEEP)

    def write(self, line: Text | str) -> None:
        self.lines.append(line if isinstance(line, Text) else Text(line))
        self.refresh()

    def render(self) -> Text:
        width, height = max(1, self.size.width), max(1, self.size.height)
        shown: list[Text] = []
        for line in reversed(self.lines):
            wrapped = list(line.wrap(self.app.console, width))
            shown[:0] = wrapped
            if len(shown) >= height:
                break
        return Text("\n").join(shown[-height:])
