"""The heuristic player of the board game as plain functions over a small model of the table, so that the
`heuristic` bot (from a view) and the `strong` bot's rollouts (from a dealt world) play the same way.

The idea (RULES section 6): a tile goes where the placement rule sends it (engine/board/rules.target_row) and
the space it lands on acts for its owner (BG-D3). So a tile is worth what its landing space does: a bull space
its bullheads or printed value, plus or minus (BG4); a final space or a take-the-row space minus the row's
bullheads (BG-D4, BG-D5; a final-bonus luck card turns the final space to plus, BG6); a +5 luck card +5; play
two, draw a tile, gather the row, an action card roughly what they bring (BG-D6, BG7). Minus points draw a
luck card, worth a little (BG6). At the secret choice nobody knows the others' tiles: the unseen tiles between
a row's end and my tile may land first and push mine on by a space or more, so a tile's worth is the mean over
how many land before it (a binomial guess from the unseen tiles). A tile lower than every row end goes after
the highest row end (BG3) and is valued there in the same way. Once the tiles are revealed (a STOP token, a
tile placed anywhere or swapped, a luck card's space) the placements still to come are known and played
through the model in order.

Every decision here returns one of the legal actions; `decide(view, legal)` for a view, `decide_seat(seat,
legal)` for a `Seat` built from a view (`seat_of_view`) or from a dealt game (`seat_of_game`).
"""

from __future__ import annotations

from bisect import bisect_left, bisect_right
from dataclasses import dataclass, field

from bere_tui.engine.board import rules

#: what a luck card drawn after minus points is worth to its drawer (BG6), roughly
LUCK_WORTH = 1.5
#: worth of a play-two space (BG-D6): more choice next turn; on the pro side it also empties the hand sooner
PLAY_TWO = {False: 0.5, True: 1.0}
#: worth of an action card drawn (BG7)
ACTION_WORTH = 1.5
#: the bullheads-worth on the pro side of playing a tile (BG7: the tiles left at the end cost their bullheads)
PRO_SHED = 0.3
#: how much a gain of the others counts against mine (three others share it)
OTHERS = 0.33
#: the least gain over playing no card for which an action card is played (they are few, BG7)
CARD_THRESHOLD = 2.0
#: worth of a swapped-in tile's owner keeping the row's last tile in hand, per bullhead (BG7, pro side)
HAND_TILE = 0.5


_FINALS: dict[int, tuple[tuple, tuple[int, ...]]] = {}


def _finals(specs) -> tuple[int, ...]:
    got = _FINALS.get(id(specs))
    if got is None or got[0] is not specs:
        if len(_FINALS) > 64:
            _FINALS.clear()
        got = _FINALS[id(specs)] = (specs, tuple(spec.final for spec in specs))
    return got[1]


@dataclass(slots=True)
class Model:
    """The board as lists, for playing placements through: rows' tiles, which are active, the STOP tokens of
    this turn, the luck cards' changed spaces."""
    rows: list[list[int]]
    specs: tuple
    active: list[bool]
    stops: set[int]
    overlays: dict[tuple[int, int], str]
    heads: tuple[int, ...]
    finals: tuple[int, ...] = ()  # each row's final space (BG-D2)

    def __post_init__(self) -> None:
        if not self.finals:
            self.finals = _finals(self.specs)

    def copy(self) -> Model:
        return Model([r[:] for r in self.rows], self.specs, self.active[:], set(self.stops),
                     dict(self.overlays), self.heads, self.finals)

    def open_rows(self) -> list[int]:
        return [r for r, on in enumerate(self.active) if on and r not in self.stops]

    def ends(self) -> dict[int, int]:
        return {r: self.rows[r][-1] for r in self.open_rows()}

    def target(self, tile: int) -> tuple[int, str]:
        """BG3, the engine's own rule."""
        return rules.target_row(self.ends(), tile)

    def row_heads(self, r: int) -> int:
        h = self.heads
        return sum(h[t] for t in self.rows[r])

    def land(self, r: int, tile: int) -> None:
        """Put `tile` on row r's next space and move the tiles as the landing space does (BG-D4, BG-D5, BG7),
        for the model only: the points are valued by `space_value`."""
        row = self.rows[r]
        i = len(row)
        spec = self.specs[r]
        overlay = self.overlays.pop((r, i), None)
        if i == self.finals[r]:
            self.rows[r] = []
            self.active[r] = False
            for key in [k for k in self.overlays if k[0] == r]:
                del self.overlays[key]
            to = next((q for q, on in enumerate(self.active) if not on and q != r), None)
            if to is not None:
                self.rows[to] = [tile]
                self.active[to] = True
            return
        row.append(tile)
        if overlay is None:
            space = spec.spaces.get(i)
            if space is not None and space.kind in ("take_row", "row_to_hand"):
                self.rows[r] = [tile]


