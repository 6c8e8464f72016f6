"""Scroll bars for `--ascii`: Textual draws the ends of a scroll bar's thumb with block glyphs (▁ ▄ ▌) for
smoothness; this renderer draws whole cells only (spaces, the thumb in reverse), so nothing but ASCII is
printed."""

from __future__ import annotations

from typing import ClassVar

from textual.scrollbar import ScrollBar, ScrollBarRender
from textual.widget import Widget


class AsciiScrollBarRender(ScrollBarRender):
    VERTICAL_BARS: ClassVar[list[str]] = [" "] * 8
    HORIZONTAL_BARS: ClassVar[list[str]] = [" "] * 8


def use_ascii_scrollbars(on: bool, widget: Widget | None = None) -> None:
    """Every scroll bar of the app (no `widget`), or the scroll bars of one widget, in ASCII or not."""
    renderer = AsciiScrollBarRender if on else ScrollBarRender
    if widget is None:
        ScrollBar.renderer = renderer
    else:
        widget.vertical_scrollbar.renderer = renderer
        widget.horizontal_scrollbar.renderer = renderer
