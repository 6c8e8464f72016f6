"""Bullenparty, rule by rule (RULES section 7): one or more tests per id BP1-BP10 and per Decision line, named
after them. Decisions of ours where the rules say nothing are marked "Decision (ours)" and are documented in
docs/bullenparty.md."""

from __future__ import annotations

import copy

import pytest
from bp_table import all_cards, bid, deal, lay, lay_down, table, take, zero_row

from bere_tui.engine.bullenparty import Game, rules
from bere_tui.engine.bullenparty.events import (
    BidMade,
    BidsRevealed,
    CardAdded,
    CardLaid,
    CardTurnedUp,
    GameOver,
    Reshuffled,
    RoundEnded,
    RoundStarted,
    RowClosed,
    RowTaken,
    ZeroTakenBack,
)
from bere_tui.engine.cards import HEADS
from bere_tui.engine.errors import IllegalAction, SetupError

# ---------------------------------------------------------------- BP1: the cards


def test_bp1_one_hundred_number_cards_all_in_play_or_in_the_box():
    for n in range(2, 6):
        g = Game([f"P{p}" for p in range(n)], seed=n)
        assert sorted(all_cards(g)) == list(range(1, 101))


def test_bp1_decision_bullheads_by_c1():
    """BP1 Decision: the printed values are unknown; C1 gives 167 bullheads on the cards 1..100."""
    assert sum(HEADS[c] for c in range(1, 101)) == 167
    assert rules.heads([55, 11, 10, 5, 1]) == 7 + 5 + 3 + 2 + 1
    g = table(2)
    view = g.view(None)
    assert all(r.bullheads == rules.heads(r.cards) for r in view.rows)


def test_bp1_decision_bull_cards_stacked_4s_on_top_7s_at_the_bottom():
    assert rules.BULL_CARDS == (4, 4, 4, 5, 5, 5, 6, 6, 7, 7)
    g = table(2)
    assert g.bull_deck == [4, 4, 4, 5, 5, 5, 6, 6, 7, 7]
    assert g.view(None).bull_deck == (4, 4, 4, 5, 5, 5, 6, 6, 7, 7)  # public: the order is fixed


def test_bp1_each_player_gets_one_zero_card_at_random_the_rest_back_in_the_box():
    seen = set()
    for seed in range(40):
        g = Game(["A", "B", "C"], seed=seed)
        assert len(set(g.letters)) == 3 and set(g.letters) <= set("ABCDE")
        seen.add(tuple(g.letters))
    assert len(seen) > 10  # dealt at random, not by seat


def test_bp1_a_zero_cards_letter_is_secret_until_played():
    g = table(3, zero="CAB")
    assert g.view(None).players[0].zero is None
    assert g.view(1).players[0].zero is None
    assert g.view(0).players[0].zero == "C"  # its owner holds it
    bid(g, 0, "zero")
    assert g.view(1).players[0].zero is None  # a secret bid: still hidden
    bid(g, 1, g.hands[1][0])
    bid(g, 2, g.hands[2][0])
    assert g.view(None).players[0].zero == "C"  # revealed with the bids (BP5)
    assert g.view(2).players[0].zero == "C"
    assert g.view(None).players[1].zero is None  # never played


# ---------------------------------------------------------------- BP2, BP3: the deal


@pytest.mark.parametrize("n, removed, draw", [(2, 50, 40 - 4), (3, 25, 60 - 6), (4, 0, 80 - 8), (5, 0, 75 - 10)])
def test_bp2_bp3_removed_cards_hands_and_draw_pile(n, removed, draw):
    g = Game([f"P{p}" for p in range(n)], seed=1)
    assert len(g.removed) == removed == rules.removed_count(n)  # BP2
    assert all(len(h) == 5 for h in g.hands)  # BP3: 5 number cards each (and the zero card)
    assert all(x in "ABCDE" for x in g.letters)
    assert len(g.draw) == draw  # BP3: the rest is the draw pile (less the first rows, BP4)
    record = g.record()["deals"][0]
    assert len(record["removed"]) == removed and len(record["draw_pile"]) == draw + 2 * n


