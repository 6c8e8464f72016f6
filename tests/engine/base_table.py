"""Test helpers for the base and Pro games (RULES sections 2-3): hand-built tables from real deals.

`table()` deals through the `deals=` argument of `Game`, so the deal is also in the record; extra row cards are
laid from the cards out of play (`lay`), so every position still holds each of the 104 cards exactly once.
"""

from __future__ import annotations

from anniversary_table import lay, select

from bere_tui.engine.nimmt import Game
from bere_tui.record import result

HAND = 10  # B2

__all__ = ["HAND", "last_turn", "lay", "pad_deal", "select", "snapshot", "table"]


def pad_deal(starters, hands, used=()) -> dict:
    """A deal: the 4 row starters and each hand padded to 10 with the highest cards not named anywhere."""
    named = set(starters) | {c for h in hands for c in h} | set(used)
    spare = (c for c in range(104, 0, -1) if c not in named)
    return {"rows": list(starters), "hands": [list(h) + [next(spare) for _ in range(HAND - len(h))] for h in hands]}


def table(rows, hands, options=None, later_deals=(), seed=0) -> Game:
    """A base game at turn 1. rows: 4 ascending lists (the first card starts the row, the rest are laid from the
    cards out of play); hands: each player's chosen cards, padded to 10 with the highest unused cards."""
    used = {c for r in rows for c in r}
    deal = pad_deal([r[0] for r in rows], hands, used)
    g = Game("base", [f"P{p}" for p in range(len(hands))], seed=seed, options=options,
             deals=[deal, *later_deals])
    for r, cards in enumerate(rows):
        lay(g, r, cards)
    return g


def last_turn(g: Game, cards) -> None:
    """Jump to turn 10 of the round: player p holds only cards[p]; the rest of the hands goes out of play."""
    for p, c in enumerate(cards):
        g.out_of_play.extend(x for x in g.hands[p] if x != c)
        g.hands[p] = [c]
    g.turn = HAND


def snapshot(g: Game) -> tuple:
    """Everything observable about a game: its record, its result and every view (for 'changes nothing')."""
    return g.record(), result(g), [g.view(p) for p in [None, *range(g.n)]]
