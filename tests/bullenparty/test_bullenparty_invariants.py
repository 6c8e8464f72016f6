"""Bullenparty under random play, GAMES games per player count 2-5 (issue 13): invariants at every step, every
record replayed at the end.

At every step (cheap checks, so that 8,000 games stay fast): each of the 100 number cards lies in exactly one
place (BP1, BP2); each Bull card too (BP1, BP6); the card just laid is higher than the top of its pile (BP8);
rows hold 2 to 5 cards until taken, closed exactly at 5 (BP4, BP6); a player out of the bidding has taken a
row (BP7); every hand holds 5 number cards at each bidding (BP3, BP8); after each take or lay the player's
score is BP10 counted afresh, and at each round's end every score is (nothing else changes one). Over each
game: the game ends only after the draw pile ran out (BP9), every hand is laid out, every pile rises (BP8),
the winners hold the highest score (BP10), and the record replays to the same state; every FULL_EVERY-th game
replays it through the record reader (and from the seed alone) and compares every view; every VIEW_EVERY-th
game checks at every step that no view shows another hand, a letter not played, or the draw pile.
"""

from __future__ import annotations

import random

import pytest
from bp_table import all_cards

from bere_tui.engine.bullenparty import Game, rules
from bere_tui.engine.bullenparty.events import BidMade, CardLaid, RoundEnded, RowTaken
from bere_tui.engine.cards import HEADS
from bere_tui.record import replay, result

GAMES = 2000
FULL_EVERY = 20
VIEW_EVERY = 100
ALL = frozenset(range(1, 101))
BULLS = sorted(rules.BULL_CARDS)


def bp10(piles, bulls) -> int:
    heads = sorted((sum(HEADS[c] for c in p) for p in piles), reverse=True)
    return (heads[0] if heads else 0) - sum(heads[1:]) + sum(bulls)


def check_step(g: Game) -> None:
    cards = all_cards(g)
    assert len(cards) == 100 and ALL.issuperset(cards), "a number card is lost or doubled"
    bulls = list(g.bull_deck)
    for row in g.rows:
        if row.taken_by is None:
            assert 2 <= len(row.cards) <= 5  # BP4, BP6
            assert row.closed == (len(row.cards) == 5)  # BP6
            if row.bull is not None:
                assert row.closed
                bulls.append(row.bull)
        else:
            assert not row.cards and row.bull is None and g.rows[g.took[row.taken_by]] is row
    for b in g.bulls:
        bulls += b
    assert sorted(bulls) == BULLS, "a Bull card is lost or doubled"
    pend = g.pending
    if pend is not None:
        if pend["do"] == "bid":
            assert pend["players"] == [p for p in range(g.n) if g.took[p] is None and p not in g.bids]
            for p in range(g.n):
                held = len(g.hands[p]) + isinstance(g.bids.get(p), int)
                assert held == rules.HAND_SIZE  # BP3, BP8
        elif pend["do"] == "lay" and not pend["end"]:
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
        seen = v.seen_cards()
        assert not (seen & (set(g.draw) | set(g.removed)))  # the draw pile and the box are unseen
        for q in range(g.n):
            if q != p:
                hidden = set(g.hands[q]) - g.known[q]
                assert not (seen & hidden)


def check_scores(g: Game, expected: list[int]) -> None:
    assert g.scores() == expected  # BP10, and nothing but a take or a lay changed a score


def play(n: int, seed: int, views: bool) -> Game:
    g = Game([f"P{p}" for p in range(n)], seed=seed)
    rng = random.Random(seed)
    check_step(g)
    expected = [0] * n
    steps = 0
    while not g.finished:
        deciders = g.deciders()
        p = deciders[rng.randrange(len(deciders))]
        legal = g.legal(p)
        assert legal
        ev = g.apply(legal[rng.randrange(len(legal))])
        steps += 1
        assert steps < 2000
        if isinstance(ev[0], BidMade):
            assert ev[0].player == p
        for e in ev:
            if isinstance(e, CardLaid):
                pile = g.piles[e.player][e.pile]
                assert e.new_pile == (len(pile) == 1) and pile[-1] == e.card
                assert len(pile) == 1 or pile[-2] < e.card  # BP8
                expected[e.player] = bp10(g.piles[e.player], g.bulls[e.player])
                assert rules.score(g.piles[e.player], g.bulls[e.player]) == expected[e.player]  # BP10
            elif isinstance(e, RowTaken):
                assert e.player == p
                expected[p] = bp10(g.piles[p], g.bulls[p])
                assert rules.score(g.piles[p], g.bulls[p]) == expected[p]  # BP10
            elif isinstance(e, RoundEnded):
                check_scores(g, expected)
        check_step(g)
        if views:
            check_views(g)
    assert g.last_round and g.reshuffles  # BP9
    assert all(h == [] for h in g.hands)  # BP9: every hand laid out
    for piles in g.piles:
        for pile in piles:
            assert pile == sorted(set(pile)), "a pile must rise (BP8)"
    check_scores(g, [bp10(g.piles[q], g.bulls[q]) for q in range(n)])
    scores = g.scores()
    assert g.winners == tuple(q for q in range(n) if scores[q] == max(scores))  # BP10
    return g


def replay_engine(record: dict) -> Game:
    """The record's game played again from its deal and actions, straight through the engine (cheap)."""
    again = Game(record["players"], seed=record["seed"], deals=record["deals"])
    for action in record["actions"]:
        again.apply(action)
    return again


@pytest.mark.parametrize("n", [2, 3, 4, 5])
def test_random_games_keep_every_invariant_and_replay(n):
    for i in range(GAMES):
        seed = 1000 * n + i
        g = play(n, seed, views=i % VIEW_EVERY == 0)
        record = g.record()
        want = result(g)
        again = replay_engine(record)
        assert result(again) == want and again.record() == record
        if i % FULL_EVERY == 0:
            again = replay(record)
            assert result(again) == want
            assert again.record() == record
            for p in (None, *range(n)):
                assert again.view(p) == g.view(p)
            seeded = dict(record, deals=[])  # the deal and reshuffles from the seed alone
            assert result(replay(seeded)) == want


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