def test_bp2_removed_cards_are_unseen():
    g = Game(["A", "B"], seed=3)
    view = g.view(0)
    assert view.removed_count == 50
    assert not set(g.removed) & view.seen_cards()
    assert set(g.removed) <= set(view.unseen_cards())
    assert "removed" not in view.__slots__


def test_bp3_a_deal_must_hold_five_cards_a_hand_and_every_card_once():
    good = deal(2)
    bad = dict(good, hands=[good["hands"][0][:4], good["hands"][1]])
    with pytest.raises(SetupError, match="5 cards"):
        Game(["A", "B"], deals=[bad])
    bad = dict(good, removed=good["removed"][:-1])
    with pytest.raises(SetupError, match="BP2"):
        Game(["A", "B"], deals=[bad])
    bad = dict(good, draw_pile=good["draw_pile"][:-1] + [good["hands"][0][0]])
    with pytest.raises(SetupError, match="twice"):
        Game(["A", "B"], deals=[bad])
    bad = dict(good, zero=["A", "A"])
    with pytest.raises(SetupError, match="letter"):
        Game(["A", "B"], deals=[bad])


@pytest.mark.parametrize("n", [1, 6])
def test_bp_players_2_to_5(n):
    with pytest.raises(SetupError, match="2 to 5"):
        Game([f"P{p}" for p in range(n)])


# ---------------------------------------------------------------- BP4: the rows


def test_bp4_one_row_per_player_of_two_cards_from_the_draw_pile_not_sorted():
    g = table(3, top=(60, 3, 90, 45, 7, 8))
    assert [r.cards for r in g.rows] == [[60, 3], [90, 45], [7, 8]]
    assert isinstance(g.opening_events[-1], RoundStarted)
    assert g.opening_events[-1].rows == ((60, 3), (90, 45), (7, 8))
    assert g.draw[0] not in (60, 3, 90, 45, 7, 8)


# ---------------------------------------------------------------- BP5: bidding


def test_bp5_every_player_without_a_row_bids_in_secret_and_all_are_revealed_together():
    g = table(3, hands=[[30, 31, 32, 33, 34], [10, 11, 12, 13, 14], [20, 21, 22, 23, 24]])
    assert g.pending == {"do": "bid", "players": [0, 1, 2]}
    assert g.deciders() == [0, 1, 2]
    ev = bid(g, 0, 30)
    assert ev == [BidMade(0)]  # no card in the event
    for q in (None, 1, 2):
        v = g.view(q)
        assert v.players[0].has_bid and v.players[0].bid is None and v.players[0].hand is None
        assert v.players[0].hand_size == 5  # the size does not tell a number bid from a zero bid
    assert g.view(0).players[0].bid == 30
    with pytest.raises(IllegalAction, match="already bid"):
        bid(g, 0, 31)
    bid(g, 1, 10)
    ev = bid(g, 2, 20)
    revealed = [e for e in ev if isinstance(e, BidsRevealed)]
    assert revealed == [BidsRevealed(1, ((1, 10, None), (2, 20, None), (0, 30, None)))]


def test_bp5_number_cards_act_lowest_first_and_take_any_remaining_row():
    g = table(3, hands=[[30, 31, 32, 33, 34], [10, 11, 12, 13, 14], [20, 21, 22, 23, 24]],
              top=(60, 61, 70, 71, 80, 81))
    bid(g, 0, 30)
    bid(g, 1, 10)
    bid(g, 2, 20)
    assert g.pending == {"do": "take", "player": 1, "card": 10}  # lowest first
    assert [a["row"] for a in g.legal(1)] == [0, 1, 2]  # any row
    ev = take(g, 1, 2)
    assert ev[0] == RowTaken(1, 10, 2, (80, 81), None)
    assert 10 in g.discard  # the bid goes to the discard pile
    assert g.hands[1] == [11, 12, 13, 14, 80, 81]  # the row's cards into the hand
    assert g.rows[2].taken_by == 1 and g.rows[2].cards == []
    lay(g, 1, 11)  # BP8 first
    assert g.pending == {"do": "take", "player": 2, "card": 20}
    assert [a["row"] for a in g.legal(2)] == [0, 1]  # a remaining row
    with pytest.raises(IllegalAction, match="taken by player 1"):
        take(g, 2, 2)


