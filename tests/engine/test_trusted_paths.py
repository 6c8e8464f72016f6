"""The engine's fast paths (issue 17) change nothing but the cost: `apply(action, trusted=True)` gives the same
game, record and events as the checked `apply`; shared legal actions cannot be changed; a lazy view is the view;
the engine's shuffle deals as random.Random.shuffle does."""

from __future__ import annotations

import copy
import json
import pickle
import random

import pytest

from bere_tui.bots.nimmt.random_bot import RandomBot
from bere_tui.engine import IllegalAction
from bere_tui.engine.nimmt import Game
from bere_tui.engine.nimmt.game import Action, shuffle
from bere_tui.engine.nimmt.view import LazyView


def play(variant: str, n: int, seed: int, trusted: bool) -> tuple[Game, list]:
    """A random game (special cards often, in the Anniversary variant), every action from `legal`."""
    rng = random.Random(seed)
    game = Game(variant, [f"P{i}" for i in range(n)], seed=seed)
    events = list(game.opening_events)
    while not game.finished:
        for p in game.deciders():
            legal = game.legal(p)
            action = legal[rng.randrange(len(legal))]
            if action["do"] == "special" and len(legal) > 1 and rng.random() < 0.6:
                action = legal[1 + rng.randrange(len(legal) - 1)]
            events += game.apply(action, trusted=trusted)
    return game, events


@pytest.mark.parametrize("variant,counts", [("base", (2, 4, 10)), ("pro", (2, 5)), ("anniversary", (2, 4, 8)),
                                            ("even-odd", (3, 10))])
def test_trusted_apply_gives_the_same_game_and_events(variant, counts):
    for n in counts:
        for seed in range(15):
            checked, checked_events = play(variant, n, seed, trusted=False)
            trusted, trusted_events = play(variant, n, seed, trusted=True)
            assert trusted.record() == checked.record()
            assert trusted_events == checked_events
            # the fields left out of == too: the events say the same in every word
            assert [repr(e) for e in trusted_events] == [repr(e) for e in checked_events]
            assert trusted.totals() == checked.totals() and trusted.winners == checked.winners


def test_untrusted_apply_still_checks_everything():
    game = Game("base", ["A", "B"], seed=1)
    card = next(c for c in range(1, 105) if c not in game.hands[0])
    with pytest.raises(IllegalAction):
        game.apply({"player": 0, "do": "select", "card": card})
    with pytest.raises(IllegalAction):
        game.apply({"player": 0, "do": "select", "card": game.hands[0][0], "extra": 1})
    assert game.actions == [] and all(len(h) == 10 for h in game.hands)


def test_legal_actions_are_shared_and_read_only():
    game = Game("base", ["A", "B", "C"], seed=2)
    legal = game.legal(1)
    assert all(type(a) is Action for a in legal) and legal == game.legal(1)
    assert legal[0] == {"player": 1, "do": "select", "card": game.hands[1][0]}
    for change in (lambda a: a.__setitem__("card", 1), lambda a: a.update(card=1), lambda a: a.pop("card"),
                   lambda a: a.clear(), lambda a: a.setdefault("x", 1), lambda a: a.__delitem__("do")):
        with pytest.raises(TypeError):
            change(legal[0])
    assert legal[0]["card"] == game.hands[1][0]
    for plain in (dict(legal[0]), copy.copy(legal[0]), copy.deepcopy(legal[0]), pickle.loads(pickle.dumps(legal[0]))):
        assert type(plain) is dict and plain == legal[0]
        plain["card"] = 0  # a copy may be changed
    assert json.dumps(legal[0]) == json.dumps(dict(legal[0]))
    game.apply(legal[0])
    assert type(game.record()["actions"][0]) is dict


def test_a_lazy_view_is_the_view_built_when_first_read():
    game = Game("anniversary", ["A", "B", "C"], seed=3)
    lazy = game.lazy_view(1)
    assert isinstance(lazy, LazyView) and lazy.me == 1 and lazy.variant == "anniversary"
    assert lazy._view is None  # nothing built yet
    assert lazy.hand == game.view(1).hand and lazy.built() == game.view(1)
    assert lazy.seen_cards() == game.view(1).seen_cards() and lazy.my_specials == game.view(1).my_specials


def test_the_deal_shuffles_as_random_does():
    for seed in range(200):
        a, b = list(range(1, 105)), list(range(1, 105))
        ra, rb = random.Random(seed), random.Random(seed)
        ra.shuffle(a)
        shuffle(rb, b)
        assert a == b and ra.random() == rb.random()
    for size in (0, 1, 2, 3, 28):
        a, b = list(range(size)), list(range(size))
        random.Random(size).shuffle(a)
        shuffle(random.Random(size), b)
        assert a == b


