"""Board-game views: everything one player may know, or the public table (`player=None`). Screens and bots get
views, never the Game.

Hidden: the tiles a player holds (to everyone else; tiles that went into a hand in plain sight - a gathered
row, a swapped tile - are shown as `known`), a secret choice until all are revealed, the action cards a player
holds (their number is public), the supply's tiles and order, the decks' order. Public: the board with every
tile, the active rows, the luck cards' changed spaces, the STOP tokens, the scores, the tiles that left the game.
"""

from __future__ import annotations

from dataclasses import dataclass

from bere_tui.engine.board import rules
from bere_tui.engine.board.layout import Board, RowSpec
from bere_tui.engine.board.reveals import Reveal


@dataclass(frozen=True, slots=True)
class RowView:
    tiles: tuple[int, ...]  # from the first space on
    spec: RowSpec  # length and special spaces (BG-D2)
    active: bool  # BG2
    stopped: bool  # a STOP token this turn (BG7)
    overlays: tuple[tuple[int, str], ...]  # (space, luck card kind) on this row (BG6)

    @property
    def next_space(self) -> int:
        """The space the next tile of this row lands on."""
        return len(self.tiles)

    @property
    def at_limit(self) -> bool:
        """An active row whose next tile lands on its final space (BG4, BG-D4: that tile finishes the row)."""
        return self.active and self.next_space == self.spec.final

    @property
    def end(self) -> int | None:
        return self.tiles[-1] if self.tiles else None


@dataclass(frozen=True, slots=True)
class PlayerView:
    name: str
    bot: str | None
    hand: tuple[int, ...] | None  # for its owner only
    known: tuple[int, ...]  # tiles of the hand everybody saw go in (public)
    hand_size: int  # a secret choice counts as held until the reveal
    score: int
    cards: tuple[str, ...] | None  # action cards held (BG7), for their owner only
    card_count: int
    two: bool  # BG-D6: chooses two tiles next turn
    has_chosen: bool  # during the secret choice: this player's choice is in
    choice: tuple[tuple[int, ...], str | None] | None  # the secret choice, for its owner only, until revealed


@dataclass(frozen=True, slots=True)
class View:
    variant: str
    options: dict
    side: str
    pro: bool
    luck: bool
    me: int | None
    turn: int
    hand_no: int
    rows: tuple[RowView, ...]
    players: tuple[PlayerView, ...]
    heads: tuple[int, ...]  # heads[t]: a tile's bullheads (BG-D1, from the board file)
    pending: dict | None  # {"do", "player"} or {"do": "select", "players"}, plus "tile" / "card"
    revealed: tuple  # this turn's choices once shown: (player, tiles, card)
    queue: tuple[tuple[int, int], ...]  # placements still to come: (player, tile)
    placing: tuple[int, int] | None  # the tile being placed now
    supply_size: int
    luck_left: int
    actions_left: int
    stop_tokens: int  # STOP tokens not on the board this turn
    out: tuple[int, ...]  # tiles that left the game
    finished: bool
    winners: tuple[int, ...]
    board: Board | None = None  # the board file's public facts (tiles, sides, decks), for bots' look-ahead
    reveals: tuple[Reveal, ...] = ()  # this hand's reveals so far, oldest first (engine/board/reveals.py)
    draws: tuple[int, ...] = ()  # tiles each player drew from the supply this hand (BG7)

    @property
    def hand(self) -> tuple[int, ...]:
        if self.me is None:
            return ()
        return self.players[self.me].hand or ()

    @property
    def my_cards(self) -> tuple[str, ...]:
        if self.me is None:
            return ()
        return self.players[self.me].cards or ()

    def open_rows(self) -> list[int]:
        return [r for r, row in enumerate(self.rows) if row.active and not row.stopped]

    def target_row(self, tile: int) -> tuple[int, str]:
        """BG3: where `tile` would go on the board as it is now (the engine's own rule)."""
        return rules.target_row({r: self.rows[r].tiles[-1] for r in self.open_rows()}, tile)

    def landings(self, tiles) -> dict[int, tuple[int, int, str, str | None]]:
        """`outcomes` without the points: tile -> (row, space, how, the luck card on that space)."""
        return {tile: out[:4] for tile, out in self.outcomes(tiles).items()}

    def outcomes(self, tiles) -> dict[int, tuple[int, int, str, str | None, int]]:
        """BG3, BG-D3, BG-D6: where each of the viewer's own `tiles` (a play-two turn's two) would land on the
        board as it is now, placed lowest first as the engine places them, each after the one before it has
        changed the rows (`rules.land`): tile -> (row, space, how, the luck card on that space, the points it
        scores at once: rules.points). The others' tiles are not known: a lower one could land first."""
        rows = [list(row.tiles) for row in self.rows]
        active = [row.active for row in self.rows]
        specs = [row.spec for row in self.rows]
        overlays = {(r, i): kind for r, row in enumerate(self.rows) for i, kind in row.overlays}
        out = {}
        for tile in sorted(tiles):
            ends = {r: rows[r][-1] for r, row in enumerate(self.rows) if active[r] and not row.stopped}
            r, how = rules.target_row(ends, tile)
            overlay = overlays.get((r, len(rows[r])))
            landed = rules.land(rows, active, specs, overlays, r, tile)
            out[tile] = (r, landed.space, how, overlay, rules.points(landed, tile, specs[r], self.heads))
        return out

    def public_tiles(self) -> set[int]:
        """Tiles whose place everybody knows: the board, known tiles of every hand, the tiles that left the game,
        revealed choices still to be placed."""
        seen = set(self.out)
        for row in self.rows:
            seen.update(row.tiles)
        for pv in self.players:
            seen.update(pv.known)
        seen.update(t for _p, t in self.queue)
        if self.placing is not None:
            seen.add(self.placing[1])
        return seen

    def seen_tiles(self) -> set[int]:
        """Tiles whose place this viewer knows: the public ones, own hand and own secret choice."""
        seen = self.public_tiles()
        seen.update(self.hand)
        for pv in self.players:
            if pv.choice is not None:
                seen.update(pv.choice[0])
        return seen

    def unseen_tiles(self) -> list[int]:
        """Tiles this viewer cannot place: the others' hands and the supply."""
        seen = self.seen_tiles()
        return [t for t in range(1, len(self.heads)) if t not in seen]


