"""The game review's numbers (issue 34) on positions whose best move is known, its determinism, and that it reads
a person's view only (never the hidden hands)."""

from __future__ import annotations

import random

import pytest

from bere_tui.bots import make_bot
from bere_tui.engine.cards import HEADS
from bere_tui.engine.nimmt import Game
from bere_tui.review import ACCURATE, advise, count_decisions, review_game, score
from bere_tui.systems import make_game


def _rows(game, rows: list[list[int]]) -> None:
    """Lay the rows as given (cards taken from those out of play, as tests/bots/test_strong.py does)."""
    for row, cards in zip(game.rows, rows, strict=True):
        row.cards[:] = cards


def _two_cards_left(mine: list[int], theirs: list[int], rows: list[list[int]]) -> Game:
    """A base game of two at its ninth turn: each hand holds two cards (B3), the rows as given."""
    game = Game("base", ["Ann", {"name": "Bob", "bot": "strong"}], seed=5, deals=[{
        "rows": [r[0] for r in rows],
        "hands": [mine + [c for c in range(94, 102) if c not in mine + theirs][:8],
                  theirs + [c for c in range(82, 94) if c not in mine + theirs][:8]]}])
    for p, hand in enumerate((mine, theirs)):
        game.hands[p][:] = sorted(hand)
    game.turn = 9
    _rows(game, rows)
    return game


def test_the_sure_sixth_card_costs_its_row_and_the_card_that_fits_costs_nothing():
    """B4, B5: row 1 is full (1..5, 6 bullheads) and row 2 ends with 8. The 7 goes surely into row 1 as its 6th
    card (nothing lies between 5 and 7 but my own 6), taking 6 bullheads; the 6 surely takes it too, but then
    the 7 follows it into the new row 1 for nothing (Bob's cards are all above 8). The other way round, the 6
    is lower than every row end the next turn (B6): one bullhead more, the cheapest row holding only the 7."""
    game = _two_cards_left([6, 7], [40, 50], [[1, 2, 3, 4, 5], [8], [60], [70]])
    decision = score(game, {"player": 0, "do": "select", "card": 7}, 0)
    values = {o.words: o.value for o in decision.options}
    assert values["your 6"] == pytest.approx(6.0)  # 1 + 1 + 1 + 1 + 2 (C1)
    assert values["your 7"] >= 7.0
    assert decision.best == pytest.approx(6.0)
    assert decision.loss >= 1.0
    assert "Row 1 was full and no card between 5 and 7 was out" in decision.reason
    best = score(game, {"player": 0, "do": "select", "card": 6}, 0)
    assert best.loss == 0 and best.reason == ""


def test_taking_a_row_is_scored_by_its_bullheads():
    """B6 at the round's last turn: the 1 is lower than every row end, so its owner takes a row; nothing is left
    to play, so each row's expected cost is exactly its bullheads, and the cheapest is the best."""
    game = Game("base", ["Ann", {"name": "Bob", "bot": "strong"}], seed=0, deals=[{"rows": [55, 66, 77, 9], "hands": [
        [1, 91, 92, 93, 94, 95, 96, 97, 98, 99], [80, 81, 82, 83, 84, 85, 86, 87, 88, 89]]}])
    for p in range(2):
        game.hands[p][:] = game.hands[p][:1]
    game.turn = 10
    game.apply({"player": 0, "do": "select", "card": 1})
    game.apply({"player": 1, "do": "select", "card": 80})
    assert game.pending["do"] == "take_row"
    decision = score(game, {"player": 0, "do": "take_row", "row": 0}, 3)
    values = {o.words: o.value for o in decision.options}
    assert values["row 4"] == pytest.approx(HEADS[9])  # the cheapest, listed first
    assert decision.options[0].words == "row 4"
    assert decision.value == pytest.approx(HEADS[55])
    assert decision.loss == pytest.approx(HEADS[55] - HEADS[9])
    assert decision.reason == "Row 1 held 7 bullheads; row 4 only 1 bullhead."


