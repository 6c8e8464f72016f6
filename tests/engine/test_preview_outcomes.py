"""The previews of the card prompts (issue 35, item 10) against what the engine then does, in random games of
every system: 6 nimmt! (base, Pro, Anniversary, Even/Odd), Bullenparty and the board game.

A preview is asked of the deciding player's view (what that person may know) and then the choice is played on a
copy of the game where nothing else can change the outcome: every other player chooses a card (tile, bid) that
acts after it (a higher card; for a zero card a later letter), so the comparison is exact, never approximate.
Cases where no such choice exists are not compared; each test asserts that enough cases were.

- B4, B5, A9, A-5TH-2: the row and place of a card that fits, the cards a full row's take collects;
- B6, A-STOP-2, E3: a low card asks its owner for a row, the cheapest row costs what the preview says;
- A-ORD-1, A-STOP-2, A-7N-1, A-REP-1, A-SHI-1, A-NP-1: the same after each special card that lets the card be
  placed by B4-B6 (the special prompt's steps);
- BP5, BP6: a number bid lets its owner take one of the remaining rows, the zero card's card goes to one of the
  open rows and closes the rows the preview names;
- BG3, BG4, BG6, BG-D3..D5: a tile's row, space and the points it scores at once.
"""

from __future__ import annotations

import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from bere_tui.boards import load_board
from bere_tui.engine.board import Game as BoardGame
from bere_tui.engine.board import events as bev
from bere_tui.engine.bullenparty import Game as PartyGame
from bere_tui.engine.bullenparty import events as pev
from bere_tui.engine.bullenparty.preview import bid_outcome
from bere_tui.engine.bullenparty.rules import ZERO
from bere_tui.engine.cards import row_bullheads
from bere_tui.engine.nimmt.events import Placed, RowTaken
from bere_tui.engine.nimmt.game import Game
from bere_tui.engine.nimmt.preview import Preview

SETTINGS = settings(max_examples=12, deadline=None, suppress_health_check=[HealthCheck.too_slow])


# ---------------------------------------------------------------- 6 nimmt!

def placed_as_previewed(events, p: int, card: int, outcome) -> None:
    """The first event placing `card` of player p says what `outcome` said (B4, B5, A-5TH-2)."""
    first = next(e for e in events if isinstance(e, (Placed, RowTaken)) and e.player == p
                 and (e.card == card) and not (isinstance(e, Placed) and e.new_row))
    if outcome.taken is None:
        assert isinstance(first, Placed) and first.via == "", (first, outcome)
        assert (first.row, first.position) == (outcome.row, outcome.place)
    else:
        assert isinstance(first, RowTaken) and first.reason == "sixth", (first, outcome)
        assert first.row == outcome.row and sorted(first.cards) == sorted(outcome.taken)
        assert outcome.place == outcome.capacity  # the card after the last one the row holds (A9)


def low_as_previewed(g: Game, p: int, card: int, outcome) -> None:
    """B6: the game asks p for a row; the cheapest row is the preview's, at the preview's cost."""
    assert g.pending == {"do": "take_row", "player": p, "card": card}
    assert outcome.refused == g.refused_by(card)
    costs = {}
    for action in g.legal(p):
        c = g.copy()
        taken = next(e for e in c.apply(action) if isinstance(e, RowTaken))
        costs[action["row"]] = row_bullheads(taken.cards)
    best = min(costs, key=lambda r: (costs[r], r))
    assert (outcome.cheapest, row_bullheads(outcome.taken)) == (best, costs[best])


def check_placement(g: Game, p: int, card: int, outcome, events) -> None:
    if outcome.row < 0:
        low_as_previewed(g, p, card, outcome)
    else:
        placed_as_previewed(events, p, card, outcome)


def select_compared(g: Game, p: int, card: int, rng: random.Random) -> bool:
    """p selects `card`; the others their highest card (after it: B4 places lowest first). False when one
    of them holds no higher card (then nothing is compared)."""
    if any(max(g.hands[q]) < card for q in range(g.n) if q != p):
        return False
    outcome = Preview(g.view(p)).outcome(card)
    c = g.copy()
    events = list(c.apply({"player": p, "do": "select", "card": card}))
    for q in range(g.n):
        if q != p:
            events += c.apply({"player": q, "do": "select", "card": max(c.hands[q])})
    if c.pending == {"do": "special", "player": p, "card": card}:  # A-ORD-1: no special card
        events += c.apply({"player": p, "do": "special", "card": None})
    check_placement(c, p, card, outcome, events)
    return True


