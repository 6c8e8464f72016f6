"""The engine's fast paths (issue 17) change nothing but the cost: `apply(action, trusted=True)` gives the same
game, record and events as the checked `apply`; shared legal actions cannot be changed; a lazy view is the view;
the engine's shuffle deals as random.Random.shuffle does."""

from __future__ import annotations

import copy
import json
import pickle
import random

import pytest

from bere_tui.bots.random_bot import RandomBot
from bere_tui.engine import Game, IllegalAction
from bere_tui.engine.game import Action, shuffle
from bere_tui.engine.view import LazyView


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
    for seed in range(40):
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


def test_a_turns_selections_applied_at_once_are_those_applied_one_by_one():
    for n in (2, 4, 10):
        for seed in range(6):
            one, many = (Game("base", [f"P{i}" for i in range(n)], seed=seed) for _ in range(2))
            rng = random.Random(seed)
            one_events, many_events = [], []
            while not one.finished:
                waiting = one.deciders()
                if one.pending["do"] == "select":
                    chosen = [one.legal(p)[rng.randrange(len(one.legal(p)))] for p in waiting]
                    for action in chosen:
                        one_events += one.apply(action, trusted=True)
                    many_events += many.apply_selections(chosen)
                else:
                    action = one.legal(waiting[0])[0]
                    one_events += one.apply(action, trusted=True)
                    many_events += many.apply(action, trusted=True)
            assert many.record() == one.record() and many.finished
            assert [repr(e) for e in many_events] == [repr(e) for e in one_events]
