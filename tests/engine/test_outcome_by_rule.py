"""The engine-made outcome (engine/outcome.py, issue 32) of each game system, rule by rule: 6 nimmt!'s
bullheads by round (B8), its end by the target or after the rounds (B9, B10, A6) and Negative = Positive's
set-aside bullheads that never count (A-NP-1); Bullenparty's plus pile, Bull cards and minus piles (BP10) and its
end when the draw pile ran out (BP9); the board game's points by kind (BG4, BG6, BG-D4, BG-D5) and the red
side's end by a player out of tiles, with what the tiles left in hand cost (BG7)."""

from __future__ import annotations

import random
from collections import Counter

import pytest

from bere_tui.engine.board import events as bg
from bere_tui.engine.bullenparty import Game as BullenpartyGame
from bere_tui.engine.nimmt import Game
from bere_tui.engine.nimmt import events as ev
from bere_tui.engine.outcome import Outcome, Part, Score
from bere_tui.systems import make_game


def people(n: int) -> list[dict]:
    return [{"name": name} for name in ("Ann", "Ben", "Cid", "Dot", "Eve", "Fay")[:n]]


def play(game, seed: int) -> list:
    """Random legal actions until the game ends; every event."""
    rng = random.Random(seed)
    told = list(game.opening_events)
    while not game.finished:
        told += game.apply(rng.choice(game.legal(game.deciders()[0])))
    return told


def part_points(outcome: Outcome, p: int) -> dict[tuple[str, int | None], int]:
    return {(part.kind, part.n): part.points for part in outcome.scores[p].parts}


# ---------------------------------------------------------------------- 6 nimmt!


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_b8_b9_each_round_is_a_part_and_the_game_ends_when_a_total_reaches_66(seed):
    game = Game("base", people(4), seed=seed)
    play(game, seed)
    outcome = game.outcome()
    assert not outcome.highest_wins and outcome.ended == "target"
    for p in range(4):
        assert [part.points for part in outcome.scores[p].parts] == game.scores[p]  # B8: one part a round
        assert [part.n for part in outcome.scores[p].parts] == list(range(1, game.round + 1))
    assert outcome.ended_by == tuple(p for p, t in enumerate(outcome.totals) if t >= 66) != ()  # B9
    assert outcome.winners == tuple(p for p, t in enumerate(outcome.totals) if t == min(outcome.totals))
    assert outcome.ranking()[0] in outcome.winners


def test_b10_a_fixed_number_of_rounds_ends_after_them():
    game = Game("base", people(3), seed=4, options={"rounds": 2})
    play(game, 4)
    outcome = game.outcome()
    assert outcome.ended == "rounds" and outcome.ended_by == () and len(outcome.scores[0].parts) == 2


def test_a6_a_np_1_the_anniversary_game_has_two_rounds_and_the_set_aside_bullheads_do_not_count():
    for seed in range(40):
        game = Game("anniversary", people(4), seed=seed)
        told = play(game, seed)
        cancelled = [e for e in told if isinstance(e, ev.Cancelled)]
        if cancelled:
            break
    else:
        pytest.fail("no random game played Negative = Positive")
    outcome = game.outcome()
    assert outcome.ended == "rounds" and [k for k in outcome.kinds() if k[0] == "round"] == [("round", 1),
                                                                                               ("round", 2)]
    for p in range(4):
        heads = sum(e.bullheads for e in cancelled if e.player == p)
        parts = {part.kind: part for part in outcome.scores[p].parts}
        assert (parts["cancelled"] == Part("cancelled", heads, counted=False)) if heads else "cancelled" not in parts
        assert sum(part.points for part in outcome.scores[p].parts if part.counted) == outcome.totals[p]


def test_the_outcome_while_a_round_goes_on_counts_its_bull_pile_as_it_stands():
    game = Game("base", people(2), seed=5)
    rng = random.Random(5)
    while game.round == 1 and not any(game.piles):
        game.apply(rng.choice(game.legal(game.deciders()[0])))
    outcome = game.outcome()
    assert outcome.winners == () and outcome.ended == ""
    assert outcome.totals == tuple(game.totals()) and any(outcome.totals)


