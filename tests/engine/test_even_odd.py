"""Even/Odd variant (RULES section 5, E1-E5) on hand-built tables, and invariants over many random games.

The EVEN/ODD card is `Row.parity` (0 EVEN, 1 ODD) of exactly one row; `ParityMoved` events report it.
"""

from __future__ import annotations

import json
import random

import pytest
from anniversary_table import assert_accounted, lay, secret_selection, select

from bere_tui.cli import main as cli_main
from bere_tui.engine.nimmt import Game
from bere_tui.engine.nimmt.events import Dealt, ParityMoved, Placed, RowTaken
from bere_tui.record import replay, result

HAND = 10  # B2


def eo_table(rows, hands, marked=None, options=None, later_deals=()) -> Game:
    """An even-odd game at turn 1: row starters and hands (padded to 10 with the highest unused cards) as a
    real deal, extra row cards laid from the cards out of play; `marked` = (row, parity) moves the EVEN/ODD
    card."""
    used = {c for r in rows for c in r} | {c for h in hands for c in h}
    spare = (c for c in range(104, 0, -1) if c not in used)
    full = [list(h) + [next(spare) for _ in range(HAND - len(h))] for h in hands]
    deals = [{"rows": [r[0] for r in rows], "hands": full}, *later_deals]
    g = Game("even-odd", [f"P{p}" for p in range(len(hands))], options=options, deals=deals)
    for r, cards in enumerate(rows):
        lay(g, r, cards)
    if marked is not None:
        for row in g.rows:
            row.parity = None
        g.rows[marked[0]].parity = marked[1]
    return g


def parities(g: Game) -> list:
    return [r.parity for r in g.rows]


EVEN, ODD = 0, 1


# ---------------------------------------------------------------- E1, E2


def test_e1_the_base_game_with_one_card():
    g = Game("even-odd", ["a", "b", "c"], seed=4)
    assert all(len(h) == HAND for h in g.hands) and len(g.rows) == 4
    assert sum(p is not None for p in parities(g)) == 1
    assert_accounted(g)


@pytest.mark.parametrize("starters, row, parity", [
    ([30, 7, 50, 80], 1, "odd"),
    ([33, 12, 50, 80], 1, "even"),
    ([90, 80, 70, 60], 3, "even"),
    ([1, 2, 3, 4], 0, "odd"),
])
def test_e2_beside_the_lowest_first_card_showing_its_parity(starters, row, parity):
    g = eo_table([[c] for c in starters], [[100], [101]])
    assert g.opening_events[-1] == ParityMoved(row, parity)
    assert parities(g) == [(0 if parity == "even" else 1) if r == row else None for r in range(4)]
    assert g.view(0).rows[row].parity == parity


def test_e2_again_at_the_start_of_every_round():
    round2 = {"rows": [44, 60, 12, 90], "hands": [list(range(13, 23)), list(range(23, 33))]}
    g = eo_table([[30], [7], [50], [80]], [[100], [101]], options={"rounds": 2}, later_deals=[round2])
    for p, c in enumerate([100, 101]):  # the last turn of round 1
        g.out_of_play.extend(x for x in g.hands[p] if x != c)
        g.hands[p] = [c]
    ev = select(g, [100, 101])
    assert ev[ev.index(Dealt(2, (44, 60, 12, 90))) + 1] == ParityMoved(2, "even")
    assert parities(g) == [None, None, EVEN, None]


# ---------------------------------------------------------------- E3


def test_e3_a_card_of_the_shown_parity_joins_the_row():
    g = eo_table([[10], [20], [30], [40]], [[12], [90]])
    assert parities(g) == [EVEN, None, None, None]
    select(g, [12, 90])
    assert g.rows[0].cards == [10, 12]


def test_e3_a_card_skips_the_marked_row_for_the_closest_lower_row_that_accepts_it():
    g = eo_table([[10], [20], [30], [40]], [[33], [90]], marked=(2, EVEN))
    ev = select(g, [33, 90])
    # B4 would send 33 after 30; row 2 shows EVEN, so 33 follows 20
    assert Placed(0, 33, 1, 1) in ev
    assert [r.cards for r in g.rows] == [[10], [20, 33], [30], [40, 90]]


