"""Laying pieces of text (cards, revealed entries) side by side in lines of a given width, breaking only
between pieces, never inside one: what the table's widgets use so that nothing wraps at 80 columns."""

from __future__ import annotations

from collections.abc import Iterable

from rich.text import Text


def flow(pieces: Iterable[Text], width: int, *, gap: int = 1, first: Text | None = None,
         indent: int = 0) -> list[Text]:
    """The pieces in lines of at most `width` cells (a piece wider than a line gets a line of its own). `first`
    starts the first line (a name, a title); later lines start with `indent` spaces."""
    width = max(1, width)
    lines = [first.copy() if first is not None else Text()]
    fresh = True  # the current line holds no piece yet
    for piece in pieces:
        line = lines[-1]
        need = piece.cell_len + (0 if fresh else gap)
        if not fresh and line.cell_len + need > width:
            lines.append(Text(" " * indent))
            line, fresh, need = lines[-1], True, piece.cell_len
        if not fresh:
            line.append(" " * gap)
        line.append_text(piece)
        fresh = False
    return lines