def specials_compared(g: Game) -> int:
    """At a special-card decision (A-ORD-1): every legal choice whose preview places the card by B4-B6."""
    p = g.pending["player"]
    preview = Preview(g.view(p))
    compared = 0
    for action in g.legal(p):
        name = action["card"]
        fields = {k: v for k, v in action.items() if k not in ("player", "do", "card")}
        outcome = preview.outcome(None, name, **fields)
        if outcome is None:
            assert name in ("fifth_row", "insert", "shift"), name  # A-5TH-1, A-INS-1, A-SHI-2
            continue
        card = action.get("with", g.pending["card"])
        c = g.copy()
        check_placement(c, p, card, outcome, c.apply(dict(action)))
        compared += 1
    return compared


@pytest.mark.parametrize("variant,players", [("base", 2), ("base", 5), ("pro", 3), ("anniversary", 2),
                                             ("anniversary", 4), ("even-odd", 3)])
@SETTINGS
@given(seed=st.integers(0, 10**6))
def test_a_cards_preview_is_what_the_engine_then_does(variant, players, seed):
    rng = random.Random(seed)
    g = Game(variant, [f"P{i}" for i in range(players)], seed=seed)
    selects = specials = 0
    while not g.finished:
        pend = g.pending
        if pend["do"] == "select" and len(pend["players"]) == g.n:
            p = rng.randrange(g.n)
            selects += select_compared(g, p, rng.choice(g.hands[p]), rng)
        elif pend["do"] == "special":
            specials += specials_compared(g)
        q = g.deciders()[0]
        g.apply(rng.choice(g.legal(q)))
    assert selects >= 3
    if variant == "anniversary":
        assert specials >= 1


# ---------------------------------------------------------------- Bullenparty

def bid_compared(g: PartyGame, p: int, card, rng: random.Random) -> bool:
    """p bids `card`; every other bidder bids after it (a higher number card, or the zero card, which acts after
    every number card; for p's zero card only a later letter). False when one cannot."""
    outcome = bid_outcome(g.view(p), card)
    c = g.copy()
    c.apply({"player": p, "do": "bid", "card": card})
    for q in list(c.waiting):
        if card == ZERO:
            if not (c.zero_allowed(q) and c.letters[q] > c.letters[p]):
                return False
            bid = ZERO
        else:
            higher = [x for x in c.hands[q] if x > card]
            bid = rng.choice(higher) if higher else ZERO if c.zero_allowed(q) else None
            if bid is None:
                return False
        c.apply({"player": q, "do": "bid", "card": bid})
    do = "take" if card != ZERO else "zero_row"
    assert (outcome.kind, c.pending["do"], c.pending["player"]) == ({"take": "take", "zero_row": "add"}[do], do, p)
    assert tuple(a["row"] for a in c.legal(p)) == outcome.rows
    for r in outcome.rows:
        d = c.copy()
        events = d.apply({"player": p, "do": do, "row": r})
        if do == "take":
            taken = next(e for e in events if isinstance(e, pev.RowTaken))
            heads = row_bullheads(taken.cards) + (taken.bull or 0)
            assert heads <= outcome.heads and (heads == outcome.heads or r != outcome.best)
        else:  # BP6: closed exactly where the preview says
            assert any(isinstance(e, pev.RowClosed) for e in events) == (r in outcome.closing)
    return True


@pytest.mark.parametrize("players", [2, 3, 5])
@SETTINGS
@given(seed=st.integers(0, 10**6))
def test_a_bids_preview_is_what_the_engine_then_does(players, seed):
    rng = random.Random(seed)
    g = PartyGame([f"P{i}" for i in range(players)], seed=seed)
    compared = {"take": 0, "add": 0}
    while not g.finished:
        pend = g.pending
        if pend["do"] == "bid" and not g.bids:
            p = rng.choice(pend["players"])
            card = rng.choice(g.legal(p))["card"]
            if bid_compared(g, p, card, rng):
                compared["add" if card == ZERO else "take"] += 1
        q = g.deciders()[0]
        g.apply(rng.choice(g.legal(q)))
    assert compared["take"] >= 3


