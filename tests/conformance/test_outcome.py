"""The engine-made outcome (engine/outcome.py, issue 32) over every registered game system: for random finished
games the counted parts of each player's score add up to their total, the totals are the engine's, and the
winners are the players with the best total the engine's own way (the lowest, B9 and A7; the highest, BP10 and
BG-D7)."""

from __future__ import annotations

import random

from hypothesis import given, settings
from hypothesis import strategies as st
from test_every_system import SHORT, people, play_randomly

from bere_tui.engine.outcome import Outcome
from bere_tui.systems import GAMES, make_game, player_limits

#: each variant with its options worth a game of their own (the board game's red side ends otherwise, BG7)
CASES = [(v, SHORT.get(v)) for v in GAMES] + [("board", {"side": "red"}), ("board", {"luck": True}),
                                              ("base", None), ("anniversary", {})]


def check(outcome: Outcome, game) -> None:
    assert outcome.totals == tuple(game.totals())
    for score in outcome.scores:
        assert sum(part.points for part in score.parts if part.counted) == score.total
    best = (max if outcome.highest_wins else min)(outcome.totals)
    assert outcome.winners == tuple(game.winners) == tuple(p for p, t in enumerate(outcome.totals) if t == best)
    assert outcome.ended and set(outcome.ended_by) <= set(range(game.n))
    ranking = outcome.ranking()
    assert sorted(ranking) == list(range(game.n)) and set(ranking[:len(outcome.winners)]) == set(outcome.winners)
    assert Outcome.from_wire(outcome.to_wire()) == outcome


@settings(max_examples=40, deadline=None)
@given(case=st.sampled_from(CASES), seed=st.integers(0, 10**6), data=st.data())
def test_the_parts_of_every_score_add_up_to_the_total_in_random_finished_games(case, seed, data):
    variant, options = case
    low, high = player_limits(variant, options)
    n = data.draw(st.integers(low, min(high, 6)), label="players")
    game = make_game(variant, people(n), seed=seed, options=options)
    before = game.outcome()
    assert not before.winners and not before.ended
    play_randomly(game, random.Random(seed))
    check(game.outcome(), game)


def test_the_outcome_of_a_game_going_on_is_the_scores_as_they_stand():
    for variant, options in CASES:
        game = make_game(variant, people(3), seed=5, options=options)
        rng = random.Random(5)
        for _ in range(25):
            if game.finished:
                break
            game.apply(rng.choice(game.legal(game.deciders()[0])))
        outcome = game.outcome()
        assert outcome.totals == tuple(game.totals())
        for score in outcome.scores:
            assert sum(part.points for part in score.parts if part.counted) == score.total
