"""One table of Bullenparty (RULES section 7): the state, the decision the game waits for, the legal actions,
and `apply`. The same protocol as 6 nimmt!'s engine/nimmt/game.py: `pending`, `deciders()`, `legal(player)`,
`apply(action)` (checks everything before changing anything; raises IllegalAction), `view(player)`,
`record()`, `copy()`.

Flow: the setup (BP1-BP3), then rounds. A round deals one row per player (BP4) and runs biddings (BP5) until
every row is taken (BP7). In a bidding every player without a row bids in secret; the bids act in order:
number cards lowest first (`take`, then `lay` while the hand holds more than 5 number cards, BP8), then the
zero cards in letter order (`zero_row`). When the draw pile runs out (BP9) the discard pile becomes the new
draw pile and the round in progress is the last; then every player lays out their hand, seat by seat (`lay`).

Actions are plain dicts in the game record's spelling (spec/record.md, variant `bullenparty`), e.g.
`{"player": 0, "do": "bid", "card": "zero"}`.
"""

from __future__ import annotations

import random
from bisect import insort

from bere_tui.engine.bullenparty import rules
from bere_tui.engine.bullenparty.events import (
    BidMade,
    BidsRevealed,
    CardAdded,
    CardLaid,
    CardTurnedUp,
    GameOver,
    Reshuffled,
    RoundEnded,
    RoundStarted,
    RowClosed,
    RowTaken,
    SetUp,
    ZeroTakenBack,
)
from bere_tui.engine.bullenparty.rules import HAND_SIZE, LETTERS, NUMBER_CARDS, ZERO
from bere_tui.engine.errors import IllegalAction, SetupError
from bere_tui.engine.events import Event
from bere_tui.engine.outcome import Outcome, Part, Score
from bere_tui.engine.protocol import TurnProtocol
from bere_tui.i18n import _, ngettext

VARIANT = "bullenparty"

#: the fields each kind of action carries besides "player" and "do" (spec/record.md)
ACTION_FIELDS = {
    "bid": ("card",),
    "take": ("row",),
    "zero_row": ("row",),
    "lay": ("card", "pile"),
}
ACTION_KEYS = {do: frozenset(("player", "do", *fields)) for do, fields in ACTION_FIELDS.items()}
#: the keys of the setup entry of `deals` (spec/record.md); `reshuffles` may be left out
DEAL_KEYS = ("removed", "zero", "hands", "draw_pile", "reshuffles")


def _is_int(value) -> bool:
    return type(value) is int


class Row:
    """One row of the round (BP4). `cards`: its number cards in the order they came; `bull`: the bullheads of
    the Bull card laid with it (BP6) or None; `closed`: it reached 5 number cards (BP6); `taken_by`: the player
    who took it (BP5), whose hand then holds its cards (the row keeps its number, empty)."""

    __slots__ = ("bull", "cards", "closed", "taken_by")

    def __init__(self, cards: list[int], bull: int | None = None, closed: bool = False,
                 taken_by: int | None = None) -> None:
        self.cards = cards
        self.bull = bull
        self.closed = closed
        self.taken_by = taken_by

    def copy(self) -> Row:
        return Row(self.cards[:], self.bull, self.closed, self.taken_by)

    @property
    def is_open(self) -> bool:
        """Still on the table and not closed: a zero card's card may go here (BP5, BP6)."""
        return self.taken_by is None and not self.closed


