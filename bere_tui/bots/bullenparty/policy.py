"""The heuristic player of Bullenparty as plain functions over lists, so that the `heuristic` bot (from a view)
and the `strong` bot's rollouts (from a dealt world) play the same way.

The idea (RULES BP8, BP10): the pile with the most bullheads counts plus, every other pile minus, and a pile
only rises. So a card is worth its bullheads when it can still go on the counting pile (it is higher than that
pile's top) and costs them when it cannot ("dead"). A dead card costs nothing when bid: the bid goes to the
discard pile (BP5). Bull cards are pure gain.
"""

from __future__ import annotations

from bere_tui.engine.bullenparty.rules import ROW_CLOSED, ZERO
from bere_tui.engine.cards import HEADS

#: how much of a card that fits the counting pile a hand keeps as worth (it may still be blocked later)
KEEP_FIT = 0.7
#: how much of a dead card's cost keeping it saves (it may be bid away, BP5)
KEEP_DEAD = 0.5
#: the share of the unseen cards' bullheads between a pile's top and a card laid on it that counts as lost
UNSEEN_BLOCK = 0.08
#: a zero card's worth beyond the row it leads to: the rows grow while one waits
ZERO_GROWTH = 0.5
#: how much of a Bull card a player who waits alone for the last row counts on (the others may wait too)
ALONE_SHARE = 0.6
#: the mean bullheads of a number card (BP1: 167 in 100 cards), for a card not yet seen
MEAN_HEADS = 1.67


def main_top(piles) -> int:
    """The top card of the counting pile (BP10), 0 without piles: a card above it still adds plus."""
    best, best_heads = 0, -1
    for pile in piles:
        h = 0
        for c in pile:
            h += HEADS[c]
        if h > best_heads:
            best, best_heads = pile[-1], h
    return best


def fitval(card: int, top: int) -> int:
    return HEADS[card] if card > top else -HEADS[card]


def drawn_worth(top: int, unseen=()) -> float:
    """What a card turned up from the draw pile is worth to a player whose counting pile ends at `top`: the
    mean over the unseen cards when known, else over the number cards (BP1)."""
    if unseen:
        return sum(HEADS[c] if c > top else -HEADS[c] for c in unseen) / len(unseen)
    return MEAN_HEADS * (100 - 2 * top) / 100


def row_value(cards, bull, top: int) -> float:
    """What a row is worth to a player whose counting pile ends at `top` (its Bull card counts plus, BP10)."""
    v = bull or 0
    for c in cards:
        v += HEADS[c] if c > top else -HEADS[c]
    return v


def choose_take(piles, rows) -> int:
    """BP5: the remaining row worth most."""
    top = main_top(piles)
    best, best_v = -1, None
    for r, row in enumerate(rows):
        if row.taken_by is None:
            v = row_value(row.cards, row.bull, top)
            if best_v is None or v > best_v:
                best, best_v = r, v
    return best


def choose_bid(hand, piles, rows, others: int, zero_ok: bool, next_bull: int | None, unseen=()) -> int | str:
    """BP5: the card (or the zero card) to bid. `others`: how many other players bid in this bidding. Waiting
    with the zero card is worth most when the others would take a row each and leave me the last row to grow
    alone (BP6, BP7)."""
    top = main_top(piles)
    values = sorted((row_value(row.cards, row.bull, top) for row in rows if row.taken_by is None), reverse=True)
    last = len(values) - 1
    best, best_v = None, None
    for c in hand:
        # the others' bids lower than c, roughly; then the best row they leave
        k = others * (c / 101.0)
        i = min(int(k), last)
        j = min(i + 1, last)
        got = values[i] + (values[j] - values[i]) * (k - int(k)) if i < last else values[last]
        v = got - fitval(c, top)
        if best_v is None or v > best_v:
            best, best_v = c, v
    if zero_ok:
        # wait: the others take the best rows first; the rows grow meanwhile (a closed row brings a Bull card)
        remaining = sorted((row for row in rows if row.taken_by is None),
                           key=lambda row: row_value(row.cards, row.bull, top), reverse=True)
        left_row = remaining[min(others, last)]
        left = values[min(others, last)]
        per_card = drawn_worth(top, unseen)
        open_rows = [row for row in remaining if not row.closed]
        if others >= last and not left_row.closed:
            # BP5, BP6, BP7: the others take a row each; alone with the last row, I grow it to a closed row
            # and its Bull card before I take it
            growth = (ROW_CLOSED - len(left_row.cards)) * max(per_card, 0.0) + ALONE_SHARE * (next_bull or 0)
        else:
            growth = ZERO_GROWTH + per_card
            if next_bull is not None and any(len(row.cards) == ROW_CLOSED - 1 for row in open_rows):
                growth += next_bull / max(1, len(open_rows))
        cost = min(fitval(c, top) for c in hand)  # the card bid later: the deadest one
        v = left + growth - cost
        if best_v is None or v > best_v:
            best = ZERO
    assert best is not None, "a bid is asked only of a player with cards (BP5)"
    return best


