"""The board game's rule functions that the engine, the bots and the screens share (RULES section 6).
Plain ints, tuples and lists: bots call these in their rollouts.
"""

from __future__ import annotations

from dataclasses import dataclass


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


@dataclass(frozen=True, slots=True)
class Landing:
    """Where a tile landed and what that did to the rows (`land`)."""

    space: int  # the space of its row it landed on
    kind: str | None  # what acts: "final", "plus5" (a luck card), a space's kind, or None (a plain space)
    overlay: str | None  # the luck card that lay on that space (BG6), now used up
    others: tuple[int, ...] = ()  # "final", "take_row", "row_to_hand": the row's other tiles, which leave it
    to: int | None = None  # "final": the row the tile moved to (BG-D4)


def land(rows: list[list[int]], active: list[bool], specs, overlays: dict[tuple[int, int], str], r: int,
         tile: int) -> Landing:
    """BG-D3: `tile` lands on the next space of row r, and the rows change as that space says: the final
    space empties the row and moves the tile to the topmost empty row (BG4, BG-D4); TAKE and the gather space
    leave the tile alone in its row (BG-D5, BG7); a luck card's +5 acts instead of the space (BG6). Changes
    `rows`, `active` and `overlays` in place; the points and hands are the engine's to change. The engine and
    the previews of a turn (View.landings) both place tiles with it."""
    row = rows[r]
    i = len(row)
    row.append(tile)
    overlay = overlays.pop((r, i), None)
    spec = specs[r]
    if i == spec.final:
        others = tuple(row[:-1])
        rows[r] = []
        active[r] = False
        for key in [k for k in overlays if k[0] == r]:
            del overlays[key]
        to = next(q for q, on in enumerate(active) if not on and q != r)  # BG-D4: the topmost empty row
        rows[to] = [tile]
        active[to] = True
        return Landing(i, "final", overlay, others, to)
    if overlay == "plus5":
        return Landing(i, "plus5", overlay)
    kind = spec.spaces[i].kind if i in spec.spaces else None
    if kind in ("take_row", "row_to_hand"):
        others = tuple(row[:-1])
        rows[r] = [tile]
        return Landing(i, kind, overlay, others)
    return Landing(i, kind, overlay)


def points(landing: Landing, tile: int, spec, heads) -> int:
    """BG4, BG6, BG-D4, BG-D5: the points a landing (`land`) scores its player at once: the final space loses
    the row's other tiles' bullheads (a luck card's bonus wins them), +5 on a luck card's space, a bull space
    the tile's bullheads or its printed value, TAKE the row's tiles' bullheads; 0 for every other space."""
    kind = landing.kind
    if kind == "final":
        worth = sum(heads[t] for t in landing.others)
        return worth if landing.overlay == "final_bonus" else -worth
    if kind == "plus5":
        return 5
    if kind in ("bull_plus", "bull_minus"):
        space = spec.spaces[landing.space]
        worth = heads[tile] if space.value is None else space.value
        return worth if kind == "bull_plus" else -worth
    if kind == "take_row":
        return -sum(heads[t] for t in landing.others)
    return 0


def winners(scores) -> tuple[int, ...]:
    """BG5, BG-D7: the most points win; tied highest totals share victory."""
    best = max(scores)
    return tuple(p for p, s in enumerate(scores) if s == best)


def second_hand_due(players: int, max_players: int, hand_no: int) -> bool:
    """BG2: with 2-3 players (the board file's limit) a second hand follows the first."""
    return hand_no == 1 and players <= max_players


__all__ = ["Landing", "land", "points", "second_hand_due", "target_row", "winners"]
