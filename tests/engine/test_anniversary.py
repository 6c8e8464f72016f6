"""Anniversary variant (RULES section 4), rule by rule, on hand-built tables.

Tables come from `anniversary_table.table()`: row starters and hands as a real deal, extra row cards laid from
the cards out of play. Players are P0, P1, ...; a player with no special card is never asked for one
(A-ORD-1).
"""

from __future__ import annotations

import json
from collections import Counter

import pytest
from anniversary_table import (
    FULL_SPECIALS,
    act,
    add_fifth_row,
    assert_accounted,
    give_pile,
    mark,
    select,
    special_cards,
    table,
)

from bere_tui.cli import main as cli_main
from bere_tui.engine import IllegalAction
from bere_tui.engine.cards import HEADS
from bere_tui.engine.nimmt import Game
from bere_tui.engine.nimmt.events import (
    Cancelled,
    Placed,
    RoundScored,
    RowTaken,
    SpecialPlayed,
    SpecialsGiven,
    Swapped,
)
from bere_tui.engine.nimmt.variants import SPECIAL_NAMES
from bere_tui.record import replay, result

PLAIN = [[10], [20], [30], [40]]
FULL0 = [[10, 11, 12, 13, 14], [20], [30], [40]]  # row 0 holds 5 cards: a card above 14 is its 6th (B5)


def refused(g: Game, action: dict, message: str) -> None:
    """The action raises IllegalAction naming `message`, and nothing changes."""
    before = (result(g), list(g.draw_pile), list(g.discard_pile), g.record())
    with pytest.raises(IllegalAction, match=message):
        g.apply(action)
    assert (result(g), list(g.draw_pile), list(g.discard_pile), g.record()) == before


def special(p: int, name, **fields) -> dict:
    if "with_" in fields:
        fields["with"] = fields.pop("with_")
    return {"player": p, "do": "special", "card": name, **fields}


def offered(g: Game, p: int, name: str) -> list[dict]:
    """The legal `special` choices of one card, without player/do/card."""
    return [{k: v for k, v in a.items() if k not in ("player", "do", "card")}
            for a in g.legal(p) if a["card"] == name]


def cells(g: Game) -> list[list[int]]:
    return [r.cards for r in g.rows]


def last_turn(g: Game, cards) -> None:
    """Jump to the last turn of the round: player p holds only cards[p] (the rest go out of play)."""
    for p, c in enumerate(cards):
        g.out_of_play.extend(x for x in g.hands[p] if x != c)
        g.hands[p] = [c]
    g.turn = 12


def play_passively(g: Game) -> None:
    """Finish the game: lowest card, no special card, first row, no swap, the first cancellation."""
    while not g.finished:
        pend = g.pending
        if pend["do"] == "select":
            for p in list(pend["players"]):
                g.apply({"player": p, "do": "select", "card": g.hands[p][0]})
        else:
            g.apply(g.legal(pend["player"])[0])


# ---------------------------------------------------------------- setup and flow (A1-A8)


@pytest.mark.parametrize("n", [2, 5, 8])
def test_a1_a2_round_setup(n):
    g = Game("anniversary", [f"P{p}" for p in range(n)], seed=7 + n)
    # A1: two separate decks, 4 copies of each of the seven special cards
    assert FULL_SPECIALS == Counter({name: 4 for name in SPECIAL_NAMES})
    assert special_cards(g) == FULL_SPECIALS
    assert_accounted(g)
    # A2: 12 number cards and 3 special cards each, 4 row starters, the rest out of play
    assert all(len(h) == 12 for h in g.hands)
    assert all(len(s) == 3 for s in g.specials)
    assert [len(r.cards) for r in g.rows] == [1, 1, 1, 1]
    assert len(g.out_of_play) == 104 - 12 * n - 4
    # the rest of the special deck is a face-down draw pile, the discard pile empty
    assert len(g.draw_pile) == 28 - 3 * n
    assert g.discard_pile == []
    assert g.record()["deals"][0]["special_pile"] == g.draw_pile
    assert g.record()["deals"][0]["specials"] == g.specials


def test_a2_special_cards_in_hand_are_secret_and_the_table_is_public():
    g = table(PLAIN, [[45], [50], [55]], specials=[["stop", "insert"], ["shift"], []])
    mark(g, 1, "seven_nimmt")
    mark(g, 2, "stop")
    add_fifth_row(g, [60])
    g.discard_pile.append(g.draw_pile.pop())
    for me in (None, 0, 1, 2):
        v = g.view(me)
        for p, pv in enumerate(v.players):
            # A2: only the owner sees their special cards; everybody sees how many they hold
            assert pv.specials == (tuple(sorted(g.specials[p], key=SPECIAL_NAMES.index)) if p == me else None)
            assert pv.special_count == len(g.specials[p])
        # markers beside rows, the pile size and the discard pile are public (A4)
        assert [(r.seven, r.stop, r.fifth, r.capacity) for r in v.rows] == [
            (False, False, False, 5), (True, False, False, 6), (False, True, False, 5),
            (False, False, False, 5), (False, False, True, 5)]
        assert v.draw_pile_size == len(g.draw_pile)
        assert v.discard_pile == tuple(g.discard_pile)
    assert g.view(None).my_specials == ()


def test_a1_special_cards_in_hand_are_shown_in_the_order_of_the_rules():
    """Issue 12: the hand listed them as drawn, the prompt in the rules' order (A1); the view gives A1's."""
    g = table(PLAIN, [[45], [50]], specials=[["stop", "insert", "fifth_row"]])
    assert g.specials[0] == ["stop", "insert", "fifth_row"]  # as held
    assert g.view(0).my_specials == ("fifth_row", "insert", "stop")