def choose_zero_row(card: int, piles, rows, next_bull: int | None) -> int:
    """BP5: the open row for the card a zero card turned up: a card worth something to me goes to the row I
    want most; a card that costs me goes where I want least."""
    top = main_top(piles)
    options = []
    for r, row in enumerate(rows):
        if row.taken_by is None and not row.closed:
            gain = fitval(card, top)
            if len(row.cards) == ROW_CLOSED - 1 and next_bull is not None:
                gain += next_bull
            options.append((row_value(row.cards, row.bull, top) + gain, gain, r))
    helps = [o for o in options if o[1] > 0]
    if helps:
        return max(helps)[2]
    return min(options)[2]


def choose_lay(hand, piles, end: bool, unseen=()) -> tuple[int, int | None]:
    """BP8, BP9: the card to lay and its pile (None: a new pile). Exact score change of the lay, less what the
    card was worth kept in hand, less what laying it blocks on the counting pile."""
    n_piles = len(piles)
    pile_heads = []
    tops = []
    for pile in piles:
        h = 0
        for c in pile:
            h += HEADS[c]
        pile_heads.append(h)
        tops.append(pile[-1])
    best_h = max(pile_heads, default=0)
    main = pile_heads.index(best_h) if piles else -1
    top = tops[main] if piles else 0
    best, best_v = None, None
    for c in hand:
        hc = HEADS[c]
        if end:
            keep = 0.0
        else:
            keep = KEEP_FIT * hc if c > top else -KEEP_DEAD * hc
        for i in range(n_piles + 1):
            if i < n_piles and c <= tops[i]:
                continue  # BP8: only on a lower top card
            new_h = (pile_heads[i] if i < n_piles else 0) + hc
            new_best = max(best_h, new_h)
            delta = 2 * (new_best - best_h) - hc
            pen = 0.0
            if new_h >= best_h:  # this pile counts (or will): what the raise of its top blocks
                low = tops[i] if i < n_piles else 0
                for x in hand:
                    if low < x < c:
                        pen += HEADS[x]
                for x in unseen:
                    if low < x < c:
                        pen += UNSEEN_BLOCK * HEADS[x]
            v = delta - pen - keep
            if best_v is None or v > best_v:
                best, best_v = (c, i if i < n_piles else None), v
    assert best is not None, "a lay is asked only of a player with cards (BP8)"
    return best


def layout_score(hand, piles, bulls) -> int:
    """BP9, BP10: the score if the hand were laid out now by choose_lay (the strong bot's measure of a hand)."""
    hand = list(hand)
    piles = [list(p) for p in piles]
    while hand:
        c, i = choose_lay(hand, piles, True)
        hand.remove(c)
        if i is None:
            piles.append([c])
        else:
            piles[i].append(c)
    heads = [sum(HEADS[c] for c in p) for p in piles]
    m = max(heads, default=0)
    return 2 * m - sum(heads) + sum(bulls)
