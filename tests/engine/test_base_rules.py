"""Base game (RULES sections 1-2: C1-C2, B1-B10) rule by rule on hand-built tables, and the engine's API contract.

Tables come from `base_table.table()`: a real deal given through `deals=`, extra row cards laid from the cards
out of play. Players are P0, P1, ...; `select(g, cards)` makes player p select cards[p].
"""

from __future__ import annotations

from collections import Counter

import pytest
from base_table import HAND, last_turn, pad_deal, select, snapshot, table

from bere_tui.engine import IllegalAction, SetupError
from bere_tui.engine.cards import HEADS, bullheads
from bere_tui.engine.nimmt import Game
from bere_tui.engine.nimmt.events import Dealt, GameOver, Placed, Revealed, RoundScored, RowTaken, Selected
from bere_tui.record import replay, result

PLAIN = [[10], [20], [30], [40]]
FULL0 = [[12, 13, 14, 16, 17], [30], [40], [50]]  # row 0 holds 5 cards (5 bullheads): 18 or 19 is its 6th (B5)


def take_row(g: Game, p: int, r: int) -> list:
    return g.apply({"player": p, "do": "take_row", "row": r})


def refused(g: Game, action, message: str) -> None:
    """The action raises IllegalAction with a readable message naming `message`, and nothing changes."""
    before = snapshot(g)
    with pytest.raises(IllegalAction, match=message) as info:
        g.apply(action)
    text = str(info.value)
    assert text and "\n" not in text and "Traceback" not in text
    assert snapshot(g) == before


# ---------------------------------------------------------------- C1, C2: the cards


@pytest.mark.parametrize("card, heads", [
    (55, 7), (11, 5), (22, 5), (33, 5), (44, 5), (66, 5), (77, 5), (88, 5), (99, 5),
    (10, 3), (50, 3), (100, 3), (5, 2), (15, 2), (65, 2), (95, 2), (1, 1), (54, 1), (56, 1), (104, 1),
])
def test_c1_bullheads_of_a_card(card, heads):
    assert bullheads(card) == heads == HEADS[card]


def test_c1_the_deck_is_1_to_104_with_171_bullheads():
    assert len(HEADS) == 105 and HEADS[0] == 0
    heads = [bullheads(c) for c in range(1, 105)]
    assert sum(heads) == 171
    assert Counter(heads) == {1: 76, 2: 9, 3: 10, 5: 8, 7: 1}


def test_c1_each_card_of_a_deal_is_unique():
    g = Game("base", [f"P{p}" for p in range(10)], seed=3)
    dealt = [c for h in g.hands for c in h] + [r.cards[0] for r in g.rows] + g.out_of_play
    assert sorted(dealt) == list(range(1, 105))


def test_c2_views_show_bullheads_beside_the_numbers():
    g = table([[10], [55], [30], [44]], [[5], [90]])
    v = g.view(0)
    assert [r.cards for r in v.rows] == [(10,), (55,), (30,), (44,)]
    assert [r.bullheads for r in v.rows] == [3, 7, 3, 5]  # bullheads, not the numbers
    select(g, [5, 90])
    take_row(g, 0, 1)
    for v in (g.view(None), g.view(0), g.view(1)):
        assert v.players[0].pile == (55,) and v.players[0].total == 7
        assert v.rows[1].cards == (5,) and v.rows[1].bullheads == 2


# ---------------------------------------------------------------- B1, B2: players and the deal


@pytest.mark.parametrize("n", [2, 10])
def test_b1_two_to_ten_players(n):
    g = Game("base", [f"P{p}" for p in range(n)])
    assert g.pending == {"do": "select", "players": list(range(n))}


@pytest.mark.parametrize("n", [0, 1, 11])
def test_b1_other_player_counts_are_refused(n):
    with pytest.raises(SetupError, match="2 to 10 players"):
        Game("base", [f"P{p}" for p in range(n)])