def test_a3_special_asked_when_the_card_is_due_and_only_one_per_placement():
    g = table(PLAIN, [[45], [35]], specials=[["stop", "insert"]])
    select(g, [45, 35])
    # P1's 35 resolves first; P0 is asked when 45 is due, with the rows as they stand then
    assert cells(g) == [[10], [20], [30, 35], [40]]
    assert g.pending == {"do": "special", "player": 0, "card": 45}
    ev = act(g, 0, "special", card="stop", row=0)
    assert SpecialPlayed(0, "stop", 45, (("row", 0),)) in ev
    # A3: one special card per placement: 45 is placed at once, no second question
    assert cells(g) == [[10], [20], [30, 35], [40, 45]]
    assert g.specials[0] == ["insert"]
    assert g.pending == {"do": "select", "players": [0, 1]}


def test_a_ord_1_a_player_without_special_cards_is_not_asked():
    g = table(PLAIN, [[45], [50]], specials=[["stop"], []])
    select(g, [45, 50])
    assert g.pending == {"do": "special", "player": 0, "card": 45}
    act(g, 0, "special", card=None)
    # P1 holds none: 50 is placed without a question
    assert g.pending == {"do": "select", "players": [0, 1]}
    assert cells(g)[3] == [40, 45, 50]
    assert [a["do"] for a in g.record()["actions"]] == ["select", "select", "special"]


@pytest.mark.parametrize("name, fields, stays", [
    ("fifth_row", {}, True),
    ("seven_nimmt", {"row": 0}, True),
    ("stop", {"row": 0}, True),  # 15 then waits for its B6 choice, the Stop still out
    ("insert", {"row": 1}, False),
    ("replace", {"with": 5}, False),
    ("shift", {"move": 11, "to_row": 2}, False),
    ("negative_positive", {}, False),
])
def test_a4_used_cards_are_discarded_except_those_beside_a_row(name, fields, stays):
    g = table(FULL0, [[15, 5], [90]], specials=[[name]])
    select(g, [15, 90])
    g.apply(special(0, name, **fields))
    assert g.specials[0] == []
    if stays:  # A4: 5th Row, 7 nimmt! and Stop lie beside their row
        assert name not in g.discard_pile
        assert special_cards(g)[name] == 4
        assert any((name == "fifth_row" and r.fifth) or (name == "seven_nimmt" and r.seven)
                   or (name == "stop" and r.stop) for r in g.rows)
    else:
        assert g.discard_pile == [name]
    assert_accounted(g)


def test_a5_swap_after_taking_a_row():
    g = table(FULL0, [[15], [90]], specials=[["stop", "insert"]], top=["shift", "replace"])
    select(g, [15, 90])
    act(g, 0, "special", card=None)
    # 15 is row 0's 6th card (B5): P0 took a row and holds special cards (A-ORD-4)
    assert g.piles[0] == [10, 11, 12, 13, 14]
    assert g.pending == {"do": "swap", "player": 0, "card": 15}
    assert g.legal(0) == [{"player": 0, "do": "swap", "discard": d} for d in (None, "insert", "stop")]
    refused(g, {"player": 0, "do": "swap", "discard": "fifth_row"}, "you hold no fifth_row card to discard")
    refused(g, {"player": 0, "do": "swap", "discard": "joker"}, "you hold no joker card to discard")
    refused(g, {"player": 0, "do": "swap"}, "swap needs the field 'discard'")
    size = len(g.draw_pile)
    ev = act(g, 0, "swap", discard="stop")
    # A5: the card goes to the discard pile, the top card of the draw pile comes to the hand
    assert Swapped(0, "stop") in ev
    assert sorted(g.specials[0]) == ["insert", "shift"]
    assert g.discard_pile == ["stop"]
    assert g.draw_pile[0] == "replace" and len(g.draw_pile) == size - 1
    assert_accounted(g)


def test_a5_swap_may_be_declined_and_is_asked_only_after_a_take():
    g = table(FULL0, [[15, 45], [90, 91]], specials=[["stop"]])
    select(g, [45, 90])
    act(g, 0, "special", card=None)
    assert g.pending["do"] == "select"  # no take, no swap
    select(g, [15, 91])
    act(g, 0, "special", card=None)
    hand, pile = list(g.specials[0]), list(g.draw_pile)
    act(g, 0, "swap", discard=None)
    assert (g.specials[0], g.draw_pile, g.discard_pile) == (hand, pile, [])


def test_a5_swap_reshuffles_the_discard_pile_when_the_draw_pile_is_empty():
    g = table(FULL0, [[15], [90]], specials=[["stop", "insert"]])
    g.discard_pile, g.draw_pile = g.draw_pile, []
    old_discard = list(g.discard_pile)
    select(g, [15, 90])
    act(g, 0, "special", card=None)
    twin = g.copy()
    act(g, 0, "swap", discard="stop")
    # the discard pile (with the card just discarded) became the draw pile, shuffled; its top card was drawn
    drawn = (Counter(g.specials[0]) - Counter(["insert"]))
    assert sum(drawn.values()) == 1
    assert g.discard_pile == []
    assert Counter(g.draw_pile) + drawn == Counter(old_discard + ["stop"])
    assert g.draw_pile != sorted(g.draw_pile) or len(set(g.draw_pile)) == 1
    assert_accounted(g)
    act(twin, 0, "swap", discard="stop")  # the shuffle comes from the seed: the same again
    assert (twin.specials, twin.draw_pile) == (g.specials, g.draw_pile)


def test_a6_two_rounds_exactly_and_no_66_point_end():
    g = table(PLAIN, [[45], [50]], specials=[["stop"]])
    last_turn(g, [45, 50])
    heavy = [55, 66, 77, 88, 99, 11, 22, 33, 44, 60, 70, 80, 90, 100, 65, 75, 85, 95]
    give_pile(g, 0, heavy)
    assert sum(HEADS[c] for c in heavy) == 70
    select(g, [45, 50])
    ev = act(g, 0, "special", card=None)
    # B9 is not used (A7): round 2 starts although P0 has 70
    assert RoundScored(1, (70, 0), (70, 0)) in ev
    assert not g.finished and g.round == 2 and g.turn == 1
    assert all(len(h) == 12 for h in g.hands) and [len(r.cards) for r in g.rows] == [1, 1, 1, 1]
    assert g.piles == [[], []]
    assert_accounted(g)
    play_passively(g)
    # A6: two rounds exactly
    assert g.round == 2 and g.finished and [len(s) for s in g.scores] == [2, 2]


