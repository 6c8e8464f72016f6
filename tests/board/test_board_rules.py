"""The board game's rules (RULES section 6: BG1-BG7 and the Decisions BG-D1-BG-D7; docs/board.md), each
checked on an exact position: a small hand-made Board (board_table.py) and an explicit setup (`deals=[...]`),
so nothing here is statistical. The shipped board is used only where the rule is about it (BG1, BG-D1, BG2).
"""

from __future__ import annotations

import dataclasses

import pytest
from board_table import HEADS, autoplay, board, card_rows, game, of, plain_rows, row, select, snapshot

from bere_tui.boards import load_board
from bere_tui.engine.board import rules
from bere_tui.engine.board.events import (
    ActionDrawn,
    GameOver,
    HandDealt,
    HandPenalty,
    LuckDiscarded,
    LuckDrawn,
    LuckPlaced,
    PlayTwo,
    Revealed,
    RowFinished,
    RowGathered,
    RowTaken,
    Selected,
    SetUp,
    SpaceScored,
    StopPlaced,
    TileDrawn,
    TilePlaced,
    TileSwapped,
    TurnEnded,
)
from bere_tui.engine.cards import HEADS as CARD_HEADS
from bere_tui.engine.errors import IllegalAction
from bere_tui.systems import make_game

START = [10, 20, 30, 40]


def names(n):
    return [f"P{p + 1}" for p in range(n)]


# ---------------------------------------------------------------------------------------------- BG1, BG-D1, BG-D2


def test_bg1_components_of_the_shipped_board():
    """BG1: 100 tiles of 1-5 bullheads, 24 action cards, 12 luck cards, 2 STOP tokens, a double-sided board
    (blue base, red pro) of 10 rows of different lengths; score markers start at 0."""
    b = load_board("standard")
    assert b.tiles == 100 and all(1 <= b.heads[t] <= 5 for t in range(1, 101))
    assert len(b.action_cards) == 24 and len(b.luck_cards) == 12 and b.stop_tokens == 2
    assert set(b.sides) == {"blue", "red"}
    assert not b.sides["blue"].pro and b.sides["red"].pro
    for side in b.sides.values():
        assert len(side.rows) == 10 and len({r.length for r in side.rows}) > 1
    g = make_game("board", names(3), 5, {"side": "red"})
    assert g.scores == [0, 0, 0] and g.view(None).stop_tokens == 2


def test_bg_d1_bullheads_are_the_card_games_capped_at_5():
    """BG-D1: a tile's bullheads are C1's for that number, capped at 5 (55 has 5)."""
    b = load_board("standard")
    assert [b.heads[t] for t in range(1, 101)] == [min(CARD_HEADS[t], 5) for t in range(1, 101)]
    assert b.heads[55] == 5 and CARD_HEADS[55] == 7


def test_bg_d2_rows_come_from_the_board_file_and_end_in_a_final_space():
    """BG-D2: each side's 10 rows, lengths 5 to 8 and special spaces come from the file; the last space of
    every row is its final space and holds no special of its own."""
    for side in load_board("standard").sides.values():
        for spec in side.rows:
            assert 5 <= spec.length <= 8 and spec.final == spec.length - 1
            assert all(0 < i < spec.final for i in spec.spaces)
    # a row of 3 spaces on a hand-made board ends at its third space
    b = board([row(3), *plain_rows(9)])
    g = game(b, START, [[11, 12, 50], [41, 42, 43]])
    select(g, {0: 11, 1: 41})
    ev = select(g, {0: 12, 1: 42})
    assert of(ev, RowFinished)[0].row == 0 and of(ev, TilePlaced)[0].space == 2


# ---------------------------------------------------------------------------------------------- BG2


@pytest.mark.parametrize("n", [2, 3, 4, 5, 6])
def test_bg2_setup_start_tiles_in_the_top_four_rows_and_12_tiles_each(n):
    """BG2: 4 random tiles on the first space of the top four rows, which are the active rows; 12 tiles in
    each hand behind the screen; the rest is the supply."""
    g = make_game("board", names(n), 11 + n, {"side": "blue"})
    assert [len(r) for r in g.rows] == [1, 1, 1, 1, 0, 0, 0, 0, 0, 0]
    assert g.active == [True] * 4 + [False] * 6
    assert [len(h) for h in g.hands] == [12] * n
    assert len(g.supply) == 100 - 4 - 12 * n
    every = [t for r in g.rows for t in r] + [t for h in g.hands for t in h] + g.supply
    assert sorted(every) == list(range(1, 101))
    setup = of(g.opening_events, SetUp)[0]
    assert setup.rows == tuple((r, g.rows[r][0]) for r in range(4))
    assert of(g.opening_events, HandDealt) == [HandDealt(1, 12)]
    assert g.pending == {"do": "select", "players": list(range(n))}


@pytest.mark.parametrize("n", [2, 3, 4, 5, 6])
def test_bg2_second_hand_at_2_or_3_players_and_not_at_4_to_6(n):
    """BG2, BG-D7: with 2-3 players a second hand of 12 follows once every hand is empty (blue side); with
    4-6 players the game ends after the first hand."""
    g = make_game("board", names(n), 3 * n, {"side": "blue"})
    dealt = []
    while not g.finished:
        before = [len(h) for h in g.hands]
        ev = g.apply(g.legal(g.deciders()[0])[0])
        for e in of(ev, HandDealt):
            dealt.append(e)
            assert before.count(0) >= n - 1  # the last tiles of hand 1 were just played
            assert [len(h) for h in g.hands] == [12] * n and g.hand_no == 2
    played = [0] * n
    for a in g.actions:
        if a["do"] == "select":
            played[a["player"]] += len(a["tiles"])
    if n <= 3:
        assert dealt == [HandDealt(2, 12)] and played == [24] * n
    else:
        assert dealt == [] and played == [12] * n


