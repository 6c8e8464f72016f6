"""A fast simulator of one round on plain ints and lists: the strong bot's rollouts run here, not in the engine.

`Table` holds what a rollout needs: rows (with capacity, Stop and EVEN/ODD markers, and whether a 5th Row card
lies out), hands, special cards and this round's bullheads per player. It follows the engine's rules B3-B8
(base, Pro), E3-E4 (even-odd) and the Anniversary row markers (A9, A-STOP-2/3, A-5TH-2, A-7N-2); `play_special`
carries out one special card the way the engine does (A-5TH-1 ... A-NP-1).
tests/bots/test_fastsim.py checks the simulator against the engine.

Rollouts use simple policies: every player plays a random card (`pick_random`, the strong bot's base game), or
mostly the card that fits a row most closely and else a random one (`pick_gap`, the other variants; `pick_safe`
is there to compare); the hands are sorted first. A low card (B6) takes the row
with the fewest bullheads, and a player about to take a row plays the first special card that avoids it
(`rollout_special`; Shift never, swaps never).
"""

from __future__ import annotations

from bisect import bisect_left, bisect_right, insort
from collections.abc import Callable
from typing import Any

from bere_tui.engine.cards import HEADS

H = HEADS


class Table:
    """One round in progress. `par[r]` is -1 (no EVEN/ODD card), 0 (EVEN) or 1 (ODD); `marked` is True while a
    Stop or the EVEN/ODD card lies out, so that the plain rows of the base game take the short path."""

    __slots__ = ("caps", "fifth", "hands", "marked", "n", "par", "parity_game", "pens", "rows", "specials", "stops")

    def __init__(self, n, rows, hands, caps=None, stops=None, par=None, fifth=False, pens=None, specials=None):
        self.n = n
        self.rows = [list(r) for r in rows]
        self.caps = list(caps) if caps is not None else [5] * len(rows)
        self.stops = list(stops) if stops is not None else [False] * len(rows)
        self.par = list(par) if par is not None else [-1] * len(rows)
        self.fifth = fifth
        self.hands = [list(h) for h in hands]
        self.pens = list(pens) if pens is not None else [0] * n
        #: Anniversary: each player's special cards (None in the other variants)
        self.specials = [list(x) for x in specials] if specials is not None else None
        self.parity_game = any(x >= 0 for x in self.par)
        self.marked = self.parity_game or any(self.stops)

    def copy(self) -> Table:
        t = Table.__new__(Table)
        t.n = self.n
        t.rows = [r[:] for r in self.rows]
        t.caps = self.caps[:]
        t.stops = self.stops[:]
        t.par = self.par[:]
        t.fifth = self.fifth
        t.hands = [h[:] for h in self.hands]
        t.pens = self.pens[:]
        t.specials = [x[:] for x in self.specials] if self.specials is not None else None
        t.marked = self.marked
        t.parity_game = self.parity_game
        return t

    # ---------------------------------------------------------------- placement (B4-B6)

    def target(self, card: int) -> int:
        """B4 among the rows that accept `card` (A-STOP-2, E3); -1 for a low card (B6)."""
        best, best_tail = -1, -1
        if self.marked:
            stops, par = self.stops, self.par
            for i, row in enumerate(self.rows):
                if stops[i] or (par[i] >= 0 and card & 1 != par[i]):
                    continue
                tail = row[-1]
                if best_tail < tail < card:
                    best, best_tail = i, tail
        else:
            for i, row in enumerate(self.rows):
                tail = row[-1]
                if best_tail < tail < card:
                    best, best_tail = i, tail
        return best

    def cheapest(self) -> int:
        """The rollout's choice for a low card: the open row with the fewest bullheads (B6, A-STOP-2)."""
        best, best_heads = -1, 1000
        stops = self.stops
        for i, row in enumerate(self.rows):
            if stops[i]:
                continue
            h = 0
            for c in row:
                h += H[c]
            if h < best_heads:
                best, best_heads = i, h
        return best

    def safe(self, card: int) -> bool:
        """Whether `card` would take no row if it were placed now (the rollout policy's test)."""
        r = self.target(card)
        return r >= 0 and len(self.rows[r]) < self.caps[r]

    def gap(self, card: int) -> int | None:
        """How far `card` lies above the last card of the row it would join now, or None when it would take a
        row (a low card, a full row)."""
        r = self.target(card)
        if r >= 0 and len(self.rows[r]) < self.caps[r]:
            return card - self.rows[r][-1]
        return None

    def gap_test(self):
        """`gap` for many cards while the rows stay as they are: a binary search over the sorted last cards of
        the rows when no Stop or EVEN/ODD card changes B4."""
        if self.marked:
            return self.gap
        ends = sorted([(row[-1], len(row) < cap) for row, cap in zip(self.rows, self.caps)])
        tails = [tail for tail, _ in ends]
        room = [free for _, free in ends]

        def gap(card: int):
            j = bisect_left(tails, card) - 1
            return card - tails[j] if j >= 0 and room[j] else None

        return gap

    def safe_test(self):
        """`safe` for many cards while the rows stay as they are (one turn's selections): a binary search over
        the sorted last cards of the rows when no Stop or EVEN/ODD card changes B4."""
        if self.marked:
            return self.safe
        ends = sorted([(row[-1], len(row) < cap) for row, cap in zip(self.rows, self.caps)])
        tails = [tail for tail, _ in ends]
        room = [free for _, free in ends]

        def safe(card: int) -> bool:
            j = bisect_left(tails, card) - 1
            return j >= 0 and room[j]

        return safe

    def place(self, p: int, card: int, low_row: int = -1, special: bool = False) -> list[int] | None:
        """B4/B5 (capacity A9), or B6 into `low_row` (default: the cheapest). With `special`, a player about to
        take a row may first play a special card by the rollout policy (`rollout_special`, A3).
        Returns the cards taken, if any."""
        r = self.target(card)
        if r >= 0:
            row = self.rows[r]
            if len(row) < self.caps[r]:
                row.append(card)
                return None
        if special and self.specials is not None and self.specials[p]:
            action = rollout_special(self, p, card, r)
            if action is not None:
                return self._play_rollout_special(p, card, action)
        return self.take(p, r if r >= 0 else (low_row if low_row >= 0 else self.cheapest()), None, card)

    def _play_rollout_special(self, p: int, card: int, action: dict) -> list[int] | None:
        self.specials[p].remove(action["card"])
        rest, taken = self.play_special(p, card, action)
        if rest:
            taken = self.place(p, rest)
        if action["card"] == "negative_positive" and taken:
            # A-NP-1, roughly: the dearest card turns positive and cancels as much again of the take
            heads = sorted((H[c] for c in taken), reverse=True)
            self.pens[p] -= heads[0] + min(heads[0], sum(heads[1:]))
        return taken

    def take(self, p: int, r: int, taken: list[int] | None, new_first: int) -> list[int]:
        """Player p takes row r (or `taken`, part of it: A-INS-3); `new_first` starts it again. A-5TH-2: with a
        5th Row card out, the placed card is collected too and the row disappears. A-7N-2, A-STOP-3, E4."""
        rows = self.rows
        taken = rows[r] if taken is None else taken
        if self.fifth:
            taken = taken + [new_first]
            self.fifth = False
            del rows[r]
            del self.caps[r]
            del self.stops[r]
            del self.par[r]
        else:
            rows[r] = [new_first]
            self.caps[r] = 5
        h = 0
        for c in taken:
            h += H[c]
        self.pens[p] += h
        if self.marked:
            if self.parity_game:
                self._move_parity()
            else:
                self.stops = [False] * len(rows)
                self.marked = False
        return taken

    def _move_parity(self) -> None:
        """E4: the EVEN/ODD card moves to the other row whose last card is lowest, showing its parity."""
        par, rows = self.par, self.rows
        old = par.index(max(par))
        new = min((i for i in range(len(rows)) if i != old), key=lambda i: rows[i][-1])
        par[old] = -1
        par[new] = rows[new][-1] & 1

    def resolve(self, plays) -> None:
        """B3: the revealed (card, player) pairs, lowest first."""
        for card, p in sorted(plays):
            self.place(p, card, special=True)

    # ---------------------------------------------------------------- special cards (A-5TH-1 ... A-NP-1)

    def play_special(self, p: int, card: int, action: dict) -> tuple[int, list[int] | None]:
        """Carry out a `special` action of the engine's record format for player p's revealed `card` and return
        (the number card still to place by B4-B6 or 0 when it is placed, the cards taken if any)."""
        name = action["card"]
        rows = self.rows
        if name == "fifth_row":  # A-5TH-1
            rows.append([card])
            self.caps.append(5)
            self.stops.append(False)
            self.par.append(-1)
            self.fifth = True
            return 0, None
        if name == "seven_nimmt":  # A-7N-1
            self.caps[action["row"]] = 6
            return card, None
        if name == "stop":  # A-STOP-1
            self.stops[action["row"]] = True
            self.marked = True
            return card, None
        if name == "insert":  # A-INS-1..3
            r = action["row"]
            cards = rows[r][:]
            insort(cards, card)
            if len(rows[r]) < self.caps[r]:
                rows[r] = cards
                return 0, None
            return 0, self.take(p, r, cards[:-1], cards[-1])
        if name == "replace":  # A-REP-1
            hand = self.hands[p]
            hand.remove(action["with"])
            insort(hand, card)
            return action["with"], None
        if name == "shift":  # A-SHI-1/2
            move = action["move"]
            src = next(i for i, row in enumerate(rows) if move in row)
            rows[src].remove(move)
            insort(rows[action["to_row"]], move)
            if not rows[src]:
                rows[src] = [card]
                return 0, None
            return card, None
        return card, None  # negative_positive: the take happens by B4-B6; the cancellation follows (A-ORD-3)


