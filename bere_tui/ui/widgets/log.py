"""GameLog: the last things that happened, newest at the bottom, as many as fit.

A light widget on purpose: it keeps the recent lines and draws only those that fit (a scrolling log redrew
all its lines at every screen change, the slowest part of passing the keyboard).

It keeps every line written (the whole-log screen, `g`, shows them all: ui/screens/whole_log.py), and draws
only the newest that fit. Only whole lines are drawn (never the tail of a wrapped line), and the newest stays in view while a prompt
covers the bottom of the table: the log ends above the prompt's box (`covered_from`).
"""

from __future__ import annotations

from collections import deque

from rich.text import Text
from textual.widget import Widget

#: a no-break space, and what stands for it while a line is wrapped (Rich breaks lines at any white space)
NO_BREAK = "\u00a0"
HELD = "\ue000"


def wrap(line: Text, console, width: int) -> list[Text]:
    """`line` in lines of `width`, never broken at a no-break space: the translations bind a row's number to
    its noun so ("la rangée 1" stays together; issue 35)."""
    if NO_BREAK not in line.plain:
        return list(line.wrap(console, width))
    held = line.copy()
    held.plain = line.plain.replace(NO_BREAK, HELD)
    out = []
    for part in held.wrap(console, width):
        part.plain = part.plain.replace(HELD, " ")
        out.append(part)
    return out


def covered_from(widget: Widget) -> int | None:
    """The first screen line that a screen open over `widget`'s own screen (a prompt's box docked at the
    bottom) covers, or None when nothing covers it. Only what that screen draws counts: its visible
    children's regions (a modal screen's background lets the table show through)."""
    app = widget.app
    stack = app.screen_stack
    try:
        above = stack[stack.index(widget.screen) + 1:]
    except ValueError:
        return None
    tops = [child.region.y for screen in above for child in screen.children
            if child.display and child.region.height]
    return min(tops, default=None)


class GameLog(Widget):
    DEFAULT_CSS = """
    GameLog { height: 1fr; width: 1fr; }
    """

    def __init__(self, *, id: str | None = None) -> None:
        super().__init__(id=id)
        self.lines: deque[Text] = deque()  # every line written (drawing reads only the newest that fit)

    def on_mount(self) -> None:
        self.app.screen_change_signal.subscribe(self, self._screen_changed)

    def _screen_changed(self, screen) -> None:
        """A prompt opened or closed: draw again once it is laid out, above its box."""
        self.app.call_after_refresh(redraw_logs, self.app)

    def newest_height(self) -> int:
        """The lines the newest entry takes at the log's width (1 without one)."""
        if not self.lines:
            return 1
        return len(wrap(self.lines[-1], self.app.console, max(1, self.size.width)))

    def write(self, line: Text | str) -> None:
        self.lines.append(line if isinstance(line, Text) else Text(line))
        self.refresh()

    def visible_height(self) -> int:
        """The log's lines not covered by a prompt (all of them without one)."""
        height = self.content_region.height or self.size.height
        cover = covered_from(self)
        if cover is None:
            return height
        return max(0, min(height, cover - self.content_region.y))

    def render(self) -> Text:
        width, height = max(1, self.size.width), max(1, self.visible_height())
        shown: list[Text] = []
        for line in reversed(self.lines):
            wrapped = wrap(line, self.app.console, width)
            if shown and len(shown) + len(wrapped) > height:
                break  # only whole lines: no tail of a wrapped one at the top
            shown[:0] = wrapped
        if len(shown) > height:  # the newest alone is taller than the room: its first lines, then "…"
            shown = shown[:height]
            shown[-1] = shown[-1].copy()
            shown[-1].truncate(max(1, width - 1))
            shown[-1].append("…")
        return Text("\n").join(shown)


def redraw_logs(app) -> None:
    """Draw every log of the open screens again (a prompt opened, closed or changed its height); a screen
    that can make room for its log's newest line above a prompt (`make_room_for_log`) does so first."""
    for screen in app.screen_stack:
        make_room = getattr(screen, "make_room_for_log", None)
        if make_room is not None:
            make_room()
        for log in screen.query(GameLog):
            log.refresh()