@dataclass(slots=True)
class Seat:
    """What one player knows at a decision, as plain data."""
    me: int
    hand: list[int]
    model: Model
    unseen: list[int]  # tiles whose place this player does not know, in order
    others_tiles: int  # how many tiles the others choose this turn (at the secret choice)
    pro: bool
    luck_on: bool  # luck cards are in play and some are left to draw (BG6)
    cards: tuple[str, ...] = ()
    stop_tokens: int = 0
    queue: list[tuple[int, int]] = field(default_factory=list)  # placements still to come (player, tile)
    tile: int | None = None  # the tile being placed (place_row, swap_row)
    hand_left: int = 12  # tiles in my hand (for how freely action cards are spent)
    luck_card: str | None = None  # the luck card to place (luck)
    avg: float | None = None  # the unseen tiles' mean bullheads, once worked out
    hold: int = 0  # pro side: the tiles I will still hold when another player runs out (end_hold, BG7)


def end_hold(sizes, p: int) -> int:
    """BG7 (pro side): how many tiles player p will still hold when the first other player runs out of tiles,
    if everyone plays one tile a turn from now on."""
    others = [s for q, s in enumerate(sizes) if q != p]
    return max(0, sizes[p] - min(others)) if others else 0


def held_cost(heads, hold: int) -> float:
    """BG7: the bullheads lost at the end for the `hold` tiles left in a hand whose tiles have `heads` (the
    player sheds the dear ones first and keeps the cheapest)."""
    if hold <= 0:
        return 0.0
    return float(sum(sorted(heads)[:hold]))


def end_penalty(hand, sizes, p: int, heads) -> float:
    """BG7: what player p's hand is likely to cost at the end of a pro game, as of now."""
    return held_cost([heads[t] for t in hand], end_hold(sizes, p))


def gather_cost(seat: Seat, added, shed: int = 0) -> float:
    """BG7 (pro side): what taking tiles with bullheads `added` into my hand (and playing `shed` tiles more
    than the others) adds to the bullheads my hand will cost at the end."""
    mine = [seat.model.heads[t] for t in seat.hand]
    hold = seat.hold
    return held_cost(mine + list(added), hold + len(added) - shed) - held_cost(mine, hold)


def avg_heads(seat: Seat) -> float:
    if seat.avg is None:
        h = seat.model.heads
        seat.avg = sum(h[t] for t in seat.unseen) / len(seat.unseen) if seat.unseen else 1.5
    return seat.avg


def space_value(seat: Seat, r: int, i: int, tile: int, extra: int = 0, avg: float = 1.5) -> float:
    """What landing `tile` on space i of row r is worth to its owner; `extra` tiles of unknown bullheads
    (`avg` each) lie on the row before it (pushed on by others' tiles)."""
    m = seat.model
    final = m.finals[r]
    if i > final:
        return 0.0  # the row was finished before: the tile starts a fresh row (roughly nothing)
    overlay = m.overlays.get((r, i))
    if i == final:
        worth = m.row_heads(r) + extra * avg
        if overlay == "final_bonus":
            return worth
        return -worth + (LUCK_WORTH if seat.luck_on and worth > 0 else 0.0)
    if overlay == "plus5":
        return 5.0
    space = m.specs[r].spaces.get(i)
    if space is None:
        return 0.0
    kind = space.kind
    if kind == "bull_plus":
        return float(m.heads[tile] if space.value is None else space.value)
    if kind == "bull_minus":
        worth = m.heads[tile] if space.value is None else space.value
        return -float(worth) + (LUCK_WORTH if seat.luck_on else 0.0)
    if kind == "take_row":
        worth = m.row_heads(r) + extra * avg
        return -worth + (LUCK_WORTH if seat.luck_on and worth > 0 else 0.0)
    if kind == "play_two":  # BG-D6; on the pro side one tile more out of the hand (BG7)
        return PLAY_TWO[seat.pro] - (gather_cost(seat, (), shed=1) if seat.pro else 0.0)
    if kind == "draw_tile":  # BG7: one tile more in the hand at the end
        return -gather_cost(seat, (avg,))
    if kind == "row_to_hand":  # BG7: no minus points now, but the tiles are paid for at the end
        return -gather_cost(seat, [m.heads[t] for t in m.rows[r]] + [avg] * extra)
    if kind == "action_card":
        return ACTION_WORTH
    return 0.0


