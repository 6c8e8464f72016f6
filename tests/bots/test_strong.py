"""The `strong` bot: only legal actions in every variant and every kind of decision, decisions from the view
alone (never the Game), the same decision for the same seed, and sound choices where the answer is clear."""

from __future__ import annotations

import gc
import os
import random
import sys
from collections import Counter
from dataclasses import replace
from types import SimpleNamespace

import pytest
from hypothesis import given
from hypothesis import strategies as st

from bere_tui.bots import make_bot
from bere_tui.bots.nimmt.fastsim import POLICIES
from bere_tui.bots.nimmt.strong import (
    DEFAULT_POLICY,
    HAND_REF,
    POLICY_EFFORT,
    VARIANT_POLICY,
    VARIANT_SEARCH,
    StrongBot,
    WinChances,
    effort,
    win_chance,
)
from bere_tui.bots.runner import deciders
from bere_tui.cli import main as cli_main
from bere_tui.engine import HEADS
from bere_tui.engine.nimmt import Game

FAST = {"iterations": 6}


def play(variant: str, n: int, seed: int, strong_seats, other: str = "random", rounds: int | None = 2,
         **bot_args) -> tuple[Game, Counter]:
    """A game (of two rounds but in the Anniversary variant, which always has two); every action of a strong
    seat is checked against `legal` before it is applied."""
    options = {"rounds": rounds} if variant != "anniversary" and rounds else None
    game = Game(variant, [f"P{i}" for i in range(n)], seed=seed, options=options)
    bots = {p: StrongBot(seed * 10 + p, **(bot_args or FAST)) if p in strong_seats else make_bot(other, p)
            for p in range(n)}
    kinds: Counter = Counter()
    while not game.finished:
        for p in deciders(game):
            legal = game.legal(p)
            action = bots[p].choose(game.view(p), legal)
            if p in strong_seats:
                assert action in legal
                kinds[action["do"]] += len(legal) > 1
            game.apply(action)
    return game, kinds


@pytest.mark.parametrize("variant,n", [("base", 3), ("pro", 4), ("even-odd", 5), ("base", 10), ("pro", 2)])
def test_only_legal_actions(variant, n):
    kinds: Counter = Counter()
    for seed in range(4):
        _, k = play(variant, n, seed, strong_seats=(0, 1))
        kinds += k
    assert kinds["select"] > 0 and kinds["take_row"] > 0
    if variant == "pro":
        assert kinds["draft"] > 0


def test_only_legal_actions_in_the_anniversary_variant_for_every_kind_of_decision():
    kinds: Counter = Counter()
    for seed in range(12):
        _, k = play("anniversary", 2 + seed % 7, seed, strong_seats=(0, 1))
        kinds += k
    # select, take_row (B6), special (A-ORD-1), cancel (A-NP-1), swap (A5): all decided by the bot
    assert set(kinds) >= {"select", "take_row", "special", "cancel", "swap"}
    assert min(kinds.values()) > 0


def test_same_seed_same_game():
    records = [play("anniversary", 3, 5, strong_seats=(0, 1, 2))[0].record() for _ in range(2)]
    assert records[0] == records[1]
    records = [play("base", 4, 9, strong_seats=(1,), other="heuristic", rounds=None)[0].record() for _ in range(2)]
    assert records[0] == records[1]


def test_iterations_cap_the_worlds():
    game = Game("base", ["A", "B", "C"], seed=3)
    bot = StrongBot(1, iterations=17)
    bot.choose(game.view(0), game.legal(0))
    assert 0 < bot.worlds <= 17 and bot.rollouts >= bot.worlds
    with pytest.raises(ValueError):
        StrongBot(1, simulations=None, iterations=None)  # it would never stop


@pytest.mark.parametrize("policy", ["gap", "random"])
def test_simulations_cap_the_rollouts(policy):
    game = Game("base", ["A", "B", "C", "D"], seed=3)
    bot = StrongBot(1, simulations=50, iterations=None, policy=policy, hand_scale=0.0, batched=False)
    bot.choose(game.view(0), game.legal(0))
    cap = round(50 * POLICY_EFFORT[policy])  # random rollouts cost less: more of them in the same time
    cap = round(cap * VARIANT_SEARCH["base"].get("effort", 1.0))  # the base game's share of the cap
    assert cap <= bot.rollouts < cap + len(game.legal(0))  # the world that reaches the cap is finished


