"""The heuristic bot in the Anniversary variant (RULES section 4): every decision; special cards well used."""

from __future__ import annotations

from collections import Counter

import pytest

from bere_tui.bots import make_bot
from bere_tui.bots.runner import bot_step, deciders
from bere_tui.engine.nimmt import Game
from bere_tui.engine.nimmt.events import Cancelled, SpecialPlayed, Swapped
from bere_tui.engine.nimmt.row import Row
from bere_tui.engine.nimmt.variants import SPECIAL_NAMES
from bere_tui.record import replay, result


def position(rows, card, specials, other=90, round=1, rest=1) -> Game:
    """P0 holds `specials` and has selected `card` (`rest` is its other card); P1 (no special cards) selects
    `other`. Returns the game at P0's first decision, in round `round` (A6: round 2 is the last)."""
    g = Game("anniversary", ["P0", "P1"], seed=3)
    g.round = round
    g.rows = [Row(list(r)) for r in rows]
    g.hands = [[card, rest], [other, 2]]
    g.specials = [list(specials), []]
    g.apply({"player": 0, "do": "select", "card": card})
    g.apply({"player": 1, "do": "select", "card": other})
    return g


def bot_choice(g: Game) -> dict:
    p = g.pending["player"]
    return make_bot("heuristic", 1).choose(g.view(p), g.legal(p))


FULL3 = [[10], [20], [30], [40, 41, 42, 43, 55]]  # 56 would be row 3's 6th card: 11 bullheads


def test_stop_dodges_a_sixth_card():
    g = position(FULL3, 56, ["stop"])
    assert g.pending["do"] == "special"
    assert bot_choice(g) == {"player": 0, "do": "special", "card": "stop", "row": 3}


def test_insert_dodges_a_sixth_card():
    g = position(FULL3, 56, ["insert"])
    action = bot_choice(g)
    assert action["card"] == "insert" and action["row"] != 3
    g.apply(action)
    assert g.piles[0] == []


def test_seven_nimmt_makes_room_for_the_sixth_card():
    g = position(FULL3, 56, ["seven_nimmt"])
    assert bot_choice(g) == {"player": 0, "do": "special", "card": "seven_nimmt", "row": 3}


def test_negative_positive_on_a_costly_take_then_the_best_cancellation():
    g = position(FULL3, 56, ["negative_positive"])
    action = bot_choice(g)
    assert action["card"] == "negative_positive"
    g.apply(action)
    assert g.pending["do"] == "cancel"
    cancel = bot_choice(g)
    # 55 (7 bullheads) is the best positive card: it cancels the 6 bullheads of the rest of the row
    assert cancel["positive"] == 55
    g.apply(cancel)
    assert g.totals()[0] == 0


def test_no_special_card_when_nothing_is_at_stake():
    g = position([[10], [20], [30], [40]], 45, ["stop", "insert", "negative_positive"])
    assert bot_choice(g)["card"] is None


@pytest.mark.parametrize("held, discard", [
    (["stop", "stop"], "stop"),  # a second copy is worth less than a new card
    (["insert", "shift"], None),
])
def test_swap_after_a_take(held, discard):
    g = position(FULL3, 56, held + ["replace"])
    g.apply({"player": 0, "do": "special", "card": "replace", "with": 1})  # 1 is a low card: B6
    g.apply(bot_choice(g))  # take_row
    assert g.pending["do"] == "swap"
    assert bot_choice(g)["discard"] == discard


def test_heuristic_bots_finish_anniversary_games_and_use_every_special_card():
    played: Counter = Counter()
    asked: Counter = Counter()
    for n in range(2, 9):
        for seed in range(6):
            players = [{"name": f"H{p}", "bot": "heuristic"} for p in range(n)]
            g = Game("anniversary", players, seed=seed)
            bots = {p: make_bot("heuristic", 100 * seed + p) for p in range(n)}
            while not g.finished:
                for p in deciders(g):
                    asked[g.pending["do"]] += 1
                    for e in bot_step(g, bots, p):
                        if isinstance(e, SpecialPlayed):
                            played[e.special] += 1
                        elif isinstance(e, Swapped):
                            played["swap"] += 1
                        elif isinstance(e, Cancelled):
                            played["cancel"] += 1
            assert g.round == 2 and g.pending is None  # A6
            if seed == 0:
                assert result(replay(g.record())) == result(g)
    # every kind of decision came up, and every special card was played, none all the time
    assert set(asked) == {"select", "special", "take_row", "cancel", "swap"}
    for name in (*SPECIAL_NAMES, "swap", "cancel"):
        assert played[name] > 0, name
    assert sum(played[k] for k in played if k not in ("swap", "cancel")) < asked["special"] / 2


LOW_TAKES_ONE = [[10], [20], [30], [41]]  # a 5 is a low card (B6): it takes the 41, one bullhead


@pytest.mark.parametrize("name", ["heuristic", "strong"])
def test_in_the_last_round_a_special_card_is_played_for_a_single_bullhead(name):
    """Issue 34: a special card left unused after round 2 scores nothing (A7), so with one card left to place
    (a 99, safe at the end of a row) the bot inserts its low card into a row with room (A-INS-1, A-INS-2)
    instead of taking the 41 (B6)."""
    g = position(LOW_TAKES_ONE, 5, ["insert", "stop"], round=2, rest=99)
    action = make_bot(name, 1).choose(g.view(0), g.legal(0))
    assert action["card"] == "insert"
    g.apply(action)
    assert g.piles[0] == []


def test_in_round_1_a_special_card_is_kept_for_more_than_a_single_bullhead():
    """A special card kept at the end of round 1 is kept for round 2 (A6): the heuristic does not spend it to
    save one bullhead (B6 takes the 41)."""
    g = position(LOW_TAKES_ONE, 5, ["insert", "stop"], rest=99)
    assert bot_choice(g)["card"] is None


@pytest.mark.parametrize("specials", [["stop"], ["insert"], ["seven_nimmt"], ["negative_positive"],
                                      ["stop", "insert", "negative_positive"]])
def test_the_strong_bot_plays_a_special_card_that_dodges_a_sixth_card(specials):
    """Issue 34: 56 would be row 3's sixth card, 11 bullheads (B5); each of these special cards saves most of
    them (A-STOP-2, A-INS-2, A-7N-1, A-NP-1), and the strong bot plays one."""
    g = position(FULL3, 56, specials)
    action = make_bot("strong", 1).choose(g.view(0), g.legal(0))
    assert action["card"] in specials