@pytest.mark.parametrize("n", [2, 5, 10])
def test_b2_ten_cards_each_four_rows_the_rest_out_of_play(n):
    g = Game("base", [f"P{p}" for p in range(n)], seed=n)
    assert all(len(h) == HAND for h in g.hands)
    assert [len(r.cards) for r in g.rows] == [1, 1, 1, 1]
    assert len(g.out_of_play) == 104 - 10 * n - 4
    assert g.opening_events == [Dealt(1, tuple(r.cards[0] for r in g.rows))]


def test_b2_the_deal_comes_from_the_seed_or_from_deals():
    a, b, c = (Game("base", ["a", "b", "c"], seed=s) for s in (7, 7, 8))
    assert a.hands == b.hands and [r.cards for r in a.rows] == [r.cards for r in b.rows]
    assert a.hands != c.hands
    deal = pad_deal([5, 50, 60, 70], [[1, 2], [3, 4]])
    g = Game("base", ["a", "b"], deals=[deal])
    assert [r.cards for r in g.rows] == [[5], [50], [60], [70]]
    assert g.hands == [sorted(h) for h in deal["hands"]]
    assert g.record()["deals"] == [deal]


def test_b2_each_round_reshuffles_all_104_cards():
    g = table(PLAIN, [[90], [91]], options={"rounds": 2})
    last_turn(g, [90, 91])
    select(g, [90, 91])
    assert g.round == 2 and g.turn == 1
    assert all(len(h) == HAND for h in g.hands) and all(len(r.cards) == 1 for r in g.rows)
    assert g.piles == [[], []]  # a new round starts with empty bull piles (B8)
    cards = [c for h in g.hands for c in h] + [r.cards[0] for r in g.rows] + g.out_of_play
    assert sorted(cards) == list(range(1, 105))


@pytest.mark.parametrize("deal, message", [
    ({"rows": [1, 2, 3], "hands": [list(range(10, 20)), list(range(20, 30))]}, "4 row starters"),
    ({"rows": [1, 2, 3, 4], "hands": [list(range(10, 20))]}, "one hand per player"),
    ({"rows": [1, 2, 3, 10], "hands": [list(range(10, 20)), list(range(20, 30))]}, "dealt twice"),
    ({"rows": [1, 2, 3, 105], "hands": [list(range(10, 20)), list(range(20, 30))]}, "not a card"),
    ({"rows": [1, 2, 3, 4], "hands": [list(range(10, 19)), list(range(20, 30))]}, "must hold 10 cards"),
])
def test_b2_a_broken_deal_is_refused(deal, message):
    with pytest.raises(SetupError, match=message):
        Game("base", ["a", "b"], deals=[deal])


# ---------------------------------------------------------------- B3: secret choice, reveal, lowest first


def test_b3_selection_is_secret_until_everyone_has_chosen():
    g = table(PLAIN, [[44, 45], [46, 47], [48, 49]])
    ev = g.apply({"player": 1, "do": "select", "card": 46})
    assert ev == [Selected(1)]
    assert g.pending == {"do": "select", "players": [0, 2]}
    assert g.rows[3].cards == [40]  # nothing resolved yet
    mine, other, public = g.view(1), g.view(0), g.view(None)
    assert mine.players[1].selected == 46 and mine.players[1].has_selected
    for v in (other, public):
        assert v.players[1].selected is None and v.players[1].hand is None and v.players[1].has_selected
        assert v.revealed == () and 46 not in v.seen_cards()
    assert g.legal(1) == []  # one card per turn


def test_b3_revealed_together_and_resolved_lowest_first():
    g = table(PLAIN, [[45], [43], [41]])
    ev = select(g, [45, 43, 41])
    assert ev[:3] == [Selected(0), Selected(1), Selected(2)]
    assert ev[3] == Revealed(1, ((41, 2), (43, 1), (45, 0)))
    assert ev[4:] == [Placed(2, 41, 3, 1), Placed(1, 43, 3, 2), Placed(0, 45, 3, 3)]
    assert g.rows[3].cards == [40, 41, 43, 45]