def test_the_sure_sixth_card_in_a_full_hand_is_named():
    """B5 mid-round: 46 and 76 would surely take rows 2 and 3 (their 6th cards); the review scores them as
    losses and says why, and the best move is a card that fits."""
    game = Game("base", ["Ann", {"name": "Bob", "bot": "strong"}], seed=0, deals=[{"rows": [13, 40, 70, 101],
                "hands": [[14, 24, 46, 76, 1, 2, 3, 4, 6, 7], [95, 96, 97, 98, 99, 100, 102, 103, 104, 94]]}])
    _rows(game, [[13], [41, 42, 43, 44, 45], [71, 72, 73, 74, 75], [101]])
    decision = score(game, {"player": 0, "do": "select", "card": 46}, 0)
    row2 = sum(HEADS[c] for c in [41, 42, 43, 44, 45])
    assert decision.value >= row2
    assert decision.loss >= 2.0
    assert "the 46 surely took the row" in decision.reason
    assert decision.options[0].words not in ("your 46", "your 76")


def _bot_game(variant: str, seed: int, options=None, people: int = 1):
    """A finished game: `people` persons (played by the heuristic bot here) and bots."""
    n = 3
    players = [{"name": f"P{p}"} if p < people else {"name": f"B{p}", "bot": "heuristic"} for p in range(n)]
    game = make_game(variant, players, seed=seed, options=options or {})
    bots = [make_bot("heuristic", seed + p) for p in range(n)]
    while game.pending is not None:
        p = game.deciders()[0]
        game.apply(bots[p].choose(game.view(p), game.legal(p)))
    return game


GAMES = [("base", {"rounds": 1}), ("anniversary", {}), ("even-odd", {"rounds": 1}),
         ("pro", {"rounds": 1}), ("bullenparty", {}), ("board", {})]


@pytest.fixture
def few_worlds(monkeypatch):
    """Fewer worlds per decision, for the time of the suite (the review's sums do not depend on their number)."""
    from bere_tui.bots.board import evaluate as board
    from bere_tui.bots.bullenparty import evaluate as bullenparty
    from bere_tui.bots.nimmt import evaluate

    for module in (evaluate, board, bullenparty):
        monkeypatch.setattr(module, "WORLDS", 8)


@pytest.mark.parametrize(("variant", "options"), GAMES)
def test_the_same_record_gives_the_same_review(variant, options, few_worlds):
    """Seeded evaluation with a fixed number of worlds: the review of a record is the same twice (issue 34)."""
    game = _bot_game(variant, 3, options)
    first, second = review_game(game), review_game(game)
    assert first.decisions, variant
    assert first == second
    for s in first.summaries:
        assert s.player == 0 and 0 <= s.accuracy <= 100 and s.lost >= 0
    assert all(d.player == 0 for d in first.decisions)  # only the person's decisions
    lost = [d.loss for d in first.decisions]
    assert first.summaries[0].lost == pytest.approx(sum(lost))
    good = sum(1 for x in lost if x < ACCURATE)
    assert first.summaries[0].accuracy == round(100 * good / len(lost))


def test_the_biggest_losses_are_marked_and_explained():
    review = review_game(_bot_game("base", 7, {"rounds": 2}))
    marked = [d for d in review.decisions if d.marked]
    assert 1 <= len(marked) <= 3
    assert min(d.loss for d in marked) >= max(d.loss for d in review.decisions if not d.marked) - 1e-9 or \
        all(d.loss >= 1.0 for d in marked)
    assert all(d.reason for d in marked)


def test_the_review_reads_the_persons_view_only():
    """Two deals that differ only in the cards Ann cannot see score her first decision the same (B10)."""
    rows = [10, 30, 60, 90]
    mine = [11, 12, 31, 32, 61, 62, 91, 92, 5, 100]
    rest = [c for c in range(1, 105) if c not in rows and c not in mine]
    scored = []
    for shuffle_seed in (1, 2):
        cards = rest[:]
        random.Random(shuffle_seed).shuffle(cards)
        game = Game("base", ["Ann", {"name": "Bob", "bot": "strong"}], seed=0,
                    deals=[{"rows": rows, "hands": [mine, cards[:10]]}])
        scored.append(score(game, {"player": 0, "do": "select", "card": 61}, 0))
    assert scored[0] == scored[1]