@pytest.mark.parametrize("n, given", [(4, 3), (5, 2), (6, 1), (7, 1), (8, 0)])
def test_a6_round_two_gives_3_2_or_1_special_cards_to_each(n, given):
    # nobody plays or swaps a special card in round 1: 3n in hands, 28 - 3n to share out
    g = Game("anniversary", [f"P{p}" for p in range(n)], seed=n)
    last_turn(g, [h[0] for h in g.hands])
    events = []
    while g.round == 1:
        pend = g.pending
        if pend["do"] == "select":
            events += select(g, [h[0] for h in g.hands])
        else:
            events += g.apply(g.legal(pend["player"])[0])  # no special card, no swap, first row
    # A6: the largest number every player can be given equally (none when fewer cards than players are left)
    assert SpecialsGiven(given) in events
    assert [len(s) for s in g.specials] == [3 + given] * n
    assert_accounted(g)


def test_a6_markers_are_discarded_first_and_cards_are_given_one_at_a_time():
    g = table(PLAIN, [[45], [50]], top=["shift", "replace", "insert", "stop", "seven_nimmt", "shift"])
    mark(g, 0, "seven_nimmt")
    mark(g, 1, "stop")
    add_fifth_row(g, [60])
    last_turn(g, [45, 50])
    ev = select(g, [45, 50])
    assert g.round == 2
    # A6: the three cards beside rows went to the discard pile; the new rows carry nothing
    assert sorted(g.discard_pile) == ["fifth_row", "seven_nimmt", "stop"]
    assert len(g.rows) == 4 and not any(r.seven or r.stop or r.fifth for r in g.rows)
    # one card at a time to each player from player 0 on (spec/record.md)
    assert SpecialsGiven(3) in ev
    assert g.specials == [["shift", "insert", "seven_nimmt"], ["replace", "stop", "shift"]]
    assert_accounted(g)


def test_a6_round_two_cards_come_from_the_reshuffled_discard_pile_once_the_draw_pile_runs_out():
    g = table(PLAIN, [[45], [50]], specials=[["stop", "stop", "stop"], ["stop"]], top=["insert"])
    g.discard_pile, g.draw_pile = g.draw_pile[1:], g.draw_pile[:1]
    discard = Counter(g.discard_pile)
    last_turn(g, [45, 50])
    select(g, [45, 50])
    while g.round == 1:
        act(g, g.pending["player"], "special", card=None)
    # P0 got the draw pile's last card first, then the reshuffled discard pile went on
    assert g.specials[0][:4] == ["stop", "stop", "stop", "insert"]
    assert len(g.specials[0]) == 6 and len(g.specials[1]) == 4
    dealt = Counter(g.specials[0][4:] + g.specials[1][1:])
    assert dealt + Counter(g.draw_pile) == discard and g.discard_pile == []
    assert_accounted(g)


def test_a7_both_rounds_add_up_unused_special_cards_are_discarded_and_ties_share():
    g = table(PLAIN, [[45], [50], [35]], specials=[["stop", "insert"], ["shift"]])
    g.round = 2
    g.scores = [[6], [9], [4]]
    give_pile(g, 2, [55])  # round 2: 7 bullheads so far for P2
    last_turn(g, [45, 50, 35])
    ev = select(g, [45, 50, 35])
    for _ in range(2):
        ev += act(g, g.pending["player"], "special", card=None)
    assert g.finished and g.pending is None
    assert RoundScored(2, (0, 0, 7), (6, 9, 11)) in ev
    # A7: fewest wins; unused special cards are discarded and score nothing
    assert g.winners == (0,)
    assert g.specials == [[], [], []]
    assert Counter(g.discard_pile) + Counter(g.draw_pile) == FULL_SPECIALS
    assert result(g)["winners"] == [0] and [p["total"] for p in result(g)["players"]] == [6, 9, 11]


def test_a7_tied_lowest_totals_share_the_victory():
    g = table(PLAIN, [[45], [50], [35]])
    g.round = 2
    g.scores = [[6], [9], [6]]
    last_turn(g, [45, 50, 35])
    select(g, [45, 50, 35])
    assert g.finished and g.winners == (0, 2)


def test_a8_two_cards_of_one_turn_trigger_b6():
    g = table(PLAIN, [[5], [35, 3]], specials=[[], ["replace"]])
    select(g, [5, 35])
    # P0's 5 is lower than every row (B6)
    assert g.pending == {"do": "take_row", "player": 0, "card": 5}
    act(g, 0, "take_row", row=0)
    assert cells(g)[0] == [5]
    assert g.pending == {"do": "special", "player": 1, "card": 35}
    act(g, 1, "special", card="replace", with_=3)
    # the replacement 3 is lower than every row, also the new 5: B6 again (A8)
    assert g.pending == {"do": "take_row", "player": 1, "card": 3}
    assert [a["row"] for a in g.legal(1)] == [0, 1, 2, 3]
    act(g, 1, "take_row", row=0)
    assert cells(g)[0] == [3] and g.piles == [[10], [5]]
    assert g.hands[1][0] == 35


def test_a9_capacity_six_beside_7_nimmt():
    g = table([[10], [20], [30], [40, 41, 42, 43, 44]], [[45, 47], [46, 48]], specials=[["seven_nimmt"]])
    select(g, [45, 46])
    act(g, 0, "special", card="seven_nimmt", row=3)
    # A9: 45 is the row's 6th number card and fits; 46 would be the 7th and takes the 6 cards (B5)
    assert cells(g)[3] == [46]
    assert g.piles[1] == [40, 41, 42, 43, 44, 45]
    assert not g.rows[3].seven and g.rows[3].capacity == 5  # A-7N-2
    assert g.discard_pile == ["seven_nimmt"]


