"""The board game under random play (RULES section 6): GAMES_PER_COUNT games for each player count 2-6, spread
over both sides (blue base, red pro), luck cards on and off (every other game), and two boards: the shipped
`standard` and a hand-made test board (tests/board/data/test_board.json: 6 and 7 rows of 3 to 10 spaces,
90 tiles, hands of 10, 3 STOP tokens), so that nothing assumes the shipped layout. Every player count and side
and board is its own test case, so pytest-xdist spreads them.

At every step: every tile is in exactly one place (rows, hands, supply, out of the game, revealed but not yet
placed, secret choices; BG1); exactly 4 rows are active (BG2), active rows hold 1 tile up to their final space
but one (BG-D2, BG-D4), inactive rows are empty; luck changes lie on empty spaces of active rows (BG6); STOP
tokens never exceed the board's and one open row is left (BG7); the public table rebuilt from the events
alone (rows, active rows, luck changes, STOP tokens, and each score as the sum of its player's `points`)
matches the game; the deciders have legal actions and nobody else has. At the end: every hand is empty
(BG-D7, BG7), the winners hold the highest score (BG5, BG-D7), and the record (plain JSON) replays to the
same rows, hands, scores and winners. Every VIEW_EVERY-th game also checks each view at every step.
"""

from __future__ import annotations

import json
import random
from collections import defaultdict
from dataclasses import replace
from pathlib import Path

import pytest

from bere_tui.boards import load_board
from bere_tui.engine.board import Game, rules
from bere_tui.engine.board import events as ev
from bere_tui.engine.errors import IllegalAction

GAMES_PER_COUNT = 2000
CONFIGS = [(board, side) for board in ("standard", "test") for side in ("blue", "red")]
GAMES = GAMES_PER_COUNT // len(CONFIGS)  # per test case
VIEW_EVERY = 50
TEST_BOARD = Path(__file__).parent / "data" / "test_board.json"
ALL_TILES = {k: frozenset(range(1, k + 1)) for k in range(201)}  # a board has up to 200 tiles
BOARDS = {"standard": load_board("standard"), "test": load_board(str(TEST_BOARD))}


def check_step(g: Game) -> None:
    b = g.board
    where = [t for r in g.rows for t in r] + [t for h in g.hands for t in h] + g.supply + g.out
    where += [t for _p, t, _c in g.queue]
    if g.placing is not None:
        where.append(g.placing[1])
    if g.pending is not None and g.pending["do"] == "select":
        where += [t for tiles, _c in g.choices.values() for t in tiles]
    assert len(where) == b.tiles and set(where) == ALL_TILES[b.tiles], "a tile is lost or doubled (BG1)"
    assert sum(g.active) == 4, "exactly 4 active rows (BG2)"
    for r, spec in enumerate(g.specs):
        if g.active[r]:
            assert 1 <= len(g.rows[r]) <= spec.final, (r, g.rows[r])
        else:
            assert g.rows[r] == []
    for r, i in g.overlays:
        assert g.active[r] and len(g.rows[r]) <= i <= g.specs[r].final
    assert len(g.stops) <= b.stop_tokens and g.open_rows()
    deciders = g.deciders()
    assert (not deciders) == g.finished
    for p in range(g.n):  # legal() for the deciders: see play()
        assert p in deciders or g.legal(p) == []


def check_views(g: Game) -> None:
    public = g.view(None)
    assert all(pv.hand is None and pv.cards is None and pv.choice is None for pv in public.players)
    for p in range(g.n):
        v = g.view(p)
        assert v.hand == tuple(g.hands[p]) and list(v.my_cards)[: len(g.held[p])] == g.held[p]
        for q, pv in enumerate(v.players):
            if q != p:
                assert pv.hand is None and pv.cards is None and pv.choice is None
        hidden = {t for q in range(g.n) if q != p for t in g.hands[q] if t not in g.known[q]} | set(g.supply)
        assert not hidden & v.seen_tiles()


def others_view(g: Game, viewer, chooser: int):
    """What `viewer` sees, but for the two things a secret choice may show: that `chooser` has chosen, and
    whom the game still waits for."""
    v = g.view(viewer)
    players = list(v.players)
    players[chooser] = replace(players[chooser], has_chosen=False)
    return replace(v, players=tuple(players), pending=None)


class Mirror:
    """The public table rebuilt from the events alone (what a screen or a log learns): rows, active rows,
    scores, luck changes, STOP tokens. Every change of the board must be an event that says it."""

    def __init__(self, g: Game) -> None:
        self.rows = [[] for _r in g.specs]
        self.overlays: dict = {}
        self.stops: set = set()
        self.points = [0] * g.n

    def see(self, events) -> None:
        for e in events:
            if isinstance(e, ev.SetUp):
                for r, t in e.rows:
                    self.rows[r] = [t]
            elif isinstance(e, ev.TilePlaced):
                assert e.space == len(self.rows[e.row]) and e.row not in self.stops
                self.rows[e.row].append(e.tile)
                self.overlays.pop((e.row, e.space), None)
            elif isinstance(e, ev.TileSwapped):
                assert self.rows[e.row][e.space] == e.taken
                self.rows[e.row][e.space] = e.tile
            elif isinstance(e, ev.RowFinished):
                assert self.rows[e.row] == [*e.tiles, e.tile] and self.rows[e.to_row] == []
                self.rows[e.row] = []
                self.rows[e.to_row] = [e.tile]
                self.overlays = {k: v for k, v in self.overlays.items() if k[0] != e.row}
            elif isinstance(e, (ev.RowTaken, ev.RowGathered)):
                assert self.rows[e.row] == [*e.tiles, e.tile]
                self.rows[e.row] = [e.tile]
            elif isinstance(e, ev.LuckPlaced):
                self.overlays[(e.row, e.space)] = e.kind
            elif isinstance(e, ev.StopPlaced) and e.row is not None:
                self.stops.add(e.row)
            elif isinstance(e, ev.TurnEnded):
                self.stops = set()
            p = getattr(e, "points", None)
            if p is not None:
                self.points[e.player] += p

    def check(self, g: Game) -> None:
        assert self.rows == g.rows and [bool(r) for r in self.rows] == g.active
        assert self.overlays == g.overlays and self.stops == g.stops
        assert self.points == g.scores, "a score is not the sum of its events' points"


