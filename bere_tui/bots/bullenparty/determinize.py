"""Deal the cards a Bullenparty player cannot see, consistently with their view: a whole game to play out.

From the view alone (never the real game): the other players' dealt cards still in hand (hand_size less the
cards everybody saw them take, BP5), their zero cards' letters not yet played (BP1), the draw pile's order and
the cards removed unseen (BP2) are drawn at random from what the viewer has not seen. Secret bids of this
bidding that others made already are unknown too: in the world those players have not bid yet.
"""

from __future__ import annotations

import random

from bere_tui.engine.bullenparty.game import Game, Row


def deal_world(view, rng: random.Random) -> Game:
    """A complete game state that agrees with everything `view` shows."""
    me = view.me
    n = len(view.players)
    unseen = view.unseen_cards()
    rng.shuffle(unseen)
    letters = view.unseen_letters()
    rng.shuffle(letters)
    bidding = view.pending is not None and view.pending["do"] == "bid"

    g = Game.__new__(Game)
    g.n = n
    g.players = [{"name": pv.name} for pv in view.players]
    g.options = {}
    g.seed = 0
    g.rng = random.Random(rng.getrandbits(32))
    g.given_reshuffles = []
    g.reshuffles = []
    g.actions = []
    g.opening_events = []
    hands, known, zero = [], [], []
    for q, pv in enumerate(view.players):
        if q == me:
            hand = list(view.hand)
        else:
            hidden = pv.hand_size - len(pv.known)
            hand = list(pv.known) + unseen[:hidden]
            del unseen[:hidden]
        hands.append(sorted(hand))
        known.append(set(pv.known))
        zero.append(pv.zero if pv.zero is not None else letters.pop())
    g.draw = unseen[:view.draw_pile_size]
    g.removed = unseen[view.draw_pile_size:]
    g.setup = {}
    g.hands = hands
    g.known = known
    g.letters = zero
    g.zero_shown = [pv.zero is not None and q != me for q, pv in enumerate(view.players)]
    g.piles = [[list(pile) for pile in pv.piles] for pv in view.players]
    g.bulls = [list(pv.bulls) for pv in view.players]
    g.discard = list(view.discard_pile)
    g.bull_deck = list(view.bull_deck)
    g.last_round = view.last_round
    g.round = view.round
    g.turn = view.turn
    g.rows = [Row(list(r.cards), r.bull, r.closed, r.taken_by) for r in view.rows]
    g.took = [pv.took_row for pv in view.players]
    g.took_cards = [((), None)] * n  # (only the round's summary event reads it; nobody reads a world's events)
    g.revealed = view.revealed
    g.queue = list(view.queue)
    g.acting = view.acting
    g.drawn = view.drawn
    g.end_phase = view.end_phase
    g.finished = view.finished
    g.winners = tuple(view.winners)
    pend = view.pending
    g.laying = pend["player"] if pend is not None and pend["do"] == "lay" else None
    if bidding:
        # only the viewer's own bid is known; the others bid again in the world
        mine = view.players[me].bid
        g.bids = {me: mine} if mine is not None else {}
        g.waiting = [q for q in range(n) if g.took[q] is None and q not in g.bids]
        g.pending = {"do": "bid", "players": g.waiting}
    else:
        g.bids = {}
        g.waiting = []
        g.pending = None if pend is None else dict(pend)
    return g