_BINOMIAL: dict[tuple[int, int, int], list[float]] = {}


def _binomial(m: int, gap: int, size: int) -> list[float]:
    """P(k) for k = 0..m of Binomial(m, gap / size)."""
    key = (m, gap, size)
    got = _BINOMIAL.get(key)
    if got is None:
        if len(_BINOMIAL) > 20000:
            _BINOMIAL.clear()
        got = _BINOMIAL[key] = _binomial_of(m, gap / size)
    return got


def _binomial_of(m: int, q: float) -> list[float]:
    probs = [1.0]
    for _j in range(m):
        nxt = [0.0] * (len(probs) + 1)
        for k, p in enumerate(probs):
            nxt[k] += p * (1 - q)
            nxt[k + 1] += p * q
        probs = nxt
    return probs


def expected_value(seat: Seat, r: int, tile: int, how: str, avg: float, lower: int | None = None) -> float:
    """A tile's worth on row r at the secret choice: the mean over how many of the others' tiles land on that
    row before it (those of the unseen tiles between the row's end and the tile; below every end: those lower
    than the tile)."""
    m = seat.model
    i = len(m.rows[r])
    if seat.others_tiles == 0 or not seat.unseen:
        return space_value(seat, r, i, tile, 0, avg)
    end = m.rows[r][-1]
    if lower is None:
        lower = end if how == "closest" else 0
    gap = bisect_left(seat.unseen, tile) - bisect_right(seat.unseen, lower)
    total = 0.0
    for k, p in enumerate(_binomial(min(seat.others_tiles, 3), gap, len(seat.unseen))):
        if p > 1e-4:
            total += p * space_value(seat, r, i + k, tile, k, avg)
    return total


def tile_value(seat: Seat, tile: int, avg: float) -> float:
    r, how = seat.model.target(tile)
    v = expected_value(seat, r, tile, how, avg)
    if seat.pro:
        v += PRO_SHED * seat.model.heads[tile]
    return v


def card_gain(seat: Seat, tile: int, card: str, base: float, avg: float) -> float:
    """How much better `tile` does with action card `card` than without (BG7, docs/board.md)."""
    m = seat.model
    if card == "play_first":  # placed before everybody: the board as it is now
        r, _how = m.target(tile)
        return space_value(seat, r, len(m.rows[r]), tile, 0, avg) - base
    if card == "place_anywhere":
        best = max(expected_value(seat, r, tile, "closest", avg, lower=min(m.rows[r][-1], tile))
                   for r in m.open_rows())
        return best - base
    if card == "swap":  # the tile lands on no space; a row's last tile comes into the hand
        return -HAND_TILE * avg - base
    if card == "stop" and seat.stop_tokens > 0:
        rows = m.open_rows()
        if len(rows) < 2:
            return -base
        best = base
        saved = seat.model
        for s in rows:
            seat.model = m.copy()
            seat.model.stops.add(s)
            r, how = seat.model.target(tile)
            best = max(best, expected_value(seat, r, tile, how, avg))
        seat.model = saved
        return best - base
    return -base - 1.0


def _pair_value(seat: Seat, a: int, b: int, avg: float) -> float:
    """Two tiles of mine (BG-D6): the lower one lands first, then the higher one on the board it leaves."""
    m = seat.model
    r, how = m.target(a)
    va = expected_value(seat, r, a, how, avg)
    saved = seat.model
    seat.model = m.copy()
    seat.model.land(r, a)
    vb = tile_value(seat, b, avg) if seat.model.open_rows() else 0.0
    seat.model = saved
    return va + vb + (PRO_SHED * m.heads[a] if seat.pro else 0.0)