def test_e3_a_card_whose_only_lower_rows_refuse_it_is_a_low_card_any_row_may_be_chosen():
    g = eo_table([[10], [20], [30], [40]], [[13], [90]])
    select(g, [13, 90])
    # 13 is odd; the only lower row shows EVEN: B6, and every row may be chosen, the marked one too
    assert g.pending == {"do": "take_row", "player": 0, "card": 13}
    assert [a["row"] for a in g.legal(0)] == [0, 1, 2, 3]
    ev = g.apply({"player": 0, "do": "take_row", "row": 0})
    assert RowTaken(0, 0, (10,), 3, "low", False) in ev
    assert g.rows[0].cards == [13] and g.piles[0] == [10]


# ---------------------------------------------------------------- E4


def test_e4_after_a_take_the_card_moves_to_the_other_row_whose_last_card_is_lowest():
    g = eo_table([[10], [30], [50, 51, 52, 53, 54], [60]], [[55], [90]])
    assert parities(g) == [EVEN, None, None, None]
    ev = select(g, [55, 90])
    # 55 takes row 2 (B5); row 0 (10) is where the card lay, so it goes to row 1 (30), EVEN
    assert ev.index(ParityMoved(1, "even")) > ev.index(Placed(0, 55, 2, 0, True))
    assert parities(g) == [None, EVEN, None, None]


def test_e4_decision_the_row_just_taken_counts():
    g = eo_table([[10], [20, 21, 22, 23, 24], [50], [60]], [[25], [90]])
    ev = select(g, [25, 90])
    # after the take row 1 ends with 25, the lowest last card of the other rows: ODD there
    assert ParityMoved(1, "odd") in ev
    assert parities(g) == [None, ODD, None, None]


def test_e4_decision_other_means_not_the_row_it_lay_beside():
    g = eo_table([[10], [20], [30], [40]], [[3], [90]])
    select(g, [3, 90])
    g.apply({"player": 0, "do": "take_row", "row": 0})
    # row 0 now ends with 3, the lowest of all, but the card must leave it: row 1 (20), EVEN
    assert parities(g) == [None, EVEN, None, None]


def test_e4_after_the_marked_row_is_taken_and_with_odd_cards():
    g = eo_table([[11], [21], [31], [41]], [[5], [99]])
    assert parities(g) == [ODD, None, None, None]
    select(g, [5, 99])  # 5 is lower than every row: B6
    ev = g.apply({"player": 0, "do": "take_row", "row": 0})
    # the card leaves the row it lay beside for the lowest last card among rows 1-3: 21, ODD
    assert ParityMoved(1, "odd") in ev
    assert parities(g) == [None, ODD, None, None]
    # 99 is odd: row 1 accepts it, but B4 sends it after 41
    assert g.rows[3].cards == [41, 99]


# ---------------------------------------------------------------- E5 and the sixth card


def test_e5_the_card_does_not_count_toward_five():
    g = eo_table([[10, 12, 14, 16], [20], [30], [40]], [[18], [90]])
    select(g, [18, 90])
    assert g.rows[0].cards == [10, 12, 14, 16, 18] and g.piles == [[], []]


def test_e5_the_sixth_card_in_the_marked_row_takes_it():
    g = eo_table([[10, 12, 14, 16, 18], [30], [40], [50]], [[20], [90]])
    assert parities(g) == [EVEN, None, None, None]
    ev = select(g, [20, 90])
    # 20 is even and row 0's 6th card: it takes the 5 cards (B5) and the card moves on (E4)
    assert RowTaken(0, 0, (10, 12, 14, 16, 18), 7, "sixth", False) in ev
    assert g.rows[0].cards == [20]
    assert parities(g) == [None, EVEN, None, None]


# ---------------------------------------------------------------- records, CLI