def test_bg2_too_many_players_for_the_tiles_is_refused():
    """BG2: the board's tiles must cover 4 start tiles and every hand (two hands at 2-3 players)."""
    from bere_tui.engine.board import Game
    from bere_tui.engine.errors import SetupError

    with pytest.raises(SetupError):
        Game(names(3), board=board(tiles=20))  # 4 + 3 * 3 * 2 = 22 tiles needed
    Game(names(4), board=board(tiles=20), options={"side": "blue"})  # 4 + 4 * 3 = 16


# ---------------------------------------------------------------------------------------------- BG3


def test_bg3_a_tile_goes_to_the_closest_lower_row_end():
    """BG3: the row whose last tile is the highest one lower than the tile."""
    g = game(board(), START, [[25, 1, 2], [39, 3, 4]])
    ev = select(g, {0: 25, 1: 39})
    assert [(e.player, e.tile, e.row, e.space, e.how) for e in of(ev, TilePlaced)] == [
        (0, 25, 1, 1, "closest"), (1, 39, 2, 1, "closest")]
    assert g.rows[:4] == [[10], [20, 25], [30, 39], [40]]
    assert rules.target_row({0: 10, 1: 20, 2: 30, 3: 40}, 31) == (2, "closest")


def test_bg3_a_tile_lower_than_every_end_goes_after_the_highest_end_and_nobody_takes_a_row():
    """BG3: lower than every row end: after the highest row end; no row is taken, no score changes."""
    g = game(board(), START, [[25, 1, 2], [5, 3, 4]])
    ev = select(g, {0: 25, 1: 5})
    placed = of(ev, TilePlaced)
    assert (placed[0].player, placed[0].tile, placed[0].row, placed[0].how) == (1, 5, 3, "lowest")
    assert g.rows[3] == [40, 5] and g.scores == [0, 0] and g.out == []
    assert not of(ev, RowTaken) and not of(ev, RowFinished)
    assert rules.target_row({0: 10, 1: 20, 2: 30, 3: 40}, 9) == (3, "lowest")


def test_bg3_secret_choice_then_reveal_then_lowest_first():
    """BG3: all choose in secret (nothing placed until every choice is in), reveal, place lowest first: 21
    before 22, so 22 goes after 21 (placed by seat, 21 would have gone after 10)."""
    g = game(board(), START, [[22, 1, 2], [21, 3, 4]])
    ev = select(g, {0: 22})
    assert ev == [Selected(0)] and g.rows[:4] == [[t] for t in START]
    ev = select(g, {1: 21})
    rev = of(ev, Revealed)[0]
    assert rev.choices == ((0, (22,), None), (1, (21,), None)) and rev.order == ((1, 21), (0, 22))
    assert g.rows[1] == [20, 21, 22] and g.rows[0] == [10]


# ---------------------------------------------------------------------------------------------- BG4, BG-D3..D6


@pytest.mark.parametrize("kind, value, tile, points", [
    ("bull_plus", None, 12, HEADS[12]), ("bull_plus", 4, 12, 4),
    ("bull_minus", None, 13, -HEADS[13]), ("bull_minus", 2, 13, -2)])
def test_bg4_bull_spaces_pay_or_cost_the_tiles_bullheads_or_the_printed_value(kind, value, tile, points):
    """BG4, BG-D3: a green bull gains the tile's bullheads (or the printed value), a red bull loses them, for
    the player whose tile lands there, at once."""
    b = board([row(6, s2=(kind, value)), *plain_rows(9)])
    g = game(b, START, [[tile, 1, 2], [41, 3, 4]])
    ev = select(g, {0: tile, 1: 41})
    assert of(ev, SpaceScored) == [SpaceScored(0, 0, 1, kind, points)]
    assert g.scores == [points, 0]
    assert ev.index(of(ev, SpaceScored)[0]) < ev.index(of(ev, TilePlaced)[1])  # BG-D3: before the next tile


def test_bg4_bg_d5_take_the_row():
    """BG4, BG-D5: the tiles already in the row leave the game and cost their bullheads; the tile moves to
    the row's first space (which does not act); BG-D3: the next tile of the turn sees the new row."""
    b = board([row(6), row(6, s3="take_row"), *plain_rows(8)])
    g = game(b, START, [[21, 22, 1], [41, 23, 2]])
    select(g, {0: 21, 1: 41})
    ev = select(g, {0: 22, 1: 23})
    taken = of(ev, RowTaken)
    assert taken == [RowTaken(0, 1, 22, (20, 21), -(HEADS[20] + HEADS[21]))]
    assert g.scores == [-(HEADS[20] + HEADS[21]), 0] and sorted(g.out) == [20, 21]
    assert g.rows[1] == [22, 23]  # 23 landed on space 2, after the moved 22


def test_bg4_bg_d6_play_two_then_two_tiles_next_turn_lowest_first_among_everyones():
    """BG4, BG-D6: a play-two space: next turn that player chooses two tiles in secret; both are placed,
    lowest first, among everyone's; a player whose hand is empty sits the turns out (docs/board.md)."""
    b = board([row(6, s2="play_two"), *plain_rows(9)])
    g = game(b, START, [[11, 13, 31], [41, 12, 42]])
    ev = select(g, {0: 11, 1: 41})
    assert of(ev, PlayTwo) == [PlayTwo(0)] and g.tiles_to_choose(0) == 2 and g.tiles_to_choose(1) == 1
    assert g.view(1).players[0].two
    assert {tuple(a["tiles"]) for a in g.legal(0)} == {(13, 31)}
    before = snapshot(g)
    with pytest.raises(IllegalAction):
        g.apply({"player": 0, "do": "select", "tiles": [13], "card": None})
    assert snapshot(g) == before
    ev = select(g, {0: [13, 31], 1: 12})
    assert of(ev, Revealed)[0].order == ((1, 12), (0, 13), (0, 31))
    assert g.rows[0] == [10, 11, 12, 13] and g.rows[2] == [30, 31]
    assert g.hands[0] == [] and g.pending == {"do": "select", "players": [1]}  # player 0 sits out
    ev = select(g, {1: 42})
    assert of(ev, HandDealt) == [HandDealt(2, 3)]  # BG2: every hand empty, the second hand at 2 players