def rank_select(seat: Seat, legal: list[dict]) -> list[float]:
    """The heuristic's worth of each legal secret choice (tiles and an optional action card)."""
    avg = avg_heads(seat)
    single: dict[int, float] = {}
    pairs: dict[tuple[int, int], float] = {}
    gains: dict[tuple[int, str], float] = {}
    cost = CARD_THRESHOLD if seat.hand_left > max(2, len(seat.cards)) else 0.5
    out = []
    for a in legal:
        tiles = a["tiles"]
        if len(tiles) == 1:
            t = tiles[0]
            if t not in single:
                single[t] = tile_value(seat, t, avg)
            v = single[t]
            first = t
        else:
            key = (min(tiles), max(tiles))
            if key not in pairs:
                pairs[key] = _pair_value(seat, key[0], key[1], avg)
            v = pairs[key]
            first = key[0]
        card = a["card"]
        if card is not None:
            if (first, card) not in gains:
                if first not in single:
                    single[first] = tile_value(seat, first, avg)
                base = single[first] - (PRO_SHED * seat.model.heads[first] if seat.pro else 0.0)
                gains[(first, card)] = card_gain(seat, first, card, base, avg)
            v += gains[(first, card)] - cost
        out.append(v)
    return out


def _play_through(seat: Seat, model: Model, queue) -> tuple[float, float]:
    """Place the known tiles still to come in order by the placement rule (BG3) on `model`: (my worth, the
    others')."""
    mine = others = 0.0
    saved = seat.model
    seat.model = model
    try:
        for q, t in queue:
            if not model.open_rows():
                break
            r, _how = model.target(t)
            v = space_value(seat, r, len(model.rows[r]), t)
            if q == seat.me:
                mine += v
            else:
                others += v
            model.land(r, t)
    finally:
        seat.model = saved
    return mine, others


def rank_rows(seat: Seat, legal: list[dict], do: str) -> list[float]:
    """place_row (the tile goes to the chosen row), swap_row (it takes the place of the row's last tile) and
    stop_row (no tile goes to the row this turn), each valued by playing the known placements through."""
    out = []
    m0 = seat.model
    for a in legal:
        r = a["row"]
        m = m0.copy()
        v = 0.0
        if do == "place_row":
            assert seat.tile is not None, "a row is asked for a tile only while one is placed"
            seat.model = m
            v = space_value(seat, r, len(m.rows[r]), seat.tile)
            seat.model = m0
            m.land(r, seat.tile)
        elif do == "swap_row":
            v = -HAND_TILE * m.heads[m.rows[r][-1]]
            m.rows[r][-1] = seat.tile
        else:
            m.stops.add(r)
        mine, others = _play_through(seat, m, seat.queue)
        out.append(v + mine - OTHERS * others)
    return out


def rank_luck(seat: Seat, legal: list[dict], card: str) -> list[float]:
    """BG6: a +5 where my next tile is likely to land and the others' are not; a final bonus on a row I may
    fill. The placements still to come this turn are known and played through first."""
    m = seat.model.copy()
    landing: dict[tuple[int, int], float] = {}  # (row, space) -> my chance less the others' share
    for q, t in seat.queue:
        if not m.open_rows():
            break
        r, _how = m.target(t)
        key = (r, len(m.rows[r]))
        landing[key] = landing.get(key, 0.0) + (1.0 if q == seat.me else -OTHERS)
        m.land(r, t)
    near = (0.5, 0.2, 0.1)
    if m.open_rows():
        for t in seat.hand:
            r, _how = m.target(t)
            nxt = len(m.rows[r])
            for d, p in enumerate(near):
                key = (r, nxt + d)
                landing[key] = landing.get(key, 0.0) + p / max(1, len(seat.hand)) * 2
    out = []
    avg = avg_heads(seat)
    for a in legal:
        r, i = a["row"], a["space"]
        nxt = len(seat.model.rows[r])
        spec = seat.model.specs[r]
        if card == "plus5":
            tile = seat.hand[0] if seat.hand else 1
            base = space_value(seat, r, i, tile, 0, avg) if i < spec.final else 0.0
            delta = 5.0 - base
        else:
            delta = 2.0 * (seat.model.row_heads(r) + (spec.final - nxt) * avg)
        others_chance = 0.5 / (1 + i - nxt)
        out.append(delta * (landing.get((r, i), 0.0) - OTHERS * others_chance))
    return out


