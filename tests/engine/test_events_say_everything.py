"""Events say everything that changed (issue 11), so nothing that shows or tells them works a rule out again:
the card a take played and why a low card had no row (B6, A-STOP-2, E3), the card a placement follows (B4),
the row of 7 nimmt!, Stop and Insert (A-7N-1, A-STOP-1, A-INS-1), the card Replace placed (A-REP-1), where
Shift moved which card (A-SHI-1, A-SHI-2), the net score after Negative = Positive (A-NP-1) and the markers a
take removed (A-5TH-2, A-7N-2, A-STOP-3). Also `Game.check`, which tells whether `apply` would accept an action.
"""

from __future__ import annotations

from anniversary_table import act, add_fifth_row, give_pile, mark, select, table
from base_table import table as base_table
from test_even_odd import eo_table

from bere_tui.engine.nimmt.events import Cancelled, Moved, Placed, RowTaken, SpecialPlayed

PLAIN = [[10], [20], [30], [40]]
FULL0 = [[10, 11, 12, 13, 14], [20], [30], [40]]


def only(events, kind):
    found = [e for e in events if isinstance(e, kind)]
    assert len(found) == 1, events
    return found[0]


def test_b4_a_placement_names_the_card_it_follows():
    g = base_table([[10, 12], [20], [30], [40]], [[13], [45]])
    ev = select(g, [13, 45])
    placed = [e for e in ev if isinstance(e, Placed)]
    assert [(e.card, e.after, e.via) for e in placed] == [(13, 12, ""), (45, 40, "")]


def test_b6_a_low_take_names_its_card_and_the_row_it_starts():
    g = base_table(PLAIN, [[5], [45]])
    select(g, [5, 45])
    ev = act(g, 0, "take_row", row=2)
    taken = only(ev, RowTaken)
    assert (taken.card, taken.refused, taken.markers) == (5, "", ())
    restart = next(e for e in ev if isinstance(e, Placed) and e.card == 5)
    assert restart.new_row and restart.via == "take"


def test_b5_a_sixth_card_names_itself():
    g = base_table(FULL0, [[15], [45]])
    taken = only(select(g, [15, 45]), RowTaken)
    assert (taken.reason, taken.card) == ("sixth", 15)


def test_e3_a_low_card_refused_by_the_marked_row_says_so():
    g = eo_table(PLAIN, [[13], [90]])  # the EVEN card lies beside row 0 (10)
    select(g, [13, 90])
    assert only(act(g, 0, "take_row", row=0), RowTaken).refused == "parity"


def test_a_stop_2_a_low_card_refused_by_a_stopped_row_says_so_and_a_stop_3_the_take_names_the_stops():
    g = table(PLAIN, [[15], [90]], specials=[["stop"]])
    select(g, [15, 90])
    ev = act(g, 0, "special", card="stop", row=0)
    assert only(ev, SpecialPlayed).row == 0  # A-STOP-1
    taken = only(act(g, 0, "take_row", row=2), RowTaken)
    assert (taken.card, taken.refused, taken.markers) == (15, "stop", (("stop", 0),))


def test_a_7n_1_the_row_of_7_nimmt_and_a_7n_2_its_removal():
    g = table([[10], [20], [30], [40, 41, 42, 43, 44]], [[45, 47], [46, 48]], specials=[["seven_nimmt"]])
    select(g, [45, 46])
    ev = act(g, 0, "special", card="seven_nimmt", row=3)
    assert only(ev, SpecialPlayed).row == 3
    taken = only(ev, RowTaken)  # 46 is the 7th card
    assert (taken.card, taken.markers) == (46, (("seven_nimmt", 3),))


def test_a_5th_1_the_fifth_row_starts_and_a_5th_2_its_removal_names_the_row():
    g = table(PLAIN, [[45], [50]], specials=[["fifth_row"]])
    select(g, [45, 50])
    started = next(e for e in act(g, 0, "special", card="fifth_row") if isinstance(e, Placed))
    assert (started.row, started.new_row, started.via) == (4, True, "fifth_row")
    g = table(FULL0, [[35], [15]])
    add_fifth_row(g, [60])
    taken = only(select(g, [35, 15]), RowTaken)
    assert (taken.removed, taken.card, taken.markers) == (True, 15, (("fifth_row", 4),))