def test_bg4_bg_d4_final_space_moves_the_tile_to_the_topmost_empty_row():
    """BG4, BG-D4: filling the final space costs the bullheads of the row's other tiles, which leave the game;
    the row becomes empty and inactive; the tile moves to the first space of the topmost empty row other than
    that one, which becomes active (here row 4, then row 0 again for the next row that ends)."""
    b = board([row(3), row(3), *plain_rows(8)])
    g = game(b, START, [[11, 12, 50], [21, 22, 51]])
    select(g, {0: 11, 1: 21})
    ev = select(g, {0: 12, 1: 22})
    fin = of(ev, RowFinished)
    assert fin[0] == RowFinished(0, 0, 12, (10, 11), -(HEADS[10] + HEADS[11]), 4, False)
    assert fin[1] == RowFinished(1, 1, 22, (20, 21), -(HEADS[20] + HEADS[21]), 0, False)
    assert g.rows[:5] == [[22], [], [30], [40], [12]]
    assert g.active[:5] == [True, False, True, True, True] and sum(g.active) == 4
    assert sorted(g.out) == [10, 11, 20, 21]
    assert g.scores == [-(HEADS[10] + HEADS[11]), -(HEADS[20] + HEADS[21])]


def test_bg_d3_a_space_acts_for_the_player_whose_tile_lands_there_before_the_next_tile():
    """BG-D3: the space acts at once: a final space empties row 0 before the turn's next tile, so 13 goes
    after 12 in row 4 (if row 0 still held 10 11, 13 would have gone there)."""
    b = board([row(3), *plain_rows(9)])
    g = game(b, START, [[11, 12, 1], [41, 13, 2]])
    select(g, {0: 11, 1: 41})
    ev = select(g, {0: 12, 1: 13})
    placed = of(ev, TilePlaced)
    assert (placed[1].player, placed[1].row, placed[1].space) == (1, 4, 1)
    assert g.scores == [-(HEADS[10] + HEADS[11]), 0]


# ---------------------------------------------------------------------------------------------- BG5, BG-D7


def _four_players(space=None):
    rows = [row(10, s2=space) if space else row(10), *plain_rows(9, 10)]
    b = board(rows)
    return game(b, START, [[11, 12, 13], [21, 22, 23], [31, 32, 33], [41, 42, 43]])


def test_bg5_bg_d7_most_points_win_after_the_last_tile():
    """BG5, BG-D7: after the last tile (one hand at 4 players) the most points win."""
    g = _four_players("bull_plus")
    ev = autoplay(g)
    assert g.finished and g.scores == [HEADS[11], 0, 0, 0]
    assert of(ev, GameOver) == [GameOver((0,), (HEADS[11], 0, 0, 0))] and g.winners == (0,)
    assert len(of(ev, TurnEnded)) == 3


def test_bg_d7_ties_share():
    """BG-D7: tied highest totals share the win."""
    g = _four_players()
    autoplay(g)
    assert g.scores == [0, 0, 0, 0] and g.winners == (0, 1, 2, 3)
    assert rules.winners([3, 5, -1, 5]) == (1, 3)


def test_bg_d7_scores_may_go_below_0():
    """BG-D7: scores may go below 0 (and the others, at 0, win)."""
    g = _four_players("bull_minus")
    autoplay(g)
    assert g.scores == [-HEADS[11], 0, 0, 0] and g.winners == (1, 2, 3)
    assert rules.winners([-3, -5]) == (0,)


# ---------------------------------------------------------------------------------------------- BG6


def _luck_game(luck=True, deck=("plus5",), rows=None, hands=None):
    rows = rows or [row(6, s2="bull_minus", s3="bull_minus"), *plain_rows(9)]
    b = board(rows, luck=deck)
    return game(b, START, hands or [[11, 14, 1], [41, 12, 2]], luck=luck)


def test_bg6_minus_points_draw_a_luck_card_only_when_luck_is_on():
    """BG6: a luck card is drawn whenever a player scores minus points, and only with luck cards on; the card
    is placed at once, before the turn's next tile (41 waits)."""
    g = _luck_game()
    ev = select(g, {0: 11, 1: 41})
    assert of(ev, LuckDrawn) == [LuckDrawn(0, "plus5")]
    assert g.pending == {"do": "luck", "player": 0, "card": "plus5"} and g.rows[3] == [40]
    assert g.legal(1) == []
    off = _luck_game(luck=False)
    ev = select(off, {0: 11, 1: 41})
    assert not of(ev, LuckDrawn) and off.pending["do"] == "select" and off.luck_deck == []


def test_bg6_no_luck_card_for_plus_points():
    """BG6: only minus points draw a luck card."""
    g = _luck_game(rows=[row(6, s2="bull_plus"), *plain_rows(9)])
    ev = select(g, {0: 11, 1: 41})
    assert not of(ev, LuckDrawn) and g.luck_deck == ["plus5"] and g.scores == [HEADS[11], 0]