# -------------------------------------------------------------------- rollouts

#: a take this cheap is not worth a special card in a rollout
DODGE_MIN = 2
#: the order in which a rollout tries the special cards held (Shift is never played in rollouts)
DODGE_ORDER = ("seven_nimmt", "insert", "stop", "fifth_row", "replace", "negative_positive")


def rollout_special(t: Table, p: int, card: int, r: int) -> dict | None:
    """The rollout policy for special cards: when `card` (going to row r, or -1: a low card) is about to take
    a row of at least DODGE_MIN bullheads, play the first held card of DODGE_ORDER that avoids the take
    (Negative = Positive: that softens it). The action has the fields of the record format (A-ORD-1)."""
    rows, caps, stops = t.rows, t.caps, t.stops
    row = rows[r] if r >= 0 else rows[t.cheapest()]
    heads = 0
    for c in row:
        heads += H[c]
    if heads < DODGE_MIN:
        return None
    held = t.specials[p]
    for name in DODGE_ORDER:
        if name not in held:
            continue
        if name == "seven_nimmt":
            if r >= 0 and caps[r] == 5:  # A-7N-1: the 6th card fits
                return {"card": name, "row": r}
        elif name == "insert":
            room = [i for i in range(len(rows)) if not stops[i] and len(rows[i]) < caps[i]]
            if room:  # A-INS-2
                return {"card": name, "row": min(room, key=lambda i: len(rows[i]))}
        elif name == "stop":
            if r >= 0 and sum(stops) < 2:  # A-STOP-1
                stops[r] = True
                marked, t.marked = t.marked, True
                safe = t.safe(card)
                stops[r], t.marked = False, marked
                if safe:
                    return {"card": name, "row": r}
        elif name == "fifth_row":
            if len(rows) < 5:  # A-5TH-1
                return {"card": name}
        elif name == "replace":
            for c in t.hands[p]:
                if t.safe(c):  # A-REP-1
                    return {"card": name, "with": c}
        else:
            return {"card": name}  # A-NP-1: the card takes a row
    return None


