"""The board game's public history of a hand (engine/board/reveals.py) and what the strong bot reads from it
(bots/board/inference.py, issue 34): the others' revealed choices tell which tiles they are unlikely to hold."""

from __future__ import annotations

import random
from collections import Counter
from math import log

import pytest
from test_board_bots import BOARDS, all_tiles, states

from bere_tui.boards import load_board
from bere_tui.bots.board import inference
from bere_tui.bots.board.determinize import deal_world
from bere_tui.bots.board.heuristic import HeuristicBot
from bere_tui.engine.board import Game
from bere_tui.engine.board.events import HandDealt, Revealed, TileDrawn

STANDARD = load_board("standard")


def heuristic_game(n: int, seed: int, side: str, board=STANDARD) -> Game:
    return Game([f"P{p}" for p in range(n)], seed=seed, options={"side": side, "luck": True}, board=board)


def test_bg3_every_reveal_of_the_hand_is_public_with_the_table_it_was_chosen_at():
    """BG3: the choices are revealed to all; the view keeps each turn's reveal of this hand with the rows as they
    stood while the choices were made, the same for every viewer."""
    g = heuristic_game(4, 3, "blue")
    bots = [HeuristicBot(p) for p in range(4)]
    tables = {}  # turn -> rows at its secret choice
    while not g.finished:
        if g.pending["do"] == "select" and not g.choices:
            tables[g.turn] = tuple(tuple(r) for r in g.rows)
            views = [g.view(p) for p in range(4)] + [g.view(None)]
            assert {v.reveals for v in views} == {g.reveals}
            assert [r.turn for r in g.reveals] == list(range(1, g.turn))
            for r in g.reveals:
                assert r.rows == tables[r.turn]
        p = g.deciders()[0]
        for e in g.apply(bots[p].choose(g.view(p), g.legal(p))):
            if isinstance(e, Revealed):
                assert (g.reveals[-1].turn, g.reveals[-1].choices) == (e.turn, e.choices)
    assert len(g.reveals) == 12


def test_bg2_a_second_hand_starts_a_new_history():
    """BG2: with 2 players a second hand is dealt; the reveals and draws are of the hand being played."""
    g = heuristic_game(2, 5, "red", BOARDS["small"])
    bots = [HeuristicBot(p) for p in range(2)]
    dealt = False
    while not g.finished:
        p = g.deciders()[0]
        events = g.apply(bots[p].choose(g.view(p), g.legal(p)))
        if any(isinstance(e, HandDealt) for e in events):
            dealt = True
            assert g.reveals == () and g.draws == [0, 0]
            assert g.view(0).reveals == ()
    assert dealt


def test_bg7_tiles_drawn_from_the_supply_are_counted_for_all_to_see():
    """BG7: a draw-a-tile space puts the supply's top tile in the player's hand in plain sight of the draw (not of
    the tile): every view counts each player's draws this hand, and each reveal the draws before it."""
    drawn = Counter()
    seen_a_draw = False
    for seed in range(1, 6):
        g = heuristic_game(4, seed, "red")
        bots = [HeuristicBot(p) for p in range(4)]
        drawn.clear()
        while not g.finished:
            p = g.deciders()[0]
            for e in g.apply(bots[p].choose(g.view(p), g.legal(p))):
                if isinstance(e, TileDrawn):
                    drawn[e.player] += 1
                    seen_a_draw = True
            if not g.finished:
                assert g.view(1).draws == tuple(drawn[q] for q in range(4))
            if g.reveals:
                assert all(a <= b for a, b in zip(g.reveals[-1].draws, g.draws, strict=True))
    assert seen_a_draw


def test_no_reveal_read_leaves_the_deal_uniform():
    """At the first secret choice nobody has revealed anything: no weights, the deal as before."""
    g = heuristic_game(4, 8, "blue")
    view = g.view(0)
    assert view.reveals == ()
    assert inference.hand_weights(view) == {}
    a = deal_world(view, random.Random(4))
    b = deal_world(view, random.Random(4), {})
    assert a.hands == b.hands and a.supply == b.supply


def excess_in_and_out(side: str, seeds) -> tuple[list[float], list[float]]:
    """Across heuristic games: the excess (the log of the weight, per point of SHARPNESS) player 0 holds against
    each unseen tile for each other player, split by whether that player really holds it."""
    held, not_held = [], []
    for seed in seeds:
        g = heuristic_game(4, seed, side)
        bots = [HeuristicBot(seed * 10 + p) for p in range(4)]
        while not g.finished:
            if g.pending["do"] == "select" and not g.choices and g.turn >= 3:
                view = g.view(0)
                for q, layers in inference.hand_weights(view).items():
                    hidden = set(g.hands[q]) - g.known[q]
                    weights = layers[0][1]
                    for t in view.unseen_tiles():
                        excess = -log(max(weights.get(t, 1.0), 1e-300)) / inference.SHARPNESS
                        (held if t in hidden else not_held).append(excess)
            p = g.deciders()[0]
            g.apply(bots[p].choose(g.view(p), g.legal(p)))
    return held, not_held