def test_a_cancelled_review_stops_and_progress_counts_the_decisions():
    game = _bot_game("base", 2, {"rounds": 1})
    seen = []
    assert review_game(game, lambda done, total: seen.append((done, total)), lambda: len(seen) >= 3) is None
    total = count_decisions(game)
    assert total == sum(1 for a in game.record()["actions"] if a["player"] == 0) > 3
    assert seen == [(1, total), (2, total), (3, total)]


def test_the_coach_suggests_the_best_move_from_the_view():
    game = _two_cards_left([6, 7], [40, 50], [[1, 2, 3, 4, 5], [8], [60], [70]])
    advice = advise(game.view(0), game.legal(0))
    assert advice.action == {"player": 0, "do": "select", "card": 6}
    assert advice.words == "your 6" and advice.value == pytest.approx(6.0) and advice.unit == "bullheads"
    assert advice.options[0].words == "your 6" and advice.options[1].words == "your 7"
    assert advise(game.view(1), game.legal(1)) is not None
    game.hands[0][:] = [6]
    assert advise(game.view(0), game.legal(0)) is None  # one card: nothing to decide


def test_bullenparty_the_row_with_the_bull_card_is_the_best_take():
    """BP5, BP6, BP10: of two players, Ann bid lowest and takes a row; the other row goes to Bob and the round
    ends (BP7), so each take's points are exact: the closed row with 27 bullheads and a Bull card of 7 beats the
    2-card row by far, and the review says why."""
    from bere_tui.engine.bullenparty.game import Game as Bullenparty
    from bere_tui.engine.bullenparty.game import Row

    game = Bullenparty(["Ann", {"name": "Bob", "bot": "heuristic"}], seed=1)
    game.apply({"player": 0, "do": "bid", "card": 19})
    game.apply({"player": 1, "do": "bid", "card": 79})
    assert game.pending == {"do": "take", "player": 0, "card": 19}
    game.rows[0] = Row([55, 11, 22, 33, 77], bull=7, closed=True)
    game.rows[1] = Row([1, 2])
    decision = score(game, {"player": 0, "do": "take", "row": 1}, 0)
    assert [o.words for o in decision.options] == ["row 1", "row 2"]
    assert decision.best == pytest.approx(34.0) and decision.value == pytest.approx(6.0)
    assert decision.loss == pytest.approx(28.0)
    assert decision.reason == "Row 1 held 34 bullheads with its Bull card; row 2 only 2 bullheads."
    assert score(game, {"player": 0, "do": "take", "row": 0}, 0).loss == 0


def test_board_the_tile_that_fills_a_row_loses_its_bullheads():
    """BG3, BG-D4: the 14 surely lands on row 1's final space (nothing lies between 13 and 14, and no row ends
    higher than row 4's 90), losing the other tiles' bullheads; the 41 surely lands on a plain space of row 2.
    The turn ends there, so both figures are exact."""
    game = make_game("board", ["Ann", {"name": "Bob", "bot": "heuristic"}], seed=1,
                     options={"side": "blue", "luck": False})
    game.rows = [[] for _ in game.rows]
    game.active = [False] * len(game.rows)
    laid = {0: [10, 11, 12, 13], 1: [40], 2: [60], 3: [90]}
    for r, tiles in laid.items():
        game.rows[r], game.active[r] = tiles, True
    used = {t for tiles in laid.values() for t in tiles} | {14, 41}
    game.hands[0] = [14, 41] + [t for t in game.hands[0] if t not in used]
    game.hands[1] = [t for t in game.hands[1] if t not in used]
    decision = score(game, {"player": 0, "do": "select", "tiles": [14], "card": None}, 0)
    heads = game.board.heads
    assert decision.value == pytest.approx(-sum(heads[t] for t in laid[0]))
    assert decision.best == pytest.approx(0.0)
    assert "your tile 41" in [o.words for o in decision.options]
    assert decision.reason.startswith("Your 14 would go to row 1, space 5")
    assert "final space" in decision.reason
    assert score(game, {"player": 0, "do": "select", "tiles": [41], "card": None}, 0).loss == 0
    game.scores[0] = -9  # later in a game: the figures are the turn's points, not the score so far
    again = score(game, {"player": 0, "do": "select", "tiles": [14], "card": None}, 0)
    assert (again.value, again.best) == pytest.approx((decision.value, decision.best))
