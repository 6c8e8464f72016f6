"""Base and Pro games (RULES sections 1-3) under random play: invariants at every step, replay at the end.

At every step: each of the 104 cards lies in exactly one place (C1; a select that leaves others still to choose
is checked for what it does: one card from the hand to the secret selection, B3); rows ascend and hold 1 to 5
cards (B4, B5); bull piles and totals equal what the RowTaken events took (B7, B8, B10). Over each game: every
round is 10 turns (B8), the game ends after the first round in which a total reaches 66 (B9), the winners are
the lowest totals, Pro's first drafter moves one seat per round (P3). Every VIEW_EVERY-th game also checks every
view at every step (B10, P3), every REPLAY_EVERY-th game replays its record to the same result.
"""

from __future__ import annotations

import random

import pytest
from base_table import HAND

from bere_tui.engine.cards import row_bullheads
from bere_tui.engine.nimmt import Game
from bere_tui.engine.nimmt.events import Dealt, Revealed, RoundScored, RowTaken
from bere_tui.record import replay, result

# The engine's branches are all reached from about 100 games per player count on (coverage.py, issue 17): 2,000
# added time, not cases. These counts keep a margin for rare deals.
GAMES = 400  # base, per player count
PRO_GAMES = 150  # pro, per player count
VIEW_EVERY = 100
REPLAY_EVERY = 10
ALL_CARDS = frozenset(range(1, 105))


def assert_cards_accounted(g: Game) -> None:
    """C1: every card in exactly one place: hands, rows, piles, set aside, out of play, the Pro pool, a secret
    selection, the revealed cards still to place, the card being placed (not yet in a row)."""
    cards = g.out_of_play + g.pool
    for hand in g.hands:
        cards += hand
    for row in g.rows:
        cards += row.cards
    for pile in g.piles:
        cards += pile
    for aside in g.set_aside:
        cards += aside
    if g.pending is not None and g.pending["do"] == "select":
        cards += g.selected.values()
    cards += [c for c, _p in g.queue]
    if g.placing is not None and g.placing.stage in ("special", "place"):
        cards.append(g.placing.card)
    assert len(cards) == 104 and set(cards) == ALL_CARDS


def assert_rows(g: Game) -> None:
    drafting = g.pending is not None and g.pending["do"] == "draft"
    assert len(g.rows) == (0 if drafting else 4)  # B2, P2
    for row in g.rows:
        cards = row.cards
        assert 1 <= len(cards) <= 5 and cards == sorted(cards)  # B4, B5


def assert_views(g: Game) -> None:
    """B10: nobody sees another player's hand or secret selection (P3: in Pro every hand is public)."""
    public = g.variant == "pro"
    for viewer in [None, *range(g.n)]:
        v = g.view(viewer)
        assert v.hand == (tuple(g.hands[viewer]) if viewer is not None else ())
        for p, pv in enumerate(v.players):
            mine = p == viewer
            if mine:
                assert pv.hand == tuple(g.hands[p])
            elif public:  # P3, but B3: a secret choice still shows in its owner's public hand
                chosen = [g.selected[p]] if g.pending and g.pending["do"] == "select" and p in g.selected else []
                assert pv.hand == tuple(sorted(g.hands[p] + chosen))
            else:
                assert pv.hand is None
            assert pv.hand_size == len(g.hands[p])
            if not mine:
                assert pv.selected is None
        assert v.out_of_play == (tuple(g.out_of_play) if public else None)


class Tally:
    """What the events say: bullheads taken in the game, cards taken this round, turns of this round."""

    def __init__(self, n: int) -> None:
        self.totals = [0] * n
        self.piles: list[list[int]] = [[] for _ in range(n)]
        self.turns = 0
        self.round_totals: list[list[int]] = []  # totals after each round

    def read(self, events) -> None:
        for e in events:
            kind = type(e)
            if kind is RowTaken:
                assert e.bullheads == row_bullheads(e.cards)  # C1
                self.totals[e.player] += e.bullheads
                self.piles[e.player] += e.cards
            elif kind is Revealed:
                self.turns += 1
            elif kind is RoundScored:
                assert self.turns == HAND  # B8
                assert list(e.scores) == [row_bullheads(p) for p in self.piles]  # B7: rows score nothing
                assert list(e.totals) == self.totals
                self.round_totals.append(list(e.totals))
                self.turns = 0
            elif kind is Dealt:  # a new round: empty bull piles (the last round's stay on view at the end)
                self.piles = [[] for _ in self.piles]

    def check(self, g: Game) -> None:
        assert g.piles == self.piles  # B7
        assert g.totals() == self.totals  # B8, B10: earlier rounds plus this round's pile


def play_checked(variant: str, n: int, seed: int, views: bool) -> Game:
    rng = random.Random(seed)
    g = Game(variant, [f"P{p}" for p in range(n)], seed=seed)
    tally = Tally(n)
    tally.read(g.opening_events)
    while g.pending is not None:
        pend = g.pending
        if pend["do"] == "select":
            waiting = pend["players"]
            p = waiting[rng.randrange(len(waiting))]
            secret_only = len(waiting) > 1
        else:
            p = pend["player"]
            secret_only = False
            if pend["do"] == "draft" and len(g.pool) == 10 * n + 4:
                assert p == (g.round - 1) % n  # P3
        legal = g.legal(p)
        action = legal[rng.randrange(len(legal))]
        tally.read(g.apply(action))
        if secret_only:  # B3: the card went from the hand to the secret selection, nothing was revealed
            card = action["card"]
            assert g.selected[p] == card and card not in g.hands[p] and len(g.hands[p]) == HAND - g.turn
            assert p not in g.waiting and g.pending["do"] == "select" and g.placing is None
        else:
            assert_cards_accounted(g)
            assert_rows(g)
            tally.check(g)
        if views:
            assert_views(g)
    # B9: the game ends after the first round in which a total reaches 66; the lowest totals win
    assert [max(t) >= 66 for t in tally.round_totals] == [False] * (g.round - 1) + [True]
    totals = g.totals()
    assert g.winners == tuple(p for p in range(n) if totals[p] == min(totals))
    return g


def play_many(variant: str, n: int, games: int) -> None:
    for i in range(games):
        g = play_checked(variant, n, 10_000 * n + i, views=i % VIEW_EVERY == 0)
        if i % REPLAY_EVERY == 0:
            assert result(replay(g.record())) == result(g)


@pytest.mark.parametrize("n", range(2, 11))
def test_random_base_games_keep_their_invariants(n):
    play_many("base", n, GAMES)


@pytest.mark.parametrize("n", range(2, 7))
def test_random_pro_games_keep_their_invariants(n):
    play_many("pro", n, PRO_GAMES)