def test_bg6_plus5_targets_and_plus5_instead_of_the_spaces_effect():
    """BG6: plus5 goes on an empty space of an active row short of its final space; the tile landing there
    gains +5 instead of the space's own effect (here a red bull), and the change is used up."""
    g = _luck_game()
    select(g, {0: 11, 1: 41})
    targets = {(a["row"], a["space"]) for a in g.legal(0)}
    assert targets == {(0, 2), (0, 3), (0, 4)} | {(r, i) for r in (1, 2, 3) for i in (1, 2, 3, 4)}
    ev = g.apply({"player": 0, "do": "luck", "row": 0, "space": 2})
    assert of(ev, LuckPlaced) == [LuckPlaced(0, "plus5", 0, 2)] and g.rows[3] == [40, 41]
    assert g.view(None).rows[0].overlays == ((2, "plus5"),)
    ev = select(g, {0: 14, 1: 12})
    assert of(ev, SpaceScored) == [SpaceScored(1, 0, 2, "plus5", 5)] and not of(ev, LuckDrawn)
    assert g.scores == [-HEADS[11], 5] and g.view(None).rows[0].overlays == ()


def test_bg6_final_bonus_pays_the_rows_sum_instead_of_costing_it():
    """BG6: final_bonus goes on the final space of an active row; the tile filling it gains the bullheads of
    the row's other tiles instead of losing them, and the row still ends (BG-D4); no luck card follows."""
    rows = [row(4, s2="bull_minus"), *plain_rows(9)]
    g = _luck_game(deck=("final_bonus", "plus5"), rows=rows, hands=[[11, 12, 1], [41, 42, 13]])
    select(g, {0: 11, 1: 41})
    assert g.pending["card"] == "final_bonus"
    assert {(a["row"], a["space"]) for a in g.legal(0)} == {(0, 3), (1, 5), (2, 5), (3, 5)}
    g.apply({"player": 0, "do": "luck", "row": 0, "space": 3})
    select(g, {0: 12, 1: 42})
    ev = select(g, {0: 1, 1: 13})
    fin = of(ev, RowFinished)
    assert fin == [RowFinished(1, 0, 13, (10, 11, 12), HEADS[10] + HEADS[11] + HEADS[12], 4, True)]
    assert g.scores[1] == HEADS[10] + HEADS[11] + HEADS[12] and not of(ev, LuckDrawn)
    assert g.rows[0] == [] and not g.active[0] and g.rows[4] == [13] and g.luck_deck == ["plus5"]


def test_bg6_a_luck_card_with_no_space_is_put_aside_and_an_empty_deck_draws_none():
    """BG6 (docs/board.md): a luck card with no space it could change is put aside; when the deck is used up,
    minus points draw nothing."""
    rows = [row(3, s2="bull_minus"), row(3), row(3), row(3), *plain_rows(6)]
    b = board(rows, luck=("plus5",))
    g = game(b, START, [[21, 11, 1], [31, 12, 2], [41, 50, 3]], luck=True)
    select(g, {0: 21, 1: 31, 2: 41})  # rows 1-3 reach their last space but one
    ev = select(g, {0: 11, 1: 12, 2: 50})
    assert of(ev, LuckDrawn) == [LuckDrawn(0, "plus5")] and of(ev, LuckDiscarded) == [LuckDiscarded(0, "plus5")]
    assert g.luck_deck == [] and g.pending["do"] == "select"
    # row 0 ended on 12 (RowFinished, minus points) and no luck card was drawn: the deck is used up
    assert of(ev, RowFinished)[0].player == 1 and len(of(ev, LuckDrawn)) == 1


def test_bg6_a_luck_card_cannot_go_on_a_space_it_may_not_change():
    """BG6: not on a filled space, not on a final space (plus5), not on an inactive row."""
    g = _luck_game()
    select(g, {0: 11, 1: 41})
    for r, i in [(0, 1), (0, 0), (0, 5), (5, 2), (1, 5), ("0", 2), (1, True)]:
        before = snapshot(g)
        with pytest.raises(IllegalAction):
            g.apply({"player": 0, "do": "luck", "row": r, "space": i})
        assert snapshot(g) == before


# ---------------------------------------------------------------------------------------------- BG7: pro spaces


def test_bg7_draw_tile_space_draws_the_supplys_top_tile_in_secret():
    """BG7: draw_tile: the supply's top tile goes into the hand; the event and the others' views do not say
    which."""
    b = board([row(6, s2="draw_tile"), *plain_rows(9)], pro=True)
    g = game(b, START, [[11, 1, 2], [41, 3, 4]], supply_first=[57])
    ev = select(g, {0: 11, 1: 41})
    assert of(ev, TileDrawn) == [TileDrawn(0)] and g.hands[0] == [1, 2, 57] and g.supply[0] != 57
    assert g.view(1).players[0].hand is None and 57 not in g.view(1).seen_tiles()
    assert 57 in g.view(0).hand and g.view(1).players[0].hand_size == 3


def test_bg7_draw_tile_with_an_empty_supply_draws_nothing():
    """BG7 (docs/board.md): none when the supply is empty (6 players, 22 tiles: all dealt)."""
    b = board([row(6, s2="draw_tile"), *plain_rows(9)], pro=True, tiles=22)
    hands = [[11, 1, 2], [22, 3, 4], [5, 6, 7], [8, 9, 12], [13, 14, 15], [16, 17, 18]]
    g = game(b, [10, 19, 20, 21], hands)
    assert g.supply == []
    ev = select(g, {p: h[0] for p, h in enumerate(hands)})
    assert of(ev, TilePlaced)[2] == TilePlaced(0, 11, 0, 1, "closest")
    assert not of(ev, TileDrawn) and g.hands[0] == [1, 2]


