"""Bullenparty under random play, GAMES games per player count 2-5 (issue 13): invariants at every step, the
record replayed at the end.

At every step: each of the 100 number cards lies in exactly one place (BP1, BP2); each Bull card too (BP1,
BP6); piles always rise (BP8); rows hold 2 to 5 cards until taken, closed exactly at 5 (BP4, BP6); a player
out of the bidding has taken a row (BP7); every hand holds 5 number cards at each bidding (BP3, BP8); the
score is BP10 counted afresh. Over each game: the game ends only after the draw pile ran out (BP9), every
hand is laid out, the winners hold the highest score (BP10); every REPLAY_EVERY-th game replays its record to
the same state; every VIEW_EVERY-th game checks at every step that no view shows another hand, a letter not
played, or the draw pile.
"""

from __future__ import annotations

import random
from collections import Counter

import pytest
from bp_table import all_cards

from bere_tui.engine.bullenparty import Game, rules
from bere_tui.engine.bullenparty.events import BidMade, CardLaid, RowTaken
from bere_tui.engine.cards import HEADS
from bere_tui.record import replay, result

#: per player count: every line and branch of the engine (and its record) is reached from 300 games on, as
#: with 2,000 (coverage.py, issue 17)
GAMES = 500
REPLAY_EVERY = 10
VIEW_EVERY = 50  # 10 games a player count checked view by view, at every step
ALL = frozenset(range(1, 101))
BULLS = Counter(rules.BULL_CARDS)


def bp10(piles, bulls) -> int:
    heads = sorted((sum(HEADS[c] for c in p) for p in piles), reverse=True)
    return (heads[0] if heads else 0) - sum(heads[1:]) + sum(bulls)


def check_scores(g: Game) -> None:
    """BP8: every pile rises; BP10: the score counted afresh. (Only a lay or a take changes either.)"""
    scores = g.scores()
    for p in range(g.n):
        for pile in g.piles[p]:
            assert pile == sorted(set(pile)), "a pile must rise (BP8)"
        assert scores[p] == bp10(g.piles[p], g.bulls[p])


def check_step(g: Game) -> None:
    cards = all_cards(g)
    assert len(cards) == 100 and set(cards) == ALL, "a number card is lost or doubled"
    bulls = Counter(g.bull_deck)
    for row in g.rows:
        if row.taken_by is None:
            assert 2 <= len(row.cards) <= 5  # BP4, BP6
            assert row.closed == (len(row.cards) == 5)  # BP6
            assert (row.bull is not None) <= row.closed
            if row.bull is not None:
                bulls[row.bull] += 1
        else:
            assert row.cards == [] and row.bull is None and g.took[row.taken_by] == g.rows.index(row)
    for p in range(g.n):
        bulls.update(g.bulls[p])
    assert bulls == BULLS
    pend = g.pending
    if pend is not None and pend["do"] == "bid":
        assert pend["players"] == [p for p in range(g.n) if g.took[p] is None and p not in g.bids]
        for p in range(g.n):
            held = len(g.hands[p]) + isinstance(g.bids.get(p), int)
            assert held == rules.HAND_SIZE  # BP3, BP8
    if pend is not None and pend["do"] == "lay" and not pend["end"]:
        assert len(g.hands[pend["player"]]) > rules.HAND_SIZE


def check_views(g: Game) -> None:
    public = g.view(None)
    assert all(pv.hand is None for pv in public.players)
    for p in range(g.n):
        v = g.view(p)
        for q, pv in enumerate(v.players):
            if q != p:
                assert pv.hand is None and pv.bid is None
                assert pv.zero == (g.letters[q] if g.zero_shown[q] else None)
                assert set(pv.known) <= set(g.hands[q]) | {g.bids.get(q)}
            assert public.players[q].known == pv.known
        assert v.players[p].hand == tuple(g.hands[p]) and v.players[p].zero == g.letters[p]
        assert not (v.seen_cards() & (set(g.draw) | set(g.removed)))  # the draw pile and the box are unseen
        for q in range(g.n):
            if q != p:
                hidden = set(g.hands[q]) - g.known[q]
                assert not (v.seen_cards() & hidden)


def play(n: int, seed: int, views: bool) -> Game:
    g = Game([f"P{p}" for p in range(n)], seed=seed)
    rng = random.Random(seed)
    check_step(g)
    steps = 0
    while not g.finished:
        deciders = g.deciders()
        p = deciders[rng.randrange(len(deciders))]
        legal = g.legal(p)
        assert legal
        action = legal[rng.randrange(len(legal))]
        before = g.scores() if action["do"] not in ("lay", "take") else None
        ev = g.apply(action)
        steps += 1
        assert steps < 2000
        if isinstance(ev[0], BidMade):
            assert ev[0].player == p
        for e in ev:
            if isinstance(e, RowTaken):
                assert e.player == p
        check_step(g)
        if views:
            check_views(g)
        if any(isinstance(e, (RowTaken, CardLaid)) for e in ev):
            check_scores(g)
        elif before is not None and steps % 7 == 0:
            assert g.scores() == before  # nothing else changes a score (BP10)
    assert g.last_round and g.reshuffles  # BP9
    assert all(h == [] for h in g.hands)  # BP9: every hand laid out
    scores = g.scores()
    assert g.winners == tuple(p for p in range(n) if scores[p] == max(scores))  # BP10
    return g


@pytest.mark.parametrize("n", [2, 3, 4, 5])
def test_random_games_keep_every_invariant_and_replay(n):
    for i in range(GAMES):
        seed = 1000 * n + i
        g = play(n, seed, views=i % VIEW_EVERY == 0)
        if i % REPLAY_EVERY == 0:
            record = g.record()
            again = replay(record)
            assert result(again) == result(g)
            assert again.record() == record
            for p in (None, *range(n)):
                assert again.view(p) == g.view(p)
            seeded = dict(record, deals=[])  # the deal and reshuffles from the seed alone
            assert result(replay(seeded)) == result(g)


def test_replay_gives_the_same_state_at_every_step():
    g = Game(["A", "B", "C"], seed=77)
    rng = random.Random(77)
    while not g.finished:
        p = g.deciders()[0]
        g.apply(rng.choice(g.legal(p)))
        record = g.record()
        again = replay(record)
        assert result(again) == result(g)
        assert [again.view(q) for q in (None, 0, 1, 2)] == [g.view(q) for q in (None, 0, 1, 2)]
        assert again.legal(g.deciders()[0] if g.deciders() else 0) == g.legal(g.deciders()[0] if g.deciders() else 0)


def test_copy_is_independent_and_plays_on_the_same():
    g = Game(["A", "B", "C", "D"], seed=3)
    rng = random.Random(3)
    for _ in range(40):
        g.apply(rng.choice(g.legal(g.deciders()[0])))
    c = g.copy()
    assert result(c) == result(g) and c.view(0) == g.view(0)
    rng1, rng2 = random.Random(9), random.Random(9)
    while not c.finished:
        c.apply(rng1.choice(c.legal(c.deciders()[0])))
    assert result(c) != result(g)
    while not g.finished:
        g.apply(rng2.choice(g.legal(g.deciders()[0])))
    assert result(c) == result(g)
