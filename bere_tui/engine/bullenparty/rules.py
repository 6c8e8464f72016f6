"""Bullenparty's cards and the rule functions every part shares: bullheads, the piles' rule, the score.

RULES section 7 (BP1-BP10). Plain ints, tuples and lists only: bots call these in their rollouts.
"""

from __future__ import annotations

from bere_tui.engine.cards import HEADS

MIN_PLAYERS = 2
MAX_PLAYERS = 5
#: BP1: the number cards 1..100, bullheads by C1
NUMBER_CARDS = 100
#: BP1 (Decision): the Bull cards' bullheads, top of the stack first (the 4s on top, the 7s at the bottom)
BULL_CARDS: tuple[int, ...] = (4, 4, 4, 5, 5, 5, 6, 6, 7, 7)
#: BP1: the zero cards' letters; they act in this order (BP5)
LETTERS = "ABCDE"
#: BP3, BP8: number cards in a hand at the deal and after the hand limit
HAND_SIZE = 5
#: BP4: number cards of each row at the start of a round
ROW_START = 2
#: BP6: number cards that close a row
ROW_CLOSED = 5
#: the bid of the zero card, as the record spells it (spec/record.md)
ZERO = "zero"


def removed_count(players: int) -> int:
    """BP2: number cards put back in the box unseen: 50 with 2 players, 25 with 3, none with 4 or 5."""
    return {2: 50, 3: 25}.get(players, 0)


def heads(cards) -> int:
    """Bullheads of a group of number cards (C1)."""
    return sum(map(HEADS.__getitem__, cards))


def fits(pile, card: int) -> bool:
    """BP8: a card may go on a pile only if it is higher than that pile's top card."""
    return card > pile[-1]


def pile_targets(piles, card: int) -> list[int | None]:
    """BP8: the piles `card` may go on, by index, then None for a new pile (always allowed)."""
    return [i for i, pile in enumerate(piles) if card > pile[-1]] + [None]


def counting_pile(piles) -> int | None:
    """BP10: the index of the pile with the most bullheads, the first of tied ones; None without piles."""
    return counting_of_heads([heads(pile) for pile in piles])


def counting_of_heads(pile_heads) -> int | None:
    """counting_pile() from each pile's bullheads."""
    return pile_heads.index(max(pile_heads)) if pile_heads else None


def score(piles, bulls) -> int:
    """BP10: the pile with the most bullheads counts plus, Bull cards plus, every other pile minus."""
    return score_of_heads([heads(p) for p in piles], bulls)


def score_of_heads(pile_heads, bulls) -> int:
    """score() from each pile's bullheads."""
    best = max(pile_heads, default=0)
    return best - (sum(pile_heads) - best) + sum(bulls)


def score_after_lay(piles, bulls, card: int, pile: int | None) -> int:
    """BP10: the score once `card` lies on pile `pile` (None: a new pile), the other cards still in hand."""
    pile_heads = [heads(p) for p in piles]
    if pile is None:
        pile_heads.append(HEADS[card])
    else:
        pile_heads[pile] += HEADS[card]
    return score_of_heads(pile_heads, bulls)


def lay_out_scores(piles, bulls, cards) -> tuple[int, int]:
    """The lowest and the highest score that laying out every one of `cards` can end with (BP8: each on a pile
    with a lower top card, or on a new pile; BP10). Every card adds its bullheads to the piles whatever pile it
    goes on, so a score differs only by the pile with the most bullheads: at least the most a pile has now or a
    card has alone (each card on a new pile of its own reaches it), at most a pile with every card above its top
    laid on it in rising order (or one new pile of them all)."""
    pile_heads = [heads(p) for p in piles]
    now = max(pile_heads, default=0)
    total = sum(pile_heads) + heads(cards)
    lowest = max([now, *(HEADS[c] for c in cards)])
    highest = max([now, heads(cards), *(h + heads(c for c in cards if c > pile[-1])
                                           for pile, h in zip(piles, pile_heads))])
    return 2 * lowest - total + sum(bulls), 2 * highest - total + sum(bulls)


def lay_out_plan(piles, cards) -> list[tuple[int, int | None]]:
    """One way of laying out every one of `cards` (BP8), as (card, pile) in the order to lay them (pile: the
    index it has then; None: a new pile, which comes last): the lowest card first, each on the first pile that
    takes it, else on a new pile."""
    tops = [p[-1] for p in piles]
    plan: list[tuple[int, int | None]] = []
    for card in sorted(cards):
        target = next((i for i, top in enumerate(tops) if card > top), None)
        plan.append((card, target))
        if target is None:
            tops.append(card)
        else:
            tops[target] = card
    return plan


def winners(scores) -> tuple[int, ...]:
    """BP10: highest total wins; tied highest totals share victory."""
    best = max(scores)
    return tuple(p for p, s in enumerate(scores) if s == best)