def test_b3_an_earlier_card_changes_where_a_later_card_goes():
    # alone, 6 would be lower than every row (B6); but 5 is resolved first and starts a row 6 can follow
    g = table([[50], [60], [70], [80]], [[5], [6]])
    select(g, [5, 6])
    assert g.pending == {"do": "take_row", "player": 0, "card": 5}
    ev = take_row(g, 0, 2)
    assert ev == [RowTaken(0, 2, (70,), 3, "low", False), Placed(0, 5, 2, 0, True), Placed(1, 6, 2, 1)]
    assert g.rows[2].cards == [5, 6] and g.piles == [[70], []]


def test_b3_an_earlier_sixth_card_spares_a_later_card():
    # 18 is row 0's 6th card and takes it; 19 then follows 18 instead of being a 6th card itself
    g = table(FULL0, [[19], [18]])
    ev = select(g, [19, 18])
    assert RowTaken(1, 0, (12, 13, 14, 16, 17), 5, "sixth", False) in ev
    assert ev[-1] == Placed(0, 19, 0, 1)
    assert g.rows[0].cards == [18, 19] and g.piles == [[], [12, 13, 14, 16, 17]]


# ---------------------------------------------------------------- B4: placement


def test_b4_the_row_whose_last_card_is_closest_below():
    g = table([[40], [10], [30], [20]], [[35], [25]])
    ev = select(g, [35, 25])
    assert ev[-2:] == [Placed(1, 25, 3, 1), Placed(0, 35, 2, 1)]


def test_b4_the_last_card_counts_not_the_first():
    g = table([[10, 12, 38], [20], [30, 31], [50]], [[39], [33]])
    ev = select(g, [39, 33])
    assert ev[-2:] == [Placed(1, 33, 2, 2), Placed(0, 39, 0, 3)]


def test_b4_a_card_above_every_row_goes_to_the_highest():
    g = table(PLAIN, [[104], [41]])
    select(g, [104, 41])
    assert g.rows[3].cards == [40, 41, 104]


# ---------------------------------------------------------------- B5: the sixth card


def test_b5_the_sixth_card_takes_five_and_starts_the_row():
    g = table([[10], [20, 21, 22, 23, 55], [60], [70]], [[56], [90]])
    ev = select(g, [56, 90])
    assert ev[3:5] == [RowTaken(0, 1, (20, 21, 22, 23, 55), 17, "sixth", False), Placed(0, 56, 1, 0, True)]
    assert g.rows[1].cards == [56]
    assert g.piles[0] == [20, 21, 22, 23, 55]
    assert g.totals() == [17, 0]


def test_b5_the_fifth_card_takes_nothing():
    g = table([[10], [20, 21, 22, 23], [60], [70]], [[24], [90]])
    select(g, [24, 90])
    assert g.rows[1].cards == [20, 21, 22, 23, 24] and g.piles == [[], []]


# ---------------------------------------------------------------- B6: the low card


def test_b6_a_low_card_asks_its_owner_for_any_row_even_when_one_is_cheapest():
    # row 0 costs 1 bullhead, row 1 costs 7 + 5: the choice is still offered for every row
    g = table([[12], [55, 66], [70], [80]], [[90], [3]])
    select(g, [90, 3])
    assert g.pending == {"do": "take_row", "player": 1, "card": 3}
    assert g.legal(1) == [{"player": 1, "do": "take_row", "row": r} for r in range(4)]
    assert g.legal(0) == []
    ev = take_row(g, 1, 1)  # the expensive row: allowed
    assert ev[:2] == [RowTaken(1, 1, (55, 66), 12, "low", False), Placed(1, 3, 1, 0, True)]
    assert g.piles[1] == [55, 66] and g.rows[1].cards == [3]
    assert g.totals() == [0, 12]


