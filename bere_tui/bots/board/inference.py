"""What the others' revealed choices tell of the tiles they still hold (issue 34: search over the opponents'
likely tiles).

A player who chooses by the heuristic's worth (bots/board/policy.py) plays, at each secret choice, the tile it
values highest. So a tile that player held at a reveal of this hand (engine/board/reveals.py) and would have
valued above the tile it played is less likely in its hand now. Each tile the viewer cannot place gets, for each
other player, a weight: exp(-SHARPNESS x the worth by which it beat the played tile; a lower tile worth as much
counts as beating it by TIE, since among equals the lowest is played), multiplied over that player's reveals.
In heuristic games (tests/board/test_board_inference.py) the tiles really held keep nearly all their weight and
about a quarter of the others lose most of theirs; on the blue side, 200 games against three `heuristic`, the
strong bot won 97 of them with this reading against 79 without. The dealt worlds draw each player's hidden tiles by these weights
(bots/board/determinize.deal_world); without reveals every weight is 1 and the deal is uniform.

Not every player chooses so: a person may save a good tile for later, an easy bot plays at random. So the
reading is trusted as far as each player's own later plays agree with it (`heuristic_likeness`: a tile played
later was held before; had it beaten the tile played then, that player chose otherwise), and a tile's weight is
the mixture: that chance times the heuristic's weight, plus the rest times 1. Heuristic players read as such
within about four turns (0.98 on average at the fifth); players choosing at random fall to about 0.2 by the
eighth; `strong` players read as heuristic ones (they choose among the heuristic's best), and against three of
them (not reading) the reading won 30 of 120 blue games against 24 without, score -0.5 +-2.8: no harm.

What is read: a single tile played without an action card (a pair, BG-D6, or a card, BG7, is worth more than
its tile; those reveals are passed over). The worth is the heuristic's from that player's seat at the reveal,
from public facts only: the table then, the tiles unseen by everyone then (that player's own hand among them),
how many tiles the others chose. A tile drawn from the supply after a reveal (BG7) was not held at it: as many
of the hidden tiles as were drawn since a player's first read reveal are weighed by the reveals after the last
draw only.
"""

from __future__ import annotations

from math import exp, log

from bere_tui.bots.board import policy

#: how sharply a tile that would have been preferred to the played one is ruled out, per point of worth (the
#: heuristic is deterministic; the worth is recomputed from public facts only, so not to the point)
SHARPNESS = 2.0
#: the excess held against a lower tile worth exactly as much as the played one: the heuristic would have
#: played it (a tie goes to the lowest tile, policy.best)
TIE = 1.0
#: read the hands as a mixture: the heuristic's reading with the chance that the player chooses as it does
#: (`heuristic_likeness`), a uniform deal with the rest
MIXED = True
#: that chance before any evidence
PRIOR = 0.8
#: the share of the tiles a player did not play that it would have valued above the one it played, for a
#: player who does not choose by the heuristic's worth (heuristic games, tiles not held: 37% on either side)
ELSEWISE = 0.37

#: {tile: worth above the played tile}, for each (reveal, player, unseen tiles) once worked out
Excess = dict[int, float]
_CACHE: dict[tuple, Excess] = {}


def public_unseen(view) -> set[int]:
    """Tiles nobody but their holder can place now: every hand's hidden tiles and the supply."""
    return set(range(1, len(view.heads))) - view.public_tiles()


def excess(view, reveal, q: int, unseen: list[int], played: int) -> Excess:
    """For each of `unseen` (the tiles unseen by everyone at `reveal`): by how much player q would have valued it
    above the tile it played there, by the heuristic from q's seat then (0 when not above)."""
    key = (reveal, q, tuple(unseen))
    got = _CACHE.get(key)
    if got is not None:
        return got
    specs = tuple(rv.spec for rv in view.rows)
    model = policy.Model([list(r) for r in reveal.rows], specs, list(reveal.active), set(), dict(reveal.overlays),
                         view.heads)
    others = sum(len(ts) for p, ts, _c in reveal.choices if p != q)
    pool = [t for t in unseen if t != played]
    hold = policy.end_hold(reveal.sizes, q) if view.pro else 0
    seat = policy.Seat(q, [played], model, pool, others, view.pro, view.luck and reveal.luck_left > 0,
                       hand_left=reveal.sizes[q], hold=hold)
    avg = policy.avg_heads(seat)
    bar = policy.tile_value(seat, played, avg)
    got = {}
    for t in pool:
        worth = policy.tile_value(seat, t, avg)
        over = worth - bar
        if t < played and abs(worth - bar) <= 1e-9:
            over = TIE  # among equals the heuristic plays the lowest tile (policy.best: the first listed)
        if over > 0:
            got[t] = over
    if len(_CACHE) > 512:
        _CACHE.clear()
    _CACHE[key] = got
    return got