def test_bg7_row_to_hand_gathers_the_row_instead_of_minus_points():
    """BG7: row_to_hand: the row's other tiles go into the hand (everybody sees which) instead of costing
    points; the tile moves to the first space; no luck card (no minus points)."""
    b = board([row(6), row(6, s3="row_to_hand"), *plain_rows(8)], pro=True, luck=("plus5",))
    g = game(b, START, [[21, 22, 1], [41, 2, 3]], luck=True)
    select(g, {0: 21, 1: 41})
    ev = select(g, {0: 22, 1: 2})
    assert of(ev, RowGathered) == [RowGathered(0, 1, 22, (20, 21))] and not of(ev, LuckDrawn)
    assert g.rows[1] == [22] and g.hands[0] == [1, 20, 21] and g.scores == [0, 0]
    assert g.view(1).players[0].known == (20, 21)


def test_bg7_action_card_space_draws_the_top_action_card_in_secret():
    """BG7: action_card draws the top action card; only its owner sees which; none when the deck is used up."""
    b = board(card_rows(), pro=True, actions=("swap", "stop"))
    g = game(b, START, [[11, 12, 13], [41, 42, 43]], action_deck=["swap", "stop"])
    ev = select(g, {0: 11, 1: 41})
    assert of(ev, ActionDrawn) == [ActionDrawn(0), ActionDrawn(1)]
    assert g.view(0).my_cards == ("swap",) and g.view(1).my_cards == ("stop",)
    assert g.view(1).players[0].cards is None and g.view(1).players[0].card_count == 1
    assert g.view(None).players[1].cards is None and g.view(None).actions_left == 0
    ev = select(g, {0: 12, 1: 42})
    assert not of(ev, ActionDrawn) and g.held == [["swap"], ["stop"]]


# ---------------------------------------------------------------------------------------------- BG7: action cards


def _cards_game(n, deck, stop_tokens=2):
    """n players on pro rows of action-card spaces: turn 1 deals the deck's top cards to players 0, 1, ...
    (their tiles 11, 21, 31, ... are placed in that order)."""
    b = board(card_rows(), pro=True, actions=tuple(deck), stop_tokens=stop_tokens)
    hands = [[10 * (p + 1) + 1, 10 * (p + 1) + 2, 10 * (p + 1) + 3] for p in range(n)]
    g = game(b, START, hands, action_deck=list(deck))
    select(g, {p: hands[p][0] for p in range(n)})
    return g


def test_bg7_play_first_places_that_players_tiles_before_all_others():
    """BG7 (docs/board.md): play_first: that player's tiles go before all others, lowest first among such."""
    g = _cards_game(3, ["swap", "play_first", "play_first"])
    assert g.held == [["swap"], ["play_first"], ["play_first"]]
    ev = select(g, {0: 12, 1: 23, 2: 32}, cards={1: "play_first", 2: "play_first"})
    rev = of(ev, Revealed)[0]
    assert rev.order == ((1, 23), (2, 32), (0, 12))
    assert rev.choices == ((0, (12,), None), (1, (23,), "play_first"), (2, (32,), "play_first"))
    g2 = _cards_game(3, ["swap", "swap", "play_first"])
    ev = select(g2, {0: 12, 1: 22, 2: 33}, cards={2: "play_first"})
    assert of(ev, Revealed)[0].order == ((2, 33), (0, 12), (1, 22))
    assert g2.held[2] == []  # the card is spent


def test_bg7_place_anywhere_lets_the_owner_choose_any_open_row():
    """BG7: place_anywhere: when the tile is placed its owner chooses any open row."""
    g = _cards_game(2, ["place_anywhere", "swap"])
    ev = select(g, {0: 13, 1: 22}, cards={0: "place_anywhere"})
    assert g.pending == {"do": "place_row", "player": 0, "tile": 13}
    assert [a["row"] for a in g.legal(0)] == [0, 1, 2, 3] and g.legal(1) == []
    for bad in (4, 9, 10, -1, "1", None):
        before = snapshot(g)
        with pytest.raises(IllegalAction):
            g.apply({"player": 0, "do": "place_row", "row": bad})
        assert snapshot(g) == before
    ev = g.apply({"player": 0, "do": "place_row", "row": 3})
    placed = of(ev, TilePlaced)
    assert (placed[0].tile, placed[0].row, placed[0].how) == (13, 3, "anywhere")
    assert g.rows[3] == [40, 13]


def test_bg7_swap_puts_the_rows_last_tile_into_the_owners_hand():
    """BG7: swap: the tile takes the place of the chosen open row's last tile, which goes into the owner's
    hand (everybody sees which); the space does not act again (no card drawn for it; 22 then lands on an
    action-card space and draws)."""
    g = _cards_game(2, ["swap", "stop", "play_first"])
    assert g.rows[1] == [20, 21]
    select(g, {0: 13, 1: 22}, cards={0: "swap"})  # 13 is placed first: the swap
    assert g.pending == {"do": "swap_row", "player": 0, "tile": 13}
    ev = g.apply({"player": 0, "do": "swap_row", "row": 1})
    assert of(ev, TileSwapped) == [TileSwapped(0, 13, 1, 1, 21)] and of(ev, ActionDrawn) == [ActionDrawn(1)]
    assert g.rows[1] == [20, 13, 22] and 21 in g.hands[0] and g.view(1).players[0].known == (21,)
    assert g.held == [[], ["play_first", "stop"]]