# ---------------------------------------------------------------- 5th Row (A-5TH-1, A-5TH-2)


def test_a_5th_1_the_card_starts_a_fifth_row():
    g = table(PLAIN, [[45], [50]], specials=[["fifth_row"]])
    select(g, [45, 50])
    ev = act(g, 0, "special", card="fifth_row")
    assert Placed(0, 45, 4, 0, True) in ev
    assert len(g.rows) == 5 and g.rows[4].fifth
    # the new row is a row like the others: 50 follows 45 there (B4); no take, no swap
    assert cells(g) == [[10], [20], [30], [40], [45, 50]]
    assert g.piles == [[], []]


def test_a_5th_1_not_while_five_rows_lie_out():
    g = table(PLAIN, [[45], [50]], specials=[["fifth_row", "stop"]])
    add_fifth_row(g, [60])
    select(g, [45, 50])
    assert offered(g, 0, "fifth_row") == []
    refused(g, special(0, "fifth_row"), "five rows already lie on the table")


def test_a_5th_2_the_next_take_by_anyone_collects_the_placed_card_and_the_row_disappears():
    g = table(FULL0, [[35], [15]], specials=[["fifth_row"]])
    add_fifth_row(g, [60])
    ev = select(g, [35, 15])
    # P1's 15 is row 0's 6th card: the row and the 15 go to P1's pile; no new row; the rows after move up
    assert g.piles[1] == [10, 11, 12, 13, 14, 15]
    assert RowTaken(1, 0, (10, 11, 12, 13, 14, 15), 13, "sixth", True) in ev
    assert not any(isinstance(e, Placed) and e.card == 15 for e in ev)
    assert cells(g)[:4] == [[20], [30], [40], [60]]
    assert not any(r.fifth for r in g.rows)
    assert g.discard_pile == ["fifth_row"]
    # the 5th Row row itself stays as an ordinary row
    act(g, 0, "special", card=None)
    assert cells(g) == [[20], [30, 35], [40], [60]]
    assert_accounted(g)


def test_a_5th_2_by_a_low_card():
    g = table(PLAIN, [[5], [90]])
    add_fifth_row(g, [60])
    select(g, [5, 90])
    act(g, 0, "take_row", row=1)
    assert g.piles[0] == [20, 5]
    assert cells(g) == [[10], [30], [40], [60, 90]]


def test_a_5th_2_taking_the_fifth_row_itself():
    g = table(PLAIN, [[65], [90]])
    add_fifth_row(g, [60, 61, 62, 63, 64])
    select(g, [65, 90])
    assert g.piles[0] == [60, 61, 62, 63, 64, 65]
    assert cells(g) == [[10], [20], [30], [40, 90]]
    assert g.discard_pile == ["fifth_row"]


def test_a_5th_2_decision_insert_overflow_collects_the_whole_row():
    g = table([[10, 12, 14, 16, 18], [20], [30], [40]], [[13], [90]], specials=[["insert"]])
    add_fifth_row(g, [60])
    select(g, [13, 90])
    ev = act(g, 0, "special", card="insert", row=0)
    # Decision: the whole row, the inserted card included, is collected and the row disappears
    assert g.piles[0] == [10, 12, 13, 14, 16, 18]
    assert RowTaken(0, 0, (10, 12, 13, 14, 16, 18), 8, "insert", True) in ev
    assert cells(g) == [[20], [30], [40], [60, 90]]
    assert sorted(g.discard_pile) == ["fifth_row", "insert"]


def test_a_5th_2_negative_positive_chooses_a_card_of_the_row_not_the_placed_card():
    g = table(FULL0, [[15], [90]], specials=[["negative_positive"]])
    add_fifth_row(g, [60])
    select(g, [15, 90])
    act(g, 0, "special", card="negative_positive")
    assert g.piles[0] == [10, 11, 12, 13, 14, 15]
    # A-NP-1: the positive card is one of the row; the collected 15 may only be cancelled
    assert [a["positive"] for a in g.legal(0)] == [10, 11, 12, 13, 14]
    refused(g, {"player": 0, "do": "cancel", "positive": 15, "cancel": []},
            "15 is not a card of the row you took")
    act(g, 0, "cancel", positive=11, cancel=[15])
    assert g.set_aside[0] == [11, 15]


# ---------------------------------------------------------------- 7 nimmt! (A-7N-1, A-7N-2)


def test_a_7n_1_beside_any_row_without_7_nimmt_or_stop_then_ordinary_placement():
    g = table([[10], [20], [30], [40, 41, 42, 43, 44]], [[45], [90]], specials=[["seven_nimmt"]])
    mark(g, 1, "seven_nimmt")
    mark(g, 2, "stop")
    select(g, [45, 90])
    assert offered(g, 0, "seven_nimmt") == [{"row": 0}, {"row": 3}]
    refused(g, special(0, "seven_nimmt", row=1), "row 1 already has a 7 nimmt! card")
    refused(g, special(0, "seven_nimmt", row=2), "row 2 is stopped")
    refused(g, special(0, "seven_nimmt", row=7), "row 7 does not exist")
    refused(g, special(0, "seven_nimmt"), "seven_nimmt needs the field 'row'")
    # any length: beside the one-card row 0; 45 still goes where B4 sends it, and is row 3's 6th card
    act(g, 0, "special", card="seven_nimmt", row=0)
    assert g.rows[0].seven and g.rows[0].capacity == 6 and g.view(1).rows[0].capacity == 6
    assert g.piles[0] == [40, 41, 42, 43, 44] and cells(g)[3] == [45, 90]