def test_b6_the_choice_comes_when_the_card_is_resolved():
    # 2 is resolved first: while its owner chooses, 90 is revealed but not yet placed
    g = table([[10], [20], [30], [40]], [[90], [2]])
    select(g, [90, 2])
    assert g.pending["do"] == "take_row" and g.pending["player"] == 1
    assert g.queue == [(90, 0)] and g.rows[3].cards == [40]
    assert g.view(0).queue == ((90, 0),)
    ev = take_row(g, 1, 0)
    assert ev[-1] == Placed(0, 90, 3, 1)
    assert g.pending == {"do": "select", "players": [0, 1]}


def test_b6_only_the_card_being_resolved_triggers_it():
    # both cards are low at the reveal; 3 is resolved after 2 restarted a row, so it just follows 2
    g = table(PLAIN, [[2], [3]])
    select(g, [2, 3])
    take_row(g, 0, 3)
    assert g.rows[3].cards == [2, 3] and g.pending["do"] == "select"


@pytest.mark.parametrize("row", [4, -1, "0", None, True])
def test_b6_a_row_that_does_not_exist_is_refused(row):
    g = table(PLAIN, [[5], [90]])
    select(g, [5, 90])
    refused(g, {"player": 0, "do": "take_row", "row": row}, "does not exist")


# ---------------------------------------------------------------- B7: bull piles


def test_b7_taken_cards_stay_in_the_pile_and_never_return_to_the_hand():
    g = table(FULL0, [[18, 19], [90, 91]])
    select(g, [18, 90])
    assert g.piles[0] == [12, 13, 14, 16, 17]
    assert not set(g.piles[0]) & set(g.hands[0])
    pile = list(g.piles[0])
    select(g, [19, 91])
    assert g.piles[0] == pile and not set(pile) & set(g.hands[0])
    assert all(c not in g.view(0).hand for c in pile)


def test_b7_cards_still_in_rows_at_the_end_of_the_round_score_nothing():
    g = table([[12, 13, 14, 16, 17], [55, 66, 77, 88], [30], [40]], [[18], [90]], options={"rounds": 1})
    last_turn(g, [18, 90])
    ev = select(g, [18, 90])
    assert g.rows[1].cards == [55, 66, 77, 88, 90]
    assert RoundScored(1, (5, 0), (5, 0)) in ev  # row 1 (27 bullheads) scores nothing
    assert g.finished and g.totals() == [5, 0]


# ---------------------------------------------------------------- B8: a round is 10 turns


def test_b8_a_round_is_ten_turns_then_the_round_is_scored():
    g = table([[1], [2], [3], [4]], [list(range(11, 21)), list(range(21, 31))])
    events = []
    for turn in range(1, HAND + 1):
        assert g.round == 1 and g.turn == turn and not any(isinstance(e, RoundScored) for e in events)
        events += select(g, [g.hands[0][0], g.hands[1][0]])
    scored = [e for e in events if isinstance(e, RoundScored)]
    taken = [sum(e.bullheads for e in events if isinstance(e, RowTaken) and e.player == p) for p in (0, 1)]
    assert scored == [RoundScored(1, tuple(taken), tuple(taken))] and sum(taken) > 0
    assert g.round == 2 and g.turn == 1 and all(len(h) == HAND for h in g.hands)
    assert g.scores == [[taken[0]], [taken[1]]]


def test_b8_each_round_s_bullheads_are_added_to_the_totals():
    g = table(FULL0, [[18], [90]], options={"rounds": 3}, later_deals=[pad_deal([50, 60, 70, 80], [[1], [2]])])
    last_turn(g, [18, 90])
    select(g, [18, 90])
    assert g.scores == [[5], [0]]
    last_turn(g, [1, 2])
    select(g, [1, 2])
    take_row(g, 0, 3)  # 80: 3 bullheads; 2 then follows 1
    assert g.scores == [[5, 3], [0, 0]] and g.totals() == [8, 0]
    assert result(g)["players"][0]["round_scores"] == [5, 3, 0]


