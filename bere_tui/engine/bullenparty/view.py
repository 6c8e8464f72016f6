"""Bullenparty views: everything one player may know, or the public table (`player=None`). Screens and bots get
views, never the Game.

Hidden (BP1, BP2, BP5): the number cards a player was dealt and still holds (to everyone else; the cards a
player took from a row were seen by all, so they are shown as `known`), a zero card's letter until it is
played, a bid until all are revealed, the draw pile's cards and order, the cards removed unseen. Public: the
rows with their Bull cards and closed marks, every pile face up, the Bull cards taken, the discard pile (every
card in it was revealed as a bid), the Bull cards left (their order is fixed, BP1), the scores.
"""

from __future__ import annotations

from dataclasses import dataclass

from bere_tui.engine.bullenparty import rules


@dataclass(frozen=True, slots=True)
class RowView:
    cards: tuple[int, ...]  # in the order they came; empty once taken
    bull: int | None  # bullheads of the Bull card laid with it (BP6)
    closed: bool  # BP6
    taken_by: int | None  # BP5, BP7
    bullheads: int  # of its number cards

    @property
    def total(self) -> int:
        """What taking the row collects: its number cards' bullheads and its Bull card's (BP5, BP10)."""
        return self.bullheads + (self.bull or 0)

    @property
    def is_open(self) -> bool:
        """On the table and not closed: a zero card's card may go here (BP5, BP6)."""
        return self.taken_by is None and not self.closed


@dataclass(frozen=True, slots=True)
class PlayerView:
    name: str
    bot: str | None
    hand: tuple[int, ...] | None  # the whole hand, for its owner only
    known: tuple[int, ...]  # cards of the hand everybody saw come in from a row (public)
    hand_size: int  # number cards in hand, a secret number bid included until the reveal
    zero: str | None  # the zero card's letter: its owner's, or everybody's once played (BP1)
    piles: tuple[tuple[int, ...], ...]  # bottom first (BP8)
    pile_heads: tuple[int, ...]
    counting_pile: int | None  # the pile that counts plus (BP10)
    bulls: tuple[int, ...]  # Bull cards taken, their bullheads (BP8)
    score: int  # BP10 as of now
    took_row: int | None  # the row taken this round (BP7)
    has_bid: bool  # during a bidding: this player's bid is in
    bid: int | str | None  # the secret bid ("zero" or a card), for its owner only, until revealed


@dataclass(frozen=True, slots=True)
class View:
    variant: str
    options: dict
    me: int | None
    round: int
    turn: int  # the bidding within the round
    rows: tuple[RowView, ...]
    players: tuple[PlayerView, ...]
    pending: dict | None  # {"do", "player"} or {"do": "bid", "players"}, plus "card" (take: the bid; zero_row:
    #                       the card turned up) and "end" (lay: at the game's end, BP9)
    revealed: tuple[tuple[int, int | None, str | None], ...]  # this bidding's bids in acting order, once shown
    queue: tuple[tuple[int, int | None], ...]  # revealed bids still to act: (player, card or None for zero)
    acting: tuple[int, int | None] | None  # the bid acting now
    drawn: int | None  # the card a zero card turned up, not yet in a row
    draw_pile_size: int
    discard_pile: tuple[int, ...]
    bull_deck: tuple[int, ...]  # Bull cards left, top first
    removed_count: int  # BP2
    last_round: bool  # BP9: the draw pile has run out, the game ends after this round
    end_phase: bool  # BP9: the hands are being laid out
    finished: bool
    winners: tuple[int, ...]

    @property
    def hand(self) -> tuple[int, ...]:
        """The viewer's own number cards (empty for the public view)."""
        if self.me is None:
            return ()
        return self.players[self.me].hand or ()

    @property
    def my_zero(self) -> str | None:
        return None if self.me is None else self.players[self.me].zero

    def seen_cards(self) -> set[int]:
        """Number cards whose place this viewer knows: own hand, every hand's known cards, rows, piles, the
        discard pile, revealed bids, a turned-up card."""
        seen = set(self.hand)
        for row in self.rows:
            seen.update(row.cards)
        for pv in self.players:
            seen.update(pv.known)
            for pile in pv.piles:
                seen.update(pile)
            if isinstance(pv.bid, int):
                seen.add(pv.bid)
        seen.update(self.discard_pile)
        seen.update(c for _p, c in self.queue if c is not None)
        if self.acting is not None and self.acting[1] is not None:
            seen.add(self.acting[1])
        if self.drawn is not None:
            seen.add(self.drawn)
        return seen

    def unseen_cards(self) -> list[int]:
        """Number cards this viewer cannot place: others' dealt cards, the draw pile, the cards removed (BP2)."""
        seen = self.seen_cards()
        return [c for c in range(1, rules.NUMBER_CARDS + 1) if c not in seen]

    def unseen_letters(self) -> list[str]:
        """Zero-card letters this viewer has not seen: held face down by others, or in the box (BP1)."""
        seen = {pv.zero for pv in self.players if pv.zero is not None}
        return [x for x in rules.LETTERS if x not in seen]


def make_view(game, player: int | None) -> View:
    bidding = game.pending is not None and game.pending["do"] == "bid"
    players = []
    for p, info in enumerate(game.players):
        mine = player == p
        piles = tuple(tuple(pile) for pile in game.piles[p])
        pile_heads = tuple(map(rules.heads, piles))
        players.append(PlayerView(
            name=info["name"],
            bot=info.get("bot"),
            hand=tuple(game.hands[p]) if mine else None,
            known=tuple(sorted(game.known[p])),
            # a secret number bid still counts as held until the reveal: the size must not tell a zero bid
            hand_size=len(game.hands[p]) + (bidding and isinstance(game.bids.get(p), int)),
            zero=game.letters[p] if mine or game.zero_shown[p] else None,
            piles=piles,
            pile_heads=pile_heads,
            counting_pile=rules.counting_of_heads(pile_heads),
            bulls=tuple(game.bulls[p]),
            score=rules.score_of_heads(pile_heads, game.bulls[p]),
            took_row=game.took[p],
            has_bid=bidding and p in game.bids,
            bid=game.bids.get(p) if mine and bidding else None,
        ))
    pend = None
    if game.pending is not None:
        pend = {k: (list(v) if isinstance(v, list) else v) for k, v in game.pending.items()}
    return View(
        variant=game.variant,
        options=dict(game.options),
        me=player,
        round=game.round,
        turn=game.turn,
        rows=tuple(RowView(tuple(r.cards), r.bull, r.closed, r.taken_by, rules.heads(r.cards)) for r in game.rows),
        players=tuple(players),
        pending=pend,
        revealed=game.revealed,
        queue=tuple(game.queue),
        acting=game.acting,
        drawn=game.drawn,
        draw_pile_size=len(game.draw),
        discard_pile=tuple(game.discard),
        bull_deck=tuple(game.bull_deck),
        removed_count=len(game.removed),
        last_round=game.last_round,
        end_phase=game.end_phase,
        finished=game.finished,
        winners=tuple(game.winners),
    )