def test_the_cap_grows_with_the_cards_in_hand():
    """hand_scale: more rollouts where the round is young (ten cards: many options, long rollouts)."""
    game = Game("base", ["A", "B", "C", "D"], seed=3)
    view = game.view(0)
    bot = StrongBot(1, simulations=600, hand_scale=1.0)
    bot._prepare(view)
    share = VARIANT_SEARCH["base"].get("effort", 1.0)  # the base game's share of the cap
    assert bot._simulations == round(round(effort(600, view, "random") * share) * len(view.hand) / HAND_REF)
    flat = StrongBot(1, simulations=600, hand_scale=0.0)
    flat._prepare(view)
    assert flat._simulations == round(effort(600, view, "random") * share)


@pytest.mark.parametrize("variant", ["base", "pro", "even-odd", "anniversary"])
def test_each_variant_rolls_out_with_its_own_policy(variant):
    """The base game's rollouts play random cards (measured stronger at equal time against the flat Monte Carlo
    baseline: twice as many rollouts); the other variants keep the closest fit, and a policy given is kept."""
    game = Game(variant, ["A", "B", "C", "D"], seed=3)
    while 0 not in deciders(game) or game.legal(0)[0]["do"] != "select":
        p = deciders(game)[0]
        game.apply(make_bot("random", p).choose(game.view(p), game.legal(p)))
    view = game.view(0)
    bot = StrongBot(1, simulations=100)
    bot._prepare(view)
    expected = VARIANT_POLICY.get(variant, DEFAULT_POLICY)
    assert bot.pick is POLICIES[expected]
    scale = (len(view.hand) / HAND_REF) ** VARIANT_SEARCH.get(variant, {}).get("hand_scale", 0.0)
    share = VARIANT_SEARCH.get(variant, {}).get("effort", 1.0)
    assert bot._simulations == round(round(effort(100, view, expected) * share) * scale)
    given = StrongBot(1, simulations=100, policy="gap")
    given._prepare(view)
    assert given.pick is POLICIES["gap"]


class _ClockWatch:
    """Records every call of a function of the `time` module while active (sys.setprofile sees C calls)."""

    def __init__(self):
        self.calls: list[str] = []

    def __call__(self, frame, event, arg):
        if event == "c_call" and getattr(arg, "__module__", None) == "time":
            self.calls.append(arg.__name__)


@pytest.mark.parametrize("variant", ["base", "anniversary", "pro"])
def test_the_default_bot_never_reads_the_clock(variant):
    """Issue 12: its effort is a number of simulations, not seconds, so a seed gives the same game anywhere."""
    game = Game(variant, ["A", "B", "C", "D"], seed=2)
    bot = make_bot("strong", 7)
    watch = _ClockWatch()
    decisions = 0
    while decisions < 3:
        p = deciders(game)[0]
        legal = game.legal(p)
        if p == 0 and len(legal) > 1:
            bot.simulations = 40  # (the default's effort, profiled, would take long)
            sys.setprofile(watch)
            try:
                action = bot.choose(game.view(p), legal)
            finally:
                sys.setprofile(None)
            decisions += 1
        else:
            action = make_bot("random", p).choose(game.view(p), legal)
        game.apply(action)
    assert watch.calls == []


def test_same_seed_same_record_with_the_default_strong_bot():
    """Issue 12: `bere sim --seed S` and `bere play --seed S` with a strong seat give the same game every run
    (the loop `bere sim` plays; the table makes its bots the same way, make_bot(level, seed * 1000 + seat))."""
    from bere_tui.bots.runner import play_bot_game

    records = [play_bot_game("base", ["strong", "random", "heuristic"], 3, options={"rounds": 1}).record()
               for _ in range(2)]
    assert records[0] == records[1]


# ---------------------------------------------------------------- a player's view only