def pick_random(hand: list[int], rnd, _test) -> int:
    """A random card of `hand`, removed from it."""
    return hand.pop(int(rnd() * len(hand)))


def pick_safe(hand: list[int], rnd, safe) -> int:
    """A random card, drawn again (up to twice) while `safe` says it would take a row now: random play that
    avoids the obvious sixth card and low card."""
    k = len(hand)
    i = int(rnd() * k)
    if k > 1 and not safe(hand[i]):
        i = int(rnd() * k)
        if not safe(hand[i]):
            i = int(rnd() * k)
    return hand.pop(i)


#: how often `pick_gap` plays the closest fit rather than a random card
GREEDY = 0.7


def pick_gap(hand: list[int], rnd, gap) -> int:
    """Mostly the card that fits its row most closely (the smallest gap to the row's last card), else random."""
    k = len(hand)
    if k > 1 and rnd() < GREEDY:
        best, best_gap = -1, 1000
        for i in range(k):
            g = gap(hand[i])
            if g is not None and g < best_gap:
                best, best_gap = i, g
        if best >= 0:
            return hand.pop(best)
    return hand.pop(int(rnd() * k))


#: what each policy's third argument is, made once per turn from the Table
TURN_TESTS: dict[Callable[..., int], Callable[[Table], Any]] = {
    pick_random: lambda t: None, pick_safe: Table.safe_test, pick_gap: Table.gap_test}
