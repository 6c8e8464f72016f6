"""The bots of a bot-only game (bots/runner.py, `bere sim`): one per seat, seeded seed * 1000 + seat, except that
the random seats share the generator of the first of them (a game seeds one generator for them, not one each)."""

from __future__ import annotations

import random

from bere_tui.bots.nimmt.heuristic import HeuristicBot
from bere_tui.bots.nimmt.random_bot import RandomBot
from bere_tui.bots.runner import _bots, play_bot_game
from bere_tui.engine.nimmt import Game


def test_the_random_seats_share_the_first_random_seats_generator():
    bots = _bots(["heuristic", "random", "random", "heuristic", "random"], seed=3)
    assert [type(b) for b in bots] == [HeuristicBot, RandomBot, RandomBot, HeuristicBot, RandomBot]
    assert bots[1].rng is bots[2].rng is bots[4].rng
    assert bots[0].rng is not bots[3].rng
    # the shared generator is the first random seat's, seeded as random.Random(3 * 1000 + 1)
    reference = random.Random(3001)
    assert [bots[p].pick(7) for p in (4, 1, 2, 1)] == [reference.randrange(7) for _ in range(4)]


def test_a_game_of_random_bots_is_the_loop_of_one_shared_generator():
    """B3, B6: every selection and every low card's row is drawn from that one generator in the order the
    decisions come (a turn's selections in seat order), as play_blind draws them."""
    for variant, n in (("base", 4), ("even-odd", 3), ("anniversary", 3), ("pro", 2)):
        for seed in range(3):
            sim = play_bot_game(variant, ["random"] * n, seed, events=False)
            loop = Game(variant, [{"name": f"random {p + 1}", "bot": "random"} for p in range(n)], seed=seed)
            rng = random.Random(seed * 1000)
            while not loop.finished:
                for p in loop.deciders():
                    legal = loop.legal(p)
                    loop.apply(legal[rng.randrange(len(legal))])
            assert sim.record() == loop.record()
            assert play_bot_game(variant, ["random"] * n, seed).record() == sim.record()
