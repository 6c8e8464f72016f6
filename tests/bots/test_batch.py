"""The batched card search (bots/nimmt/batch.py): its placements are fastsim's (B4-B6), its chance of winning is
strong.win_chance's (B9), and the strong bot uses it in the base game only, choosing the same card for the same
seed."""

from __future__ import annotations

import random

import numpy as np
import pytest

from bere_tui.bots.nimmt import batch
from bere_tui.bots.nimmt.fastsim import Table
from bere_tui.bots.nimmt.strong import StrongBot, win_chance
from bere_tui.bots.runner import deciders
from bere_tui.engine.cards import HEADS
from bere_tui.engine.nimmt import Game


def _deal(rng: random.Random, n: int, turns: int):
    deck = list(range(1, 105))
    rng.shuffle(deck)
    rows = [[deck.pop()] for _ in range(4)]
    for row in rows:  # rows of 1 to 5 cards in rising order (B4), some full (B5)
        for _ in range(rng.randint(0, 4)):
            above = [c for c in deck if c > row[-1]]
            if not above:
                break
            card = min(above, key=lambda c: (c - row[-1]) * rng.random())
            deck.remove(card)
            row.append(card)
    hands = [[deck.pop() for _ in range(turns)] for _ in range(n)]
    return rows, hands


@pytest.mark.parametrize("n", [2, 4, 10])
def test_batched_turns_place_the_cards_as_fastsim_does(n):
    """B4-B6: the same cards played in the same order take the same rows, sim by sim."""
    rng = random.Random(n)
    deals = [_deal(rng, n, rng.randint(1, 10 if n < 10 else 5)) for _ in range(60)]
    for rows, hands in deals:
        turns = len(hands[0])
        t = Table(n, rows, [list(h) for h in hands])
        for k in range(turns):
            t.resolve([(hands[q][k], q) for q in range(n)])
        seq = np.array([hands], dtype=np.int64)  # (1 sim, players, turns)
        tails = np.array([[r[-1] for r in rows]])
        lens = np.array([[len(r) for r in rows]])
        heads = np.array([[sum(HEADS[c] for c in r) for r in rows]])
        pens = np.zeros((1, n), dtype=np.int64)
        batch.play(tails, lens, heads, pens, seq)
        assert pens[0].tolist() == t.pens
        assert sorted(tails[0].tolist()) == sorted(r[-1] for r in t.rows)


def test_batched_win_chances_are_win_chance():
    """B9: the lowest total wins; the same chances for every row of totals, rounds left or not."""
    rng = random.Random(3)
    totals = np.array([[rng.randint(0, 80) for _ in range(4)] for _ in range(300)], dtype=np.float64)
    left = np.array([rng.choice([0.0, 1.0, 1.5, 3.0]) for _ in range(300)])
    got = batch.win_chances(totals, 1, left, 7.3)
    want = [win_chance(list(row), 1, lf) for row, lf in zip(totals.tolist(), left.tolist())]
    assert np.allclose(got, want, atol=1e-6)


def test_the_strong_bot_searches_base_card_choices_in_batches_and_the_same_seed_chooses_the_same():
    game = Game("base", ["A", "B", "C", "D"], seed=5)
    view, legal = game.view(0), game.legal(0)
    bot = StrongBot(3)
    first = bot.choose(view, legal)
    assert bot.rollouts > 0 and first in legal
    assert StrongBot(3).choose(view, legal) == first
    plain = StrongBot(3, batched=False)
    plain.choose(view, legal)
    assert plain.rollouts > 0


@pytest.mark.parametrize("variant", ["pro", "even-odd", "anniversary"])
def test_the_other_variants_keep_the_one_by_one_search(variant, monkeypatch):
    game = Game(variant, ["A", "B", "C", "D"], seed=5)
    while 0 not in deciders(game) or game.legal(0)[0]["do"] != "select":
        p = deciders(game)[0]
        game.apply(game.legal(p)[0])
    calls = []
    monkeypatch.setattr(batch, "race", lambda *a, **k: calls.append(1) or (0, 0))
    StrongBot(3, simulations=40).choose(game.view(0), game.legal(0))
    assert not calls


def test_a_clear_choice_is_found_in_batches():
    """B5: three cards of the hand are sixth cards of full rows; the fourth goes safely to the row with room."""
    rows = [[10, 11, 12, 13, 55], [20, 21, 22, 23, 66], [30, 31, 32, 33, 77], [40, 41, 42, 43]]
    hand = [45, 56, 67, 78]
    unseen = [c for c in range(1, 105) if c not in {x for r in rows for x in r} | set(hand)]

    def score(pens):  # the bot's own bullheads
        return pens[:, 0].astype(np.float64)

    search = batch.SelectSearch(np.random.default_rng(1), rows, hand, hand, unseen, 4, 0, score, None, 0.0)
    best, _worlds = batch.race(4, search.values, 4000)
    assert hand[best] == 45