class _Tracer:
    """Records the source file of every Python function called while active."""

    def __init__(self):
        self.files: set[str] = set()

    def __call__(self, frame, event, arg):
        if event == "call":
            self.files.add(os.path.normpath(frame.f_code.co_filename))


PLAIN = (tuple, list, dict, int, str, bool, float, type(None))


def _reachable_types(root) -> set[type]:
    """The types of everything a view holds, following plain containers and the view's own dataclasses."""
    seen, todo, types = set(), [root], set()
    while todo:
        obj = todo.pop()
        if id(obj) in seen:
            continue
        seen.add(id(obj))
        types.add(type(obj))
        if isinstance(obj, (tuple, list, dict)) or type(obj).__name__.endswith("View"):
            todo.extend(x for x in gc.get_referents(obj) if not isinstance(x, type))
    return types


@pytest.mark.parametrize("variant", ["base", "anniversary", "even-odd"])
def test_decides_from_the_view_alone(variant):
    rng = random.Random(4)
    checked = 0
    for seed in range(3):
        game = Game(variant, ["A", "B", "C", "D"], seed=seed)
        while not game.finished and checked < 40 * (seed + 1):
            p = deciders(game)[0]
            legal = game.legal(p)
            view = game.view(p)
            if len(legal) > 1 and rng.random() < 0.3:
                # the others' hands and special cards are hidden in the view; strip them again to be sure
                stripped = replace(view, players=tuple(
                    pv if q == p else replace(pv, hand=None, specials=None, selected=None)
                    for q, pv in enumerate(view.players)))
                assert stripped == view
                assert {t for t in _reachable_types(stripped) if not t.__name__.endswith("View")} <= set(PLAIN)
                tracer = _Tracer()
                bot = StrongBot(seed, iterations=4)
                sys.setprofile(tracer)
                try:
                    action = bot.choose(stripped, legal)
                finally:
                    sys.setprofile(None)
                assert action in legal
                engine_files = {f for f in tracer.files if os.sep + "engine" + os.sep in f}
                # the bot may read the card table and reuse the A-NP-1 subset rule, never the Game
                assert all(f.endswith(("cards.py", "specials.py", "view.py", "variants.py")) for f in engine_files)
                checked += 1
            game.apply(make_bot("random", checked).choose(view, legal))
    assert checked >= 30


def test_hidden_cards_do_not_change_the_decision():
    """Two deals that differ only in the cards P0 cannot see: the same view, the same decision."""
    rows = [10, 30, 60, 90]
    mine = [11, 12, 31, 32, 61, 62, 91, 92, 5, 100]
    rest = [c for c in range(1, 105) if c not in rows and c not in mine]
    decisions = []
    for shuffle_seed in (1, 2):
        cards = rest[:]
        random.Random(shuffle_seed).shuffle(cards)
        hands = [mine, cards[:10], cards[10:20]]
        game = Game("base", ["A", "B", "C"], seed=0, deals=[{"rows": rows, "hands": hands}])
        game.apply(game.legal(1)[0])  # B chose: still hidden from A
        decisions.append((game.view(0), StrongBot(3, iterations=30).choose(game.view(0), game.legal(0))))
    assert decisions[0] == decisions[1]


# ---------------------------------------------------------------- sound choices

def test_does_not_play_the_sure_sixth_card():
    # rows 1 and 2 are full and dear; 46 and 76 would surely take them (B5); 14 and 24 are safe
    rows = [13, 40, 70, 101]
    game = Game("base", ["A", "B"], seed=0, deals=[{"rows": rows, "hands": [
        [14, 24, 46, 76, 1, 2, 3, 4, 6, 7], [95, 96, 97, 98, 99, 100, 102, 103, 104, 94]]}])
    for r, extra in ((1, [41, 42, 43, 44]), (2, [71, 72, 73, 75])):
        game.rows[r].cards.extend(extra)  # laid from the cards out of play
    action = StrongBot(0, iterations=60).choose(game.view(0), game.legal(0))
    assert action["card"] not in (46, 76)