def test_a_7n_1_the_sixth_card_fits():
    g = table([[10], [20], [30], [40, 41, 42, 43, 44]], [[45], [25]], specials=[["seven_nimmt"]])
    select(g, [45, 25])
    act(g, 0, "special", card="seven_nimmt", row=3)
    assert cells(g)[3] == [40, 41, 42, 43, 44, 45] and g.piles == [[], []]
    assert g.pending["do"] == "select"


def test_a_7n_2_discarded_when_its_row_is_taken_not_before():
    g = table([[10, 11], [20], [30], [40]], [[5, 45], [6, 95]])
    mark(g, 0, "seven_nimmt")
    mark(g, 3, "seven_nimmt")
    select(g, [45, 95])
    assert g.rows[3].seven and g.discard_pile == []  # placements alone do not remove it
    select(g, [5, 6])
    act(g, 0, "take_row", row=0)  # B6 takes row 0
    assert not g.rows[0].seven and g.rows[3].seven and g.discard_pile == ["seven_nimmt"]
    assert_accounted(g)


# ---------------------------------------------------------------- Insert (A-INS-1..3)


@pytest.mark.parametrize("row, after", [
    (1, [15, 20, 25]),  # the start of a row whose last card is higher than 15 (B4 is ignored)
    (2, [12, 15, 18]),  # between two cards
    (0, [10, 15]),  # the end
])
def test_a_ins_1_2_at_the_ascending_position_nothing_taken(row, after):
    g = table([[10], [20, 25], [12, 18], [40]], [[15], [90]], specials=[["insert", "stop"]])
    select(g, [15, 90])
    ev = act(g, 0, "special", card="insert", row=row)
    assert cells(g)[row] == after
    assert Placed(0, 15, row, after.index(15)) in ev
    # A-INS-2: nothing taken, so no swap although P0 still holds a Stop
    assert g.piles[0] == [] and g.pending["do"] == "select"


def test_a_ins_1_a_low_card_inserted_takes_nothing():
    g = table(PLAIN, [[5], [90]], specials=[["insert"]])
    select(g, [5, 90])
    act(g, 0, "special", card="insert", row=2)
    assert cells(g)[2] == [5, 30] and g.piles[0] == []


def test_a_ins_1_only_unstopped_rows():
    g = table(PLAIN, [[15], [90]], specials=[["insert"]])
    mark(g, 1, "stop")
    select(g, [15, 90])
    assert offered(g, 0, "insert") == [{"row": 0}, {"row": 2}, {"row": 3}]
    refused(g, special(0, "insert", row=1), "row 1 is stopped")
    refused(g, special(0, "insert", row=4), "row 4 does not exist")


def test_a_ins_3_a_full_row_is_taken_all_but_its_last_card():
    g = table([[10, 20, 30, 40, 50], [60], [70], [80]], [[25], [90]], specials=[["insert", "stop"]])
    select(g, [25, 90])
    ev = act(g, 0, "special", card="insert", row=0)
    assert g.piles[0] == [10, 20, 25, 30, 40]
    assert RowTaken(0, 0, (10, 20, 25, 30, 40), 14, "insert", False) in ev
    assert cells(g)[0] == [50]
    assert g.pending == {"do": "swap", "player": 0, "card": 25}  # A5 after the take


def test_a_ins_3_inserted_last_is_exactly_b5():
    g = table(FULL0, [[15], [90]], specials=[["insert"]])
    select(g, [15, 90])
    act(g, 0, "special", card="insert", row=0)
    assert g.piles[0] == [10, 11, 12, 13, 14] and cells(g)[0] == [15]


def test_a_ins_3_beside_7_nimmt_the_row_is_full_at_six():
    g = table([[10, 20, 30, 40, 50], [60], [70], [80]], [[25, 35], [90, 91]], specials=[["insert", "insert"]])
    mark(g, 0, "seven_nimmt")
    select(g, [25, 90])
    act(g, 0, "special", card="insert", row=0)
    assert cells(g)[0] == [10, 20, 25, 30, 40, 50] and g.piles[0] == []
    select(g, [35, 91])
    act(g, 0, "special", card="insert", row=0)
    assert g.piles[0] == [10, 20, 25, 30, 35, 40] and cells(g)[0] == [50]
    assert not g.rows[0].seven and g.discard_pile.count("seven_nimmt") == 1


# ---------------------------------------------------------------- Replace (A-REP-1, A-REP-2)


def test_a_rep_1_another_card_placed_at_the_same_point():
    g = table([[10], [30], [50], [70]], [[35, 60], [40]], specials=[["replace"], ["stop"]])
    select(g, [35, 40])
    ev = act(g, 0, "special", card="replace", with_=60)
    # 60 is placed now (before P1's 40); 35 went back to the hand
    assert Placed(0, 60, 2, 1) in ev
    assert 35 in g.hands[0] and 60 not in g.hands[0] and len(g.hands[0]) == 11
    assert g.pending == {"do": "special", "player": 1, "card": 40}
    act(g, 1, "special", card=None)
    assert cells(g) == [[10], [30, 40], [50, 60], [70]]
    assert_accounted(g)


def test_a_rep_1_illegal_replacements():
    g = table(PLAIN, [[35, 60], [45]], specials=[["replace"]])
    select(g, [35, 45])
    assert sorted(a["with"] for a in offered(g, 0, "replace")) == sorted(g.hands[0])
    refused(g, special(0, "replace", with_=45), "card 45 is not in your hand")
    refused(g, special(0, "replace", with_=35), "card 35 is not in your hand")  # the revealed card itself
    refused(g, special(0, "replace", with_=True), "is not in your hand")


def test_a_rep_2_decision_the_replacement_gets_no_special_card():
    g = table(FULL0, [[45, 15], [90]], specials=[["replace", "negative_positive", "stop"]])
    select(g, [45, 90])
    act(g, 0, "special", card="replace", with_=15)
    # 15 takes row 0 (B5) without being offered Negative = Positive or a Stop; next comes the swap (A5)
    assert g.piles[0] == [10, 11, 12, 13, 14]
    assert g.pending == {"do": "swap", "player": 0, "card": 15}