# ---------------------------------------------------------------- B9: the end of the game


def test_b9_the_game_ends_after_a_round_in_which_a_total_reaches_66():
    g = table(FULL0, [[18], [90], [91]])
    g.scores = [[61], [10], [30]]  # as if after earlier rounds
    last_turn(g, [18, 90, 91])
    ev = select(g, [18, 90, 91])
    assert ev[-2:] == [RoundScored(1, (5, 0, 0), (66, 10, 30)), GameOver((1,), (66, 10, 30))]
    assert g.finished and g.pending is None and g.winners == (1,)
    assert g.legal(0) == g.legal(1) == []
    assert result(g)["winners"] == [1] and result(g)["pending"] is None
    refused(g, {"player": 0, "do": "select", "card": 18}, "over")


def test_b9_below_66_a_new_round_starts():
    g = table(FULL0, [[18], [90]])
    g.scores = [[60], [0]]
    last_turn(g, [18, 90])
    ev = select(g, [18, 90])
    assert RoundScored(1, (5, 0), (65, 0)) in ev and not g.finished
    assert isinstance(ev[-1], Dealt) and ev[-1].round == 2 and g.pending["do"] == "select"


def test_b9_tied_lowest_totals_share_the_victory():
    g = table(FULL0, [[18], [90], [91]])
    g.scores = [[61], [20], [20]]
    last_turn(g, [18, 90, 91])
    select(g, [18, 90, 91])
    assert g.winners == (1, 2) and result(g)["winners"] == [1, 2]


# ---------------------------------------------------------------- B10: what the table shows; options


def test_b10_everyone_sees_every_running_total_and_only_their_own_hand():
    g = table(FULL0, [[18, 19], [90, 91], [92, 93]])
    g.scores = [[4], [9], [0]]
    select(g, [18, 90, 92])
    for viewer in [None, 0, 1, 2]:
        v = g.view(viewer)
        assert [pv.total for pv in v.players] == [9, 9, 0]  # earlier rounds + this round's pile
        assert [pv.hand_size for pv in v.players] == [9, 9, 9]
        for p, pv in enumerate(v.players):
            assert pv.hand == (tuple(g.hands[p]) if p == viewer else None)
        assert v.hand == (tuple(g.hands[viewer]) if viewer is not None else ())


def test_b10_option_target():
    g = table(FULL0, [[18], [90]], options={"target": 5})
    last_turn(g, [18, 90])
    select(g, [18, 90])
    assert g.finished and g.winners == (1,)
    assert g.record()["options"] == {"target": 5}


def test_b10_option_target_not_reached():
    g = table(FULL0, [[18], [90]], options={"target": 6})
    last_turn(g, [18, 90])
    select(g, [18, 90])
    assert not g.finished and g.round == 2


def test_b10_option_rounds_replaces_the_target():
    g = table(FULL0, [[18], [90]], options={"rounds": 2})
    g.scores = [[70], [0]]
    last_turn(g, [18, 90])
    select(g, [18, 90])
    assert not g.finished and g.round == 2  # 75 points, but 2 rounds are played
    last_turn(g, [g.hands[0][0], g.hands[1][0]])
    select(g, [g.hands[0][0], g.hands[1][0]])
    while g.pending is not None:
        take_row(g, g.pending["player"], 0)
    assert g.finished and g.round == 2


def test_b10_a_fixed_number_of_rounds_in_real_play():
    g = Game("base", ["a", "b"], seed=1, options={"rounds": 1})
    while g.pending is not None:
        pend = g.pending
        for p in (list(pend["players"]) if pend["do"] == "select" else [pend["player"]]):
            g.apply(g.legal(p)[0])
    assert g.round == 1 and len(g.scores[0]) == 1


@pytest.mark.parametrize("options, message", [
    ({"speed": 2}, "unknown option"),
    ({"target": 0}, "at least 1"),
    ({"rounds": "2"}, "whole number"),
    ({"target": True}, "whole number"),
])
def test_b10_bad_options_are_refused(options, message):
    with pytest.raises(SetupError, match=message):
        Game("base", ["a", "b"], options=options)