POLICIES = {"random": pick_random, "safe": pick_safe, "gap": pick_gap}


def play_turns(t: Table, rnd, pick=pick_gap, fast: bool = True) -> list[int]:
    """Play whole turns until the hands are empty; returns the round's bullheads per player.

    The hands are sorted first. With `pick_gap`, the turns are played by `_play_plain_gap` or `_play_gap`, and
    with `pick_random` on plain rows by `_play_plain_random` (the same turns from the same random numbers, in
    fewer calls); `fast=False` plays them by the loop below (tests compare the two)."""
    hands = t.hands
    for hand in hands:
        hand.sort()  # the hands in order: a random card is as random, and the closest fit is found row by row
    plain = not t.marked and not t.fifth and t.specials is None
    if pick is pick_gap and fast:
        if plain:
            return _play_plain_gap(t, rnd)
        return _play_gap(t, rnd)
    if pick is pick_random and fast and plain:
        return _play_plain_random(t, rnd)
    players = range(t.n)
    place, turn_test = t.place, TURN_TESTS[pick]
    while hands[0]:
        test = turn_test(t)
        plays = [(pick(hands[p], rnd, test), p) for p in players]
        plays.sort()
        for card, p in plays:
            place(p, card, -1, True)
    return t.pens


def _plain_placer(t: Table):
    """For rows without markers and without special cards: `place(plays)` places one turn's sorted (card,
    player) pairs by B4-B6 (a low card takes the row with the fewest bullheads, the first of equals), keeping
    the rows' last cards, lengths and bullheads as they change; also returns those last cards and lengths."""
    rows, caps, pens, heads = t.rows, t.caps, t.pens, H
    nrows = range(len(rows))
    tails = [row[-1] for row in rows]
    row_heads = [sum(heads[c] for c in row) for row in rows]
    lens = [len(row) for row in rows]

    def place(plays) -> None:
        for card, p in plays:  # B4
            best, best_tail = -1, -1
            for i in nrows:
                tail = tails[i]
                if best_tail < tail < card:
                    best, best_tail = i, tail
            if best >= 0:
                if lens[best] < caps[best]:
                    rows[best].append(card)
                    tails[best] = card
                    lens[best] += 1
                    row_heads[best] += heads[card]
                    continue
            else:  # B6, cheapest: the fewest bullheads, the first of equals
                best, fewest = -1, 1000
                for i in nrows:
                    if row_heads[i] < fewest:
                        best, fewest = i, row_heads[i]
            pens[p] += row_heads[best]  # take (B5, B6)
            rows[best] = [card]
            caps[best] = 5
            tails[best] = card
            lens[best] = 1
            row_heads[best] = heads[card]

    return place, tails, lens