def test_a_rep_2_decision_not_with_an_empty_hand():
    g = table(PLAIN, [[45], [50]], specials=[["replace", "stop"]])
    last_turn(g, [45, 50])
    select(g, [45, 50])
    assert g.hands[0] == []
    assert offered(g, 0, "replace") == []
    refused(g, special(0, "replace", with_=45), "your hand holds no other card")


# ---------------------------------------------------------------- Shift (A-SHI-1, A-SHI-2)

SHIFT_ROWS = [[10, 20, 30], [15], [40, 41, 42, 43, 44], [50, 60]]


@pytest.mark.parametrize("move, to_row, source, dest", [
    (10, 1, [20, 30], [10, 15]),  # to the start
    (20, 3, [10, 30], [20, 50, 60]),  # to the start of another row
    (30, 1, [10, 20], [15, 30]),  # to the end
    (41, 3, [40, 42, 43, 44], [41, 50, 60]),
    (15, 0, None, [10, 15, 20, 30]),  # into the middle (and row 1 becomes empty: A-SHI-2)
])
def test_a_shi_1_one_card_to_its_ascending_place_in_another_row(move, to_row, source, dest):
    g = table(SHIFT_ROWS, [[61], [99]], specials=[["shift"]])
    src = next(r for r, row in enumerate(SHIFT_ROWS) if move in row)
    select(g, [61, 99])
    act(g, 0, "special", card="shift", move=move, to_row=to_row)
    # then 61 (and 99) follow by B4, at the ends of rows
    assert cells(g)[to_row][:len(dest)] == dest
    if source is not None:
        assert cells(g)[src][:len(source)] == source
    else:
        assert cells(g)[src] == [61, 99]
    assert_accounted(g)


def test_a_shi_1_choices_and_refusals():
    g = table(SHIFT_ROWS, [[61], [99]], specials=[["shift"]])
    mark(g, 3, "stop")
    select(g, [61, 99])
    moves = offered(g, 0, "shift")
    # never from or to the stopped row 3, never to the full row 2, never within one row
    assert {(m["move"], m["to_row"]) for m in moves} == {
        (c, r) for src, row in enumerate(SHIFT_ROWS[:3]) for c in row for r in (0, 1) if r != src}
    refused(g, special(0, "shift", move=50, to_row=0), "row 3 is stopped: no card may leave it")
    refused(g, special(0, "shift", move=10, to_row=3), "row 3 is stopped")
    refused(g, special(0, "shift", move=10, to_row=2), "row 2 is full")  # Decision: the destination has room
    refused(g, special(0, "shift", move=10, to_row=0), "the card must move to another row")
    refused(g, special(0, "shift", move=77, to_row=0), "card 77 is not in a row")
    refused(g, special(0, "shift", move=10, to_row=9), "row 9 does not exist")
    refused(g, special(0, "shift", move=10), "shift needs the field 'to_row'")


def test_a_shi_1_the_destination_may_hold_7_nimmt():
    g = table(SHIFT_ROWS, [[99], [90]], specials=[["shift"]])
    mark(g, 2, "seven_nimmt")
    select(g, [99, 90])
    assert {"move": 10, "to_row": 2} in offered(g, 0, "shift")
    act(g, 0, "special", card="shift", move=30, to_row=2)
    assert cells(g)[2] == [30, 40, 41, 42, 43, 44]


def test_a_shi_2_then_the_card_is_placed_by_b4_b6():
    g = table(SHIFT_ROWS, [[45], [90]], specials=[["shift"]])
    select(g, [45, 90])
    # without the Shift, 45 would be row 2's 6th card; moving the 44 away makes room
    act(g, 0, "special", card="shift", move=44, to_row=3)
    assert cells(g)[2] == [40, 41, 42, 43, 45] and cells(g)[3][:3] == [44, 50, 60]
    assert g.piles[0] == []


def test_a_shi_2_a_low_card_after_a_shift_still_triggers_b6():
    g = table(SHIFT_ROWS, [[12], [90]], specials=[["shift"]])
    select(g, [12, 90])
    act(g, 0, "special", card="shift", move=10, to_row=1)
    # 10 left row 0: 12 is now lower than every row's last card
    assert g.pending == {"do": "take_row", "player": 0, "card": 12}


def test_a_shi_2_the_card_starts_the_emptied_row():
    g = table(SHIFT_ROWS, [[45], [90]], specials=[["shift"]])
    select(g, [45, 90])
    ev = act(g, 0, "special", card="shift", move=15, to_row=0)
    # row 1 is empty: 45 starts it, though B4 would make it row 2's 6th card
    assert Placed(0, 45, 1, 0, True) in ev
    assert cells(g)[:3] == [[10, 15, 20, 30], [45], [40, 41, 42, 43, 44]]
    assert g.piles[0] == [] and not any(isinstance(e, RowTaken) for e in ev)


# ---------------------------------------------------------------- Stop (A-STOP-1..3)


def test_a_stop_1_any_row_without_a_stop_at_most_two():
    g = table(PLAIN, [[45, 46], [50, 51]], specials=[["stop", "stop"], ["stop"]])
    mark(g, 2, "seven_nimmt")
    select(g, [45, 50])
    # a row beside 7 nimmt! may be stopped too
    assert offered(g, 0, "stop") == [{"row": r} for r in range(4)]
    act(g, 0, "special", card="stop", row=2)
    assert g.rows[2].stop and g.rows[2].seven
    assert offered(g, 1, "stop") == [{"row": 0}, {"row": 1}, {"row": 3}]
    refused(g, special(1, "stop", row=2), "row 2 is already stopped")
    act(g, 1, "special", card="stop", row=0)
    select(g, [46, 51])
    # two Stop cards lie out: no third
    assert offered(g, 0, "stop") == []
    refused(g, special(0, "stop", row=1), "two Stop cards already lie out")