def test_the_random_bot_draws_as_randrange_does():
    """Its choice is legal[rng.randrange(len(legal))], drawn without the two calls: the same games as before."""
    for seed in [*range(40), -7, 2**31, 2**70 + 3, 4_000_017]:  # (its generator is random.Random's C base)
        bot, rng = RandomBot(seed), random.Random(seed)
        for n in [1, 2, 3, 4, 5, 7, 8, 9, 10, 12, 17, 64, 100] * 3:
            legal = list(range(n))
            assert bot.choose(None, legal) == legal[rng.randrange(n)]


def test_a_blind_pick_is_the_legal_action_of_that_index():
    """Game.legal_pick(p, pick) is legal(p)[pick(len(legal(p)))] at every kind of decision (the list itself is
    not built for a selection or a low card's row)."""
    for variant, n in (("base", 3), ("pro", 3), ("even-odd", 4), ("anniversary", 3)):
        game, rng = Game(variant, [f"P{i}" for i in range(n)], seed=4), random.Random(4)
        kinds = set()
        while not game.finished:
            for p in game.deciders():
                legal = game.legal(p)
                i = rng.randrange(len(legal))
                asked = []

                def pick(count, i=i, asked=asked):
                    asked.append(count)
                    return i

                assert game.legal_pick(p, pick) == legal[i] and asked == [len(legal)]
                kinds.add(legal[i]["do"])
                game.apply(legal[i], trusted=True)
        assert {"select", "take_row"} <= kinds


def state(game: Game) -> dict:
    """Everything a game holds but its random generator, rows as lists, for comparing two games."""
    out = {k: v for k, v in vars(game).items() if k not in ("rng", "rows", "placing", "opening_events", "quiet")}
    out["rows"] = [(r.cards, r.seven, r.stop, r.fifth, r.parity) for r in game.rows]
    return out


def blind_loop(game: Game, seed: int) -> list:
    """The plain loop play_blind stands for: each decider's RandomBot picks by count, applied as trusted."""
    bots = [RandomBot(seed * 1000 + p) for p in range(game.n)]
    events = []
    while not game.finished:
        for p in game.deciders():
            events += game.apply(game.legal_pick(p, bots[p].pick), trusted=True)
    return events


@pytest.mark.parametrize("variant,counts", [("base", (2, 4, 10)), ("pro", (2, 5)), ("anniversary", (2, 5)),
                                            ("even-odd", (3, 10))])
def test_play_blind_is_the_loop_of_legal_pick_and_apply(variant, counts):
    """Game.play_blind (bere sim with random bots): the same game, record and events as the loop, B3's selections
    picked together; every decision timed once, for its own seat."""
    for n in counts:
        for seed in range(8):
            one, blind = (Game(variant, [f"P{i}" for i in range(n)], seed=seed) for _ in range(2))
            one_events = blind_loop(one, seed)
            times = [[] for _ in range(n)]
            bots = [RandomBot(seed * 1000 + p) for p in range(n)]
            blind_events = blind.play_blind([b.pick for b in bots], times, iter(range(10**9)).__next__)
            assert blind.finished and blind.record() == one.record() and state(blind) == state(one)
            assert [repr(e) for e in blind_events] == [repr(e) for e in one_events]
            decisions = [sum(a["player"] == p for a in one.actions) for p in range(n)]
            assert [len(t) for t in times] == decisions and all(t > 0 for seat in times for t in seat)


@pytest.mark.parametrize("variant", ["base", "pro", "anniversary", "even-odd"])
def test_a_game_without_events_is_the_same_game(variant):
    """Game(events=False), for bot-only games nobody watches: no events at all, the same state and record."""
    for n in (2, 5):
        for seed in range(6):
            told, quiet = Game(variant, [f"P{i}" for i in range(n)], seed=seed), Game(
                variant, [f"P{i}" for i in range(n)], seed=seed, events=False)
            assert told.opening_events and not quiet.opening_events
            rng = random.Random(seed)
            while not told.finished:
                for p in told.deciders():
                    legal = told.legal(p)
                    assert quiet.legal(p) == legal
                    action = legal[rng.randrange(len(legal))]
                    assert quiet.apply(action, trusted=bool(seed % 2)) == []
                    told.apply(action, trusted=bool(seed % 2))
            assert quiet.finished and quiet.record() == told.record() and state(quiet) == state(told)
            assert quiet.view(0) == told.view(0)