def _play_plain_gap(t: Table, rnd) -> list[int]:
    """`play_turns` with `pick_gap` on rows without markers and without special cards (base, Pro, and Anniversary
    once nobody holds one): the same turns, drawing the same random numbers, in one function (most of the
    strong bot's time is here). The rows' last cards and bullheads are kept as they change."""
    hands, caps = t.hands, t.caps
    players = range(t.n)
    nrows = range(len(t.rows))
    place, tails, lens = _plain_placer(t)
    greedy = GREEDY
    while hands[0]:
        ends = sorted([(tails[i], lens[i] < caps[i]) for i in nrows])  # gap_test: the rows at the turn's start
        low = [e[0] for e in ends]
        room = [e[1] for e in ends]
        # the rows with room, each with the next row's last card (a card above that goes to the next row)
        fits = [(low[j], low[j + 1] if j + 1 < len(low) else 105) for j in range(len(low)) if room[j]]
        plays = []
        for p in players:
            hand = hands[p]
            k = len(hand)
            if k > 1 and rnd() < greedy:  # pick_gap on a sorted hand: each row's closest fit is the lowest card
                best, best_gap = -1, 1000  # above its last card (ties: the lower card, as the hand's order)
                for tail, above in fits:
                    i = bisect_right(hand, tail)
                    if i < k:
                        c = hand[i]
                        if c < above and c - tail < best_gap:
                            best, best_gap = i, c - tail
                if best >= 0:
                    plays.append((hand.pop(best), p))
                    continue
            plays.append((hand.pop(int(rnd() * k)), p))
        plays.sort()
        place(plays)
    return t.pens


def _play_plain_random(t: Table, rnd) -> list[int]:
    """`play_turns` with `pick_random` on rows without markers and without special cards: the same turns from
    the same random numbers, in one function (the Monte Carlo baseline's and the `random`-policy rollouts)."""
    hands = t.hands
    players = range(t.n)
    place = _plain_placer(t)[0]
    while hands[0]:
        plays = []
        for p in players:
            hand = hands[p]
            plays.append((hand.pop(int(rnd() * len(hand))), p))
        plays.sort()
        place(plays)
    return t.pens


def _play_gap(t: Table, rnd) -> list[int]:
    """`play_turns` with `pick_gap` in any variant (Stop and EVEN/ODD cards, a 5th row, special cards): the same
    turns and random numbers, with the selections and the placements that take no row done here; a take goes
    through `Table.place` (which may play a special card first, A-ORD-1)."""
    hands, rows = t.hands, t.rows
    players = range(t.n)
    greedy = GREEDY
    place = t.place
    while hands[0]:
        # gap_test for this turn: the last cards of the rows that accept an odd card, and an even one (E3,
        # A-STOP-2), sorted, and whether each row has room
        caps, stops, par = t.caps, t.stops, t.par
        ends = sorted([(row[-1], len(row) < caps[i], i) for i, row in enumerate(rows)])
        tables = []
        for odd in (0, 1):
            ok = [e for e in ends if not stops[e[2]] and (par[e[2]] < 0 or par[e[2]] == odd)]
            tables.append(([e[0] for e in ok], [e[1] for e in ok]))
        plays = []
        for p in players:
            hand = hands[p]
            k = len(hand)
            if k > 1 and rnd() < greedy:
                best, best_gap = -1, 1000
                for i in range(k):
                    c = hand[i]
                    low, room = tables[c & 1]
                    j = bisect_left(low, c) - 1
                    if j >= 0 and room[j] and c - low[j] < best_gap:
                        best, best_gap = i, c - low[j]
                if best >= 0:
                    plays.append((hand.pop(best), p))
                    continue
            plays.append((hand.pop(int(rnd() * k)), p))
        plays.sort()
        for card, p in plays:
            if t.marked:
                r = t.target(card)
            else:
                r, best_tail = -1, -1
                for i, row in enumerate(rows):
                    tail = row[-1]
                    if best_tail < tail < card:
                        r, best_tail = i, tail
            if r >= 0 and len(rows[r]) < t.caps[r]:
                rows[r].append(card)
            else:
                place(p, card, -1, True)
    return t.pens