def test_a_stop_2_the_card_goes_to_the_closest_lower_unstopped_row():
    g = table([[10], [20], [30], [40, 41, 42, 43, 44]], [[45], [25]], specials=[["stop"]])
    select(g, [45, 25])
    act(g, 0, "special", card="stop", row=3)
    # 45 would be row 3's 6th card; row 3 is stopped, so it follows 30
    assert cells(g) == [[10], [20, 25], [30, 45], [40, 41, 42, 43, 44]]
    assert g.piles[0] == [] and g.rows[3].stop
    # the Stop stays while nobody takes a row; no card may join the stopped row
    select(g, [g.hands[0][-1], g.hands[1][-1]])
    assert cells(g)[3] == [40, 41, 42, 43, 44]


def test_a_stop_2_a_stopped_row_cannot_be_taken_by_b6():
    g = table(PLAIN, [[15], [90]], specials=[["stop"]])
    select(g, [15, 90])
    act(g, 0, "special", card="stop", row=0)
    # 15 is lower than every unstopped row: B6 among rows 1-3 only
    assert g.pending == {"do": "take_row", "player": 0, "card": 15}
    assert [a["row"] for a in g.legal(0)] == [1, 2, 3]
    refused(g, {"player": 0, "do": "take_row", "row": 0}, "row 0 is stopped: nobody may take it")
    act(g, 0, "take_row", row=2)
    assert g.piles[0] == [30] and cells(g)[2] == [15]


def test_a_stop_3_the_next_take_removes_every_stop_after_it():
    g = table(FULL0, [[45, 15], [50, 48]], specials=[["stop"], ["stop"]])
    select(g, [45, 50])
    act(g, 0, "special", card="stop", row=3)
    act(g, 1, "special", card="stop", row=2)
    assert cells(g) == [[10, 11, 12, 13, 14], [20, 50], [30, 45], [40]]
    select(g, [15, 48])
    # 15 takes row 0 (B5): both Stop cards go to the discard pile
    assert g.piles[0] == [10, 11, 12, 13, 14]
    assert not any(r.stop for r in g.rows) and g.discard_pile == ["stop", "stop"]
    # 48 (P1) may now join row 2 again
    assert cells(g)[2] == [30, 45, 48]
    assert_accounted(g)


def test_a_stop_3_also_the_stop_of_the_taking_placement():
    g = table(FULL0, [[15], [90]], specials=[["stop"]])
    select(g, [15, 90])
    act(g, 0, "special", card="stop", row=2)
    assert g.piles[0] == [10, 11, 12, 13, 14] and not g.rows[2].stop and g.discard_pile == ["stop"]


# ---------------------------------------------------------------- Negative = Positive (A-NP-1, A-NP-2)


def test_a_np_1_only_when_the_placement_takes_a_row():
    g = table(PLAIN, [[45], [90]], specials=[["negative_positive"]])
    select(g, [45, 90])
    assert offered(g, 0, "negative_positive") == []
    refused(g, special(0, "negative_positive"), "only for a card that is about to take a row")


@pytest.mark.parametrize("rows, card, seven", [
    (FULL0, 15, False),  # B5
    (PLAIN, 5, False),  # B6
    ([[10, 11, 12, 13, 14, 16], [20], [30], [40]], 17, True),  # a 7th card beside 7 nimmt!
])
def test_a_np_1_offered_for_every_kind_of_take(rows, card, seven):
    g = table(rows, [[card], [90]], specials=[["negative_positive"]])
    if seven:
        mark(g, 0, "seven_nimmt")
    select(g, [card, 90])
    assert offered(g, 0, "negative_positive") == [{}]
    act(g, 0, "special", card="negative_positive")
    if g.pending["do"] == "take_row":
        act(g, 0, "take_row", row=0)
    assert g.pending == {"do": "cancel", "player": 0, "card": card}


def test_a_np_2_the_rulebook_example():
    g = table([[11, 13], [20], [30], [40]], [[3], [90]], specials=[["negative_positive"]])
    give_pile(g, 0, [25, 15, 9, 8])  # this round's pile: 2 + 2 + 1 + 1 bullheads
    select(g, [3, 90])
    act(g, 0, "special", card="negative_positive")
    act(g, 0, "take_row", row=0)  # a 3 takes the row 11, 13
    assert g.piles[0] == [25, 15, 9, 8, 11, 13]
    # the legal list offers the best cancellation for each positive card: 11 gives 5, 13 gives 1
    legal = g.legal(0)
    assert [a["positive"] for a in legal] == [11, 13]
    assert [sum(HEADS[c] for c in a["cancel"]) for a in legal] == [5, 1]
    refused(g, {"player": 0, "do": "cancel", "positive": 11, "cancel": [13, 25, 15, 9]},
            "those cards have 6 bullheads; the positive card gives only 5")
    refused(g, {"player": 0, "do": "cancel", "positive": 20, "cancel": []},
            "20 is not a card of the row you took")
    refused(g, {"player": 0, "do": "cancel", "positive": 11, "cancel": [11]}, "cannot be cancelled")
    refused(g, {"player": 0, "do": "cancel", "positive": 11, "cancel": [9, 9]}, "cannot be cancelled")
    refused(g, {"player": 0, "do": "cancel", "positive": 11, "cancel": [30]},
            "not in your bull pile of this round")
    refused(g, {"player": 0, "do": "cancel", "positive": 11, "cancel": 13}, "'cancel' must list cards")
    # any set within the value is allowed: the 13 and 3 more bullheads; the rest of V is lost
    ev = act(g, 0, "cancel", positive=11, cancel=[25, 13, 9])
    assert Cancelled(0, 11, (9, 13, 25)) in ev
    assert g.set_aside[0] == [11, 9, 13, 25] and g.piles[0] == [15, 8]
    # set aside cards never score
    assert g.totals()[0] == HEADS[15] + HEADS[8] == 3
    assert result(g)["players"][0]["set_aside"] == [11, 9, 13, 25]


