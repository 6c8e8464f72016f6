"""Limits a remote client cannot pass, shared by `bere serve` and `bere serve --web`."""

from __future__ import annotations

MAX_COLS, MAX_ROWS = 500, 200  # a larger window claimed by a client is cut to this (memory grows with it)
DEFAULT_SIZE = (80, 24)  # a client that names no size


def clamped_size(cols: int, rows: int) -> tuple[int, int]:
    """The window size a game gets: the client's, within 1..MAX_COLS x 1..MAX_ROWS (80x24 when it names none)."""
    if not cols or not rows:
        return DEFAULT_SIZE
    return max(1, min(cols, MAX_COLS)), max(1, min(rows, MAX_ROWS))
