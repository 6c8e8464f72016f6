"""The table model (table.model) followed event by event equals the engine's rows after every action.

One model per game, never set from the engine again: special cards (7 nimmt!, Stop, 5th Row beside rows;
Shift; Replace), rows taken while a 5th Row card is out (A-5TH-2) and the EVEN/ODD card must all come out
exactly as the engine has them. The model only folds what the events say (it knows no rule).
"""

import subprocess
import sys

import pytest

from bere_tui.bots import make_bot
from bere_tui.bots.runner import deciders
from bere_tui.engine.nimmt import Game
from bere_tui.engine.nimmt import events as ev
from bere_tui.table.nimmt.model import TableShow


def rows_of(show):
    return [(r.cards, r.capacity, r.seven, r.stop, r.fifth, r.parity) for r in show.rows]


def engine_rows(view):
    return [(list(r.cards), r.capacity, r.seven, r.stop, r.fifth, r.parity) for r in view.rows]


def replay_checked(variant, players, seed, seen):
    game = Game(variant, [f"P{i}" for i in range(players)], seed=seed)
    bots = {p: make_bot("random" if (p + seed) % 3 else "heuristic", seed * 11 + p) for p in range(players)}
    show = TableShow.from_view(game.view(None))
    while not game.finished:
        p = deciders(game)[0]
        for event in game.apply(bots[p].choose(game.view(p), game.legal(p))):
            show.apply(event)
            seen.add(type(event).__name__ + (f":{event.special}" if isinstance(event, ev.SpecialPlayed) else ""))
            if isinstance(event, ev.RowTaken) and event.removed:
                seen.add("removed")
                assert show.taken is None  # the row is gone: no other row is marked taken
        view = game.view(None)
        assert rows_of(show) == engine_rows(view), (seed, game.round, game.turn)
        if not game.finished:
            assert show.totals == [pv.total for pv in view.players], (seed, game.round, game.turn)
        if view.revealed and not game.finished:
            # the reveal pointer is on the card being placed (A-REP-1: the replacement), else the next one
            due = view.placing[1] if view.placing and view.pending and view.pending["do"] in ("special",
                                                                                              "take_row") \
                else (view.queue[0][0] if view.queue else None)
            if due is not None:
                assert show.current == due, (seed, game.round, game.turn)
    assert show.totals == [sum(s) for s in game.scores]


def test_model_follows_random_anniversary_games():
    seen: set[str] = set()
    for seed in range(60):
        replay_checked("anniversary", 3 + seed % 5, seed, seen)
    # the games did reach the cases this test is for
    for case in ("removed", "Moved", "Cancelled", "SpecialPlayed:replace", "SpecialPlayed:shift", "SpecialPlayed:seven_nimmt",
                 "SpecialPlayed:stop", "SpecialPlayed:fifth_row"):
        assert case in seen, case


@pytest.mark.parametrize("variant,players", [("base", 4), ("even-odd", 5), ("pro", 3)])
def test_model_follows_other_variants(variant, players):
    seen: set[str] = set()
    for seed in range(5):
        replay_checked(variant, players, seed, seen)


def test_the_table_package_and_the_lessons_use_no_textual_and_no_ui():
    code = ("import sys, bere_tui.table.narrate, bere_tui.table.nimmt.model, bere_tui.table.replay, bere_tui.teach.runner, "
            "bere_tui.teach.trace; bad = [m for m in sys.modules if m.startswith(('textual', 'bere_tui.ui'))]; "
            "print(bad); sys.exit(1 if bad else 0)")
    done = subprocess.run([sys.executable, "-c", code], check=False, capture_output=True, text=True)
    assert done.returncode == 0, done.stdout + done.stderr