# ---------------------------------------------------------------- order of decisions (A-ORD-1..4)


def test_a_ord_special_take_row_cancel_swap():
    g = table(PLAIN, [[5], [90]], specials=[["negative_positive", "stop"]], top=["insert"])
    select(g, [5, 90])
    seen = []
    for action in (special(0, "negative_positive"), {"player": 0, "do": "take_row", "row": 3},
                   {"player": 0, "do": "cancel", "positive": 40, "cancel": []},
                   {"player": 0, "do": "swap", "discard": "stop"}):
        seen.append(g.pending["do"])
        refused(g, {"player": 0, "do": "select", "card": 5}, "the game is waiting for")
        g.apply(action)
    assert seen == ["special", "take_row", "cancel", "swap"]  # A-ORD-1, 2, 3, 4
    assert g.specials[0] == ["insert"] and g.set_aside[0] == [40]
    assert g.pending["do"] == "select"


def test_a_ord_4_no_swap_without_special_cards_left():
    g = table(FULL0, [[15], [90]], specials=[["negative_positive"]])
    select(g, [15, 90])
    act(g, 0, "special", card="negative_positive")
    act(g, 0, "cancel", positive=11, cancel=[10])
    assert g.specials[0] == [] and g.pending["do"] == "select"


def test_a_ord_decisions_belong_to_the_placing_player():
    g = table(FULL0, [[15], [90]], specials=[["stop"], ["stop"]])
    select(g, [15, 90])
    refused(g, special(1, None), "it is player 0's decision, not player 1's")
    refused(g, {"player": 0, "do": "special"}, "special needs the field 'card'")
    refused(g, special(0, "joker"), "'joker' is not a special card")
    refused(g, special(0, "insert", row=0), "you hold no insert card")
    refused(g, special(0, "stop", row=0, move=3), "unknown field 'move'")


# ---------------------------------------------------------------- records and `bere replay --json`

RECORD_DEAL = {
    "rows": [10, 20, 30, 40],
    "hands": [[5, 60, 80, 1, 2, 3, 4, 6, 7, 8, 9, 11], [50, 70, 90, 91, 92, 93, 94, 95, 96, 97, 98, 99]],
    "specials": [["negative_positive", "stop", "fifth_row"], ["seven_nimmt", "insert", "shift"]],
}


def recorded_game() -> Game:
    dealt = Counter(c for s in RECORD_DEAL["specials"] for c in s)
    rest = Counter(FULL_SPECIALS) - dealt - Counter(["fifth_row"])
    deal = dict(RECORD_DEAL, special_pile=["fifth_row"] + sorted(rest.elements()))
    g = Game("anniversary", ["Ann", {"name": "Ben", "bot": "heuristic"}], seed=99, deals=[deal])
    for action in [
        {"player": 0, "do": "select", "card": 5}, {"player": 1, "do": "select", "card": 50},
        {"player": 0, "do": "special", "card": "negative_positive"},
        {"player": 0, "do": "take_row", "row": 0},
        {"player": 0, "do": "cancel", "positive": 10, "cancel": []},
        {"player": 0, "do": "swap", "discard": "fifth_row"},
        {"player": 1, "do": "special", "card": "seven_nimmt", "row": 3},
        {"player": 1, "do": "select", "card": 70}, {"player": 0, "do": "select", "card": 60},
        {"player": 0, "do": "special", "card": "stop", "row": 1},
        {"player": 1, "do": "special", "card": None},
        {"player": 0, "do": "select", "card": 80}, {"player": 1, "do": "select", "card": 90},
        {"player": 0, "do": "special", "card": "fifth_row"},
        {"player": 1, "do": "special", "card": "shift", "move": 30, "to_row": 0},
    ]:
        g.apply(action)
    return g


def test_record_replays_special_cancel_and_swap():
    g = recorded_game()
    record = g.record()
    assert [a["do"] for a in record["actions"]].count("special") == 6
    assert {"player": 0, "do": "swap", "discard": "fifth_row"} in record["actions"]
    again = replay(json.loads(json.dumps(record)))
    assert result(again) == result(g)
    assert (again.draw_pile, again.discard_pile) == (g.draw_pile, g.discard_pile)
    # a record stopped at the cancel prompt shows it pending
    assert result(replay(record, upto=4))["pending"] == {"do": "cancel", "player": 0}
    assert result(replay(record, upto=5))["pending"] == {"do": "swap", "player": 0}


def test_bere_replay_json_shows_the_anniversary_table(tmp_path, capsys):
    g = recorded_game()
    path = tmp_path / "game.json"
    path.write_text(json.dumps(g.record()), encoding="utf-8")
    assert cli_main(["replay", str(path), "--json"]) == 0
    out = json.loads(capsys.readouterr().out)
    # P1's Shift emptied row 2 (its only card 30 went to row 0): P1's 90 started it (A-SHI-2)
    assert out["rows"] == [
        {"cards": [5, 30], "capacity": 5, "stop": False, "fifth_row": False, "parity": None},
        {"cards": [20], "capacity": 5, "stop": True, "fifth_row": False, "parity": None},
        {"cards": [90], "capacity": 5, "stop": False, "fifth_row": False, "parity": None},
        {"cards": [40, 50, 60, 70], "capacity": 6, "stop": False, "fifth_row": False, "parity": None},
        {"cards": [80], "capacity": 5, "stop": False, "fifth_row": True, "parity": None},
    ]
    ann, ben = out["players"]
    assert ann["specials"] == [] and ann["set_aside"] == [10] and ann["pile"] == []
    assert ben["specials"] == ["insert"]
    assert out["pending"] == {"do": "select", "players": [0, 1]}
