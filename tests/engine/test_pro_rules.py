"""Pro variant (RULES section 3: P1-P3): the card range, the open draft, the moving first drafter, public hands."""

from __future__ import annotations

import pytest
from base_table import HAND, select, snapshot

from bere_tui.engine import IllegalAction, SetupError
from bere_tui.engine.nimmt import Game
from bere_tui.engine.nimmt.events import Dealt, Drafted, Placed, Selected
from bere_tui.record import replay, result


def pro(n: int, **kw) -> Game:
    return Game("pro", [f"P{p}" for p in range(n)], **kw)


def draft(g: Game, picks) -> list:
    """Draft `picks` in order, each by the player the game asks (P2). Returns the events."""
    ev = []
    for card in picks:
        assert g.pending["do"] == "draft"
        ev += g.apply({"player": g.pending["player"], "do": "draft", "card": card})
    return ev


def draft_lowest(g: Game) -> list:
    """Everyone drafts the lowest card left until the draft ends."""
    ev = []
    while g.pending["do"] == "draft":
        ev += draft(g, [g.pool[0]])
    return ev


# ---------------------------------------------------------------- P1


@pytest.mark.parametrize("n", range(2, 7))
def test_p1_only_cards_up_to_10_per_player_plus_4(n):
    g = pro(n)
    assert g.pool == list(range(1, 10 * n + 5))
    assert g.out_of_play == list(range(10 * n + 5, 105))
    assert g.hands == [[] for _ in range(n)] and g.rows == []


def test_p1_three_players_use_1_to_34():
    g = pro(3)
    draft_lowest(g)
    cards = sorted([c for h in g.hands for c in h] + [r.cards[0] for r in g.rows])
    assert cards == list(range(1, 35))


@pytest.mark.parametrize("n", [1, 7, 10])
def test_p1_pro_is_for_2_to_6_players(n):
    with pytest.raises(SetupError, match="2 to 6 players"):
        pro(n)


def test_p1_pro_has_no_random_deal():
    with pytest.raises(SetupError, match="no random deal"):
        pro(2, deals=[{"rows": [1, 2, 3, 4], "hands": [list(range(5, 15)), list(range(15, 25))]}])


# ---------------------------------------------------------------- P2


def test_p2_the_draft_goes_in_seat_order_until_each_holds_ten():
    g = pro(3)
    seen = []
    while g.pending["do"] == "draft":
        p = g.pending["player"]
        seen.append(p)
        assert g.legal(p) == [{"player": p, "do": "draft", "card": c} for c in g.pool]
        assert all(g.legal(q) == [] for q in range(3) if q != p)
        draft(g, [g.pool[-1]])
    assert seen == [0, 1, 2] * HAND
    assert all(len(h) == HAND for h in g.hands)
    assert g.hands[0] == sorted(g.hands[0])


def test_p2_the_four_left_over_start_the_rows_lowest_in_row_0():
    g = pro(2)
    left = {3, 7, 12, 20}
    picks = [c for c in range(24, 0, -1) if c not in left]
    ev = draft(g, picks)
    assert [r.cards for r in g.rows] == [[3], [7], [12], [20]]
    assert g.pool == []
    assert ev[-1] == Dealt(1, (3, 7, 12, 20))
    assert ev[:2] == [Drafted(0, 24), Drafted(1, 23)]
    assert g.hands == [sorted(picks[0::2]), sorted(picks[1::2])]
    assert g.pending == {"do": "select", "players": [0, 1]}


def test_p2_a_draft_out_of_turn_or_of_a_card_not_in_the_pool_is_refused():
    g = pro(2)
    draft(g, [5])
    before = snapshot(g)
    for action, message in [
        ({"player": 0, "do": "draft", "card": 6}, "player 1's decision"),
        ({"player": 1, "do": "draft", "card": 5}, "not in the open pool"),
        ({"player": 1, "do": "draft", "card": 25}, "not in the open pool"),
        ({"player": 1, "do": "select", "card": 6}, "waiting for draft by player 1"),
    ]:
        with pytest.raises(IllegalAction, match=message):
            g.apply(action)
        assert snapshot(g) == before


def test_p2_then_the_turns_are_played_as_in_the_base_game():
    g = pro(2)
    draft(g, [c for c in range(24, 0, -1) if c not in {3, 7, 12, 20}])
    ev = select(g, [24, 23])  # 23 and 24 follow 20 (B4)
    assert ev[-2:] == [Placed(1, 23, 3, 1), Placed(0, 24, 3, 2)]


# ---------------------------------------------------------------- P3


def play_turns_lowest(g: Game) -> None:
    """Play the round's turns: each hand lowest first, taking row 0 on a low card (B6)."""
    while g.pending is not None and g.pending["do"] != "draft":
        if g.pending["do"] == "select":
            select(g, [g.hands[p][0] for p in range(g.n)])
        else:
            g.apply({"player": g.pending["player"], "do": "take_row", "row": 0})


@pytest.mark.parametrize("n, firsts", [(2, [0, 1, 0]), (3, [0, 1, 2, 0])])
def test_p3_the_first_drafter_moves_one_seat_each_round(n, firsts):
    g = pro(n, options={"rounds": len(firsts)})
    for rnd, first in enumerate(firsts, start=1):
        assert g.round == rnd and g.pending == {"do": "draft", "player": first}
        order = []
        while g.pending["do"] == "draft":
            order.append(g.pending["player"])
            draft(g, [g.pool[0]])
        assert order == [(first + i) % n for i in range(10 * n)]
        play_turns_lowest(g)
    assert g.finished


def test_p3_hands_are_public():
    g = pro(3)
    draft(g, [1, 2, 3])
    for viewer in [None, 0, 1, 2]:
        v = g.view(viewer)
        assert [pv.hand for pv in v.players] == [(1,), (2,), (3,)]
        assert v.pool == tuple(range(4, 35))
        assert v.out_of_play == tuple(range(35, 105))
    draft_lowest(g)
    for viewer in [None, 0, 1, 2]:
        assert [pv.hand for pv in g.view(viewer).players] == [tuple(h) for h in g.hands]


def test_p3_a_selection_is_still_secret_until_the_reveal():
    g = pro(2)
    draft_lowest(g)
    card = g.hands[0][-1]
    assert g.apply({"player": 0, "do": "select", "card": card}) == [Selected(0)]
    assert g.view(0).players[0].selected == card
    assert g.view(1).players[0].selected is None and g.view(1).revealed == ()
    # B3 over P3: the public hand still shows the chosen card to the others until the reveal
    assert card in g.view(1).players[0].hand and card in g.view(None).players[0].hand
    assert card not in g.view(0).players[0].hand
    g.apply({"player": 1, "do": "select", "card": g.hands[1][0]})
    assert card not in g.view(1).players[0].hand  # revealed and placed


def test_pro_records_hold_the_draft_and_replay():
    g = pro(3, seed=5, options={"rounds": 2})
    draft_lowest(g)
    play_turns_lowest(g)
    draft(g, [g.pool[-1], g.pool[0]])
    record = g.record()
    assert record["deals"] == [] and record["options"] == {"rounds": 2}
    assert [a["do"] for a in record["actions"][:30]] == ["draft"] * 30
    assert snapshot(replay(record)) == snapshot(g)
    after_draft = replay(record, upto=30)  # everyone drafted lowest first: 31..34 are left over
    assert [r.cards for r in after_draft.rows] == [[31], [32], [33], [34]]
    assert result(after_draft)["pending"] == {"do": "select", "players": [0, 1, 2]}
