"""Deal what a board-game player cannot see, consistently with their view: a whole engine Game to play on.

From the view alone (never the real game): the other players' tiles in hand that nobody saw go in (hand_size
less `known`), and the supply, drawn at random from `view.unseen_tiles()`; the others' action cards (their
number is public) and the two decks' order, drawn from the board's decks (the view's `board`, the board file's
public facts) less the action cards the viewer holds. Secret choices others made already this turn are
unknown: in the world those players have not chosen yet, their chosen tiles back in their hands. The Board
comes with the view, so the world is the engine's own Game and the engine's rules play it on.
"""

from __future__ import annotations

import random
from math import inf, log

from bere_tui.engine.board.game import Game
from bere_tui.engine.board.layout import Board, Side


def board_of(view) -> Board:
    """The view's board; a view made without one gets a board rebuilt from what the view shows (its tiles'
    bullheads and rows), with the layout module's defaults for the rest."""
    if view.board is not None:
        return view.board
    side = Side(view.side, view.pro, tuple(rv.spec for rv in view.rows))
    return Board(name=str(view.options.get("board", "")), sha256=str(view.options.get("board_sha256", "")),
                 heads=view.heads, sides={view.side: side}, luck_cards=(), action_cards=(),
                 stop_tokens=view.stop_tokens + sum(1 for rv in view.rows if rv.stopped))


def _draw(pool: list[str], k: int, fallback: tuple[str, ...], rng: random.Random) -> list[str]:
    out = pool[:k]
    del pool[:k]
    while len(out) < k and fallback:  # more cards than the deck's make-up allows for: any kind
        out.append(fallback[rng.randrange(len(fallback))])
    return out


def _take_weighted(pool: list[int], layers, rng: random.Random) -> list[int]:
    """Draw, without replacement, each layer's number of tiles from `pool` by the layer's weights (a tile not
    named weighs 1; Efraimidis and Spirakis' keys), removing them from `pool`."""
    out: list[int] = []
    for count, weights in layers:
        if count <= 0:
            continue
        keyed = []
        for t in pool:
            w = weights.get(t, 1.0)
            keyed.append((log(1.0 - rng.random()) / w if w > 1e-12 else -inf, t))
        keyed.sort(reverse=True)
        chosen = [t for _k, t in keyed[:count]]
        out += chosen
        taken = set(chosen)
        pool[:] = [t for t in pool if t not in taken]
    return out


def deal_world(view, rng: random.Random, weights: dict | None = None) -> Game:
    """A complete game state that agrees with everything `view` shows. `weights` (bots/board/inference.py): for
    other players, their hidden tiles as layers (how many, {tile: weight}), drawn by those weights; the rest of
    the unseen tiles are dealt uniformly."""
    me = view.me
    board = board_of(view)
    n = len(view.players)
    unseen = view.unseen_tiles()
    rng.shuffle(unseen)
    read: dict[int, list[int]] = {}
    if weights:
        order = sorted(weights)
        rng.shuffle(order)
        for q in order:
            read[q] = _take_weighted(unseen, weights[q], rng)
    pend = view.pending
    choosing = pend is not None and pend["do"] == "select"

    g = Game.__new__(Game)
    g.board = board
    g.players = [{"name": pv.name} for pv in view.players]
    g.n = n
    g.options = dict(view.options)
    g.side = board.sides[view.side]
    g.specs = tuple(rv.spec for rv in view.rows)
    g.luck = view.luck
    g.seed = 0
    g.setup = {}
    g.rows = [list(rv.tiles) for rv in view.rows]
    g.active = [rv.active for rv in view.rows]
    g.stops = {r for r, rv in enumerate(view.rows) if rv.stopped}
    g.overlays = {(r, i): kind for r, rv in enumerate(view.rows) for i, kind in rv.overlays}
    g.out = list(view.out)
    g.scores = [pv.score for pv in view.players]
    g.points_by = [{} for _pv in view.players]  # (not in the view: the look-ahead reads only the scores)
    g.ended_by = ()

    actions = list(board.action_cards)
    for c in view.my_cards:
        if c in actions:
            actions.remove(c)
    rng.shuffle(actions)
    kinds = tuple(dict.fromkeys(board.action_cards))
    hands, known, held, two = [], [], [], []
    for q, pv in enumerate(view.players):
        if q == me:
            hand = list(view.hand)
            cards = list(view.my_cards)
            if choosing and pv.choice is not None:  # my own choice is in: it stands
                cards = [c for c in cards if c != pv.choice[1]] if pv.choice[1] else cards
        else:
            if q in read:
                hand = list(pv.known) + read[q]
            else:
                hidden = pv.hand_size - len(pv.known)
                hand = list(pv.known) + unseen[:hidden]
                del unseen[:hidden]
            cards = _draw(actions, pv.card_count, kinds, rng)
        hands.append(sorted(hand))
        known.append(set(pv.known))
        held.append(cards)
        two.append(pv.two)
    g.hands = hands
    g.known = known
    g.held = held
    g.two = two
    g.supply = unseen[:view.supply_size]
    luck = list(board.luck_cards) if view.luck else []
    rng.shuffle(luck)
    g.luck_deck = _draw(luck, view.luck_left, tuple(dict.fromkeys(board.luck_cards)), rng)
    g.action_deck = _draw(actions, view.actions_left, kinds, rng)
    g.hand_no = view.hand_no
    g.turn = view.turn
    g.revealed = view.revealed
    g.actions = []
    g.reveals = view.reveals
    g.draws = list(view.draws) if view.draws else [0] * n
    g.opening_events = []
    g.finished = view.finished
    g.winners = tuple(view.winners)
    g.luck_card = None
    g.placing = view.placing
    g.stop_queue = []
    g.queue = []
    if choosing:
        mine = view.players[me].choice
        g.choices = {me: mine} if mine is not None else {}
        if mine is not None:
            two[me] = False
        g.waiting = [q for q in range(n) if g.hands[q] and q not in g.choices]
        g.pending = {"do": "select", "players": g.waiting}
        return g
    g.choices = {}
    g.waiting = []
    g.pending = None if pend is None else dict(pend)
    # the placements still to come, each with its action card: a card goes with the first tile its owner
    # places this turn, the lowest of their tiles (engine/board/game.py, _do_select)
    first_card = {q: (min(ts), c) for q, ts, c in view.revealed if ts}
    for q, t in view.queue:
        low, c = first_card.get(q, (None, None))
        g.queue.append((q, t, c if t == low else None))
    if pend is not None and pend["do"] == "stop_row":
        order = []  # the STOP cards after this one, in the order their tiles will be placed
        for q, t, c in g.queue:
            if c == "stop" and q not in order:
                order.append(q)
        g.stop_queue = order[order.index(pend["player"]) + 1:] if pend["player"] in order else order
    if pend is not None and pend["do"] == "luck":
        g.luck_card = pend["card"]
    return g


__all__ = ["board_of", "deal_world"]