def test_bg7_stop_two_tokens_then_the_card_is_spent():
    """BG7 (docs/board.md): right after the reveal, in placement order, a STOP card's owner puts a token on an
    open row: no tile goes there this turn; there are 2 tokens, and a STOP card that finds none is spent."""
    g = _cards_game(3, ["stop", "stop", "stop"])
    ev = select(g, {0: 12, 1: 22, 2: 32}, cards={0: "stop", 1: "stop", 2: "stop"})
    assert g.pending == {"do": "stop_row", "player": 0} and not of(ev, TilePlaced)
    assert [a["row"] for a in g.legal(0)] == [0, 1, 2, 3]
    g.apply({"player": 0, "do": "stop_row", "row": 1})
    assert g.pending == {"do": "stop_row", "player": 1} and [a["row"] for a in g.legal(1)] == [0, 2, 3]
    ev = g.apply({"player": 1, "do": "stop_row", "row": 2})
    assert StopPlaced(2, None) in ev  # no token left: spent
    assert g.rows[1] == [20, 21] and g.rows[2] == [30, 31]  # 22 and 32 could not go after 21 and 31
    assert g.rows[0] == [10, 11, 12, 22, 32]
    assert g.held == [[], [], []] and g.view(None).stop_tokens == 2 and not any(r.stopped for r in g.view(None).rows)


def test_bg7_stop_always_leaves_one_open_row():
    """BG7 (docs/board.md): one open row is always left, even with tokens to spare (a 4-token board)."""
    g = _cards_game(4, ["stop"] * 4, stop_tokens=4)
    select(g, {p: 10 * (p + 1) + 2 for p in range(4)}, cards={p: "stop" for p in range(4)})
    for p, r, rows in [(0, 0, [0, 1, 2, 3]), (1, 1, [1, 2, 3]), (2, 2, [2, 3])]:
        assert g.pending == {"do": "stop_row", "player": p} and [a["row"] for a in g.legal(p)] == rows
        if p == 2:
            before = snapshot(g)
            with pytest.raises(IllegalAction):
                g.apply({"player": 2, "do": "stop_row", "row": 0})
            assert snapshot(g) == before
        ev = g.apply({"player": p, "do": "stop_row", "row": r})
    assert StopPlaced(3, None) in ev and g.view(None).stop_tokens == 4
    assert g.rows[3][-4:] == [12, 22, 32, 42]  # every tile went to the one open row


def test_bg7_pro_end_hand_penalty_as_soon_as_a_hand_is_empty():
    """BG7: on the pro side the game ends as soon as a hand is empty at the end of a turn (here after a
    play-two); the others lose the bullheads of the tiles left in their hands."""
    b = board([row(10, s2="play_two"), row(10, s2="draw_tile"), *plain_rows(8, 10)], pro=True)
    g = game(b, START, [[11, 12, 13], [21, 31, 32], [41, 42, 43], [44, 45, 46]], supply_first=[57])
    select(g, {0: 11, 1: 21, 2: 41, 3: 44})
    assert g.hands[1] == [31, 32, 57]
    ev = select(g, {0: [12, 13], 1: 31, 2: 42, 3: 45})
    pens = of(ev, HandPenalty)
    assert pens == [HandPenalty(1, (32, 57), -(HEADS[32] + HEADS[57])), HandPenalty(2, (43,), -HEADS[43]),
                    HandPenalty(3, (46,), -HEADS[46])]
    assert g.finished and g.scores == [0, -(HEADS[32] + HEADS[57]), -HEADS[43], -HEADS[46]]
    assert g.winners == (0,) and sorted(g.out) == [32, 43, 46, 57]


def test_bg7_pro_end_at_2_players_deals_the_second_hand_on_top():
    """BG7, BG2: on the pro side with 2-3 players, the first empty hand brings the second hand, dealt on top
    of what the others hold."""
    b = board([row(10, s2="play_two"), *plain_rows(9, 10)], pro=True)
    g = game(b, START, [[11, 12, 13], [41, 42, 43]], supply_first=[50, 51, 52, 53, 54, 55])
    select(g, {0: 11, 1: 41})
    ev = select(g, {0: [12, 13], 1: 42})
    assert of(ev, HandDealt) == [HandDealt(2, 3)] and not of(ev, HandPenalty)
    assert g.hands == [[50, 51, 52], [43, 53, 54, 55]]


# ---------------------------------------------------------------------------------------------- protocol


def _positions():
    """(name, game) at each kind of decision, and a finished game."""
    out = []
    g = game(board(), START, [[25, 1, 2], [5, 3, 4]])
    out.append(("select", g))
    g = game(board([row(6, s2="play_two"), *plain_rows(9)]), START, [[11, 13, 31], [41, 12, 42]])
    select(g, {0: 11, 1: 41})
    out.append(("select two", g))
    g = _luck_game()
    select(g, {0: 11, 1: 41})
    out.append(("luck", g))
    g = _cards_game(2, ["place_anywhere", "stop"])
    select(g, {0: 13, 1: 22}, cards={0: "place_anywhere"})
    out.append(("place_row", g))
    g = _cards_game(2, ["stop", "swap"])
    select(g, {0: 12, 1: 22}, cards={0: "stop"})
    out.append(("stop_row", g))
    g = game(board(), START, [[25, 1, 2], [5, 3, 4]])
    select(g, {0: 25})
    out.append(("select, one has chosen", g))
    g = game(board([row(6, s2="play_two"), *plain_rows(9)]), START, [[11, 13, 31], [41, 12, 42]])
    select(g, {0: 11, 1: 41})
    select(g, {0: [13, 31], 1: 12})
    out.append(("select, one sits out", g))
    g = _four_players()
    autoplay(g)
    out.append(("over", g))
    return out