@pytest.fixture
def pure_reading(monkeypatch):
    """The heuristic's reading alone, not mixed with the chance that a player chooses otherwise."""
    monkeypatch.setattr(inference, "MIXED", False)


@pytest.mark.parametrize("side", ["blue", "red"])
def test_tiles_a_heuristic_player_would_have_played_are_unlikely_in_its_hand(side, pure_reading):
    """Issue 34: against players who choose by the heuristic's worth, a tile it would have preferred to the one it
    played weighs little; the tiles it really holds keep nearly their whole weight (the worth is recomputed from
    public facts only: on the pro side the hand's own make-up, BG7, is not known), the others lose much of
    theirs."""
    held, not_held = excess_in_and_out(side, range(1, 4))
    assert sum(x > 0.5 for x in held) / len(held) < (0.001 if side == "blue" else 0.05)
    assert sum(x > 0.5 for x in not_held) / len(not_held) > 0.15


def test_among_equals_the_heuristic_plays_its_lowest_tile(pure_reading):
    """policy.best: among tiles of equal worth the first listed (the lowest, Game.legal) is played; so a lower
    tile worth exactly as much as the played one was not held. On the blue side no held tile is excluded so."""
    held, not_held = excess_in_and_out("blue", range(4, 6))
    ties = sum(abs(x - inference.TIE) < 1e-9 for x in not_held)
    assert ties > 0.02 * len(not_held)
    assert not any(abs(x - inference.TIE) < 1e-9 for x in held)


@pytest.mark.parametrize("board", ["standard", "small"])
def test_a_world_dealt_by_weights_agrees_with_the_view(board):
    """The weighted deal gives every other player as many hidden tiles as they hold, each tile once."""
    rng = random.Random(9)
    for side in ("blue", "red"):
        for n in (2, 4):
            for g, p in states(n, 30 + n, side, board, every=4):
                view = g.view(p)
                weights = inference.hand_weights(view)
                world = deal_world(view, rng, weights)
                assert sorted(all_tiles(world)) == list(range(1, g.board.tiles + 1))
                assert [len(h) for h in world.hands] == [len(h) for h in g.hands] or view.pending["do"] == "select"
                for q, pv in enumerate(view.players):
                    assert set(pv.known) <= set(world.hands[q]) | {t for ts, _c in world.choices.values()
                                                                      for t in ts}


def test_a_tile_weighed_zero_is_never_dealt_to_that_player():
    """Efraimidis and Spirakis' draw: a tile whose weight is 0 for a player goes elsewhere while others are left."""
    g = heuristic_game(4, 2, "blue")
    view = g.view(0)
    unseen = view.unseen_tiles()
    banned = set(unseen[:20])
    weights = {1: [(view.players[1].hand_size, {t: 0.0 for t in banned})]}
    for seed in range(20):
        world = deal_world(view, random.Random(seed), weights)
        assert not banned & set(world.hands[1])



def likeness_by_turn(opponent, side: str, seeds) -> dict[int, list[float]]:
    """Player 0's reading, turn by turn, of how likely each other player chooses as the heuristic does, when the
    others are `opponent` bots."""
    from bere_tui.bots.board.random_bot import RandomBot

    make = {"heuristic": HeuristicBot, "random": RandomBot}[opponent]
    got: dict[int, list[float]] = {}
    for seed in seeds:
        g = heuristic_game(4, seed, side)
        bots = [HeuristicBot(0)] + [make(seed * 10 + p) for p in (1, 2, 3)]
        while not g.finished:
            if g.pending["do"] == "select" and not g.choices and g.turn >= 2:
                view = g.view(0)
                for likely in inference.likeness(view).values():
                    got.setdefault(g.turn, []).append(likely)
            p = g.deciders()[0]
            g.apply(bots[p].choose(g.view(p), g.legal(p)))
    return got


@pytest.mark.parametrize("side", ["blue", "red"])
def test_a_player_who_does_not_choose_as_the_heuristic_is_soon_read_so(side):
    """A person may save a good tile for later: once a tile it played later would have beaten the one it played
    before, the reading trusts the heuristic's reading of that player less, and deals its hand nearly uniformly.
    Heuristic players read as such within a few turns; players choosing at random as otherwise."""
    heuristic = likeness_by_turn("heuristic", side, range(1, 4))
    chance = likeness_by_turn("random", side, range(1, 4))
    assert min(heuristic[6]) > 0.85 and sum(heuristic[8]) / len(heuristic[8]) > 0.95
    assert sum(chance[8]) / len(chance[8]) < 0.4
    assert min(chance[10]) < 0.05