def test_bp5_the_taken_row_brings_its_bull_card():
    g = _closed_row_game()
    assert g.rows[0].closed and g.rows[0].bull == 4
    bid(g, 0, g.hands[0][0])
    bid(g, 1, g.hands[1][-1])
    ev = take(g, 0, 0)
    assert ev[0].bull == 4 and g.bulls[0] == [4]
    assert g.rows[0].bull is None


def test_bp5_zero_cards_act_after_the_number_cards_in_letter_order():
    g = table(3, hands=[[30, 31, 32, 33, 34], [10, 11, 12, 13, 14], [20, 21, 22, 23, 24]], zero="CAB",
              top=(60, 61, 70, 71, 80, 81, 90, 91, 92))
    bid(g, 0, "zero")
    bid(g, 1, "zero")
    ev = bid(g, 2, 20)
    assert next(e for e in ev if isinstance(e, BidsRevealed)).bids == ((2, 20, None), (1, None, "A"), (0, None, "C"))
    take(g, 2, 0)
    lay(g, 2, 21)
    # player 1 (A) before player 0 (C); each turns up the top card of the draw pile
    assert g.pending == {"do": "zero_row", "player": 1, "card": 90}
    assert g.view(None).drawn == 90
    assert [a["row"] for a in g.legal(1)] == [1, 2]  # remaining rows, not closed
    ev = zero_row(g, 1, 2)
    assert ev[0] == CardAdded(1, 90, 2, 2)
    assert ZeroTakenBack(1, "A", "added") in ev
    assert g.rows[2].cards == [80, 81, 90]
    assert g.pending == {"do": "zero_row", "player": 0, "card": 91}
    zero_row(g, 0, 1)
    # then the next bidding among those still without a row, the zero cards back in hand
    assert g.pending == {"do": "bid", "players": [0, 1]}
    assert {"player": 0, "do": "bid", "card": "zero"} in g.legal(0)
    assert g.turn == 2


# ---------------------------------------------------------------- BP6: closed rows


def _closed_row_game() -> Game:
    """Two players; three zero cards close row 0 ([1, 2] + 3, 4, 5) and bring the top Bull card."""
    g = table(2, hands=[[10, 11, 12, 13, 14], [20, 21, 22, 23, 24]], zero="AB", top=(1, 2, 50, 51, 3, 4, 5, 6))
    bid(g, 0, "zero")
    bid(g, 1, "zero")
    zero_row(g, 0, 0)
    zero_row(g, 1, 0)
    bid(g, 0, "zero")
    bid(g, 1, "zero")
    ev = zero_row(g, 0, 0)
    assert RowClosed(0, 4) in ev
    zero_row(g, 1, 1)
    return g


def test_bp6_a_row_of_five_number_cards_is_closed_with_the_top_bull_card():
    g = _closed_row_game()
    row = g.rows[0]
    assert row.cards == [1, 2, 3, 4, 5] and row.closed and row.bull == 4
    assert g.bull_deck == [4, 4, 5, 5, 5, 6, 6, 7, 7]
    v = g.view(None).rows[0]
    assert v.closed and v.bull == 4 and not v.is_open


def test_bp6_no_card_may_be_added_to_a_closed_row():
    g = _closed_row_game()
    bid(g, 0, "zero")
    bid(g, 1, "zero")
    assert [a["row"] for a in g.legal(0)] == [1]
    with pytest.raises(IllegalAction, match="closed"):
        zero_row(g, 0, 0)


def test_bp6_when_every_remaining_row_is_closed_only_number_cards_may_be_bid():
    g = _closed_row_game()
    bid(g, 0, g.hands[0][0])
    bid(g, 1, "zero")
    take(g, 0, 1)  # the open row; the closed one remains
    lay_down(g, 0)
    assert g.pending == {"do": "bid", "players": [1]}
    assert all(a["card"] != "zero" for a in g.legal(1))
    with pytest.raises(IllegalAction, match="closed"):
        bid(g, 1, "zero")


def test_bp6_decision_no_bull_card_when_they_are_used_up():
    g = table(2, hands=[[10, 11, 12, 13, 14], [20, 21, 22, 23, 24]], zero="AB", top=(1, 2, 50, 51, 3, 4, 5, 6))
    g.bull_deck = []  # every Bull card already laid with a row
    bid(g, 0, "zero")
    bid(g, 1, "zero")
    zero_row(g, 0, 0)
    zero_row(g, 1, 0)
    bid(g, 0, "zero")
    bid(g, 1, "zero")
    ev = zero_row(g, 0, 0)
    assert RowClosed(0, None) in ev
    assert g.rows[0].closed and g.rows[0].bull is None