BAD = [
    None, [], "select", {"player": 0}, {"do": "select"},
    {"player": 0, "do": "fly"}, {"player": 9, "do": "select", "tiles": [1], "card": None},
    {"player": True, "do": "select", "tiles": [1], "card": None},
    {"player": 0, "do": "select", "tiles": [1], "card": None, "extra": 1},
    {"player": 0, "do": "select", "tiles": [99], "card": None},
    {"player": 0, "do": "select", "tiles": [[1]], "card": None},
    {"player": 0, "do": "select", "tiles": [{"t": 1}, {"t": 2}], "card": None},
    {"player": 0, "do": "select", "tiles": [25, 25], "card": None},
    {"player": 0, "do": "select", "tiles": [13, 13], "card": None},
    {"player": 0, "do": "select", "tiles": [25], "card": None},
    {"player": 0, "do": "select", "tiles": [1], "card": None},
    {"player": 0, "do": "select", "tiles": 25, "card": None},
    {"player": 0, "do": "select", "tiles": [True], "card": None},
    {"player": 0, "do": "select", "tiles": [25], "card": "swap"},
    {"player": 0, "do": "select", "tiles": [25], "card": ["stop"]},
    {"player": 0, "do": "select", "tiles": [13], "card": "stop"},
    {"player": 1, "do": "select", "tiles": [22], "card": None},
    {"player": 0, "do": "luck", "row": 0, "space": 9},
    {"player": 1, "do": "luck", "row": 1, "space": 1},
    {"player": 0, "do": "luck", "row": [0], "space": 2},
    {"player": 1, "do": "place_row", "row": 0},
    {"player": 0, "do": "place_row", "row": 7},
    {"player": 0, "do": "place_row"},
    {"player": 0, "do": "stop_row", "row": 5},
    {"player": 0, "do": "swap_row", "row": 0},
    {"player": 0, "do": "stop_row", "row": {"r": 1}},
]


@pytest.mark.parametrize("name, g", _positions(), ids=lambda v: v if isinstance(v, str) else "")
def test_illegal_actions_raise_and_change_nothing(name, g):
    """Every action outside legal() raises IllegalAction and changes neither the record nor any view."""
    legal = [a for p in range(g.n) for a in g.legal(p)]
    for action in BAD:
        if action in legal:
            continue
        before = snapshot(g)
        with pytest.raises(IllegalAction):
            g.apply(action)
        assert snapshot(g) == before, (name, action)


def _walk(value, skip=("heads", "spec", "board")):
    """Every int and str inside a view (its board layout, the tiles' bullheads and the board file's public facts,
    such as what the decks hold, aside)."""
    if hasattr(value, "__dataclass_fields__"):
        for name in value.__dataclass_fields__:
            if name not in skip:
                yield from _walk(getattr(value, name), skip)
    elif isinstance(value, dict):
        for k, v in value.items():
            yield k
            yield from _walk(v, skip)
    elif isinstance(value, (list, tuple, set, frozenset)):
        for v in value:
            yield from _walk(v, skip)
    else:
        yield value


def test_views_never_show_another_hand_a_secret_choice_action_cards_or_the_supply():
    """View privacy (engine/board/view.py): another player's hand, their secret choice, the action cards they
    hold or chose, and the supply never appear in view(p) or view(None)."""
    b = board(card_rows(), pro=True, actions=("swap", "place_anywhere", "stop", "play_first"))
    g = game(b, START, [[11, 58, 59], [41, 42, 43]], supply_first=[55, 56, 57],
             action_deck=["swap", "place_anywhere", "stop", "play_first"])
    select(g, {0: 11, 1: 41})
    assert g.held == [["swap"], ["place_anywhere"]]
    select(g, {0: 58}, cards={0: "swap"})  # player 0's secret choice: 58 with the swap card; holds 59
    hidden = {55, 56, 57, 58, 59, "swap"}
    for viewer in (None, 1):
        v = g.view(viewer)
        seen = set(_walk(v))
        assert not hidden & seen, (viewer, hidden & seen)
        assert v.players[0].hand is None and v.players[0].choice is None and v.players[0].cards is None
        assert v.players[0].has_chosen and v.players[0].hand_size == 2 and v.players[0].card_count == 1
        assert {55, 56, 57, 58, 59} <= set(v.unseen_tiles())
    assert "place_anywhere" not in set(_walk(g.view(0))) and "place_anywhere" in set(_walk(g.view(1)))
    mine = g.view(0)
    assert mine.players[0].choice == ((58,), "swap") and mine.hand == (59,)
    # events of the secret parts carry no tile and no card
    assert all({f.name for f in dataclasses.fields(e)} == {"player"} for e in (Selected(0), TileDrawn(0), ActionDrawn(0)))


@pytest.mark.parametrize("options, deals", [
    ({"side": ["blue"]}, None), ({"side": {"blue": 1}}, None), ({"side": "green"}, None), ({"luck": "yes"}, None),
    ({"board_sha256": ["x"]}, None), ({"colour": 1}, None), ([], None),
    (None, "x"), (None, [[]]), (None, [{}]),
    (None, [{"rows": [1, 2, 3, 4], "hands": [[5, 6, 7], [8, 9, {}]], "supply": [], "luck_deck": [],
             "action_deck": []}]),
    (None, [{"rows": [[1], 2, 3, 4], "hands": [[5, 6, 7], [8, 9, 11]], "supply": [], "luck_deck": [],
             "action_deck": []}]),
    (None, [{"rows": [1, 2, 3, 4], "hands": [[5, 6, 7], [8, 9, 10]], "supply": list(range(11, 61)),
             "luck_deck": [[1]], "action_deck": []}]),
    (None, [{"rows": [1, 2, 3, 4], "hands": [[5, 6, 7], [8, 9, 9]], "supply": list(range(10, 61)),
             "luck_deck": [], "action_deck": []}]),
])
def test_bg2_a_bad_setup_is_a_setup_error(options, deals):
    """BG2: options and the setup entry (from a record file: any JSON) are checked; a bad one is a SetupError,
    never another exception."""
    from bere_tui.engine.board import Game
    from bere_tui.engine.errors import SetupError

    with pytest.raises(SetupError):
        Game(names(2), options=options, deals=deals, board=board())


