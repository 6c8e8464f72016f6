"""One table of 6 nimmt!: the state, the decision the game waits for, the legal actions, and `apply`.

Flow (RULES B3): every player selects in secret; when the last selection arrives the cards are revealed and
resolved lowest first, one placement at a time. A placement may pause at a prompt (take_row, and in the
Anniversary variant special, cancel, swap: A-ORD-1..4). After the last turn the round is scored (B8) and the
game ends (B9, A7) or deals again. Where the variants differ (the deal, what a take removes from beside the
rows, the EVEN/ODD card, the draft, the end), `Game` asks its variant's rule object, `self.rules`
(engine.rules).

Actions are plain dicts in the game record's spelling (spec/record.md), e.g.
`{"player": 0, "do": "select", "card": 44}`. `apply` validates an action completely before changing anything;
`apply(action, trusted=True)` skips the checks, for a caller that only applies what `legal` offered (the bots'
loop in bots/runner.py): the same change and the same events, without the cost of checking.

Speed (DESIGN: speed; bench/engine_speed.py): the hot path is plain ints and lists. `legal` hands out shared,
read-only `Action` dicts for the frequent decisions (a select, a low-card row) instead of building new ones; a
placement that needs no decision (no prompt, no special card) is resolved without a `Placement` object.
"""

from __future__ import annotations

import random
from typing import NamedTuple

from bere_tui.engine.cards import DECK_SIZE, row_bullheads
from bere_tui.engine.errors import IllegalAction, SetupError
from bere_tui.engine.events import UNREAD, Event
from bere_tui.engine.nimmt import specials as special_cards
from bere_tui.engine.nimmt.events import (
    Cancelled,
    GameOver,
    Placed,
    Revealed,
    RoundScored,
    RowTaken,
    Selected,
    Swapped,
)
from bere_tui.engine.nimmt.row import Row
from bere_tui.engine.nimmt.rules import DEFAULT_TARGET, VARIANTS
from bere_tui.engine.nimmt.rules.base import is_card_number as _is_int
from bere_tui.engine.nimmt.rules.base import shuffle  # noqa: F401 (tests import it from here)
from bere_tui.engine.nimmt.specials import SPECIAL_NAMES
from bere_tui.engine.nimmt.view import LazyView, View, make_view
from bere_tui.engine.outcome import Outcome, Part, Score
from bere_tui.engine.protocol import TurnProtocol
from bere_tui.i18n import _, ngettext

#: the fields each kind of action carries besides "player" and "do" (special's depend on the card)
ACTION_FIELDS: dict[str, tuple[str, ...] | None] = {
    "select": ("card",),
    "draft": ("card",),
    "take_row": ("row",),
    "cancel": ("positive", "cancel"),
    "swap": ("discard",),
    "special": None,
}
#: the exact keys of each kind of action (None: they depend on the special card)
ACTION_KEYS = {do: None if fields is None else frozenset(("player", "do", *fields))
               for do, fields in ACTION_FIELDS.items()}


class Action(dict):
    """A legal action handed out by `legal` and shared between calls (and games): a dict that refuses to be
    changed. A copy (`dict(action)`, `copy.copy`, pickling) is a plain dict."""

    __slots__ = ()

    def _read_only(self, *args, **kwargs):
        raise TypeError("a legal action is read-only: change a copy, dict(action)")

    __setitem__ = __delitem__ = clear = pop = popitem = setdefault = update = __ior__ = _read_only

    def __reduce__(self):
        return dict, (dict(self),)

    def __copy__(self) -> dict:
        return dict(self)

    def __deepcopy__(self, memo) -> dict:
        return dict(self)


#: SELECT_ACTIONS[p][card] and TAKE_ROW_ACTIONS[p][row]: the shared legal actions, made for a player when first
#: needed
_SELECT_ACTIONS: list[list[Action]] = []
_TAKE_ROW_ACTIONS: list[list[Action]] = []


def _select_actions(p: int) -> list[Action]:
    while len(_SELECT_ACTIONS) <= p:
        q = len(_SELECT_ACTIONS)
        _SELECT_ACTIONS.append([Action(player=q, do="select", card=c) for c in range(DECK_SIZE + 1)])
    return _SELECT_ACTIONS[p]


