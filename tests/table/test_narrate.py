"""One sentence per event (table.narrate), shared by the log, the lessons and the replay viewer.

The events say everything a sentence needs: the card a take played, the row of 7 nimmt!, Stop and Insert, the
card Replace placed instead, where Shift moved which card, the net score after Negative = Positive and the
markers a take removed.
"""

from bere_tui.engine.nimmt import events as ev
from bere_tui.table.narrate import narrate
from bere_tui.table.nimmt.narrate import narrate_action, narrate_choice

NAMES = ["You", "Ann"]


def plain(event, you=None, why=False):
    told = narrate(event, NAMES, you=you, why=why)
    return told.plain if told is not None else None


def test_the_learner_is_told_in_the_second_person_and_the_others_by_name():
    assert plain(ev.Placed(0, 23, 1, 2, after=20), you=0) == "You put 23 in row 2"
    assert plain(ev.Placed(1, 23, 1, 2, after=20), you=0) == "Ann puts 23 in row 2"
    assert plain(ev.RowTaken(0, 0, (5, 7), 3, "low", card=2), you=0) == "You take row 1 with 2: 3 bullheads"
    assert plain(ev.RowTaken(1, 0, (5,), 2, "low", card=3), you=0) == "Ann takes row 1 with 3: 2 bullheads"
    assert plain(ev.Drafted(0, 8), you=0) == "You draft 8"
    assert plain(ev.GameOver((0,), (3, 9)), you=0) == "You win"
    assert plain(ev.GameOver((1,), (9, 3)), you=0) == "Ann wins"
    assert plain(ev.Swapped(1, "insert")) == "Ann swaps away Insert"  # no article before the card's name
    assert plain(ev.Swapped(0, "insert"), you=0) == "You swap away Insert"


def test_special_cards_say_their_row_their_card_and_what_moved():
    assert plain(ev.SpecialPlayed(1, "stop", 44, (("row", 1),))) == "Ann plays Stop with 44, beside row 2"
    assert plain(ev.SpecialPlayed(1, "seven_nimmt", 44, (("row", 0),))) == "Ann plays 7 nimmt! with 44, beside row 1"
    assert plain(ev.SpecialPlayed(1, "insert", 44, (("row", 3),))) == "Ann plays Insert with 44, into row 4"
    assert plain(ev.SpecialPlayed(1, "replace", 44, (("with", 60),))) == \
        "Ann plays Replace with 44: 60 is placed instead"
    assert plain(ev.Moved(1, 18, 0, 3, 2)) == "Ann moves 18 from row 1 to row 4"
    assert plain(ev.Placed(1, 44, 0, 0, True, via="shift"), why=True) == \
        "Ann starts row 1 with 44. Shift emptied that row."  # A-SHI-2
    assert plain(ev.Placed(1, 44, 4, 0, True, via="fifth_row")) == "Ann starts row 5 with 44"


def test_a_take_tells_its_card_why_and_the_markers_it_removed():
    low = ev.RowTaken(1, 2, (30,), 3, "low", card=5, refused="stop", markers=(("stop", 0),))
    assert plain(low, why=True) == ("Ann takes row 3 with 5: 3 bullheads. 5 is lower than every row not stopped. "
                                    "The Stop cards are discarded.")  # A-STOP-2, A-STOP-3
    sixth = ev.RowTaken(0, 0, (10, 11, 12, 13, 14, 15), 8, "sixth", card=16, markers=(("seven_nimmt", 0),))
    assert plain(sixth, you=0, why=True) == ("You take row 1 with 16: 8 bullheads. 16 is one card too many for 6 "
                                             "places. The 7 nimmt! card is discarded.")  # A9, A-7N-2
    gone = ev.RowTaken(1, 0, (10, 15), 3, "sixth", True, card=15, markers=(("fifth_row", 4),))
    assert plain(gone).endswith("; the row is gone")
    assert "A 5th Row card was out." in plain(gone, why=True)  # A-5TH-2
    # the row started again by the take is told with the take
    assert narrate(ev.Placed(1, 15, 0, 0, True, via="take"), NAMES) is None


def test_negative_positive_tells_the_net_score_of_the_take():
    assert plain(ev.Cancelled(0, 55, (5, 10), 11, -2), you=0) == "You set aside 55, 5, 10: the take scores -2 bullheads"
    assert plain(ev.Cancelled(1, 13, (), 1, 4)) == "Ann sets aside 13: the take scores 4 bullheads"


def test_cards_are_shown_as_on_the_table():
    told = narrate(ev.Placed(1, 55, 1, 2, after=50), NAMES)
    assert told.text(ascii=True).plain == "Ann puts 55....... in row 2"
    assert told.text().spans  # the card keeps its style


def test_a_replay_tells_choices_and_decisions_without_events():
    assert narrate_choice(1, 23, NAMES).plain == "Ann chooses 23"
    assert narrate_action({"player": 1, "do": "special", "card": None}, NAMES).plain == "Ann plays no special card"
    assert narrate_action({"player": 1, "do": "swap", "discard": None}, NAMES).plain == \
        "Ann keeps their special cards"