def test_bp6_decision_a_zero_card_with_no_open_row_left_is_simply_taken_back():
    g = _closed_row_game()
    draw = list(g.draw)
    bid(g, 0, "zero")
    bid(g, 1, g.hands[1][0])
    ev = take(g, 1, 1)  # number first: the open row goes; only the closed row remains
    ev += lay_down(g, 1)
    assert ZeroTakenBack(0, "A", "no_open_row") in ev
    assert not [e for e in ev if isinstance(e, CardTurnedUp)]
    assert g.draw == draw  # nothing drawn
    assert g.pending == {"do": "bid", "players": [0]}


# ---------------------------------------------------------------- BP7: out of the bidding, the round's end


def test_bp7_a_player_who_took_a_row_bids_no_more_this_round():
    g = table(3, hands=[[30, 31, 32, 33, 34], [10, 11, 12, 13, 14], [20, 21, 22, 23, 24]])
    bid(g, 0, "zero")
    bid(g, 1, 10)
    bid(g, 2, "zero")
    take(g, 1, 0)
    lay_down(g, 1)
    while g.pending["do"] == "zero_row":
        zero_row(g, g.pending["player"], g.legal(g.pending["player"])[0]["row"])
    assert g.pending == {"do": "bid", "players": [0, 2]}
    assert g.legal(1) == []
    with pytest.raises(IllegalAction, match="bids no more"):
        bid(g, 1, 11)


def test_bp7_the_round_ends_when_the_last_row_is_taken():
    g = table(2, hands=[[10, 11, 12, 13, 14], [20, 21, 22, 23, 24]], top=(60, 61, 70, 71, 80, 81, 90, 91))
    bid(g, 0, 10)
    bid(g, 1, 20)
    take(g, 0, 0)
    lay_down(g, 0)
    ev = take(g, 1, 1)
    ev += lay_down(g, 1)
    assert RoundEnded(1, tuple(g.scores()), False) in ev
    assert RoundStarted(2, ((80, 81), (90, 91))) in ev
    assert g.round == 2 and g.took == [None, None] and g.pending == {"do": "bid", "players": [0, 1]}


# ---------------------------------------------------------------- BP8: the hand limit and the piles


def test_bp8_right_after_a_take_the_hand_is_cut_to_five_number_cards():
    g = _closed_row_game()
    bid(g, 0, g.hands[0][0])  # 10
    bid(g, 1, g.hands[1][-1])
    take(g, 0, 0)  # 1, 2, 3, 4, 5 and the Bull card: 9 number cards in hand
    assert g.pending == {"do": "lay", "player": 0, "end": False}
    assert len(g.hands[0]) == 9
    for card in (1, 2, 3):
        lay(g, 0, card, None if card == 1 else 0)
    assert g.pending["do"] == "lay"
    lay(g, 0, 4, 0)
    assert len(g.hands[0]) == 5 and g.piles[0] == [[1, 2, 3, 4]]
    assert g.pending == {"do": "take", "player": 1, "card": 24}
    assert g.letters[0] == "A" and g.view(0).players[0].zero == "A"  # the zero card is kept


def test_bp8_a_card_goes_only_on_a_lower_top_card_and_a_new_pile_any_time():
    g = _closed_row_game()
    bid(g, 0, g.hands[0][0])
    bid(g, 1, g.hands[1][-1])
    take(g, 0, 0)
    lay(g, 0, 4, None)
    legal = g.legal(0)
    assert {"player": 0, "do": "lay", "card": 3, "pile": 0} not in legal
    assert {"player": 0, "do": "lay", "card": 5, "pile": 0} in legal
    assert all({"player": 0, "do": "lay", "card": c, "pile": None} in legal for c in g.hands[0])
    with pytest.raises(IllegalAction, match="higher than the top card 4"):
        lay(g, 0, 3, 0)
    with pytest.raises(IllegalAction, match="no pile"):
        lay(g, 0, 5, 1)
    ev = lay(g, 0, 3, None)
    assert ev == [CardLaid(0, 3, 1, True, False)]
    ev = lay(g, 0, 12, 0)
    assert ev == [CardLaid(0, 12, 0, False, False)]
    assert g.piles[0] == [[4, 12], [3]]


