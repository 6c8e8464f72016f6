"""Views: everything one player may know (or the public table). Screens and bots get views, never the Game.

B10: a hand is shown to nobody else, except in Pro where every hand is public (P3). Special cards in hand are
secret to their owner (A2). A secret selection is known to its owner only, until the reveal (B3).
"""

from __future__ import annotations

from dataclasses import dataclass

from bere_tui.engine.cards import HEADS
from bere_tui.engine.nimmt.rules import VARIANTS
from bere_tui.engine.nimmt.variants import SPECIAL_NAMES

#: special cards in hand are listed in the order of the rules (A1), wherever they are shown
SPECIAL_ORDER = {name: i for i, name in enumerate(SPECIAL_NAMES)}


@dataclass(frozen=True, slots=True)
class RowView:
    cards: tuple[int, ...]
    capacity: int
    stop: bool
    seven: bool
    fifth: bool
    parity: str | None  # "even", "odd" or None
    bullheads: int


@dataclass(frozen=True, slots=True)
class PlayerView:
    name: str
    bot: str | None
    hand: tuple[int, ...] | None  # None when this viewer may not see it
    hand_size: int
    specials: tuple[str, ...] | None
    special_count: int
    pile: tuple[int, ...]
    set_aside: tuple[int, ...]
    round_scores: tuple[int, ...]
    total: int
    has_selected: bool
    selected: int | None  # the secret selection, for its owner only
    drawn: str | None = None  # A5: the special card the owner's swap drew this turn, for its owner only


@dataclass(frozen=True, slots=True)
class View:
    variant: str
    options: dict
    me: int | None
    round: int
    turn: int
    rows: tuple[RowView, ...]
    players: tuple[PlayerView, ...]
    pending: dict | None  # {"do", "player"} or {"do", "players"}, plus "card" being placed
    revealed: tuple[tuple[int, int], ...]  # this turn's revealed (card, player), once revealed
    queue: tuple[tuple[int, int], ...]  # revealed cards still to place
    placing: tuple[int, int] | None  # (player, card) of the placement being resolved
    pool: tuple[int, ...]  # Pro: the open draft pool
    out_of_play: tuple[int, ...] | None  # known only in Pro (the cards above 10n+4)
    draw_pile_size: int
    discard_pile: tuple[str, ...]
    finished: bool
    winners: tuple[int, ...]

    @property
    def rules(self):
        """The variant's rule object (engine.rules), for what the rules say rather than the state."""
        return VARIANTS[self.variant]

    @property
    def hand(self) -> tuple[int, ...]:
        """The viewer's own hand (empty for the public view)."""
        if self.me is None:
            return ()
        return self.players[self.me].hand or ()

    @property
    def my_specials(self) -> tuple[str, ...]:
        if self.me is None:
            return ()
        return self.players[self.me].specials or ()

    def seen_cards(self) -> set[int]:
        """Number cards this viewer has seen this round: rows, piles, set aside, revealed, own hand, pool."""
        seen = set(self.hand)
        for row in self.rows:
            seen.update(row.cards)
        for pv in self.players:
            seen.update(pv.pile)
            seen.update(pv.set_aside)
            if pv.hand is not None:
                seen.update(pv.hand)
            if pv.selected is not None:
                seen.add(pv.selected)
        seen.update(c for c, _ in self.revealed)
        seen.update(self.pool)
        return seen


def _hand_for(game, p: int, mine: bool, public_hands: bool) -> tuple[int, ...] | None:
    """A hand as this viewer may see it. In Pro the hands are public (P3), but a secret selection is not (B3):
    until the reveal, others still see the chosen card in its owner's hand."""
    if mine:
        return tuple(game.hands[p])
    if not public_hands:
        return None
    chosen = game.selected.get(p) if game.pending is not None and game.pending.get("do") == "select" else None
    return tuple(game.hands[p]) if chosen is None else tuple(sorted([*game.hands[p], chosen]))


def make_view(game, player: int | None) -> View:
    public_hands = game.rules.public_hands  # P3
    players = []
    totals = game.totals()
    for p, info in enumerate(game.players):
        mine = player == p
        sel = game.selected.get(p) if mine and game.pending and game.pending.get("do") == "select" else None
        players.append(PlayerView(
            name=info["name"],
            bot=info.get("bot"),
            hand=_hand_for(game, p, mine, public_hands),
            hand_size=len(game.hands[p]),
            specials=tuple(sorted(game.specials[p], key=SPECIAL_ORDER.__getitem__)) if mine else None,
            special_count=len(game.specials[p]),
            pile=tuple(game.piles[p]),
            set_aside=tuple(game.set_aside[p]),
            round_scores=tuple(game.round_scores(p)),
            total=totals[p],
            has_selected=p in game.selected and game.pending is not None and game.pending.get("do") == "select",
            selected=sel,
            drawn=game.swap_drawn.get(p) if mine else None,
        ))
    pend = None
    if game.pending is not None:
        pend = {k: (list(v) if isinstance(v, list) else v) for k, v in game.pending.items()}
    revealed = game.revealed
    placing = (game.placing.player, game.placing.card) if game.placing is not None else None
    return View(
        variant=game.variant,
        options=dict(game.options),
        me=player,
        round=game.round,
        turn=game.turn,
        rows=tuple(RowView(tuple(r.cards), r.capacity, r.stop, r.seven, r.fifth,
                           None if r.parity is None else ("odd" if r.parity else "even"),
                           sum(HEADS[c] for c in r.cards)) for r in game.rows),
        players=tuple(players),
        pending=pend,
        revealed=revealed,
        queue=tuple(game.queue),
        placing=placing,
        pool=tuple(game.pool),
        out_of_play=tuple(game.out_of_play) if public_hands else None,
        draw_pile_size=len(game.draw_pile),
        discard_pile=tuple(game.discard_pile),
        finished=game.finished,
        winners=tuple(game.winners),
    )


class LazyView:
    """`game.view(player)`, built only when a field is first read (a bot that never reads its view, such as
    `random`, costs nothing). `me` and `variant` are there at once; once built, every field is a plain
    attribute (a bot that reads its view often pays nothing more).

    It reads the game when first read, not when made: hand it to a decision that reads it before the game
    moves on (bots/runner.py does), or use `game.view(player)`."""

    def __init__(self, game, player: int | None) -> None:
        self._game = game
        self._view: View | None = None
        self.me = player
        self.variant = game.variant

    def built(self) -> View:
        """The View itself."""
        view = self._view
        if view is None:
            view = self._view = make_view(self._game, self.me)
            self._game = None
            self.__dict__.update({name: getattr(view, name) for name in View.__dataclass_fields__})
        return view

    def __getattr__(self, name: str):  # only for what is not an attribute yet: View's fields and properties
        return getattr(self.built(), name)

    @property
    def rules(self):
        return VARIANTS[self.variant]

    @property
    def hand(self) -> tuple[int, ...]:
        return self.built().hand

    @property
    def my_specials(self) -> tuple[str, ...]:
        return self.built().my_specials

    def seen_cards(self) -> set[int]:
        return self.built().seen_cards()
