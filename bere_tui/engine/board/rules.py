"""The board game's rule functions that the engine, the bots and the screens share (RULES section 6).
Plain ints, tuples and lists: bots call these in their rollouts.
"""

from __future__ import annotations


def target_row(ends: dict[int, int], tile: int) -> tuple[int, str]:
    """BG3: the row a tile goes to, among the open rows whose last tiles are `ends` (row -> last tile), and
    why: "closest" (the row whose last tile is the highest one lower than the tile) or "lowest" (the tile is
    lower than every row end: it goes after the highest row end, and nobody takes a row)."""
    best = None
    for r, end in ends.items():
        if end < tile and (best is None or end > ends[best]):
            best = r
    if best is not None:
        return best, "closest"
    return max(ends, key=ends.__getitem__), "lowest"


def winners(scores) -> tuple[int, ...]:
    """BG5, BG-D7: the most points win; tied highest totals share victory."""
    best = max(scores)
    return tuple(p for p, s in enumerate(scores) if s == best)


def second_hand_due(players: int, max_players: int, hand_no: int) -> bool:
    """BG2: with 2-3 players (the board file's limit) a second hand follows the first."""
    return hand_no == 1 and players <= max_players


__all__ = ["second_hand_due", "target_row", "winners"]