def test_bp8_bull_cards_are_kept_apart_face_up():
    g = _closed_row_game()
    bid(g, 0, g.hands[0][0])
    bid(g, 1, g.hands[1][-1])
    take(g, 0, 0)
    assert 4 not in g.view(0).hand or g.view(0).players[0].bulls == (4,)
    assert g.view(None).players[0].bulls == (4,) and g.view(1).players[0].bulls == (4,)


def test_bp8_piles_are_public_and_cards_taken_are_known_to_all():
    g = table(2, hands=[[10, 11, 12, 13, 14], [20, 21, 22, 23, 24]], top=(60, 61, 70, 71))
    bid(g, 0, 10)
    bid(g, 1, 20)
    take(g, 0, 1)
    lay(g, 0, 11)
    v = g.view(1)
    assert v.players[0].piles == ((11,),) and v.players[0].known == (70, 71)
    assert v.players[0].hand is None and v.players[0].hand_size == 5


# ---------------------------------------------------------------- BP9: the draw pile runs out


def _short_draw(g: Game, keep: int) -> None:
    """Put all but the top `keep` cards of the draw pile in the box (a game near its end)."""
    g.removed += g.draw[keep:]
    del g.draw[keep:]


def test_bp9_decision_the_pile_runs_out_only_when_a_card_must_be_drawn_from_it():
    g = table(2, hands=[[10, 11, 12, 13, 14], [20, 21, 22, 23, 24]], zero="AB", top=(1, 2, 50, 51, 3, 4))
    _short_draw(g, 2)  # exactly the two cards the zero cards turn up
    bid(g, 0, "zero")
    bid(g, 1, "zero")
    zero_row(g, 0, 0)
    zero_row(g, 1, 0)
    assert g.draw == [] and not g.last_round  # empty, but nothing had to be drawn from it yet
    bid(g, 0, 10)
    bid(g, 1, 20)
    take(g, 0, 0)
    lay_down(g, 0)
    ev = take(g, 1, 1)
    ev += lay_down(g, 1)
    # the next round's rows must be drawn: it runs out now, the discard pile (10, 20) is the new draw pile
    assert Reshuffled(2, True) in ev and g.last_round
    assert g.reshuffles == [[10, 20]] or g.reshuffles == [[20, 10]]


def _run_out(seed: int = 0, given=None) -> tuple[Game, list]:
    """Two players, one card left in the draw pile: A's zero card draws it; B's then needs a card: the discard
    pile (the 10 bid by A) becomes the new draw pile (BP9)."""
    g = table(2, hands=[[10, 11, 12, 13, 14], [20, 21, 22, 23, 24]], zero="AB", top=(60, 61, 70, 71, 99),
              seed=seed)
    if given is not None:
        g.given_reshuffles = given
    _short_draw(g, 1)
    bid(g, 0, 10)
    bid(g, 1, "zero")
    take(g, 0, 0)
    lay_down(g, 0)
    zero_row(g, 1, 1)  # the 99, the last card of the draw pile
    assert g.draw == [] and g.discard == [10] and not g.last_round
    bid(g, 1, "zero")  # the discard pile holds a card: a zero card may be bid
    return g, []


def test_bp9_the_discard_pile_is_shuffled_into_a_new_draw_pile_and_the_round_is_the_last():
    g, _ = _run_out()
    assert g.reshuffles == [[10]] and g.last_round and g.discard == []
    assert g.pending == {"do": "zero_row", "player": 1, "card": 10}
    assert g.view(None).last_round
    zero_row(g, 1, 1)
    bid(g, 1, 20)
    ev = take(g, 1, 1)
    ev += lay_down(g, 1)  # the hand limit first (BP8)
    assert RoundEnded(1, tuple(g.scores()), True) in ev
    # the game ends: every player lays all number cards of the hand, seat by seat from player 0
    assert g.pending == {"do": "lay", "player": 0, "end": True} and g.end_phase
    assert g.legal(1) == []
    ev = []
    while g.pending is not None and g.pending["player"] == 0:
        card = g.hands[0][0]
        ev += lay(g, 0, card, 0 if card > g.piles[0][0][-1] else None)
    assert g.hands[0] == [] and g.pending == {"do": "lay", "player": 1, "end": True}
    assert ev and all(e.end for e in ev if isinstance(e, CardLaid))
    ev = lay_down(g, 1)
    assert g.finished and g.pending is None and g.hands[1] == []
    assert ev[-1] == GameOver(g.winners, tuple(g.scores()))
    assert g.legal(0) == [] and g.deciders() == []
    with pytest.raises(IllegalAction, match="over"):
        bid(g, 0, 10)