def _take_row_actions(p: int) -> list[Action]:
    while len(_TAKE_ROW_ACTIONS) <= p:
        q = len(_TAKE_ROW_ACTIONS)
        _TAKE_ROW_ACTIONS.append([Action(player=q, do="take_row", row=r) for r in range(special_cards.MAX_ROWS)])
    return _TAKE_ROW_ACTIONS[p]


class Landing(NamedTuple):
    """Where a card placed by B4-B6 now would go and what it would collect (`RowRules.landing`)."""

    row: int  # the row it goes to; -1: lower than every row that may take it (B6), its owner chooses
    place: int  # its place in that row from 0 (a full row's: the card after its last, which takes it, B5)
    capacity: int  # the cards that row holds (5, or 6 with 7 nimmt!: A9)
    taken: tuple[int, ...] | None  # what it collects (B5, A-5TH-2), None: nothing; a low card: the cheapest row's
    cheapest: int  # a low card (B6): the row that collects the fewest bullheads (the first of equals), else -1
    refused: str  # a low card: "stop" or "parity" when a row does not accept it (refused_by), else ""


class Placement:
    """The placement being resolved: whose card, at which stage, and what it has done so far."""

    __slots__ = ("card", "np", "player", "special", "stage", "taken", "taken_row")

    def __init__(self, player: int, card: int, stage: str = "special") -> None:
        self.player = player
        self.card = card
        self.stage = stage  # special -> place -> after -> swap -> done
        self.special: str | None = None
        self.taken: list[int] | None = None  # the cards this placement took into the bull pile
        self.taken_row: list[int] | None = None  # the cards of the row being taken (A-NP-1)
        self.np = False  # Negative = Positive was played (A-NP-1)


class RowRules:
    """B4-B6 asked of the rows alone: shared by `Game` and by a view's rebuilt table (engine/preview.py)."""

    __slots__ = ()
    rows: list[Row]

    def target_row(self, card: int) -> int:
        """B4: the row whose last card is the highest still below `card`, among rows that accept it
        (A-STOP-2, E3); -1 when the card is lower than all of them (B6)."""
        best, best_tail = -1, -1
        for i, row in enumerate(self.rows):
            tail = row.cards[-1]
            if best_tail < tail < card and not row.stop and (row.parity is None or card & 1 == row.parity):
                best, best_tail = i, tail
        return best

    def takes_row(self, card: int) -> bool:
        """Whether placing `card` by B4-B6 now would take a row (B5, B6, or a 7th card: A-NP-1)."""
        r = self.target_row(card)
        return r < 0 or len(self.rows[r].cards) >= self.rows[r].capacity

    def refused_by(self, card: int) -> str:
        """B6 for `card`: "stop" or "parity" when a row does not accept it (A-STOP-2, E3), so the card is lower
        than every row that may take it rather than than every row; "" when every row accepts it."""
        for row in self.rows:
            if not row.accepts(card):
                return "stop" if row.stop else "parity"
        return ""

    def low_card_rows(self) -> list[int]:
        """B6: any row may be chosen, except a stopped one (A-STOP-2)."""
        return [r for r, row in enumerate(self.rows) if not row.stop]

    def landing(self, card: int) -> Landing:
        """Where `card` placed by B4-B6 now would go and what it would collect: B4 (target_row), B5 (a full row,
        A9's capacity, A-5TH-2's extra card: specials.collected), B6 (a low card: the rows its owner may take,
        low_card_rows, and the cheapest of them). The previews of a prompt ask this of a view (engine.preview)."""
        rows = self.rows
        r = self.target_row(card)
        if r < 0:  # B6
            costs = [(row_bullheads(special_cards.collected(rows, rows[i].cards, card)), i)
                     for i in self.low_card_rows()]
            _cost, best = min(costs) if costs else (0, -1)
            low = tuple(special_cards.collected(rows, rows[best].cards, card)) if best >= 0 else ()
            return Landing(-1, 0, 0, low, best, self.refused_by(card))
        row = rows[r]
        full = len(row.cards) >= row.capacity  # B5, A9
        taken = tuple(special_cards.collected(rows, row.cards, card)) if full else None  # A-5TH-2
        return Landing(r, len(row.cards), row.capacity, taken, -1, "")