def play(g: Game, rng: random.Random, views: bool) -> None:
    mirror = Mirror(g)
    mirror.see(g.opening_events)
    check_step(g)
    mirror.check(g)
    steps = 0
    while not g.finished:
        p = rng.choice(g.deciders())
        legal = g.legal(p)
        assert legal, "a decider without a legal action"
        action = rng.choice(legal)
        before = [others_view(g, q, p) for q in (None, *range(g.n)) if q != p] if views else None
        events = g.apply(action)
        secret = action["do"] == "select" and not any(isinstance(e, ev.Revealed) for e in events)
        if views and secret:
            assert [others_view(g, q, p) for q in (None, *range(g.n)) if q != p] == before, "a choice leaked"
        mirror.see(events)
        check_step(g)
        mirror.check(g)
        if views:
            check_views(g)
        steps += 1
        assert steps < 2000
    assert all(h == [] for h in g.hands), "the game ends with every hand empty (BG-D7, BG7)"
    assert g.winners == rules.winners(g.scores) and max(g.scores) == g.scores[g.winners[0]]
    assert g.pending is None and g.deciders() == [] and all(g.legal(p) == [] for p in range(g.n))


def replayed(g: Game) -> Game:
    rec = json.loads(json.dumps(g.record()))
    assert rec["variant"] == "board" and rec["options"]["board_sha256"] == g.board.sha256
    again = Game(rec["players"], seed=rec["seed"], options=rec["options"], deals=rec["deals"], board=g.board)
    for action in rec["actions"]:
        again.apply(action)
    return again


@pytest.mark.parametrize("board, side", CONFIGS)
@pytest.mark.parametrize("n", [2, 3, 4, 5, 6])
def test_random_games_keep_the_invariants_and_replay(n, board, side):
    """BG1, BG2, BG5, BG6, BG7, BG-D2, BG-D4, BG-D7 under random play; the record replays (docs/board.md)."""
    b = BOARDS[board]
    stats = defaultdict(int)
    for i in range(GAMES):
        seed = 100_000 * n + 1000 * CONFIGS.index((board, side)) + i
        rng = random.Random(seed)
        g = Game([f"P{p + 1}" for p in range(n)], seed=seed, options={"side": side, "luck": i % 2 == 1}, board=b)
        play(g, rng, views=i % VIEW_EVERY == 0)
        again = replayed(g)
        assert again.finished and (again.rows, again.hands, again.scores, again.winners, again.active, again.out) \
            == (g.rows, g.hands, g.scores, g.winners, g.active, g.out)
        assert again.record() == g.record()
        for a in g.actions:
            stats[a["do"]] += 1
        stats["second hand"] += g.hand_no == 2
    # the random games reached every kind of decision this side has (so the checks above saw them)
    kinds = {"select", "luck"} | ({"stop_row", "place_row", "swap_row"} if b.sides[side].pro else set())
    assert kinds <= {k for k, v in stats.items() if v}, dict(stats)
    assert (stats["second hand"] > 0) == (n <= b.second_hand_max_players)


JUNK_VALUES = [None, -1, 0, 1, 3, 99, 10**30, "1", "stop", "swap", "play_first", True, False, [], [1], [[1]],
               [1, 2], [1, 2, 3], {}, {"row": 0}, 1.5]


def fingerprint(g: Game) -> str:
    """The whole state of a game, as text."""
    state = {k: v for k, v in vars(g).items() if k not in ("board", "specs", "side", "opening_events")}
    return repr(sorted(state.items(), key=lambda kv: kv[0]))


@pytest.mark.parametrize("board, side", CONFIGS)
def test_junk_actions_raise_illegal_action_and_change_nothing_and_copies_are_independent(board, side):
    """The protocol (engine/board/game.py): in random positions, an action that is not legal (a legal one
    with one field changed, dropped or added) raises IllegalAction and changes nothing; a copy played on
    leaves its original as it was (bots look ahead on copies)."""
    b = BOARDS[board]
    for i in range(20):
        n = 2 + i % 5
        rng = random.Random(i)
        g = Game([f"P{p + 1}" for p in range(n)], seed=i, options={"side": side, "luck": i % 2 == 0}, board=b)
        while not g.finished:
            p = rng.choice(g.deciders())
            legal = g.legal(p)
            action = rng.choice(legal)
            before = fingerprint(g)
            for _k in range(4):
                bad = dict(action)
                key = rng.choice([*action, "extra"])
                if rng.random() < 0.15 and key in bad:
                    del bad[key]
                else:
                    bad[key] = rng.choice(JUNK_VALUES)
                if bad in legal:
                    continue
                with pytest.raises(IllegalAction):
                    g.apply(bad)
                assert fingerprint(g) == before, bad
            c = g.copy()
            c.apply(rng.choice(c.legal(p)))
            assert fingerprint(g) == before, "a copy shares state with its original"
            g.apply(action)
