"""The variants as rule objects (engine.rules): what each says about its own rules, and that `Game` follows
the object it is given rather than the variant's name."""

from __future__ import annotations

import random

import pytest

from bere_tui.engine import SetupError
from bere_tui.engine.cards import DECK_SIZE
from bere_tui.engine.nimmt import Game
from bere_tui.engine.nimmt import events as ev
from bere_tui.engine.nimmt.row import Row
from bere_tui.engine.nimmt.rules import VARIANTS, Anniversary, EvenOdd, Pro, Variant
from bere_tui.engine.nimmt.variants import VariantInfo


def play_out(g: Game, seed: int = 0, stop=None) -> list:
    """Random legal actions until the game ends (or `stop(game)` holds); every event, in order."""
    rng = random.Random(seed)
    events = list(g.opening_events)
    while g.pending is not None and not (stop and stop(g)):
        p = g.deciders()[0]
        events += g.apply(rng.choice(g.legal(p)))
    return events


def test_one_rule_object_per_variant_in_setup_order():
    assert list(VARIANTS) == ["base", "pro", "anniversary", "even-odd"]
    assert [type(r) for r in VARIANTS.values()] == [Variant, Pro, Anniversary, EvenOdd]
    assert all(r.name == name for name, r in VARIANTS.items())
    assert VariantInfo is Variant  # the older name still imports
    assert Game("pro", ["A", "B"]).rules is VARIANTS["pro"]


@pytest.mark.parametrize(("name", "lo", "hi"), [("base", 2, 10), ("pro", 2, 6), ("anniversary", 2, 8),
                                                ("even-odd", 2, 10)])
def test_player_counts_B1_P1_A1_E1(name, lo, hi):
    rules = VARIANTS[name]
    assert (rules.min_players, rules.max_players) == (lo, hi)
    Game(name, [f"P{i}" for i in range(hi)])
    with pytest.raises(SetupError):
        Game(name, [f"P{i}" for i in range(hi + 1)])
    with pytest.raises(SetupError):
        Game(name, ["solo"])


def test_hand_sizes_B2_A2():
    assert {name: r.hand_size for name, r in VARIANTS.items()} == {
        "base": 10, "pro": 10, "anniversary": 12, "even-odd": 10}
    for name in ("base", "anniversary", "even-odd"):
        g = Game(name, ["A", "B", "C"], seed=4)
        assert [len(h) for h in g.hands] == [VARIANTS[name].hand_size] * 3


def test_options_B10_and_none_in_anniversary_A6_A7():
    for name in ("base", "pro", "even-odd"):
        assert VARIANTS[name].options == ("target", "rounds")
    assert VARIANTS["anniversary"].options == ()
    with pytest.raises(SetupError):
        Game("anniversary", ["A", "B"], options={"target": 40})


def test_questions_the_table_asks():
    """A1 (special cards), P2 (draft), P3 (public hands), A6 (two rounds), E1 (the EVEN/ODD card)."""
    facts = {name: (r.has_specials, r.drafts, r.public_hands, r.rounds_fixed, r.parity_card)
             for name, r in VARIANTS.items()}
    assert facts == {
        "base": (False, False, False, None, False),
        "pro": (False, True, True, None, False),
        "anniversary": (True, False, False, 2, False),
        "even-odd": (False, False, False, None, True),
    }
    for name in VARIANTS:
        g = Game(name, ["A", "B"])
        assert g.view(0).rules is g.lazy_view(1).rules is g.rules  # views answer the same questions


@pytest.mark.parametrize("n", [2, 3, 6])
def test_pro_cards_in_play_P1(n):
    assert VARIANTS["pro"].cards_in_play(n) == 10 * n + 4
    assert VARIANTS["base"].cards_in_play(n) == DECK_SIZE
    g = Game("pro", [f"P{i}" for i in range(n)])
    assert g.pool == list(range(1, 10 * n + 5))
    assert g.out_of_play == list(range(10 * n + 5, DECK_SIZE + 1))


def test_pro_draft_order_and_rows_P2_P3():
    g = Game("pro", ["A", "B", "C"])
    play_out(g, stop=lambda g: g.pending["do"] != "draft")
    assert all(len(h) == 10 for h in g.hands)  # P2: until each holds 10
    starters = [r.cards[0] for r in g.rows]
    assert starters == sorted(starters) and len(starters) == 4  # P2: lowest in row 0
    assert g.record()["deals"] == []  # P2: nothing dealt at random
    assert g.view(0).players[1].hand is not None  # P3: hands are public
    assert Game("base", ["A", "B"]).view(0).players[1].hand is None  # B10: a hand is its owner's


def test_pro_first_drafter_moves_on_P3():
    g = Game("pro", ["A", "B", "C"], options={"rounds": 3})
    firsts = []
    while g.pending is not None:
        if g.pending["do"] == "draft" and not g.hands[0] and not any(g.hands):
            firsts.append(g.pending["player"])
        p = g.deciders()[0]
        g.apply(g.legal(p)[0])
    assert firsts == [0, 1, 2]


