"""bots/nimmt/fastsim.py against the engine: whole turns of random games, replayed on a fastsim Table, must leave the
same rows, markers and bullheads (B3-B8, E3-E4, A9, A-5TH, A-7N, A-INS, A-REP, A-SHI, A-STOP, A-NP)."""

from __future__ import annotations

import random

import pytest

from bere_tui.bots.nimmt.fastsim import Table, pick_gap, pick_random, pick_safe, play_turns, rollout_special
from bere_tui.engine import HEADS
from bere_tui.engine.nimmt import Game
from bere_tui.engine.nimmt.game import Game as _Game


def table_of_game(game: _Game) -> Table:
    """The engine's state as a Table (the test may look at everything; the bot never does)."""
    rows = game.rows
    return Table(game.n, [r.cards for r in rows], game.hands, [r.capacity for r in rows],
                 [r.stop for r in rows], [-1 if r.parity is None else r.parity for r in rows],
                 any(r.fifth for r in rows), [sum(HEADS[c] for c in pile) for pile in game.piles],
                 game.specials if game.variant == "anniversary" else None)


def random_action(game: _Game, p: int, rng: random.Random) -> dict:
    legal = game.legal(p)
    if legal[0]["do"] == "special" and rng.random() < 0.4:
        return legal[0]  # also plenty of placements without a special card
    return rng.choice(legal)


def replay_turn(t: Table, actions: list[dict]) -> None:
    """Mirror one engine turn on the Table: selections, then each placement with its prompts (A-ORD-1..4)."""
    plays = sorted((a["card"], a["player"]) for a in actions if a["do"] == "select")
    rest = [a for a in actions if a["do"] != "select"]
    for card, p in plays:
        def next_is(do, p=p):
            return rest and rest[0]["do"] == do and rest[0]["player"] == p

        special = rest.pop(0) if next_is("special") else None
        if special is not None and special["card"] is not None:
            card, taken = t.play_special(p, card, special)
        else:
            taken = None
        if card:
            low = rest.pop(0)["row"] if next_is("take_row") else -1
            assert (low >= 0) == (t.target(card) < 0)
            taken = t.place(p, card, low)
        if next_is("cancel"):
            c = rest.pop(0)
            assert taken is not None and c["positive"] in taken
            t.pens[p] -= HEADS[c["positive"]] + sum(HEADS[x] for x in c["cancel"])
        if next_is("swap"):
            rest.pop(0)
    assert not rest


def assert_same(t: Table, game: _Game) -> None:
    assert t.rows == [r.cards for r in game.rows]
    assert t.caps == [r.capacity for r in game.rows]
    assert t.stops == [r.stop for r in game.rows]
    assert t.par == [-1 if r.parity is None else r.parity for r in game.rows]
    assert t.fifth == any(r.fifth for r in game.rows)
    assert t.pens == [sum(HEADS[c] for c in pile) for pile in game.piles]


@pytest.mark.parametrize("variant", ["base", "pro", "anniversary", "even-odd"])
def test_turns_match_the_engine(variant):
    checked = 0
    for seed in range(12 if variant == "anniversary" else 4):
        rng = random.Random(seed)
        n = 2 + seed % 4
        game = Game(variant, [f"P{i}" for i in range(n)], seed=seed)
        while not game.finished:
            pend = game.pending
            if pend["do"] == "draft":
                game.apply(random_action(game, pend["player"], rng))
                continue
            t = table_of_game(game)
            round_no, turn, start = game.round, game.turn, len(game.actions)
            while not game.finished and (game.round, game.turn) == (round_no, turn):
                pend = game.pending
                players = pend["players"] if pend["do"] == "select" else [pend["player"]]
                game.apply(random_action(game, players[0], rng))
            replay_turn(t, game.actions[start:])
            if game.round == round_no:
                assert_same(t, game)
            else:  # the round ended (B8): its bullheads are in the scores
                assert t.pens == [s[round_no - 1] for s in game.scores]
            checked += 1
    assert checked > 40


@pytest.mark.parametrize("pick", [pick_random, pick_safe, pick_gap])
def test_rollouts_play_every_card_and_score_the_round(pick):
    """A rollout from the deal: hands emptied, every card on the table or in a pile; bullheads add up (B7, B8)."""
    rng = random.Random(3)
    for _ in range(50):
        deck = list(range(1, 105))
        rng.shuffle(deck)
        t = Table(4, [[c] for c in deck[40:44]], [deck[i * 10:(i + 1) * 10] for i in range(4)])
        pens = play_turns(t, rng.random, pick)
        assert not any(t.hands)
        on_table = sum(HEADS[c] for row in t.rows for c in row)
        assert sum(pens) + on_table == sum(HEADS[c] for c in deck[:44])
        assert all(1 <= len(row) <= 5 for row in t.rows)


def test_turn_tests_agree_with_the_rules():
    """safe_test and gap_test (a binary search for one turn's selections) agree with target (B4, B5, A9)."""
    rng = random.Random(5)
    for _ in range(300):
        cards = rng.sample(range(1, 105), 20)
        rows = [sorted(cards[i * 5:i * 5 + rng.randint(1, 5)]) for i in range(4)]
        t = Table(2, rows, [[], []], caps=[rng.choice((5, 6)) for _ in rows])
        safe, gap = t.safe_test(), t.gap_test()
        for card in range(1, 105):
            r = t.target(card)
            fits = r >= 0 and len(rows[r]) < t.caps[r]
            assert safe(card) == fits == t.safe(card)
            assert gap(card) == t.gap(card) == (card - rows[r][-1] if fits else None)