def test_bg3_a_known_tile_chosen_in_secret_stays_known_until_the_reveal():
    """BG3 (secret choice), view privacy: a tile that went into a hand in plain sight (row_to_hand, BG7) and
    is then chosen must not vanish from the public `known` before the reveal, or the choice is no secret."""
    b = board([row(6), row(6, s3="row_to_hand"), *plain_rows(8)], pro=True)
    g = game(b, START, [[21, 22, 1], [41, 42, 43]])
    select(g, {0: 21, 1: 41})
    select(g, {0: 22, 1: 42})  # player 0 gathers 20 and 21
    assert g.view(1).players[0].known == (20, 21)
    public = [g.view(q).players[0].known for q in (None, 1)]
    select(g, {0: 20})  # secret
    assert [g.view(q).players[0].known for q in (None, 1)] == public
    select(g, {1: 43})  # the reveal: now 20 is on the board
    assert g.view(1).players[0].known == (21,)


@pytest.mark.parametrize("spec", [row(3), row(4, s3="take_row"), row(4, s3=("bull_minus", 1))],
                         ids=["final space", "take the row", "red bull"])
def test_bg6_every_kind_of_minus_points_draws_a_luck_card(spec):
    """BG6 (docs/board.md): a red bull, a final space, a take-the-row space that cost bullheads: each draws."""
    g = _luck_game(rows=[spec, *plain_rows(9)], hands=[[11, 12, 1], [41, 42, 2]])
    select(g, {0: 11, 1: 41})
    assert g.scores == [0, 0] and g.luck_deck == ["plus5"]
    ev = select(g, {0: 12, 1: 42})
    assert g.scores[0] < 0 and of(ev, LuckDrawn) == [LuckDrawn(0, "plus5")] and g.pending["do"] == "luck"


def test_bg6_a_luck_card_never_goes_on_a_space_already_changed():
    """BG6 (docs/board.md): never on a space already changed."""
    g = _luck_game(deck=("plus5", "plus5"), hands=[[11, 14, 1], [12, 41, 2]])
    select(g, {0: 11, 1: 12})  # 11 on a red bull draws; 12 waits
    g.apply({"player": 0, "do": "luck", "row": 0, "space": 3})
    assert g.pending == {"do": "luck", "player": 1, "card": "plus5"}  # 12 on the next red bull drew too
    targets = {(a["row"], a["space"]) for a in g.legal(1)}
    assert (0, 3) not in targets and (0, 4) in targets
    before = snapshot(g)
    with pytest.raises(IllegalAction):
        g.apply({"player": 1, "do": "luck", "row": 0, "space": 3})
    assert snapshot(g) == before


def test_view_helpers_agree_with_the_engine():
    """The view's helpers (engine/board/view.py) that screens and bots use: a row's end and next space, the
    open rows, where a tile would go (BG3, the engine's own rule), and the tiles a viewer has seen."""
    g = _cards_game(2, ["place_anywhere", "stop"])
    v = g.view(1)
    assert [r.end for r in v.rows[:5]] == [11, 21, 30, 40, None] and v.rows[0].next_space == 2
    assert v.open_rows() == [0, 1, 2, 3] and v.target_row(25) == (1, "closest") and v.target_row(2) == (3, "lowest")
    select(g, {0: 13}, cards={0: "place_anywhere"})
    assert 13 in g.view(0).seen_tiles() and 13 not in g.view(1).seen_tiles()
    select(g, {1: 22})
    v = g.view(1)
    assert v.placing == (0, 13) and 13 in v.seen_tiles() and v.queue == ((1, 22),)
    assert set(v.unseen_tiles()) == set(g.supply) | set(g.hands[0])
    assert g.view(None).hand == () and g.view(None).my_cards == ()


@pytest.mark.parametrize("rows", [plain_rows(4), [row(1), *plain_rows(9)]], ids=["4 rows", "a row of 1 space"])
def test_bg_d4_a_side_without_an_empty_row_to_move_to_is_refused(rows):
    """BG2, BG-D4: 4 rows are active and a filled row's tile moves to an empty one, so a side needs a fifth
    row (bere_tui/boards.py asks for it; a Board built in code is checked too)."""
    from bere_tui.engine.board import Game
    from bere_tui.engine.errors import SetupError

    with pytest.raises(SetupError):
        Game(names(2), board=board(rows))


def test_a_play_two_turns_second_tile_lands_after_the_first():  # BG-D6, BG3, BG-D5 (issue 35.6)
    """View.landings places the viewer's own tiles lowest first, each on the rows the one before left: the 12
    after the 11 lands on row 1's TAKE space (alone, it would land on space 2), and after a TAKE the next
    tile follows the tile that took."""
    b = board(rows=[row(6, s3="take_row"), *plain_rows(9)])
    g = game(b, [10, 20, 30, 40], [[11, 12, 13], [50, 51, 52]])
    view = g.view(0)
    assert view.target_row(12) == (0, "closest") and view.rows[0].next_space == 1
    assert view.landings([12]) == {12: (0, 1, "closest", None)}
    assert view.landings([12, 11]) == {11: (0, 1, "closest", None), 12: (0, 2, "closest", None)}
    assert view.landings([11, 12, 13])[13] == (0, 1, "closest", None)  # the 12 took row 1: the 13 follows it