def test_low_card_takes_the_cheap_row_when_nothing_else_matters():
    # B6 with 1: row 3 (one card, 1 bullhead) is far cheaper than the others, and every later card of both
    # players goes after 77 whichever row the 1 starts
    game = Game("base", ["A", "B"], seed=0, deals=[{"rows": [55, 66, 77, 9], "hands": [
        [1, 91, 92, 93, 94, 95, 96, 97, 98, 99], [80, 81, 82, 83, 84, 85, 86, 87, 88, 89]]}])
    game.apply({"player": 0, "do": "select", "card": 1})
    game.apply({"player": 1, "do": "select", "card": 80})
    assert game.pending["do"] == "take_row"
    action = StrongBot(0, iterations=60).choose(game.view(0), game.legal(0))
    assert action == {"player": 0, "do": "take_row", "row": 3}


def test_cancel_sets_aside_the_most_bullheads():
    view = SimpleNamespace(variant="anniversary", round=1)
    legal = [{"player": 0, "do": "cancel", "positive": 55, "cancel": [11, 22]},
             {"player": 0, "do": "cancel", "positive": 10, "cancel": [3, 4, 6]}]
    assert StrongBot(0).choose(view, legal) == legal[0]  # 7 + 10 against 3 + 3
    assert HEADS[55] + HEADS[11] + HEADS[22] > HEADS[10] + 3


def test_sim_accepts_strong(capsys, monkeypatch):
    monkeypatch.setattr(StrongBot, "default_iterations", 3)
    assert cli_main(["sim", "--bots", "strong,random,heuristic", "--games", "1", "--json"]) == 0
    assert '"bot": "strong"' in capsys.readouterr().out


# ---------------------------------------------------------------- the game-level objective (issue 34)

def test_win_chance_when_the_game_ends_now():
    """B9: the lowest total wins, a shared lowest too; no rounds left means the totals decide."""
    assert win_chance([40, 50, 66, 45], 0, 0) == 1.0
    assert win_chance([40, 40, 66, 45], 1, 0) == 1.0
    assert win_chance([46, 45, 66, 50], 0, 0) == 0.0


def test_win_chance_is_fair_among_equals_and_falls_with_the_own_total():
    assert win_chance([20, 20, 20, 20], 2, 3) == pytest.approx(0.25, abs=0.03)
    chances = [win_chance([20 + d, 20, 20, 20], 0, 3) for d in range(0, 30, 3)]
    assert chances == sorted(chances, reverse=True) and chances[-1] < 0.05
    # fewer rounds left: the same lead counts for more
    assert win_chance([10, 20, 20, 20], 0, 1) > win_chance([10, 20, 20, 20], 0, 4) > 0.25
    # the leader to beat is the lowest other total
    assert win_chance([30, 10, 60, 60], 0, 2) < win_chance([30, 40, 40, 40], 0, 2)


@given(st.lists(st.integers(0, 90), min_size=2, max_size=10), st.data(),
       st.sampled_from([0, 0.5, 1.0, 1.75, 3.0, 6.0]))
def test_win_chances_from_tables_equal_win_chance(totals, data, left):
    """B9: the tables the search reads give win_chance's numbers, for any totals, seat and rounds left."""
    me = data.draw(st.integers(0, len(totals) - 1))
    chances = WinChances()
    assert chances(totals, me, left) == pytest.approx(win_chance(totals, me, left), abs=1e-12)
    assert chances(totals, me, left) == pytest.approx(win_chance(totals, me, left), abs=1e-12)  # from the table


def test_win_objective_is_the_base_games_and_the_evaluator_keeps_the_rounds_points():
    from bere_tui.bots.nimmt.evaluate import Evaluator

    game = Game("base", ["A", "B", "C", "D"], seed=2)
    bot = StrongBot(0, iterations=4)
    bot.choose(game.view(0), game.legal(0))
    assert (bot._objective, bot._first, bot._hand_scale) == ("win", "risk", 1.0)
    game = Game("even-odd", ["A", "B", "C", "D"], seed=2)
    bot.choose(game.view(0), game.legal(0))
    assert (bot._objective, bot._first, bot._hand_scale) == ("round", "rollout", 0.0)
    assert Evaluator(0, 4).objective == "round"