def test_gap_policy_plays_the_closest_fit_most_of_the_time():
    t = Table(2, [[10, 11, 12, 13, 14], [20], [40], [60]], [[15, 30, 22], [1, 2, 3]])
    rng = random.Random(0)
    picks = [pick_gap([15, 30, 22], rng.random, t.gap_test()) for _ in range(300)]
    assert picks.count(22) > 200 and picks.count(15) < 50  # 22 fits 2 above 20; 15 would be a sixth card


def test_safe_policy_avoids_the_obvious_sixth_card():
    # row 0 is full at 10..14: 15 would be its sixth card, 30 goes safely after 20
    t = Table(2, [[10, 11, 12, 13, 14], [20], [40], [60]], [[15, 30], [1, 2]])
    rng = random.Random(0)
    picks = [pick_safe([15, 30], rng.random, t.safe_test()) for _ in range(200)]
    assert picks.count(30) > 160  # 1 in 8 draws three times a 15; random play: 1 in 2


def test_rollout_special_cards_are_legal():
    """The rollouts' special card policy only plays what the engine would allow at that placement (A-ORD-1)."""
    played = set()
    for seed in range(30):
        rng = random.Random(seed)
        game = Game("anniversary", [f"P{i}" for i in range(2 + seed % 5)], seed=seed)
        while not game.finished:
            pend = game.pending
            if pend["do"] == "special":
                p, card = pend["player"], pend["card"]
                t = table_of_game(game)
                r = t.target(card)
                if r < 0 or len(t.rows[r]) >= t.caps[r]:
                    action = rollout_special(t, p, card, r)
                    if action is not None:
                        assert {"player": p, "do": "special", **action} in game.legal(p)
                        played.add(action["card"])
                    assert table_of_game(game).rows == t.rows  # the policy only looks
            players = pend["players"] if pend["do"] == "select" else [pend["player"]]
            game.apply(random_action(game, players[0], rng))
    assert played == {"seven_nimmt", "insert", "stop", "fifth_row", "replace", "negative_positive"}


def _tables(kind: str, n: int, count: int, seed: int) -> list[Table]:
    """Tables in the middle of a round: plain rows (some with 7 nimmt!'s capacity), an EVEN/ODD card, or
    Anniversary rows (Stop, a 5th row) with special cards in hand."""
    from bere_tui.engine.nimmt.variants import SPECIAL_NAMES

    rng = random.Random(seed)
    out = []
    for _ in range(count):
        deck = list(range(1, 105))
        rng.shuffle(deck)
        nrows = 5 if kind == "anniversary" and rng.random() < 0.3 else 4
        left = rng.randint(1, min(10, (104 - 5 * nrows) // n))
        start = n * left
        rows = [sorted(deck[start + 5 * i:start + 5 * i + rng.randint(1, 5)]) for i in range(nrows)]
        caps = [rng.choice((5, 6)) if len(r) == 5 or rng.random() < 0.2 else 5 for r in rows]
        stops, par, specials = [False] * nrows, [-1] * nrows, None
        if kind == "parity":
            r = rng.randrange(nrows)
            par[r] = rows[r][-1] & 1
        if kind == "anniversary":
            if rng.random() < 0.3:
                stops[rng.randrange(nrows)] = True
            specials = [rng.sample(SPECIAL_NAMES, rng.randint(0, 3)) for _ in range(n)]
        out.append(Table(n, rows, [deck[i * left:(i + 1) * left] for i in range(n)], caps, stops, par, nrows == 5,
                         None, specials))
    return out


@pytest.mark.parametrize("pick", [pick_gap, pick_random])
@pytest.mark.parametrize("kind", ["plain", "parity", "anniversary"])
def test_the_fast_rollouts_play_the_same_turns_as_the_plain_loop(kind, pick):
    """play_turns' fast paths (the strong bot's rollouts) give the same rows, markers and bullheads as the loop
    of Table.place that the test above checks against the engine, from the same random numbers."""
    for n in (2, 4, 7, 10):
        for t in _tables(kind, n, 150, seed=n):
            results = []
            for fast in (True, False):
                c = t.copy()
                rng = random.Random(n)
                pens = play_turns(c, rng.random, pick, fast=fast)
                results.append((list(pens), c.rows, c.caps, c.stops, c.par, c.fifth, c.specials, rng.random()))
            assert results[0] == results[1]


@pytest.mark.parametrize("pick", [pick_gap, pick_random])
def test_a_last_turn_whose_outcome_is_known(pick):
    """One card each, so every policy plays the same cards, lowest first (B3). 2 is below every row's last card
    and takes the row with the fewest bullheads, the 45 (B6: 2 bullheads); 15 is row 0's sixth card and takes
    its five (B5: 3+5+1+1+1); 41 follows the 33 and 99 the 70, the closest lower last cards (B4)."""
    rows = [[10, 11, 12, 13, 14], [70], [33], [45]]
    t = Table(4, rows, [[15], [2], [41], [99]])
    pens = play_turns(t, random.Random(0).random, pick)
    assert pens == [11, 2, 0, 0]
    assert t.rows == [[15], [70, 99], [33, 41], [2]]
