"""Events told as sentences from the learner's seat, and the practice hint's one line."""

from bere_tui.engine.nimmt import Game
from bere_tui.teach.describe import tell_events
from bere_tui.teach.nimmt.hint import practice_hint, reason


def game(rows, hands):
    return Game("base", ["You", "Ann"], seed=1, deals=[{"rows": rows, "hands": hands}])


def test_an_ordinary_placement_names_the_row_and_the_card_before():
    g = game([10, 20, 30, 40], [[23] + list(range(41, 50)), [31] + list(range(50, 59))])
    view = g.view(0)
    g.apply({"player": 1, "do": "select", "card": 31})
    events = g.apply({"player": 0, "do": "select", "card": 23})
    told = tell_events(view, events, 0)
    assert told[0] == "Turn 1: cards revealed. Placed lowest first: 23 (you), 31 (Ann)."  # B3
    assert told[1] == "You put 23 in row 2. It follows 20, the closest lower end."  # B4
    assert told[2] == "Ann puts 31 in row 3. It follows 30, the closest lower end."  # B4


def test_a_low_card_and_a_sixth_card():
    g = game([10, 20, 30, 40], [[5] + list(range(41, 50)), [11, 12, 13, 14, 15] + list(range(50, 55))])
    for turn, (mine, ann) in enumerate([(41, 11), (42, 12), (43, 13), (44, 14)]):
        g.apply({"player": 1, "do": "select", "card": ann})
        g.apply({"player": 0, "do": "select", "card": mine})
    view = g.view(0)  # row 1: 10 11 12 13 14; row 4: 40 41 42 43 44
    g.apply({"player": 1, "do": "select", "card": 15})
    events = g.apply({"player": 0, "do": "select", "card": 5})
    events += g.apply({"player": 0, "do": "take_row", "row": 2})
    told = tell_events(view, events, 0)
    assert "You take row 3 with 5: 3 bullheads. 5 is lower than every row's end." in told  # B6
    assert "Ann takes row 1 with 15: 11 bullheads. 15 is one card too many." in told  # B5


def test_the_practice_hint_says_what_and_why():
    g = game([10, 20, 30, 40], [[5, 21, 41, 42, 43, 44, 45, 46, 47, 48], list(range(50, 60))])
    text, action = practice_hint(g, 0)
    assert action in g.legal(0)
    assert text.startswith(f"Play {action['card']}")
    low = reason(g.view(0), {"player": 0, "do": "select", "card": 5})
    assert "lower than every row's end" in low and "(B6)" not in low  # B6; no rule ids for a learner
    ordinary = reason(g.view(0), {"player": 0, "do": "select", "card": 21})
    assert "after the 20 in row 2" in ordinary and "places are left" in ordinary


def test_a_low_card_in_even_odd_is_told_with_e3():
    from bere_tui.engine.nimmt import Game
    from bere_tui.teach.catalogue import load_catalogue
    from bere_tui.teach.describe import tell_events

    record = load_catalogue("en").find("even-odd").record
    game = Game("even-odd", record["players"], deals=record["deals"])  # rows 7 (ODD), 31, 52, 77
    for p, card in ((0, 10), (1, 9), (2, 60)):
        game.apply({"player": p, "do": "select", "card": card})
    before = game.view(0)
    events = game.apply({"player": 3, "do": "select", "card": 80})
    events += game.apply({"player": 0, "do": "take_row", "row": 1})
    lines = tell_events(before, events, 0)
    assert any("10 is lower than every row that accepts it." in t for t in lines), lines  # E3