def test_bere_replay_json_shows_the_parity(tmp_path, capsys):
    g = eo_table([[11], [20], [30], [40]], [[45, 46], [50, 51]])
    select(g, [45, 50])
    path = tmp_path / "eo.json"
    path.write_text(json.dumps(g.record()), encoding="utf-8")
    assert cli_main(["replay", str(path), "--json"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert [r["parity"] for r in out["rows"]] == ["odd", None, None, None]
    assert out == result(g)


def test_bere_sim_even_odd(capsys):
    assert cli_main(["sim", "--variant", "even-odd", "--bots", "random,heuristic,random", "--games", "3",
                     "--json"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert out["games"] == 3 and [s["bot"] for s in out["seats"]] == ["random", "heuristic", "random"]


# ---------------------------------------------------------------- invariants over random games

GAMES = 400  # per player count (every branch is reached from about 100 on: issue 17)


class ParityShadow:
    """Follows the events and says where E2/E4 must lay the card, independently of the engine."""

    def __init__(self) -> None:
        self.rows: list[list[int]] = []
        self.marked = -1
        self.used = 0  # the card whose parity the card shows
        self.due = False  # a ParityMoved event must come next

    def feed(self, events) -> None:
        for e in events:
            if isinstance(e, Dealt):
                self.rows = [[c] for c in e.rows]
                self.marked = -1
                self.due = True
            elif isinstance(e, Placed):
                if e.new_row:
                    self.rows[e.row] = [e.card]
                else:
                    self.rows[e.row].insert(e.position, e.card)
            elif isinstance(e, RowTaken):
                assert list(e.cards) == self.rows[e.row]
                self.due = True
            elif isinstance(e, ParityMoved):
                assert self.due
                self.due = False
                if self.marked < 0:  # E2: the lowest first card
                    want = min(range(4), key=lambda r: self.rows[r][0])
                    card = self.rows[want][0]
                else:  # E4: another row, the one whose last card is lowest
                    want = min((r for r in range(4) if r != self.marked), key=lambda r: self.rows[r][-1])
                    card = self.rows[want][-1]
                assert (e.row, e.parity) == (want, "odd" if card & 1 else "even")
                self.marked, self.used = want, card


def check_even_odd(g: Game, shadow: ParityShadow) -> None:
    assert_accounted(g)
    assert [r.cards for r in g.rows] == shadow.rows
    marked = [r for r, row in enumerate(g.rows) if row.parity is not None]
    assert marked == [shadow.marked]  # exactly one marked row
    assert g.rows[shadow.marked].parity == shadow.used & 1
    assert shadow.used in g.rows[shadow.marked].cards  # cards only join a row until it is taken
    for row in g.rows:
        assert 1 <= len(row.cards) <= 5 and row.cards == sorted(row.cards)  # B5, E5


def play_even_odd(n: int, seed: int, options: dict | None) -> Game:
    rng = random.Random(seed)
    g = Game("even-odd", [f"P{p}" for p in range(n)], seed=seed, options=options)
    shadow = ParityShadow()
    shadow.feed(g.opening_events)
    check_even_odd(g, shadow)
    while g.pending is not None:
        pend = g.pending
        if pend["do"] == "select":
            p = rng.choice(pend["players"])
            action = {"player": p, "do": "select", "card": rng.choice(g.hands[p])}
        else:
            action = rng.choice(g.legal(pend["player"]))
        waiting = len(g.waiting)
        shadow.feed(g.apply(action))
        if not secret_selection(g, action, waiting):
            check_even_odd(g, shadow)
    return g


@pytest.mark.parametrize("n", range(2, 11))
def test_random_even_odd_games_keep_their_invariants(n):
    for i in range(GAMES):
        # most games are one round (B10 option), to keep the run short; every 10th plays to 66 (B9)
        g = play_even_odd(n, 5000 * n + i, None if i % 10 == 0 else {"rounds": 1})
        if i % 10 == 0:
            assert max(g.totals()) >= 66
            assert result(replay(g.record())) == result(g)


def test_parity_moved_says_which_card_decided():
    """E2: at the deal the row's first card (the lowest); E4: after a take, the lowest last card."""
    from bere_tui.bots import make_bot
    from bere_tui.bots.runner import deciders

    g = Game("even-odd", ["A", "B", "C"], seed=3)
    first = g.opening_events[-1]
    assert isinstance(first, ParityMoved) and not first.after_take
    assert first.card == g.rows[first.row].cards[0] == min(r.cards[0] for r in g.rows)
    bot, moved = make_bot("random", 1), 0
    while not g.finished and moved < 3:
        p = deciders(g)[0]
        for e in g.apply(bot.choose(g.view(p), g.legal(p))):
            if isinstance(e, ParityMoved) and e.after_take:
                moved += 1
                assert (e.card & 1) == (e.parity == "odd") and e.card > 0
    assert moved