def make_view(game, player: int | None) -> View:
    choosing = game.pending is not None and game.pending["do"] == "select"
    players = []
    for p, info in enumerate(game.players):
        mine = player == p
        chosen = game.choices.get(p) if choosing else None
        players.append(PlayerView(
            name=info["name"],
            bot=info.get("bot"),
            hand=tuple(game.hands[p]) if mine else None,
            known=tuple(sorted(game.known[p])),
            hand_size=len(game.hands[p]) + (len(chosen[0]) if chosen else 0),
            score=game.scores[p],
            cards=tuple(game.held[p]) + ((chosen[1],) if chosen and chosen[1] else ()) if mine else None,
            card_count=len(game.held[p]) + (1 if chosen and chosen[1] else 0),
            two=game.two[p] or bool(chosen and len(chosen[0]) == 2),
            has_chosen=choosing and p in game.choices,
            choice=chosen if mine else None,
        ))
    pend = None
    if game.pending is not None:
        pend = {k: (list(v) if isinstance(v, list) else v) for k, v in game.pending.items()}
    rows = tuple(RowView(tuple(game.rows[r]), spec, game.active[r], r in game.stops,
                         tuple(sorted((i, kind) for (q, i), kind in game.overlays.items() if q == r)))
                 for r, spec in enumerate(game.specs))
    return View(
        variant=game.variant,
        options=dict(game.options),
        side=game.side.name,
        pro=game.side.pro,
        luck=game.luck,
        me=player,
        turn=game.turn,
        hand_no=game.hand_no,
        rows=rows,
        players=tuple(players),
        heads=game.board.heads,
        pending=pend,
        revealed=game.revealed,
        queue=tuple((q, t) for q, t, _c in game.queue),
        placing=game.placing,
        supply_size=len(game.supply),
        luck_left=len(game.luck_deck),
        actions_left=len(game.action_deck),
        stop_tokens=game.board.stop_tokens - len(game.stops),
        out=tuple(game.out),
        finished=game.finished,
        winners=tuple(game.winners),
        board=game.board,
        reveals=game.reveals,
        draws=tuple(game.draws),
    )
