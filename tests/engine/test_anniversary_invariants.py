"""Anniversary variant (RULES section 4): invariants over many random games with special cards played often.

After every step: every number card and every special card lies exactly once somewhere (A1), rows ascend and
hold at most their capacity (A9), there are 4 rows or 5 with the 5th Row card (A-5TH-1/2), at most 2 Stops
(A-STOP-1). At the end: two rounds were played (A6), the lowest totals win (A7), and every 10th game's record
replays to the same result. 250 games per player count (every branch of the engine is reached from about 100 on;
500 and 2,000 added time, not cases: issue 17).
"""

from __future__ import annotations

import random

import pytest
from anniversary_table import assert_accounted, secret_selection

from bere_tui.engine.nimmt import SPECIAL_NAMES, Game
from bere_tui.record import replay, result

GAMES = 250  # per player count


def choose(rng: random.Random, legal: list[dict]) -> dict:
    """Random, but a special card whenever one is allowed, 7 times in 10 (a random card, a random use)."""
    if legal[0]["do"] == "special" and len(legal) > 1 and rng.random() < 0.7:
        names = sorted({a["card"] for a in legal[1:]})
        name = rng.choice(names)
        return rng.choice([a for a in legal if a["card"] == name])
    return rng.choice(legal)


def check_table(g: Game) -> None:
    assert_accounted(g)
    fifth = stops = 0
    for r in g.rows:
        cards = r.cards
        assert 1 <= len(cards) <= r.capacity  # A9
        assert cards == sorted(cards)  # ascending (B4, A-INS-1, A-SHI-1); each card once (assert_accounted)
        fifth += r.fifth
        stops += r.stop
    assert len(g.rows) == 4 + fifth and fifth <= 1  # A-5TH-1, A-5TH-2
    assert stops <= 2  # A-STOP-1


def play_random(n: int, seed: int, counts: dict) -> Game:
    rng = random.Random(seed)
    g = Game("anniversary", [f"P{p}" for p in range(n)], seed=seed)
    check_table(g)
    while g.pending is not None:
        pend = g.pending
        players = pend["players"] if pend["do"] == "select" else [pend["player"]]
        p = players[rng.randrange(len(players))]
        if pend["do"] == "select":
            action = {"player": p, "do": "select", "card": rng.choice(g.hands[p])}
        else:
            action = choose(rng, g.legal(p))
        if action["do"] == "special" and action["card"]:
            counts[action["card"]] = counts.get(action["card"], 0) + 1
        waiting = len(g.waiting)
        g.apply(action)
        if not secret_selection(g, action, waiting):
            check_table(g)
    assert g.round == 2 and all(len(s) == 2 for s in g.scores)  # A6
    assert all(h == [] for h in g.specials)  # A7
    return g


@pytest.mark.parametrize("n", range(2, 9))
def test_random_anniversary_games_keep_every_card_and_replay(n):
    counts: dict[str, int] = {}
    for i in range(GAMES):
        g = play_random(n, 1000 * n + i, counts)
        totals = g.totals()
        assert g.winners == tuple(p for p in range(n) if totals[p] == min(totals))  # A7
        if i % 10 == 0:
            assert result(replay(g.record())) == result(g)
    # every special card was played many times
    assert set(counts) == set(SPECIAL_NAMES)
    assert min(counts.values()) > GAMES // 10