# ---------------------------------------------------------------------- Bullenparty


def test_bp10_the_pile_with_most_bullheads_counts_plus_bull_cards_plus_the_other_piles_minus():
    game = BullenpartyGame(people(2), seed=1)
    game.piles[0] = [[1, 2, 3], [55], [10, 20]]  # 3, 7 and 6 bullheads (C1)
    game.bulls[0] = [4, 7]
    outcome = game.outcome()
    assert part_points(outcome, 0) == {("plus_pile", None): 7, ("bulls", None): 11, ("minus_piles", None): -9}
    assert outcome.totals[0] == 9 == game.scores()[0]
    assert part_points(outcome, 1) == {("plus_pile", None): 0, ("bulls", None): 0, ("minus_piles", None): 0}


@pytest.mark.parametrize("seed", [1, 2])
def test_bp9_bp10_the_game_ends_when_the_draw_pile_ran_out_and_the_highest_total_wins(seed):
    game = BullenpartyGame(people(3), seed=seed)
    play(game, seed)
    outcome = game.outcome()
    assert outcome.highest_wins and outcome.ended == "draw_pile" and outcome.ended_by == ()
    assert outcome.winners == tuple(p for p, t in enumerate(outcome.totals) if t == max(outcome.totals))
    assert [outcome.totals[p] for p in outcome.ranking()] == sorted(outcome.totals, reverse=True)


# ---------------------------------------------------------------------- the board game


def points_told(told) -> list[Counter]:
    """Each player's points by kind as the events tell them (BG4, BG6, BG-D4, BG-D5, BG7)."""
    by: dict[int, Counter] = {}
    for e in told:
        if isinstance(e, bg.SpaceScored):
            kind = e.kind
        elif isinstance(e, bg.RowFinished):
            kind = "row_bonus" if e.bonus else "row_filled"
        elif isinstance(e, bg.RowTaken):
            kind = "take_row"
        elif isinstance(e, bg.HandPenalty):
            kind = "hand"
        else:
            continue
        by.setdefault(e.player, Counter())[kind] += e.points
    return [by.get(p, Counter()) for p in range(max(by, default=-1) + 1)]


@pytest.mark.parametrize(("side", "seed"), [("blue", 1), ("blue", 2), ("red", 1), ("red", 3)])
def test_bg4_bg6_bg7_the_board_game_scores_by_kind_as_its_events_tell(side, seed):
    game = make_game("board", people(4), seed=seed, options={"side": side, "luck": True})
    told = play(game, seed)
    outcome = game.outcome()
    assert outcome.highest_wins
    for p, counter in enumerate(points_told(told)):
        shown = {part.kind: part.points for part in outcome.scores[p].parts}
        assert {k: v for k, v in shown.items() if v} == {k: v for k, v in counter.items() if v}
    kinds = {kind for kind, _n in outcome.kinds()}
    if side == "blue":  # BG-D7: every tile played; no tiles are left in a hand to cost anything
        assert outcome.ended == "tiles_played" and outcome.ended_by == () and "hand" not in kinds
    else:  # BG7: a player ran out of tiles; the others lose the bullheads left in their hands
        penalties = {e.player: e.points for e in told if isinstance(e, bg.HandPenalty)}
        assert outcome.ended == "out_of_tiles" and outcome.ended_by and "hand" in kinds
        assert set(outcome.ended_by).isdisjoint(penalties)
        for p in range(4):
            assert part_points(outcome, p)[("hand", None)] == penalties.get(p, 0)


def test_the_outcome_goes_over_the_wire_and_back_unchanged():
    outcome = Outcome(False, (1,), (Score(12, (Part("round", 5, 1), Part("round", 7, 2), Part("cancelled", 3,
                                                                                              counted=False))),
                                    Score(4, (Part("round", 4, 1), Part("round", 0, 2)))), "rounds")
    assert Outcome.from_wire(outcome.to_wire()) == outcome
    assert outcome.ranking() == [1, 0] and outcome.kinds() == [("round", 1), ("round", 2), ("cancelled", None)]