# ---------------------------------------------------------------- the board game

BOARD = load_board("standard")


def tile_compared(g: BoardGame, p: int, tile: int) -> bool:
    """p places `tile` (no action card); the others their highest tiles, after it (BG3). False when one
    of them holds no higher tile or when an action card of theirs could act first (play first, STOP)."""
    k = {q: g.tiles_to_choose(q) for q in g.waiting}
    if k[p] != 1 or any(len(g.hands[q]) < k[q] or g.hands[q][-k[q]] < tile for q in g.waiting if q != p):
        return False
    r, i, how, _overlay, points = g.view(p).outcomes([tile])[tile]
    c = g.copy()
    events = []
    for q in list(c.waiting):
        tiles = [tile] if q == p else c.hands[q][-k[q]:]
        events += c.apply({"player": q, "do": "select", "tiles": tiles, "card": None})
    at = next(n for n, e in enumerate(events) if isinstance(e, bev.TilePlaced) and e.tile == tile)
    placed = events[at]
    assert (placed.player, placed.row, placed.space, placed.how) == (p, r, i, how)
    scored = 0
    for e in events[at + 1:]:
        if isinstance(e, bev.TilePlaced):
            break
        if isinstance(e, (bev.SpaceScored, bev.RowFinished, bev.RowTaken)):
            scored += e.points
    assert scored == points
    return True


@pytest.mark.parametrize("players,side,luck", [(2, "blue", False), (4, "blue", True), (3, "red", True)])
@SETTINGS
@given(seed=st.integers(0, 10**6))
def test_a_tiles_preview_is_what_the_engine_then_does(players, side, luck, seed):
    rng = random.Random(seed)
    g = BoardGame([f"P{i}" for i in range(players)], seed=seed, options={"side": side, "luck": luck}, board=BOARD)
    compared = 0
    while not g.finished:
        pend = g.pending
        if pend["do"] == "select" and not g.choices:
            p = rng.choice(pend["players"])
            compared += tile_compared(g, p, rng.choice(g.hands[p]))
        q = g.deciders()[0]
        g.apply(rng.choice(g.legal(q)))
    assert compared >= 3


# ---------------------------------------------------------------- the round's summary (issue 35, item 11)

@pytest.mark.parametrize("seed", [1, 2])
def test_the_rounds_summary_says_who_took_what(seed):
    """B8: each bull pile's cards and bullheads at the end of a round, as the takes collected them; BP7: the
    bullheads each player took with a row (its Bull card included); and the log's sentences say so."""
    from bere_tui.engine.nimmt.events import RoundScored
    from bere_tui.table.narrate import narrate

    rng = random.Random(seed)
    g = Game("base", ["Ann", "Ben", "Cid"], seed=seed, options={"rounds": 1})
    cards, events = [0, 0, 0], []
    while not g.finished:
        q = g.deciders()[0]
        events += g.apply(rng.choice(g.legal(q)))
    for e in events:
        if isinstance(e, RowTaken):
            cards[e.player] += len(e.cards)
    scored = next(e for e in events if isinstance(e, RoundScored))
    assert list(scored.cards) == cards and list(scored.scores) == [sum(s) for s in g.scores]
    told = narrate(scored, ["Ann", "Ben", "Cid"]).plain
    assert told.startswith("Round 1 scored: Ann ") and f"({cards[2]} card" in told

    p = PartyGame(["Ann", "Ben"], seed=seed)
    heads, events = [0, 0], []
    while p.round == 1:
        q = p.deciders()[0]
        events += p.apply(rng.choice(p.legal(q)))
    for e in events:
        if isinstance(e, pev.RowTaken):
            heads[e.player] += row_bullheads(e.cards) + (e.bull or 0)
    ended = next(e for e in events if isinstance(e, pev.RoundEnded))
    assert list(ended.heads) == heads
    told = narrate(ended, ["Ann", "Ben"]).plain
    assert told.endswith(f"Bullheads taken this round: Ann {heads[0]}, Ben {heads[1]}")
