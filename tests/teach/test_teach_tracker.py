"""The table rebuilt from events matches the engine's own table after every action (base and Anniversary)."""

import pytest

from bere_tui.bots import make_bot
from bere_tui.bots.runner import deciders
from bere_tui.engine import Game
from bere_tui.teach.tracker import TableTracker


@pytest.mark.parametrize("variant,players", [("base", 4), ("anniversary", 4), ("even-odd", 3), ("pro", 3)])
def test_tracker_follows_the_engine(variant, players):
    for seed in range(4):
        game = Game(variant, [f"P{i}" for i in range(players)], seed=seed)
        bots = {p: make_bot("heuristic" if p % 2 else "random", seed * 7 + p) for p in range(players)}
        while not game.finished:
            before = game.view(None)
            p = deciders(game)[0]
            events = game.apply(bots[p].choose(game.view(p), game.legal(p)))
            tracker = TableTracker(before)
            for ev in events:
                tracker.apply(ev)
            got, want = tracker.view(), game.view(None)
            assert [r.cards for r in got.rows] == [r.cards for r in want.rows]
            assert [(r.seven, r.stop, r.fifth, r.parity) for r in got.rows] == \
                   [(r.seven, r.stop, r.fifth, r.parity) for r in want.rows]
            if not game.finished:
                assert [pv.pile for pv in got.players] == [pv.pile for pv in want.players]
                assert [pv.total for pv in got.players] == [pv.total for pv in want.players]
                # the tracker keeps the card being placed in the queue until it finds its place
                # (at a swap or cancel prompt the card is already placed)
                placing = want.placing and want.pending["do"] in ("special", "take_row")
                waiting = ([want.placing[0]] if placing else []) + [p for _c, p in want.queue]
                assert [p for _c, p in got.queue] == waiting