def rank(seat: Seat, legal: list[dict]) -> list[float]:
    """The heuristic's worth of each of `legal` (all of one kind of decision)."""
    do = legal[0]["do"]
    if do == "select":
        return rank_select(seat, legal)
    if do == "luck":
        assert seat.luck_card is not None, "a place is asked for a luck card only while one is drawn (BG6)"
        return rank_luck(seat, legal, seat.luck_card)
    return rank_rows(seat, legal, do)


def best(values: list[float]) -> int:
    """The index of the highest worth; the first listed among equals."""
    return max(range(len(values)), key=lambda i: (values[i], -i))


def decide_seat(seat: Seat, legal: list[dict]) -> dict:
    if len(legal) == 1:
        return legal[0]
    return legal[best(rank(seat, legal))]


def model_of_view(view) -> Model:
    return Model([list(rv.tiles) for rv in view.rows], tuple(rv.spec for rv in view.rows),
                 [rv.active for rv in view.rows], {r for r, rv in enumerate(view.rows) if rv.stopped},
                 {(r, i): kind for r, rv in enumerate(view.rows) for i, kind in rv.overlays}, view.heads)


def seat_of_view(view) -> Seat:
    me = view.me
    pend = view.pending or {}
    others = 0
    if pend.get("do") == "select":
        for q, pv in enumerate(view.players):
            if q != me and pv.hand_size:
                others += 2 if pv.two and pv.hand_size >= 2 else 1
    tile = pend.get("tile")
    queue = list(view.queue)
    hold = end_hold([pv.hand_size for pv in view.players], me) if view.pro else 0
    return Seat(me, list(view.hand), model_of_view(view), view.unseen_tiles(), others, view.pro,
                view.luck and view.luck_left > 0, tuple(view.my_cards), view.stop_tokens, queue, tile,
                len(view.hand), pend.get("card") if pend.get("do") == "luck" else None, hold=hold)


def seat_of_game(g, p: int) -> Seat:
    """A seat from a (dealt) game for player p, as that player would see it (their unseen tiles: the others'
    hands and the supply)."""
    pend = g.pending
    others = 0
    unseen: list[int] = list(g.supply)
    for q in range(g.n):
        if q != p:
            unseen.extend(g.hands[q])
            if pend["do"] == "select":
                if q in g.waiting:
                    others += 2 if g.two[q] and len(g.hands[q]) >= 2 else 1
                elif q in g.choices:
                    others += len(g.choices[q][0])
    unseen.sort()
    model = Model(g.rows, g.specs, g.active, g.stops, g.overlays, g.board.heads)  # read only: copy to change
    return Seat(p, g.hands[p], model, unseen, others, g.side.pro, g.luck and bool(g.luck_deck),
                tuple(g.held[p]),
                g.board.stop_tokens - len(g.stops), [(q, t) for q, t, _c in g.queue], pend.get("tile"),
                len(g.hands[p]), pend.get("card") if pend["do"] == "luck" else None,
                hold=end_hold(hand_sizes(g), p) if g.side.pro else 0)


def hand_sizes(g) -> list[int]:
    """Each player's tiles, a secret choice not yet revealed counted as held (as the view counts them)."""
    sizes = [len(h) for h in g.hands]
    if g.pending and g.pending["do"] == "select":
        for q, chosen in g.choices.items():
            sizes[q] += len(chosen[0])
    return sizes


def decide(view, legal: list[dict]) -> dict:
    """The heuristic's choice among `legal` for the viewer of `view`."""
    return decide_seat(seat_of_view(view), legal)


__all__ = ["Model", "Seat", "best", "decide", "decide_seat", "end_hold", "end_penalty", "hand_sizes", "held_cost",
           "rank", "rank_select", "seat_of_game", "seat_of_view", "space_value"]
