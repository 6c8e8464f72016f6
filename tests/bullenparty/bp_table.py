"""Set-ups for Bullenparty tests: a game with chosen hands, zero letters and the top of the draw pile."""

from __future__ import annotations

from bere_tui.engine.bullenparty import Game, rules


def deal(n: int, hands=None, top=(), zero=None) -> dict:
    """The setup entry of a record (spec/record.md): `hands` (default: the lowest cards not in `top`), the draw
    pile starting with `top`, then every other card in ascending order after the BP2 removals."""
    used = set(top)
    if hands is None:
        free = [c for c in range(1, 101) if c not in used]
        hands = [free[5 * p:5 * p + 5] for p in range(n)]
    for h in hands:
        used.update(h)
    rest = [c for c in range(1, 101) if c not in used]
    k = rules.removed_count(n)
    removed, rest = rest[-k:] if k else [], rest[:-k] if k else rest
    return {"removed": removed, "zero": list(zero or "ABCDE"[:n]), "hands": [list(h) for h in hands],
            "draw_pile": list(top) + rest}


def table(n: int = 2, hands=None, top=(), zero=None, seed: int = 0) -> Game:
    return Game([f"P{p}" for p in range(n)], seed=seed, deals=[deal(n, hands, top, zero)])


def bid(g: Game, p: int, card) -> list:
    return g.apply({"player": p, "do": "bid", "card": card})


def take(g: Game, p: int, row: int) -> list:
    return g.apply({"player": p, "do": "take", "row": row})


def zero_row(g: Game, p: int, row: int) -> list:
    return g.apply({"player": p, "do": "zero_row", "row": row})


def lay(g: Game, p: int, card: int, pile=None) -> list:
    return g.apply({"player": p, "do": "lay", "card": card, "pile": pile})


def lay_down(g: Game, p: int) -> list:
    """Lay out `p`'s surplus (or, at the end, whole hand) on new piles, highest card first."""
    ev = []
    while g.pending is not None and g.pending["do"] == "lay" and g.pending["player"] == p:
        ev += lay(g, p, g.hands[p][-1], None)
    return ev


def all_cards(g: Game) -> list[int]:
    """Every number card wherever it lies: hands, a secret bid, bids still to act, rows, piles, the card turned
    up, the draw and discard piles, the box (BP1, BP2)."""
    cards = list(g.removed) + list(g.draw) + list(g.discard)
    for h in g.hands:
        cards += h
    for piles in g.piles:
        for pile in piles:
            cards += pile
    for row in g.rows:
        cards += row.cards
    if g.pending is not None and g.pending["do"] == "bid":
        cards += [c for c in g.bids.values() if c != rules.ZERO]
    cards += [c for _p, c in g.queue if c is not None]
    if g.pending is not None and g.pending["do"] == "take":
        cards.append(g.pending["card"])
    if g.drawn is not None:
        cards.append(g.drawn)
    return cards