def _reads(view) -> list:
    """The reveals of this hand that can be read: (reveal, player, the single tile played without a card)."""
    return [(r, q, ts[0]) for r in view.reveals for q, ts, c in r.choices
            if q != view.me and len(ts) == 1 and c is None]


def _unseen_at(view) -> dict:
    """For each reveal: the tiles unseen by everyone then (unseen now, or revealed at it or later)."""
    now = public_unseen(view)
    later: set[int] = set()
    unseen_at = {}
    for r in reversed(view.reveals):
        for _q, ts, _c in r.choices:
            later.update(ts)
        unseen_at[r] = sorted(now | later)
    return unseen_at


def likeness(view) -> dict[int, float]:
    """For each other player with a read reveal: how likely they choose as the heuristic does
    (`heuristic_likeness`)."""
    reads = _reads(view)
    unseen_at = _unseen_at(view) if reads else {}
    out = {}
    for q in {q for _r, q, _t in reads}:
        out[q] = heuristic_likeness(view, q, [(r, t) for r, p, t in reads if p == q], unseen_at)
    return out


def heuristic_likeness(view, q: int, mine, unseen_at) -> float:
    """How likely player q chooses as the heuristic does, from its own later plays: a tile it played at a later
    reveal was in its hand at an earlier one (not drawn in between, BG7; not on the board then, nor played by
    anyone before), so had it valued that tile above the tile it played there, it did not choose by the
    heuristic's worth. Each such pair weighs for or against, from the chance `PRIOR`; a person who saves a good
    tile for later soon reads as choosing otherwise, and their hand is then dealt nearly uniformly."""
    odds = log(PRIOR / (1.0 - PRIOR))
    for r, played in mine:
        board = {t for row in r.rows for t in row}
        over = excess(view, r, q, unseen_at[r], played)
        seen_before = board | {t for _p, ts, _c in r.choices for t in ts}
        for r2 in view.reveals:
            if r2.turn <= r.turn:
                continue
            if r2.draws[q] != r.draws[q]:
                break  # a tile drawn since might be the one played: no evidence from here on
            for p, ts, _c in r2.choices:
                if p == q:
                    for t in ts:
                        if t in seen_before:
                            continue
                        v = over.get(t, 0.0)
                        odds += -SHARPNESS * v - log(ELSEWISE) if v > 0 else -log(1.0 - ELSEWISE)
            for _p, ts, _c in r2.choices:
                seen_before.update(ts)
    return 1.0 / (1.0 + exp(-max(-50.0, min(50.0, odds))))


def hand_weights(view) -> dict[int, list[tuple[int, dict[int, float]]]]:
    """For each other player with hidden tiles: their hidden tiles as layers (how many, {tile: weight}), the
    tiles not named weighing 1. Empty when no reveal of this hand can be read."""
    me = view.me
    reads = _reads(view)
    if not reads:
        return {}
    unseen_at = _unseen_at(view)
    out = {}
    for q, pv in enumerate(view.players):
        hidden = pv.hand_size - len(pv.known)
        mine = [(r, t) for r, p, t in reads if p == q]
        if q == me or hidden <= 0 or not mine:
            continue
        drawn_now = view.draws[q] if view.draws else 0
        every: dict[int, float] = {}
        recent: dict[int, float] = {}
        fresh = min(hidden, drawn_now - mine[0][0].draws[q])
        for r, t in mine:
            since = drawn_now - r.draws[q]
            for tile, over in excess(view, r, q, unseen_at[r], t).items():
                weight = exp(-SHARPNESS * over)
                every[tile] = every.get(tile, 1.0) * weight
                if since == 0:
                    recent[tile] = recent.get(tile, 1.0) * weight
        if MIXED:  # the heuristic's reading as far as it is trusted, a uniform deal for the rest
            likely = heuristic_likeness(view, q, mine, unseen_at)
            every, recent = ({t: likely * w + 1.0 - likely for t, w in layer.items()} for layer in (every, recent))
        layers = [(hidden - fresh, every)] if hidden > fresh else []
        if fresh:
            layers.append((fresh, recent))
        out[q] = layers
    return out


__all__ = ["SHARPNESS", "hand_weights", "heuristic_likeness", "likeness", "public_unseen"]