def test_a_ins_1_the_row_of_insert_and_a_ins_2_the_card_it_follows():
    g = table([[10, 20, 30], [40], [50], [60]], [[25], [90]], specials=[["insert"]])
    select(g, [25, 90])
    ev = act(g, 0, "special", card="insert", row=0)
    assert only(ev, SpecialPlayed).row == 0
    placed = next(e for e in ev if isinstance(e, Placed) and e.card == 25)
    assert (placed.row, placed.position, placed.after, placed.via) == (0, 2, 20, "insert")


def test_a_ins_3_a_full_row_taken_by_insert_names_the_inserted_card():
    g = table([[10, 20, 25, 30, 40], [50], [60], [70]], [[22], [90]], specials=[["insert"]])
    select(g, [22, 90])
    taken = only(act(g, 0, "special", card="insert", row=0), RowTaken)
    assert (taken.reason, taken.card, taken.cards) == ("insert", 22, (10, 20, 22, 25, 30))


def test_a_rep_1_the_card_placed_instead():
    g = table([[10], [30], [50], [70]], [[35, 60], [40]], specials=[["replace"], ["stop"]])
    select(g, [35, 40])
    played = only(act(g, 0, "special", card="replace", with_=60), SpecialPlayed)
    assert (played.card, played.instead) == (35, 60)


SHIFT_ROWS = [[10, 20, 30], [15], [40, 41, 42, 43, 44], [50, 60]]


def test_a_shi_1_where_shift_moved_which_card():
    g = table(SHIFT_ROWS, [[45], [90]], specials=[["shift"]])
    select(g, [45, 90])
    ev = act(g, 0, "special", card="shift", move=44, to_row=3)
    assert only(ev, Moved) == Moved(0, 44, 2, 3, 0)


def test_a_shi_2_the_card_placed_into_the_row_shift_emptied():
    g = table(SHIFT_ROWS, [[45], [90]], specials=[["shift"]])
    select(g, [45, 90])
    ev = act(g, 0, "special", card="shift", move=15, to_row=0)
    assert only(ev, Moved) == Moved(0, 15, 1, 0, 1)
    started = next(e for e in ev if isinstance(e, Placed) and e.card == 45)
    assert (started.row, started.new_row, started.via) == (1, True, "shift")


def np_table():
    g = table([[11, 13], [20], [30], [40]], [[3], [90]], specials=[["negative_positive"]])
    give_pile(g, 0, [25, 15, 9, 8])  # this round's pile: 2 + 2 + 1 + 1 bullheads
    select(g, [3, 90])
    act(g, 0, "special", card="negative_positive")
    act(g, 0, "take_row", row=0)  # a 3 takes the row 11, 13: 5 + 1 bullheads
    return g


def test_a_np_1_the_net_score_of_the_take():
    g = np_table()
    cancelled = only(act(g, 0, "cancel", positive=11, cancel=[25, 13, 9]), Cancelled)
    # set aside: 11 (5), 25 (2), 13 (1), 9 (1) = 9 bullheads; the take was 6, so it scores -3
    assert (cancelled.bullheads, cancelled.net) == (9, -3)


def test_a_np_1_check_accepts_any_set_within_the_value_and_says_why_not_otherwise():
    g = np_table()
    best = next(a for a in g.legal(0) if a["positive"] == 11)
    other = {"player": 0, "do": "cancel", "positive": 11, "cancel": [13]}
    assert other not in g.legal(0) and best != other
    assert g.check(other) is None  # not the engine's best set, but within the value
    assert g.check({**other, "cancel": [13, 25, 15, 9]}) == \
        "those cards have 6 bullheads; the positive card gives only 5"
    assert g.pending["do"] == "cancel" and g.piles[0] == [25, 15, 9, 8, 11, 13]  # check changed nothing
    act(g, 0, "cancel", positive=11, cancel=[13])


def test_markers_only_for_the_markers_that_lay_out():
    g = table(FULL0, [[15], [90]], specials=[["stop"]])
    mark(g, 3, "seven_nimmt")
    select(g, [15, 90])
    taken = only(act(g, 0, "special", card="stop", row=2), RowTaken)
    assert taken.markers == (("stop", 2),)  # the 7 nimmt! beside row 3 stays