def test_bp9_the_reshuffle_event_says_the_round_is_the_last():
    g = table(2, hands=[[10, 11, 12, 13, 14], [20, 21, 22, 23, 24]], zero="AB", top=(60, 61, 70, 71, 99))
    _short_draw(g, 1)
    bid(g, 0, 10)
    bid(g, 1, "zero")
    take(g, 0, 0)
    lay_down(g, 0)
    zero_row(g, 1, 1)
    ev = bid(g, 1, "zero")
    assert Reshuffled(1, True) in ev and CardTurnedUp(1, "B", 10) in ev


def test_bp9_the_record_holds_each_reshuffle_in_order():
    g, _ = _run_out(seed=5)
    assert g.record()["deals"][0]["reshuffles"] == [[10]]
    again = Game(["P0", "P1"], seed=5, deals=[dict(g.record()["deals"][0])])
    assert again.given_reshuffles == [[10]]


def test_bp9_a_recorded_reshuffle_must_hold_the_discard_pile():
    g = table(2, hands=[[10, 11, 12, 13, 14], [20, 21, 22, 23, 24]], zero="AB", top=(60, 61, 70, 71, 99))
    g.given_reshuffles = [[98]]
    _short_draw(g, 1)
    bid(g, 0, 10)
    bid(g, 1, "zero")
    take(g, 0, 0)
    lay_down(g, 0)
    zero_row(g, 1, 1)
    before = copy.deepcopy((g.record(), g.hands, g.discard, g.pending, g.draw))
    with pytest.raises(IllegalAction, match="reshuffle 0"):
        bid(g, 1, "zero")
    assert (g.record(), g.hands, g.discard, g.pending, g.draw) == before  # nothing changed
    assert not g.last_round and g.reshuffles == []


def test_bp9_a_recorded_reshuffle_met_by_any_draw_is_refused_and_changes_nothing():
    """Whichever draw runs the pile out (a zero card's turn-up, or a new round's rows), a record's reshuffle
    that is not the discard pile refuses that action and leaves the game as it was."""
    import random

    seen = set()
    for n in range(2, 6):
        for seed in range(12):
            g = Game([f"P{p}" for p in range(n)], seed=seed)
            rng = random.Random(seed)
            while not g.finished:
                g.apply(rng.choice(g.legal(rng.choice(g.deciders()))))
            record = g.record()
            deal_ = dict(record["deals"][0], reshuffles=[record["deals"][0]["reshuffles"][0][1:]])
            again = Game(record["players"], seed=seed, deals=[deal_])
            good = Game(record["players"], seed=seed, deals=record["deals"])
            for action in record["actions"]:
                before = copy.deepcopy(again.record()), again.view(None), [again.view(p) for p in range(n)]
                ev = good.apply(action)
                try:
                    again.apply(action)
                except IllegalAction as exc:
                    assert "reshuffle 0" in str(exc)
                    after = again.record(), again.view(None), [again.view(p) for p in range(n)]
                    assert after == before and again.reshuffles == [] and not again.last_round
                    seen.add(type(next(e for e in ev if isinstance(e, (RoundStarted, CardTurnedUp)))))
                    break
            else:
                raise AssertionError("the bad reshuffle was never met")
    assert seen == {RoundStarted, CardTurnedUp}  # a new round's rows and a zero card's turn-up both met it


