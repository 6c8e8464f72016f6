"""Determinization (bots/nimmt/determinize.py) and racing (bots/nimmt/racing.py): dealt worlds agree with the view, and the
search keeps the best option."""

from __future__ import annotations

import random
from collections import Counter

import pytest

from bere_tui.bots import make_bot
from bere_tui.bots.nimmt.determinize import Dealer, unseen_specials
from bere_tui.bots.nimmt.racing import race
from bere_tui.bots.runner import deciders
from bere_tui.engine.nimmt import Game
from bere_tui.engine.nimmt.variants import SPECIAL_COPIES


def positions(variant: str, seeds=range(3), n: int = 4):
    """(game, player, view) at decisions of random games."""
    for seed in seeds:
        game = Game(variant, [f"P{i}" for i in range(n)], seed=seed, options=None)
        bot = make_bot("random", seed)
        while not game.finished:
            for p in deciders(game):
                yield game, p, game.view(p)
                game.apply(bot.choose(game.view(p), game.legal(p)))


@pytest.mark.parametrize("variant", ["base", "pro", "anniversary", "even-odd"])
def test_dealt_hands_agree_with_the_view(variant):
    rng = random.Random(0)
    count = 0
    for game, p, view in positions(variant):
        if view.pending["do"] == "draft" or rng.random() < 0.7:
            continue
        dealer = Dealer(view)
        hands = dealer.deal(rng)
        seen = view.seen_cards()
        assert sorted(hands[p]) == sorted(view.hand)
        dealt = [c for q, h in enumerate(hands) if q != p for c in h]
        assert len(dealt) == len(set(dealt))
        for q, pv in enumerate(view.players):
            chosen = view.pending["do"] == "select" and q != p and pv.has_selected
            assert len(hands[q]) == pv.hand_size + chosen  # B3: a chosen card is still hidden
            # what the deal gives is what the player really holds, or cards nobody can see
            real = set(game.hands[q]) | ({game.selected[q]} if chosen else set())
            hidden = [c for c in hands[q] if c not in real]
            assert not set(hidden) & seen
            if variant == "pro":  # P3: hands are public; a chosen card is one of the cards missing
                assert set(game.hands[q]) <= set(hands[q])
                assert set(hands[q]) - set(game.hands[q]) <= set(game.selected.values())
        count += 1
    assert count > 50


def test_opponents_special_cards_come_from_the_unseen_ones():
    rng = random.Random(1)
    for game, p, view in positions("anniversary", seeds=range(2)):
        dealer = Dealer(view)
        specials = dealer.deal_specials(rng)
        assert specials[p] == list(view.my_specials)
        assert [len(s) for s in specials] == [pv.special_count for pv in view.players]
        pool = Counter(unseen_specials(view))
        dealt = Counter(c for q, s in enumerate(specials) if q != p for c in s)
        assert not dealt - pool
        # A1: together with the own hand, the discard pile and the row markers, never more than 4 of a kind
        assert max((pool + Counter(view.my_specials) + Counter(view.discard_pile)).values()) <= SPECIAL_COPIES


def test_a_replaced_card_is_dealt_back_to_its_owner():
    """A-REP-1: P1's revealed 21 went back to P1's hand; P0 saw it, so every deal gives it to P1."""
    rows = [10, 20, 30, 40]
    hands = [[35, 41, 42, 43, 44, 45, 46, 47, 48, 49, 51, 52],
             [21, 22, 61, 62, 63, 64, 65, 66, 67, 68, 69, 70],
             [50, 71, 72, 73, 74, 75, 76, 77, 78, 79, 80, 81]]
    specials = [["stop", "stop", "insert"], ["replace", "shift", "shift"], ["insert", "shift", "shift"]]
    pile = (["fifth_row"] * 4 + ["seven_nimmt"] * 4 + ["insert"] * 2 + ["replace"] * 3 + ["stop"] * 2
            + ["negative_positive"] * 4)
    game = Game("anniversary", ["A", "B", "C"], seed=0,
                deals=[{"rows": rows, "hands": hands, "specials": specials, "special_pile": pile}])
    for p, card in ((0, 35), (1, 21), (2, 50)):
        game.apply({"player": p, "do": "select", "card": card})
    game.apply({"player": 1, "do": "special", "card": "replace", "with": 22})
    assert game.pending == {"do": "special", "player": 0, "card": 35}
    view = game.view(0)
    dealer = Dealer(view)
    for seed in range(20):
        dealt = dealer.deal(random.Random(seed))
        assert 21 in dealt[1] and 21 not in dealt[2]


def test_race_keeps_the_best_option_and_stops_early():
    means = [3.0, 0.0, 1.0, 8.0]

    def make_world(k):
        return random.Random(k)

    def value(world, o):
        return means[o] + random.Random(world.random()).gauss(0, 2)

    best, worlds = race(len(means), make_world, value, iterations=2000)
    assert best == 1
    assert worlds < 2000  # the others were dropped: no need to play every world
    best, worlds = race(len(means), make_world, value, iterations=5)
    assert worlds == 5
    assert race(1, make_world, value, iterations=10) == (0, 0)


def _race_by_hand(n_options, make_world, value, iterations):
    """racing.race as first written: the paired differences to the best recomputed from every world at each
    check (the running sums must choose the same option after the same worlds)."""
    from math import sqrt

    from bere_tui.bots.nimmt.racing import CHECK_EVERY, MIN_WORLDS, Z

    live, results, k = list(range(n_options)), [[] for _ in range(n_options)], 0
    while True:
        world = make_world(k)
        for o in live:
            results[o].append(value(world, o))
        k += 1
        if k >= iterations:
            break
        if k >= MIN_WORLDS and k % CHECK_EVERY == 0:
            best = min(live, key=lambda o: sum(results[o]))
            keep = []
            for o in live:
                d = [results[o][i] - results[best][i] for i in range(k)]
                mean = sum(d) / k
                var = sum((x - mean) ** 2 for x in d) / (k - 1)
                if o == best or mean <= Z * sqrt(var / k):
                    keep.append(o)
            live = keep
            if len(live) == 1:
                break
    return min(live, key=lambda o: (sum(results[o]), o)), k


def test_race_running_sums_choose_as_the_paired_differences_do():
    for seed in range(300):
        rng = random.Random(seed)
        means = [rng.random() for _ in range(rng.randint(2, 10))]
        spread = rng.random() * 2

        def value(world, o, means=means, spread=spread):
            luck = world.getstate()[1][3]
            return means[o] + random.Random(luck).gauss(0, spread) + random.Random(luck * 31 + o).gauss(0, spread)

        def make_world(k, seed=seed):
            return random.Random(seed * 10_007 + k)

        assert race(len(means), make_world, value, iterations=300) == _race_by_hand(len(means), make_world, value, 300)