# ---------------------------------------------------------------- the API contract


@pytest.mark.parametrize("action, message", [
    ("select 15", "must be an object"),
    ({"player": 0, "do": "jump", "card": 15}, "no action 'jump'"),
    ({"player": 0, "card": 15}, "no action None"),
    ({"player": 2, "do": "select", "card": 15}, "no player 2"),
    ({"player": -1, "do": "select", "card": 15}, "no player -1"),
    ({"player": "0", "do": "select", "card": 15}, "no player '0'"),
    ({"player": 0, "do": "select", "card": 16}, "card 16 is not in player 0's hand"),
    ({"player": 0, "do": "select", "card": 90}, "card 90 is not in player 0's hand"),
    ({"player": 0, "do": "select", "card": 15.0}, "not in player 0's hand"),
    ({"player": 0, "do": "select"}, "needs the field 'card'"),
    ({"player": 0, "do": "select", "card": 15, "row": 1}, "unknown field 'row'"),
    ({"player": 0, "do": "take_row", "row": 0}, "waiting for select"),
    ({"player": 0, "do": "draft", "card": 15}, "waiting for select"),
])
def test_illegal_actions_raise_and_change_nothing(action, message):
    g = table(PLAIN, [[15], [90]])
    refused(g, action, message)
    select(g, [15, 90])  # the game goes on normally
    assert g.rows[0].cards == [10, 15]


def test_illegal_actions_in_the_middle_of_a_turn_change_nothing():
    g = table(PLAIN, [[5, 15], [90, 91], [92, 93]])
    g.apply({"player": 1, "do": "select", "card": 90})
    refused(g, {"player": 1, "do": "select", "card": 91}, "already chosen")
    g.apply({"player": 0, "do": "select", "card": 5})
    g.apply({"player": 2, "do": "select", "card": 92})
    assert g.pending == {"do": "take_row", "player": 0, "card": 5}
    refused(g, {"player": 1, "do": "take_row", "row": 0}, "player 0's decision")
    refused(g, {"player": 0, "do": "select", "card": 15}, "waiting for take_row by player 0")
    refused(g, {"player": 0, "do": "take_row", "row": 4}, "row 4 does not exist")
    refused(g, {"player": 0, "do": "take_row"}, "needs the field 'row'")
    take_row(g, 0, 0)
    assert g.rows[0].cards == [5] and g.rows[3].cards == [40, 90, 92]


def test_a_legal_action_is_accepted_exactly_as_listed_and_recorded():
    g = table(PLAIN, [[15], [90]])
    for p in (0, 1):
        for action in g.legal(p):
            g.copy().apply(action)
    action = g.legal(1)[-1]
    g.apply(dict(action))
    assert g.record()["actions"] == [action]


def test_copy_is_independent():
    g = table(PLAIN, [[5], [90]])
    h = g.copy()
    select(h, [5, 90])
    take_row(h, 0, 1)
    assert g.pending == {"do": "select", "players": [0, 1]} and g.rows[1].cards == [20]
    assert snapshot(replay(h.record())) == snapshot(h)


@pytest.mark.parametrize("n", [2, 4, 10])
def test_no_view_holds_another_player_s_hand(n):
    g = Game("base", [f"P{p}" for p in range(n)], seed=n)
    for _turn in range(3):
        for p in range(n):
            v = g.view(p)
            others = {c for q in range(n) if q != p for c in g.hands[q]}
            assert v.hand == tuple(g.hands[p])
            assert not others & v.seen_cards()
            assert all(pv.hand is None and pv.selected is None for q, pv in enumerate(v.players) if q != p)
            assert v.out_of_play is None  # the cards out of play are secret too
            g.apply(g.legal(p)[0])
            while g.pending is not None and g.pending["do"] == "take_row":
                take_row(g, g.pending["player"], 0)