def test_bp9_decision_ours_a_second_run_out_reshuffles_again_and_the_game_still_ends_after_the_round():
    g = table(4, hands=[[10, 11, 12, 13, 14], [20, 21, 22, 23, 24], [30, 31, 32, 33, 34], [40, 41, 42, 43, 44]],
              zero="CABD", top=(60, 61, 70, 71, 80, 81, 90, 91, 99))
    _short_draw(g, 1)
    for p, card in enumerate((10, "zero", "zero", 40)):
        bid(g, p, card)
    take(g, 0, 0)
    lay_down(g, 0)
    take(g, 3, 3)
    ev = lay_down(g, 3)
    assert CardTurnedUp(1, "A", 99) in ev
    ev = zero_row(g, 1, 1)  # B's zero card needs a card: the first run-out, from the bids 10 and 40
    assert Reshuffled(2, True) in ev and sorted(g.reshuffles[0]) == [10, 40]
    zero_row(g, 2, 1)
    bid(g, 1, 20)
    bid(g, 2, "zero")
    take(g, 1, 1)
    lay_down(g, 1)
    zero_row(g, 2, 2)  # the last card of the new draw pile
    ev = bid(g, 2, "zero")
    assert Reshuffled(1, False) in ev and CardTurnedUp(2, "B", 20) in ev  # again, from the bid made since
    assert g.reshuffles[1] == [20] and g.last_round
    zero_row(g, 2, 2)
    assert {"player": 2, "do": "bid", "card": "zero"} not in g.legal(2)  # nothing left to turn up
    bid(g, 2, 30)
    ev = take(g, 2, 2) + lay_down(g, 2)
    assert RoundEnded(1, tuple(g.scores()), True) in ev  # still the last round: the game ends
    assert g.end_phase and g.pending == {"do": "lay", "player": 0, "end": True}


def test_bp9_decision_ours_no_zero_bid_while_nothing_is_left_to_draw():
    g = table(2, hands=[[10, 11, 12, 13, 14], [20, 21, 22, 23, 24]], zero="AB", top=(60, 61, 70, 71))
    _short_draw(g, 0)
    assert {"player": 0, "do": "bid", "card": "zero"} not in g.legal(0)  # no draw pile, no discard pile
    with pytest.raises(IllegalAction, match="no card is left"):
        bid(g, 0, "zero")


def test_bp9_decision_ours_a_zero_card_with_nothing_to_draw_is_taken_back():
    g = table(3, hands=[[10, 11, 12, 13, 14], [20, 21, 22, 23, 24], [30, 31, 32, 33, 34]], zero="ABC")
    _short_draw(g, 1)
    bid(g, 0, "zero")
    bid(g, 1, "zero")
    ev = bid(g, 2, "zero")
    assert [type(e).__name__ for e in ev[-2:]] == ["BidsRevealed", "CardTurnedUp"]
    ev = zero_row(g, 0, 0)
    assert ZeroTakenBack(1, "B", "no_card") in ev and ZeroTakenBack(2, "C", "no_card") in ev
    assert g.pending == {"do": "bid", "players": [0, 1, 2]}


# ---------------------------------------------------------------- BP10: the score


def test_bp10_the_pile_with_most_bullheads_counts_plus_bull_cards_plus_other_piles_minus():
    piles = [[1, 55], [10, 20], [5]]  # 8, 6, 2 bullheads
    assert rules.score(piles, [4, 7]) == 8 - 6 - 2 + 11
    assert rules.score([], [5]) == 5
    assert rules.score([[11], [22]], []) == 5 - 5  # two equal piles: one counts plus
    assert rules.counting_pile(piles) == 0 and rules.counting_pile([[11], [22]]) == 0


def test_bp10_the_view_and_the_result_show_the_score_as_of_now():
    g = _closed_row_game()
    bid(g, 0, g.hands[0][0])
    bid(g, 1, g.hands[1][-1])
    take(g, 0, 0)
    lay(g, 0, 1, None)
    lay(g, 0, 2, None)
    lay(g, 0, 3, 0)
    lay(g, 0, 4, 0)
    pv = g.view(None).players[0]
    assert pv.piles == ((1, 3, 4), (2,)) and pv.pile_heads == (3, 1) and pv.counting_pile == 0
    assert pv.score == 3 - 1 + 4 == g.scores()[0]


def test_bp10_highest_total_wins_ties_share_victory():
    assert rules.winners([3, 7, 7, -2]) == (1, 2)
    assert rules.winners([-5, -9]) == (0,)