def test_pro_refuses_a_dealt_record_P2():
    with pytest.raises(SetupError, match="P2"):
        Game("pro", ["A", "B"], deals=[{"rows": [1, 2, 3, 4], "hands": [[5], [6]]}])


def test_special_cards_belong_to_the_anniversary_A1_A2():
    g = Game("anniversary", ["A", "B", "C"], seed=2)
    assert [len(s) for s in g.specials] == [3, 3, 3]  # A2
    base_deal = dict(Game("base", ["A", "B"]).record()["deals"][0])
    with pytest.raises(SetupError, match="anniversary"):
        Game("base", ["A", "B"], deals=[{**base_deal, "specials": [[], []], "special_pile": []}])


def test_anniversary_two_rounds_exactly_A6_A7():
    g = Game("anniversary", ["A", "B", "C"], seed=5)
    events = play_out(g, seed=5)
    assert [e.round for e in events if isinstance(e, ev.RoundScored)] == [1, 2]
    assert g.finished and all(not hand for hand in g.specials)  # A7: unused special cards are discarded


def test_end_of_game_B9_and_rounds_option_B10():
    rules = VARIANTS["base"]
    g = Game("base", ["A", "B"])
    assert not rules.game_over(g, (65, 10))
    assert rules.game_over(g, (66, 10))  # B9
    g = Game("base", ["A", "B"], options={"rounds": 2})
    assert not rules.game_over(g, (90, 10))  # B10: the rounds option, not the target
    g.round = 2
    assert rules.game_over(g, (0, 0))
    g = Game("anniversary", ["A", "B"])
    assert not VARIANTS["anniversary"].game_over(g, (200, 100))  # A7: no 66-point end
    g.round = 2
    assert VARIANTS["anniversary"].game_over(g, (0, 0))  # A6


def test_even_odd_card_laid_and_moved_E2_E4():
    rules = VARIANTS["even-odd"]
    g = Game("even-odd", ["A", "B"], seed=1)
    low = min(range(4), key=lambda i: g.rows[i].cards[0])
    assert [r.parity for r in g.rows].count(None) == 3
    assert g.rows[low].parity == g.rows[low].cards[0] & 1  # E2
    g.rows = [Row([30]), Row([11, 12]), Row([40], parity=0), Row([7])]
    moved: list = []
    rules.after_take(g, moved)  # E4: to the OTHER row whose last card is lowest
    assert [r.parity for r in g.rows] == [None, None, None, 1]
    assert moved == [ev.ParityMoved(3, "odd", 7, True)]
    moved.clear()
    rules.after_take(g, moved)  # the card never stays where it lay, even beside the lowest row
    assert [r.parity for r in g.rows] == [None, 0, None, None] and moved[0].row == 1


def test_base_game_takes_remove_nothing_beside_rows_B5():
    g = Game("base", ["A", "B"])
    taken = [1, 2]
    assert VARIANTS["base"].collect_markers(g, 0, taken, 9) == ((), False) and taken == [1, 2]


def test_anniversary_take_collects_markers_A_5TH_2_A_7N_2_A_STOP_3():
    rules = VARIANTS["anniversary"]
    g = Game("anniversary", ["A", "B"])
    g.rows = [Row([10, 11], seven=True), Row([20], stop=True), Row([30]), Row([40]), Row([50], fifth=True)]
    g.discard_pile = []
    taken = [10, 11]
    markers, removed = rules.collect_markers(g, 0, taken, 5)
    assert markers == (("fifth_row", 4), ("seven_nimmt", 0), ("stop", 1))
    assert removed and taken == [10, 11, 5]  # A-5TH-2: the placed card is collected, the row disappears
    assert g.discard_pile == ["fifth_row", "seven_nimmt"] and g.rows[1].stop  # A-STOP-3: Stop goes after
    rules.after_take(g, [])
    assert not g.rows[1].stop and g.discard_pile[-1] == "stop"


class ShortGame(Variant):
    """A made-up variant: three cards each and two rounds, to show that the game follows the rule object."""

    name = "short"
    hand_size = 3
    rounds_fixed = 2
    options = ()

    def game_over(self, game, totals) -> bool:
        return game.round >= self.rounds_fixed


def test_game_follows_its_rule_object(monkeypatch):
    monkeypatch.setitem(VARIANTS, "short", ShortGame())
    g = Game("short", ["A", "B", "C"], seed=3)
    assert [len(h) for h in g.hands] == [3, 3, 3]
    events = play_out(g, seed=3)
    assert [e.turn for e in events if isinstance(e, ev.Revealed)] == [1, 2, 3, 1, 2, 3]
    assert g.finished and g.round == 2
    assert len(g.record()["deals"]) == 2