class Game(TurnProtocol):
    """One game of Bullenparty. Create it, then loop: look at `pending`, ask `legal(player)`, `apply(action)`."""

    variant = VARIANT
    SECRET = "bid"  # BP5: every player without a row bids at once, in secret
    ACTION_KEYS = ACTION_KEYS

    def __init__(self, players=("Player 1", "Player 2"), seed: int = 0, options: dict | None = None,
                 deals: list[dict] | None = None) -> None:
        self.players = [p if isinstance(p, dict) else {"name": str(p)} for p in players]
        n = self.n = len(self.players)
        if not rules.MIN_PLAYERS <= n <= rules.MAX_PLAYERS:
            raise SetupError(_("{variant} is for {lo} to {hi} players, not {n}").format(
                variant=VARIANT, lo=rules.MIN_PLAYERS, hi=rules.MAX_PLAYERS, n=n))
        if options:
            if not isinstance(options, dict):
                raise SetupError(_("options must be an object"))
            raise SetupError(_("unknown option {key!r}").format(key=min(options)))
        self.options: dict = {}
        if not _is_int(seed):
            raise SetupError(_("the seed must be a whole number"))
        self.seed = seed
        self.rng = random.Random(seed)  # the only randomness: the deal and the reshuffles (BP9)
        deals = list(deals or [])
        given = self._check_deal(deals)

        # BP1-BP3. The generator is drawn from the same way whether or not the record gives the deal, so that
        # the reshuffles replay identically either way.
        deck = list(range(1, NUMBER_CARDS + 1))
        self.rng.shuffle(deck)
        letters = self.rng.sample(LETTERS, n)
        k = rules.removed_count(n)  # BP2
        if given is None:
            removed = sorted(deck[:k])
            hands = [deck[k + HAND_SIZE * p:k + HAND_SIZE * (p + 1)] for p in range(n)]
            draw = deck[k + HAND_SIZE * n:]
            self.given_reshuffles: list[list[int]] = []
        else:
            removed = list(given["removed"])
            letters = list(given["zero"])
            hands = [list(h) for h in given["hands"]]
            draw = list(given["draw_pile"])
            self.given_reshuffles = [list(r) for r in given.get("reshuffles") or []]
        self.setup: dict[str, list] = {"removed": list(removed), "zero": list(letters), "hands": [list(h) for h in hands],
                      "draw_pile": list(draw)}
        self.removed: list[int] = removed
        self.letters: list[str] = list(letters)  # BP1: each player's zero card
        self.zero_shown: list[bool] = [False] * n  # a letter is secret until its card is played (BP1)
        self.hands: list[list[int]] = [sorted(h) for h in hands]
        self.known: list[set[int]] = [set() for _ in range(n)]  # cards of each hand everybody saw come in
        self.piles: list[list[list[int]]] = [[] for _ in range(n)]
        self.bulls: list[list[int]] = [[] for _ in range(n)]
        self.draw: list[int] = draw  # top first
        self.discard: list[int] = []
        self.bull_deck: list[int] = list(rules.BULL_CARDS)  # top first (BP1)
        self.reshuffles: list[list[int]] = []  # every new draw pile made (BP9), for the record
        self.last_round = False  # BP9: the draw pile ran out this round
        self.actions: list[dict] = []

        self.round = 0
        self.turn = 0  # the bidding within the round
        self.rows: list[Row] = []
        self.took: list[int | None] = [None] * n  # the row each player took this round (BP7)
        self.took_cards: list[tuple[tuple[int, ...], int | None]] = [((), None)] * n  # and its cards and Bull card
        self.bids: dict[int, int | str] = {}
        self.waiting: list[int] = []  # players still to bid
        self.revealed: tuple[tuple[int, int | None, str | None], ...] = ()
        self.queue: list[tuple[int, int | None]] = []  # revealed bids still to act: (player, card or None)
        self.acting: tuple[int, int | None] | None = None  # the bid acting now
        self.drawn: int | None = None  # the card a zero card turned up, until it goes to a row
        self.laying: int | None = None  # the player laying out cards (BP8, BP9)
        self.end_phase = False  # BP9: the game's end, hands being laid out
        self.pending: dict | None = None
        self.finished = False
        self.winners: tuple[int, ...] = ()

        ev: list[Event] = [SetUp(n, len(removed), len(draw))]
        self._start_round(ev)
        self.opening_events = ev

    # ------------------------------------------------------------------ setup

    def _check_deal(self, deals: list) -> dict | None:
        """The setup entry of the record (spec/record.md), checked; None when the deal comes from the seed."""
        if not deals:
            return None
        if len(deals) != 1:
            raise SetupError(_("deals: {variant} has one entry, the setup").format(variant=VARIANT))
        deal = deals[0]
        where = _("deal {i}").format(i=0)
        if not isinstance(deal, dict):
            raise SetupError(_("{where}: must be an object").format(where=where))
        extra = set(deal) - set(DEAL_KEYS)
        if extra:
            raise SetupError(_("{where}: unknown field {field!r}").format(where=where, field=min(extra)))
        for key in DEAL_KEYS[:-1]:
            if key not in deal:
                raise SetupError(_("{where}: the field {field!r} is missing").format(where=where, field=key))
        n = self.n
        removed, zero, hands, draw = deal["removed"], deal["zero"], deal["hands"], deal["draw_pile"]
        k = rules.removed_count(n)
        if not isinstance(removed, list) or len(removed) != k:  # BP2
            raise SetupError(_("{where}: 'removed' must list {k} cards with {n} players (BP2)").format(
                where=where, k=k, n=n))
        if (not isinstance(zero, list) or len(zero) != n or len(set(zero)) != n
                or any(not isinstance(x, str) or x not in LETTERS for x in zero)):  # BP1
            raise SetupError(_("{where}: 'zero' must give each player a different letter, A to E").format(
                where=where))
        if not isinstance(hands, list) or len(hands) != n:
            raise SetupError(_("{where}: 'hands' must hold one hand per player ({n})").format(where=where, n=n))
        for p, h in enumerate(hands):
            if not isinstance(h, list) or len(h) != HAND_SIZE:  # BP3
                raise SetupError(_("{where}: player {p}'s hand must hold {k} cards").format(
                    where=where, p=p, k=HAND_SIZE))
        if not isinstance(draw, list):
            raise SetupError(_("{where}: 'draw_pile' must be a list of cards").format(where=where))
        seen: set[int] = set()
        for card in removed + [c for h in hands for c in h] + draw:
            if not _is_int(card) or not 1 <= card <= NUMBER_CARDS:
                raise SetupError(_("{where}: {card!r} is not a number card (1 to 100)").format(
                    where=where, card=card))
            if card in seen:
                raise SetupError(_("{where}: card {card} is dealt twice").format(where=where, card=card))
            seen.add(card)
        if len(seen) != NUMBER_CARDS:  # BP1
            missing = min(set(range(1, NUMBER_CARDS + 1)) - seen)
            raise SetupError(_("{where}: card {card} is missing (all 100 number cards are dealt)").format(
                where=where, card=missing))
        reshuffles = deal.get("reshuffles")
        if reshuffles is not None:
            if not isinstance(reshuffles, list):
                raise SetupError(_("{where}: 'reshuffles' must be a list of card lists").format(where=where))
            for order in reshuffles:
                if (not isinstance(order, list) or len(set(order)) != len(order)
                        or any(not _is_int(c) or not 1 <= c <= NUMBER_CARDS for c in order)):
                    raise SetupError(_("{where}: each reshuffle must list different number cards").format(
                        where=where))
        return deal

    def _start_round(self, ev: list[Event]) -> None:
        """BP4: one row per player, each of 2 face-up cards from the draw pile (row 0 first), not sorted."""
        self.round += 1
        self.turn = 0
        n = self.n
        self.took = [None] * n
        self.took_cards = [((), None)] * n
        rows = []
        for _r in range(n):
            cards = [self._draw(ev), self._draw(ev)]
            # cannot fail: a round starts before the first reshuffle, so the discard pile holds n cards per round
            # played, more than the rows need whenever the draw pile is short (only a test's hand-made table,
            # short of cards, draws None here: not checked, so that it plays on as before)
            rows.append(Row(cards))  # type: ignore[arg-type]
        self.rows = rows
        ev.append(RoundStarted(self.round, tuple(tuple(r.cards) for r in rows)))
        self._start_bidding()

    def _start_bidding(self) -> None:
        """BP5: every player who has not taken a row this round bids."""
        self.turn += 1
        self.bids = {}
        self.revealed = ()
        self.waiting = [p for p in range(self.n) if self.took[p] is None]
        self.pending = {"do": "bid", "players": self.waiting}

    # ------------------------------------------------------------------ flow

    def _advance(self, ev: list[Event]) -> None:
        """Resolve until a decision is needed (self.pending) or the game is over."""
        while self.pending is None and not self.finished:
            p = self.laying
            if p is not None:
                if self.end_phase:  # BP9: every player lays all number cards of their hand, seat by seat
                    if self.hands[p]:
                        self.pending = {"do": "lay", "player": p, "end": True}
                        return
                    if p + 1 < self.n:
                        self.laying = p + 1
                    else:
                        self._end_game(ev)
                    continue
                if len(self.hands[p]) > HAND_SIZE:  # BP8: the hand limit, right after the take
                    self.pending = {"do": "lay", "player": p, "end": False}
                    return
                self.laying = None
            if self.queue:
                p, card = self.queue.pop(0)
                self.acting = (p, card)
                if card is not None:  # BP5: a number card acts; its owner takes a row
                    self.pending = {"do": "take", "player": p, "card": card}
                    return
                self._zero_acts(p, ev)
                continue
            self.acting = None
            if any(t is None for t in self.took):
                self._start_bidding()  # BP5: the next bidding among those still without a row
                return
            # BP7: the last row is taken
            ev.append(RoundEnded(self.round, tuple(self.scores()), self.last_round,
                                 tuple(len(cards) for cards, _b in self.took_cards),
                                 tuple(rules.heads(cards) + (bull or 0) for cards, bull in self.took_cards)))
            if self.last_round:  # BP9: after that round the game ends
                self.end_phase = True
                self.laying = 0
            else:
                self._start_round(ev)

    def _zero_acts(self, p: int, ev: list[Event]) -> None:
        """BP5: the zero card turns up the top card of the draw pile for a remaining open row; BP6 Decision: with
        no open row it is simply taken back."""
        letter = self.letters[p]
        if not any(r.is_open for r in self.rows):
            ev.append(ZeroTakenBack(p, letter, "no_open_row"))  # BP6 Decision
            return
        card = self._draw(ev)
        if card is None:  # BP9 Decision (ours): nothing left to draw
            ev.append(ZeroTakenBack(p, letter, "no_card"))
            return
        self.drawn = card
        ev.append(CardTurnedUp(p, letter, card))
        self.pending = {"do": "zero_row", "player": p, "card": card}

    def _draw(self, ev: list[Event]) -> int | None:
        """The top card of the draw pile. BP9: when a card must be drawn and the pile is empty, the discard pile
        is shuffled into a new draw pile, and the round in progress is the last. None when both are empty."""
        if not self.draw:
            if not self.discard:
                return None
            self._reshuffle(ev)
        return self.draw.pop(0)

    def _reshuffle(self, ev: list[Event]) -> None:
        order = self.discard[:]
        self.rng.shuffle(order)  # drawn from in the same way when the record gives the order
        i = len(self.reshuffles)
        if i < len(self.given_reshuffles):
            given = self.given_reshuffles[i]
            if sorted(given) != sorted(self.discard):
                raise IllegalAction(_("reshuffle {i} of the record does not hold the cards of the discard pile "
                                      "({cards})").format(i=i, cards=", ".join(map(str, sorted(self.discard)))))
            order = list(given)
        self.reshuffles.append(order)
        self.draw = order[:]
        self.discard = []
        ev.append(Reshuffled(len(order), not self.last_round))
        self.last_round = True

    def _end_game(self, ev: list[Event]) -> None:
        """BP10: the highest score wins; tied highest totals share victory."""
        scores = self.scores()
        self.winners = rules.winners(scores)
        self.finished = True
        self.laying = None
        self.pending = None
        ev.append(GameOver(self.winners, tuple(scores)))

    # ------------------------------------------------------------------ queries

    def held(self, p: int) -> list[int]:
        """p's hand as it lies on the table: with the number card p bid face down while the bids are not
        revealed yet (BP5: chosen in secret, still p's until all bids are in), in order."""
        hand = self.hands[p]
        bid = self.bids.get(p)
        pend = self.pending
        if pend is not None and pend["do"] == "bid" and isinstance(bid, int):  # (a bid: a card or ZERO)
            return sorted([*hand, bid])
        return list(hand)

    def scores(self) -> list[int]:
        """BP10 as of now: the piles and Bull cards (cards still in hand do not count)."""
        return [rules.score(self.piles[p], self.bulls[p]) for p in range(self.n)]

    totals = scores  # the name `bere sim` and 6 nimmt! use

    def outcome(self) -> Outcome:
        """Who wins (BP10: the highest total; ties share) and each score in its parts (BP10): the pile that
        counts plus, the Bull cards, the other piles (minus); the game ends when the draw pile ran out (BP9)."""
        scores = []
        for p, total in enumerate(self.scores()):
            plus, bulls, minus = rules.score_parts(self.piles[p], self.bulls[p])
            scores.append(Score(total, (Part("plus_pile", plus), Part("bulls", bulls), Part("minus_piles", minus))))
        return Outcome(True, tuple(self.winners), tuple(scores), "draw_pile" if self.finished else "")

    def zero_allowed(self, player: int) -> bool:
        """BP6: when every remaining row is closed, only number cards may be bid. BP9 Decision (ours): nor while
        neither the draw pile nor the discard pile holds a card to turn up."""
        return any(r.is_open for r in self.rows) and bool(self.draw or self.discard)

    def legal(self, player: int) -> list[dict]:
        """Every action `player` may take now (empty when it is not their decision)."""
        pend = self.pending
        if pend is None:
            return []
        do = pend["do"]
        if do == "bid":
            if player not in self.waiting:
                return []
            out = [{"player": player, "do": "bid", "card": c} for c in self.hands[player]]
            if self.zero_allowed(player):
                out.append({"player": player, "do": "bid", "card": ZERO})
            return out
        if pend["player"] != player:
            return []
        if do == "take":  # BP5: any one remaining row
            return [{"player": player, "do": "take", "row": r} for r in rules.takeable(self.rows)]
        if do == "zero_row":  # BP5, BP6: a remaining row that is not closed
            return [{"player": player, "do": "zero_row", "row": r} for r in rules.open_rows(self.rows)]
        piles = self.piles[player]  # lay: BP8
        return [{"player": player, "do": "lay", "card": c, "pile": i}
                for c in self.hands[player] for i in rules.pile_targets(piles, c)]

    def refuse_secret(self, p: int) -> None:
        if self.took[p] is not None:  # BP7
            raise IllegalAction(_("player {p} has taken a row this round and bids no more").format(p=p))
        raise IllegalAction(_("player {p} has already bid in this bidding").format(p=p))

    def describe_secret(self, players: list[int]) -> str:
        return ngettext("bid by player {players}", "bid by players {players}", len(players)).format(
            players=", ".join(map(str, players)))

    def view(self, player: int | None = None):
        """What `player` may know (None: the public table). See engine/bullenparty/view.py."""
        from bere_tui.engine.bullenparty.view import make_view

        return make_view(self, player)

    def record(self) -> dict:
        """The game so far as a bere-record/1 object (spec/record.md, variant `bullenparty`)."""
        deal = {k: ([list(h) for h in v] if k == "hands" else list(v)) for k, v in self.setup.items()}
        deal["reshuffles"] = [list(r) for r in self.reshuffles]
        return {
            "format": "bere-record/1",
            "variant": VARIANT,
            "options": {},
            "players": [dict(p) for p in self.players],
            "seed": self.seed,
            "deals": [deal],
            "actions": [dict(a) for a in self.actions],
        }

    # ------------------------------------------------------------------ actions

    def apply(self, action: dict) -> list[Event]:
        """Check `action`, carry it out, and return the events it caused. Raises IllegalAction, changing nothing."""
        p, do = self.check_action(action)
        handler = HANDLERS[do]
        handler.check(self, p, action)  # everything is checked before anything changes
        # A reshuffle the record gives is checked only when it happens: keep the state to put back. One action
        # draws at most 2 cards per row of a new round (a zero card's turn-up ends the action), so a draw pile
        # holding that many cannot run out during it.
        backup = (self.copy() if len(self.reshuffles) < len(self.given_reshuffles)
                  and len(self.draw) < 2 * self.n else None)
        ev: list[Event] = []
        try:
            handler.do(self, p, action, ev)
            self.actions.append(dict(action))  # a copy: the caller's dict cannot rewrite the record
            if self.pending is None:
                self._advance(ev)
        except IllegalAction:
            if backup is None:  # pragma: no cover - only a given reshuffle can fail once checked
                raise
            self.__dict__.update(backup.__dict__)
            raise
        return ev

    def _check_bid(self, p: int, action: dict) -> None:
        card = action["card"]
        if card == ZERO:
            if not any(r.is_open for r in self.rows):  # BP6
                raise IllegalAction(_("every remaining row is closed: only number cards may be bid"))
            if not (self.draw or self.discard):  # BP9 Decision (ours)
                raise IllegalAction(_("no card is left to turn up: only number cards may be bid"))
            return
        if not _is_int(card) or card not in self.hands[p]:
            raise IllegalAction(_("card {card!r} is not in player {p}'s hand").format(card=card, p=p))

    def _do_bid(self, p: int, action: dict, ev: list[Event]) -> None:
        card = action["card"]
        if card != ZERO:
            self.hands[p].remove(card)  # BP5: chosen in secret (a known card leaves `known` at the reveal)
        self.bids[p] = card
        self.waiting.remove(p)
        ev.append(BidMade(p))
        if self.waiting:
            return
        # BP5: all revealed together; number cards act first, lowest first, then zero cards by letter
        numbers = sorted((c, q) for q, c in self.bids.items() if isinstance(c, int))  # (a bid: a card or ZERO)
        zeros = sorted((self.letters[q], q) for q, c in self.bids.items() if c == ZERO)
        self.queue = [(q, c) for c, q in numbers] + [(q, None) for _l, q in zeros]
        self.revealed = tuple((q, c, None) for c, q in numbers) + tuple((q, None, l) for l, q in zeros)
        for c, q in numbers:
            self.known[q].discard(c)
        for _l, q in zeros:
            self.zero_shown[q] = True  # BP1: the letter is no longer secret
        self.pending = None
        ev.append(BidsRevealed(self.turn, self.revealed))

    def _check_take(self, p: int, action: dict) -> None:
        r = action["row"]
        if not _is_int(r) or not 0 <= r < len(self.rows):
            raise IllegalAction(_("row {row!r} does not exist").format(row=r))
        taker = self.rows[r].taken_by
        if taker is not None:  # BP5: a remaining row
            raise IllegalAction(_("row {row} was taken by player {q} this round").format(row=r, q=taker))

    def _do_take(self, p: int, action: dict, ev: list[Event]) -> None:
        r = action["row"]
        assert self.pending is not None, "check_action refused every action once the game is over"
        card = self.pending["card"]
        row = self.rows[r]
        self.discard.append(card)  # BP5: the number card goes to the discard pile
        taken = tuple(row.cards)
        hand = self.hands[p]
        for c in taken:  # BP5: its cards into the hand
            insort(hand, c)
        self.known[p].update(taken)
        bull = row.bull
        if bull is not None:  # BP8: Bull cards are kept apart, face up
            self.bulls[p].append(bull)
        row.cards = []
        row.bull = None
        row.taken_by = p
        self.took[p] = r  # BP7: out of bidding for the rest of the round
        self.took_cards[p] = (taken, bull)
        self.laying = p  # BP8: the hand limit, immediately
        self.pending = None
        ev.append(RowTaken(p, card, r, taken, bull))

    def _check_zero_row(self, p: int, action: dict) -> None:
        r = action["row"]
        if not _is_int(r) or not 0 <= r < len(self.rows):
            raise IllegalAction(_("row {row!r} does not exist").format(row=r))
        row = self.rows[r]
        if row.taken_by is not None:
            raise IllegalAction(_("row {row} was taken by player {q} this round").format(row=r, q=row.taken_by))
        if row.closed:  # BP6
            raise IllegalAction(_("row {row} is closed: no card may be added").format(row=r))

    def _do_zero_row(self, p: int, action: dict, ev: list[Event]) -> None:
        r = action["row"]
        row = self.rows[r]
        card = self.drawn
        assert card is not None, "a row is asked for the card a zero card turned up (BP7)"
        row.cards.append(card)
        self.drawn = None
        ev.append(CardAdded(p, card, r, len(row.cards) - 1))
        if rules.closes(row.cards):  # BP6: closed, with the top Bull card (Decision: none when used up)
            row.closed = True
            row.bull = self.bull_deck.pop(0) if self.bull_deck else None
            ev.append(RowClosed(r, row.bull))
        ev.append(ZeroTakenBack(p, self.letters[p], "added"))
        self.pending = None

    def _check_lay(self, p: int, action: dict) -> None:
        card, pile = action["card"], action["pile"]
        if not _is_int(card) or card not in self.hands[p]:
            raise IllegalAction(_("card {card!r} is not in player {p}'s hand").format(card=card, p=p))
        if pile is None:
            return  # BP8: a new pile may be started at any time
        piles = self.piles[p]
        if not _is_int(pile) or not 0 <= pile < len(piles):
            raise IllegalAction(_("player {p} has no pile {pile!r}").format(p=p, pile=pile))
        top = piles[pile][-1]
        if not card > top:  # BP8
            raise IllegalAction(_("card {card} may not go on pile {pile}: it must be higher than the top card "
                                  "{top}").format(card=card, pile=pile, top=top))

    def _do_lay(self, p: int, action: dict, ev: list[Event]) -> None:
        card, pile = action["card"], action["pile"]
        self.hands[p].remove(card)
        self.known[p].discard(card)
        piles = self.piles[p]
        if pile is None:
            piles.append([card])
            pile = len(piles) - 1
            ev.append(CardLaid(p, card, pile, True, self.end_phase))
        else:
            piles[pile].append(card)
            ev.append(CardLaid(p, card, pile, False, self.end_phase))
        self.pending = None

    # ------------------------------------------------------------------ copying

    def copy(self) -> Game:
        """An independent copy (for bots' look-ahead and tests)."""
        g = Game.__new__(Game)
        g.__dict__.update(self.__dict__)
        g.rng = random.Random()
        g.rng.setstate(self.rng.getstate())
        g.rows = [r.copy() for r in self.rows]
        g.hands = [h[:] for h in self.hands]
        g.known = [set(k) for k in self.known]
        g.piles = [[pile[:] for pile in piles] for piles in self.piles]
        g.bulls = [b[:] for b in self.bulls]
        g.reshuffles = [r[:] for r in self.reshuffles]
        for name in ("letters", "zero_shown", "draw", "discard", "bull_deck", "took", "took_cards", "queue",
                     "actions", "removed"):
            setattr(g, name, list(getattr(self, name)))
        g.bids = dict(self.bids)
        if self.pending is not None:
            g.pending = dict(self.pending)
        g.waiting = list(self.waiting)
        if g.pending is not None and "players" in g.pending:
            g.pending["players"] = g.waiting
        return g


class _Handler:
    __slots__ = ("check", "do")

    def __init__(self, check, do) -> None:
        self.check = check
        self.do = do


#: how each kind of action is checked, then carried out (after apply's common checks)
HANDLERS = {do: _Handler(getattr(Game, "_check_" + do), getattr(Game, "_do_" + do)) for do in ACTION_FIELDS}

__all__ = ["ACTION_FIELDS", "VARIANT", "Game", "Row"]