class Game(RowRules, TurnProtocol):
    """One game. Create it, then loop: look at `pending`, ask `legal(player)`, `apply(action)`."""

    SECRET = "select"  # B3: every player chooses a card at once, in secret
    ACTION_KEYS = ACTION_KEYS

    def __init__(self, variant: str = "base", players=("Player 1", "Player 2"), seed: int = 0,
                 options: dict | None = None, deals: list[dict] | None = None, events: bool = True) -> None:
        """`events=False`: a game whose events nobody reads (bere sim's bot-only games, bots/runner.py): `apply`
        returns an empty list and the events are not even made; state, record and decisions stay the same."""
        if variant not in VARIANTS:
            raise SetupError(_("unknown variant {variant!r}; known: {known}").format(
                variant=variant, known=", ".join(VARIANTS)))
        rules = VARIANTS[variant]
        #: the variant's rule object (engine.rules); `info` is its older name
        self.rules = self.info = rules
        self.variant = variant
        #: no special cards: a placement is a card and, for a low card, a row (the short path of _advance)
        self.plain = not rules.has_specials
        self.players = [p if isinstance(p, dict) else {"name": str(p)} for p in players]
        n = self.n = len(self.players)
        if not rules.min_players <= n <= rules.max_players:  # B1, P1, A1
            raise SetupError(_("{variant} is for {lo} to {hi} players, not {n}").format(
                variant=variant, lo=rules.min_players, hi=rules.max_players, n=n))
        self.options = self._check_options(options or {})
        _select_actions(n - 1)  # the shared legal actions of every seat (legal)
        _take_row_actions(n - 1)
        if not _is_int(seed):
            raise SetupError(_("the seed must be a whole number"))
        self.seed = seed
        self.rng = random.Random(seed)
        self.given_deals = [d for d in (deals or [])]
        self._check_deals()
        self.dealt: list[dict] = []  # the deal of every round so far, for the record
        self.actions: list[dict] = []

        self.round = 0
        self.turn = 0
        self.rows: list[Row] = []
        self.hands: list[list[int]] = [[] for _ in range(n)]
        self.specials: list[list[str]] = [[] for _ in range(n)]
        self.piles: list[list[int]] = [[] for _ in range(n)]
        self.set_aside: list[list[int]] = [[] for _ in range(n)]
        self.cancelled: list[int] = [0] * n  # bullheads set aside by Negative = Positive in the game (A-NP-1)
        self.scores: list[list[int]] = [[] for _ in range(n)]  # bullheads of each finished round
        self.out_of_play: list[int] = []
        self.draw_pile: list[str] = []  # top first
        self.discard_pile: list[str] = []
        self.swap_drawn: dict[int, str | None] = {}  # A5: the card each swap of this turn drew (its owner's)
        self.pool: list[int] = []  # Pro draft (P2)
        self.first_player = 0
        self.selected: dict[int, int] = {}
        self.waiting: list[int] = []  # players still to select
        self.revealed: tuple[tuple[int, int], ...] = ()
        self.queue: list[tuple[int, int]] = []  # revealed (card, player) still to place
        self.placing: Placement | None = None
        self.pending: dict | None = None
        self.finished = False
        self.winners: tuple[int, ...] = ()
        #: the sink of every action's events: a new list each time, or UNREAD for a game without events
        self.quiet = not events
        self.opening_events: list[Event] = UNREAD if self.quiet else []
        self._start_round(self.opening_events)
        self._advance(self.opening_events)

    # ------------------------------------------------------------------ setup

    def _check_options(self, options: dict) -> dict:
        if not isinstance(options, dict):
            raise SetupError(_("options must be an object"))
        out = {"target": DEFAULT_TARGET, "rounds": None}
        for key, value in options.items():
            if key not in ("target", "rounds"):
                raise SetupError(_("unknown option {key!r}").format(key=key))
            if key not in self.rules.options:
                raise SetupError(_("option {key!r} is not used in the {variant} variant").format(
                    key=key, variant=self.variant))
            if value is None and key == "rounds":
                continue
            if not _is_int(value) or value < 1:
                raise SetupError(_("option {key!r} must be a whole number of at least 1").format(key=key))
            out[key] = value
        return out

    def _check_deals(self) -> None:
        for i, deal in enumerate(self.given_deals):
            where = _("deal {i}").format(i=i)
            if not isinstance(deal, dict):
                raise SetupError(_("{where}: must be an object").format(where=where))
            self.rules.check_deal(self, deal, i, where)  # B2, P2, A2

    def _start_round(self, ev: list[Event]) -> None:
        """B2 (and P2, A2, A6, E2): a new round."""
        self.round += 1
        self.turn = 0
        n = self.n
        self.piles = [[] for _ in range(n)]
        self.set_aside = [[] for _ in range(n)]
        self.revealed = ()
        self.rules.start_round(self, ev)

    def start_turn(self, ask: bool = True) -> None:
        """B3: a new turn: every player selects a card in secret. `ask=False`, from play_blind: no pending
        decision is set (the turn's selections are picked at once)."""
        self.turn += 1
        self.selected = {}
        if ask:
            self.waiting = list(range(self.n))
            self.pending = {"do": "select", "players": self.waiting}

    # ------------------------------------------------------------------ flow

    def _advance(self, ev: list[Event]) -> None:
        """Resolve until a decision is needed (self.pending) or the game is over."""
        while True:
            if self.placing is not None:
                if not self._continue_placement(ev):
                    return
                self.placing = None
            if self.pending is not None:
                return
            if self.queue:
                if self.plain:
                    if not self._place_queue(ev):
                        return  # a low card (B6) waits for its row
                    continue
                card, player = self.queue.pop(0)
                self.placing = Placement(player, card)
                continue
            # the turn is resolved
            if self.hands[0]:
                self.start_turn()
                return
            self._end_round(ev)
            if self.finished:
                return

    def _place_queue(self, ev: list[Event], row_for=None) -> bool:
        """Without special cards (base, Pro, Even/Odd): place the revealed cards lowest first (B4, B5) until a low
        card (B6) asks for a row: False, with that placement pending. Only a low card makes a `Placement`, for
        _do_take_row (and the view) to read. `row_for(player)`, from play_blind: the row a low card's player takes,
        chosen (and recorded) at once, so the placements go on without a pause."""
        queue, rows, tell = self.queue, self.rows, ev is not UNREAD
        parity = self.rules.parity_card  # E3
        for k, (card, p) in enumerate(queue):
            best, best_tail = None, -1
            for row in rows:  # B4 (the row itself: its place is looked up only when needed)
                tail = row.cards[-1]
                if best_tail < tail < card and (not parity or row.parity is None or card & 1 == row.parity):
                    best, best_tail = row, tail
            if best is None:  # B6
                if row_for is not None:
                    r = row_for(p)
                    refused = "" if ev is UNREAD else self.refused_by(card)  # (for the event alone)
                    self.take_row(p, r, rows[r].cards, card, "low", ev, refused, card)
                    continue
                del queue[:k + 1]
                self.placing = Placement(p, card, "place")
                self.pending = {"do": "take_row", "player": p, "card": card}
                return False
            cards = best.cards
            if len(cards) >= 5:  # B5 (a row holds 5 cards without 7 nimmt!, A9)
                self.take_row(p, rows.index(best), cards, card, "sixth", ev, card=card)
            else:
                cards.append(card)
                if tell:
                    ev.append(Placed(p, card, rows.index(best), len(cards) - 1, False, cards[-2]))
        queue.clear()
        return True

    def _placement(self) -> Placement:
        """The placement in progress (its decisions are asked only during one, A-ORD-1..4)."""
        assert self.placing is not None, "a placement's decision is asked only while a card is placed"
        return self.placing

    def _continue_placement(self, ev: list[Event]) -> bool:
        """Move the current placement on; False when it stops at a prompt (A-ORD-1..4)."""
        pl = self._placement()
        p = pl.player
        if pl.stage == "special":
            pl.stage = "place"
            if self.specials[p]:  # A-ORD-1
                self.pending = {"do": "special", "player": p, "card": pl.card}
                return False
        if pl.stage == "place":
            row = self.target_row(pl.card)
            if row < 0:  # B6 (A8: checked at every placement)
                self.pending = {"do": "take_row", "player": p, "card": pl.card}
                return False
            self._place(p, pl.card, row, ev)
            pl.stage = "after"
        if pl.stage == "after":
            pl.stage = "swap"
            if pl.np and pl.taken is not None:  # A-ORD-3
                self.pending = {"do": "cancel", "player": p, "card": pl.card}
                return False
        if pl.stage == "swap":
            pl.stage = "done"
            if pl.taken is not None and self.specials[p]:  # A-ORD-4, A5
                self.pending = {"do": "swap", "player": p, "card": pl.card}
                return False
        return True

    def _place(self, p: int, card: int, r: int, ev: list[Event]) -> None:
        """B4/B5: add `card` to row r, or take the row when it is full (capacity 5, or 6: A9)."""
        row = self.rows[r]
        if len(row.cards) >= row.capacity:
            self.take_row(p, r, row.cards, card, "sixth", ev)
        else:
            row.cards.append(card)
            ev.append(Placed(p, card, r, len(row.cards) - 1, after=row.cards[-2]))

    def take_row(self, p: int, r: int, taken: list[int], new_first: int, reason: str, ev: list[Event],
                 refused: str = "", card: int = 0) -> None:
        """A player takes cards of row r into their bull pile (B5, B6, B7); `new_first` starts the row again.

        `refused` (B6 only): why a row did not accept the card, for the event (see `refused_by`). The card being
        placed is the current `Placement`'s, which keeps what it took; without one (a sixth card placed by
        _place_queue, B5) it is `card`."""
        rows = self.rows
        row = rows[r]
        pl = self.placing
        if pl is not None:  # (the placement keeps what it took: copies, as `taken` may grow, A-5TH-2)
            card = pl.card
            pl.taken_row = list(taken)
            taken = list(taken)
        markers, removed = self.rules.collect_markers(self, r, taken, new_first)  # A-5TH-2, A-7N-2, A-STOP-3
        if removed:
            del rows[r]
        else:
            row.cards = [new_first]
        self.piles[p].extend(taken)
        if pl is not None:
            pl.taken = taken
        if ev is not UNREAD:
            ev.append(RowTaken(p, r, tuple(taken), row_bullheads(taken), reason, removed, card, refused, markers))
            if not removed:
                ev.append(Placed(p, new_first, r, 0, True, 0, "take"))
        self.rules.after_take(self, ev)  # A-STOP-3, E4

    def _end_round(self, ev: list[Event]) -> None:
        """B8: add the round's bullheads; B9/A7: end the game or deal again."""
        round_scores = []
        for p in range(self.n):
            s = row_bullheads(self.piles[p])
            self.scores[p].append(s)
            round_scores.append(s)
        totals = tuple(sum(s) for s in self.scores)
        if ev is not UNREAD:
            ev.append(RoundScored(self.round, tuple(round_scores), totals, tuple(map(len, self.piles))))
        if self.rules.game_over(self, totals):  # B9, B10, A6
            self.rules.end_game(self)  # A7
            best = min(totals)
            self.winners = tuple(p for p in range(self.n) if totals[p] == best)
            self.finished = True
            self.pending = None
            if ev is not UNREAD:
                ev.append(GameOver(self.winners, totals))
        else:
            self._start_round(ev)

    # ------------------------------------------------------------------ queries

    def legal(self, player: int) -> list[dict]:
        """Every action `player` may take now (empty when it is not their decision).

        For `cancel` the list holds the best cancellation for each possible positive card; `apply` accepts any
        set within the positive value (A-NP-1).
        """
        pend = self.pending
        if pend is None:
            return []
        do = pend["do"]
        if do == "select":
            if player not in self.waiting:
                return []
            return list(map(_SELECT_ACTIONS[player].__getitem__, self.hands[player]))
        if pend.get("player") != player:
            return []
        if do == "draft":
            return [{"player": player, "do": "draft", "card": c} for c in self.pool]
        if do == "take_row":
            return list(map(_TAKE_ROW_ACTIONS[player].__getitem__, self.low_card_rows()))
        if do == "special":
            return special_cards.legal_specials(self, player, self._placement().card)
        if do == "cancel":
            return special_cards.legal_cancels(self, player)
        if do == "swap":
            names = sorted(set(self.specials[player]), key=SPECIAL_NAMES.index)
            return [{"player": player, "do": "swap", "discard": d} for d in [None, *names]]
        return []  # pragma: no cover

    def legal_pick(self, player: int, pick) -> dict:
        """`legal(player)[pick(len(legal(player)))]`, for a decider of now and a bot that chooses by the number of
        actions alone (bots.base.Bot.blind): a selection (B3: any card of the hand, in the order of `legal`) and,
        without special cards, a low card's row (B6: any row) are picked without building the list."""
        assert self.pending is not None, "a decider of now is asked while the game waits for one"
        do = self.pending["do"]
        if do == "select":
            hand = self.hands[player]
            return _SELECT_ACTIONS[player][hand[pick(len(hand))]]
        if do == "take_row" and self.plain:  # no Stop card (A-STOP-2): every row may be taken
            return _TAKE_ROW_ACTIONS[player][pick(len(self.rows))]
        legal = self.legal(player)
        return legal[pick(len(legal))]

    @property
    def hands_public(self) -> bool:
        """P3: in Pro every hand is open to every player (a selection is still secret until the reveal, B3)."""
        return self.rules.public_hands

    def held(self, p: int) -> list[int]:
        """p's hand as it lies on the table: with the card p chose face down this turn while the turn's cards are
        not revealed yet (B3: chosen in secret, still p's until all are revealed), in order."""
        hand = self.hands[p]
        pend = self.pending
        if pend is not None and pend["do"] == "select" and p in self.selected:
            return sorted([*hand, self.selected[p]])
        return list(hand)

    def totals(self) -> list[int]:
        """Running totals: finished rounds plus this round's bull pile (B10)."""
        if self.finished:
            return [sum(s) for s in self.scores]
        return [sum(s) + row_bullheads(pile) for s, pile in zip(self.scores, self.piles)]

    def outcome(self) -> Outcome:
        """Who wins (B9, A7: the lowest total; ties share), each player's bullheads by round (B8; the round in
        play counts as it stands), the bullheads Negative = Positive set aside (A-NP-1, not counted) and why the
        game ended (B9: a total reached the target; B10's fixed rounds, A6's two)."""
        totals = self.totals()
        scores = []
        for p in range(self.n):
            parts = [Part("round", s, i + 1) for i, s in enumerate(self.round_scores(p))]
            if self.cancelled[p]:
                parts.append(Part("cancelled", self.cancelled[p], counted=False))
            scores.append(Score(totals[p], tuple(parts)))
        ended, by = self.rules.end_reason(self, tuple(totals)) if self.finished else ("", ())
        return Outcome(False, tuple(self.winners), tuple(scores), ended, by)

    def round_scores(self, p: int) -> list[int]:
        """Bullheads of each round so far, the current one last (record spec)."""
        if self.finished:
            return list(self.scores[p])
        return self.scores[p] + [row_bullheads(self.piles[p])]

    def describe_secret(self, players: list[int]) -> str:
        return ngettext("select by player {players}", "select by players {players}", len(players)).format(
            players=", ".join(map(str, players)))

    def refuse_secret(self, p: int) -> None:
        raise IllegalAction(_("player {p} has already chosen a card this turn").format(p=p))

    def view(self, player: int | None = None) -> View:
        """What `player` may know (None: the public table). See engine.view."""
        return make_view(self, player)

    def lazy_view(self, player: int | None = None) -> LazyView:
        """The same view, built when first read: for a decision made before the game moves on (engine.view)."""
        return LazyView(self, player)

    def record(self) -> dict:
        """The game so far as a bere-record/1 object (spec/record.md)."""
        deals = self.rules.recorded_deals(self)  # P2: none for a draft
        options = {k: v for k, v in self.options.items() if k in self.rules.options and v is not None
                   and not (k == "target" and v == DEFAULT_TARGET)}
        return {
            "format": "bere-record/1",
            "variant": self.variant,
            "options": options,
            "players": [dict(p) for p in self.players],
            "seed": self.seed,
            "deals": deals,
            "actions": [dict(a) for a in self.actions],
        }

    # ------------------------------------------------------------------ actions

    def apply(self, action: dict, trusted: bool = False) -> list[Event]:
        """Check `action`, carry it out, and return the events it caused. Raises IllegalAction, changing nothing.

        `trusted`: the caller vouches that the action is one `legal` offers now (or that `apply` would accept)
        and will not change the dict afterwards (it is kept in the record as it is): nothing is checked. The
        bots' loop (bots/runner.py) applies its bots' choices so; people's choices and records are checked."""
        ev: list[Event] = UNREAD if self.quiet else []
        if trusted:
            if action["do"] == "select":
                self._select(action["player"], action["card"], ev)
            else:
                HANDLERS[action["do"]](self, action["player"], action, ev, False)
            self.actions.append(action)
        else:
            p, do = self.check_action(action)  # (engine/protocol.py: the checks of every game)
            HANDLERS[do](self, p, action, ev, True)
            self.actions.append(dict(action))  # a copy: the caller's dict cannot rewrite the record
        if self.pending is None:  # the decision is made: resolve until the next one
            self._advance(ev)
        return ev

    def play_blind(self, picks: list, times: list[list[int]], clock) -> list[Event]:
        """Play the game to its end with every seat a bot that chooses by the number of legal actions alone
        (bots.base.Bot.blind): each decision is `legal(p)[picks[p](len(legal(p)))]`, applied as trusted. The same
        game, record and events as that loop of `legal_pick` and `apply`, for bots/runner.py (bere sim). A
        turn's selections (B3) are picked together from the hands, the only list they read: a choice that reads
        nothing but its own hand is the same whether the others have chosen or not. `times[p]` gets the wall
        time of each of p's decisions by `clock()`; the events are returned (none for Game(events=False))."""
        ev: list[Event] = UNREAD if self.quiet else []
        record, n = self.actions.append, self.n
        seats = [(p, picks[p], times[p].append, _SELECT_ACTIONS[p]) for p in range(n)]
        take_row_actions = [_TAKE_ROW_ACTIONS[p] for p in range(n)]

        def row_for(p: int) -> int:  # B6 without a Stop card (plain rules): any row
            start = clock()
            r = picks[p](len(self.rows))
            times[p].append(clock() - start)
            record(take_row_actions[p][r])
            return r

        while not self.finished:
            assert self.pending is not None, "a game that is not over waits for a decision"
            if self.pending["do"] != "select" or len(self.waiting) < n:  # one decision at a time
                for p in self.deciders():
                    start = clock()
                    action = self.legal_pick(p, picks[p])
                    times[p].append(clock() - start)
                    ev += self.apply(action, True)
                continue
            self.waiting.clear()
            hands = self.hands
            while True:  # a turn's selections (B3), then its placements
                selected, order = self.selected, []
                start = clock()
                for p, pick, timed, select in seats:
                    hand = hands[p]
                    card = hand.pop(pick(len(hand)))  # legal(p) lists p's hand in its order
                    end = clock()
                    timed(end - start)  # (one clock reading ends a decision and starts the next)
                    start = end
                    record(select[card])
                    selected[p] = card
                    order.append((card, p))
                if ev is not UNREAD:
                    ev.extend([Selected(p) for p in range(n)])
                self._reveal(order, ev)
                if not self.plain:
                    self._advance(ev)
                    break
                self._place_queue(ev, row_for)  # (no pause: row_for chooses a low card's row)
                if not hands[0]:
                    self._end_round(ev)
                    break
                self.start_turn(ask=False)
        return ev

    def check(self, action: dict) -> str | None:
        """Why `action` would be refused now (IllegalAction's message), or None when `apply` accepts it.

        For a prompt whose answer need not be in `legal` (a Negative = Positive cancellation may be any set
        within the value, A-NP-1). It tries the action on a copy, so it says exactly what `apply` would."""
        try:
            self.copy().apply(action)
        except IllegalAction as exc:
            return str(exc)
        return None

    def _do_select(self, p: int, action: dict, ev: list[Event], check: bool) -> None:
        card = action["card"]
        if check and (type(card) is not int or card not in self.hands[p]):
            raise IllegalAction(_("card {card!r} is not in player {p}'s hand").format(card=card, p=p))
        self._select(p, card, ev)

    def _select(self, p: int, card: int, ev: list[Event]) -> None:
        self._selections(((p, card),), ev)

    def _selections(self, choices, ev: list[Event]) -> None:
        """B3: each (player, card) of `choices` chosen in secret, in turn; the last of the turn reveals them."""
        hands, selected, waiting = self.hands, self.selected, self.waiting
        for p, card in choices:
            hands[p].remove(card)
            selected[p] = card
            waiting.remove(p)
        if ev is not UNREAD:
            ev.extend([Selected(p) for p, _card in choices])
        if not waiting:
            self._reveal([(c, q) for q, c in selected.items()], ev)

    def _reveal(self, order: list[tuple[int, int]], ev: list[Event]) -> None:
        """B3: every selection made, the cards are revealed, (card, player) lowest first, to be placed so."""
        order.sort()
        self.swap_drawn = {}  # (what a swap drew shows to its owner until the next reveal)
        self.revealed = tuple(order)
        self.queue = order
        self.pending = None
        if ev is not UNREAD:
            ev.append(Revealed(self.turn, self.revealed))

    def _do_draft(self, p: int, action: dict, ev: list[Event], check: bool) -> None:
        card = action["card"]
        if check and (not _is_int(card) or card not in self.pool):
            raise IllegalAction(_("card {card!r} is not in the open pool").format(card=card))
        self.rules.draft(self, p, card, ev)  # P2 (only Pro drafts: Variant.drafts)

    def _do_take_row(self, p: int, action: dict, ev: list[Event], check: bool) -> None:
        r = action["row"]
        if check:
            if not _is_int(r) or not 0 <= r < len(self.rows):
                raise IllegalAction(_("row {row!r} does not exist").format(row=r))
            if self.rows[r].stop:
                raise IllegalAction(_("row {row} is stopped: nobody may take it").format(row=r))  # A-STOP-2
        self.pending = None
        pl = self._placement()
        refused = "" if ev is UNREAD else self.refused_by(pl.card)  # (for the event alone)
        self.take_row(p, r, self.rows[r].cards, pl.card, "low", ev, refused)  # B6
        pl.stage = "after"

    def _do_special(self, p: int, action: dict, ev: list[Event], check: bool) -> None:
        special_cards.play(self, p, action, ev, check)

    def _do_cancel(self, p: int, action: dict, ev: list[Event], check: bool) -> None:
        if check:
            positive, cancel = special_cards.check_cancel(self, p, action)
        else:
            positive, cancel = action["positive"], sorted(action["cancel"])
        pile = self.piles[p]
        for c in (positive, *cancel):
            pile.remove(c)
        self.set_aside[p].extend((positive, *cancel))
        self.pending = None
        heads = row_bullheads((positive, *cancel))
        self.cancelled[p] += heads  # A-NP-1: they never score (told beside the total, outcome())
        ev.append(Cancelled(p, positive, tuple(cancel), heads, row_bullheads(self._placement().taken) - heads))

    def _do_swap(self, p: int, action: dict, ev: list[Event], check: bool) -> None:
        name = action["discard"]
        if name is not None:
            if check and name not in self.specials[p]:
                raise IllegalAction(_("you hold no {card} card to discard").format(card=name))
            self.specials[p].remove(name)  # A5
            self.discard_pile.append(name)
            drawn = self.draw_special()
            if drawn is not None:
                self.specials[p].append(drawn)
            self.swap_drawn[p] = drawn
            ev.append(Swapped(p, name))
        self.pending = None

    def draw_special(self) -> str | None:
        """A5: the top card of the draw pile; an empty pile is first refilled from the shuffled discard pile."""
        if not self.draw_pile:
            if not self.discard_pile:
                return None
            self.draw_pile = self.discard_pile
            self.discard_pile = []
            self.rng.shuffle(self.draw_pile)
        return self.draw_pile.pop(0)

    # ------------------------------------------------------------------ copying

    def copy(self) -> Game:
        """An independent copy (for bots' look-ahead and tests)."""
        g = Game.__new__(Game)
        g.__dict__.update(self.__dict__)
        g.rng = random.Random()
        g.rng.setstate(self.rng.getstate())
        g.rows = [r.copy() for r in self.rows]
        for name in ("hands", "specials", "piles", "set_aside", "scores"):
            setattr(g, name, [x[:] for x in getattr(self, name)])
        g.cancelled = list(self.cancelled)
        for name in ("out_of_play", "draw_pile", "discard_pile", "pool", "queue", "waiting", "dealt", "actions"):
            setattr(g, name, list(getattr(self, name)))
        g.selected = dict(self.selected)
        g.swap_drawn = dict(self.swap_drawn)
        g.options = dict(self.options)
        if self.pending is not None:
            g.pending = dict(self.pending)
            if "players" in g.pending:
                g.pending["players"] = g.waiting
        if self.placing is not None:
            pl = Placement(self.placing.player, self.placing.card)
            for s in Placement.__slots__:
                v = getattr(self.placing, s)
                setattr(pl, s, v[:] if isinstance(v, list) else v)
            g.placing = pl
        return g


#: the method that carries out each kind of action (after apply's common checks)
HANDLERS = {do: getattr(Game, "_do_" + do) for do in ACTION_FIELDS}

__all__ = ["Game", "Outcome", "Placement"]
