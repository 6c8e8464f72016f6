"""One table of the board game (RULES section 6): the state, the decision the game waits for, the legal
actions, and `apply`. The same protocol as the other games (engine/nimmt/game.py, engine/bullenparty/game.py):
`pending`, `deciders()`, `legal(player)`, `apply(action)` (checks everything before it changes anything; raises
IllegalAction), `view(player)`, `record()`, `copy()`.

The layout comes from a Board (layout.py, read from a board file by bere_tui/boards.py); nothing here knows a
row's length or where its special spaces are.

Flow: the setup (BG2), then turns. In a turn every player holding tiles chooses in secret (`select`: one tile,
two after a play-two space, BG-D6; on the pro side also an action card, BG7); all are revealed (BG3); STOP
tokens go down (`stop_row`); the tiles are placed one at a time, play_first's first, then lowest first, each
by B4's rule (BG3) or by its action card (`place_row`, `swap_row`); a space acts at once (BG-D3), and minus
points draw a luck card, placed at once (`luck`, BG6). After the last hand (BG2, BG-D7; on the pro side as
soon as a hand runs out, BG7) the most points win.

Actions are plain dicts in the record's spelling (docs/board.md), e.g.
`{"player": 0, "do": "select", "tiles": [17], "card": null}`.
"""

from __future__ import annotations

import random
from bisect import insort
from itertools import combinations

from bere_tui.engine.board import rules
from bere_tui.engine.board.events import (
    ActionDrawn,
    GameOver,
    HandDealt,
    HandPenalty,
    LuckDiscarded,
    LuckDrawn,
    LuckPlaced,
    PlayTwo,
    Revealed,
    RowFinished,
    RowGathered,
    RowTaken,
    Selected,
    SetUp,
    SpaceScored,
    StopPlaced,
    TileDrawn,
    TilePlaced,
    TileSwapped,
    TurnEnded,
)
from bere_tui.engine.board.layout import ACTION_KINDS, ACTIVE_ROWS, Board
from bere_tui.engine.board.reveals import Reveal
from bere_tui.engine.errors import IllegalAction, SetupError
from bere_tui.engine.events import Event
from bere_tui.engine.outcome import Outcome, Part, Score
from bere_tui.engine.protocol import TurnProtocol
from bere_tui.i18n import _, ngettext

VARIANT = "board"
SIDES = ("blue", "red")

#: the kinds of points a score is made of, in the order the end screen shows them (outcome())
POINT_KINDS = ("bull_plus", "bull_minus", "row_filled", "take_row", "plus5", "row_bonus", "hand")

#: the fields each kind of action carries besides "player" and "do" (docs/board.md)
ACTION_FIELDS = {
    "select": ("tiles", "card"),
    "stop_row": ("row",),
    "place_row": ("row",),
    "swap_row": ("row",),
    "luck": ("row", "space"),
}
ACTION_KEYS = {do: frozenset(("player", "do", *fields)) for do, fields in ACTION_FIELDS.items()}
#: the keys of the setup entry of `deals` (docs/board.md)
DEAL_KEYS = ("rows", "hands", "supply", "luck_deck", "action_deck")
OPTION_KEYS = ("side", "luck", "board", "board_sha256")


def _is_int(value) -> bool:
    return type(value) is int


class Game(TurnProtocol):
    """One game on one side of a board. Create it, then loop: look at `pending`, ask `legal(player)`,
    `apply(action)`."""

    variant = VARIANT
    SECRET = "select"  # BG3: every player chooses a tile at once, in secret
    ACTION_KEYS = ACTION_KEYS

    def __init__(self, players=("Player 1", "Player 2"), seed: int = 0, options: dict | None = None,
                 deals: list[dict] | None = None, board: Board | None = None) -> None:
        if board is None:
            raise SetupError(_("the board game needs a board"))
        self.board = board
        self.players = [p if isinstance(p, dict) else {"name": str(p)} for p in players]
        n = self.n = len(self.players)
        if not board.min_players <= n <= board.max_players:
            raise SetupError(_("{variant} is for {lo} to {hi} players, not {n}").format(
                variant=VARIANT, lo=board.min_players, hi=board.max_players, n=n))
        self.options = self._check_options(options)
        self.side = board.sides[self.options["side"]]
        self.specs = self.side.rows
        if len(self.specs) <= ACTIVE_ROWS or any(spec.length < 2 for spec in self.specs):  # BG-D4: a row to move to
            raise SetupError(_("a side of the board needs at least {k} rows of at least 2 spaces").format(
                k=ACTIVE_ROWS + 1))
        self.luck = self.options["luck"]
        if not _is_int(seed):
            raise SetupError(_("the seed must be a whole number"))
        self.seed = seed
        hands_needed = 2 if rules.second_hand_due(n, board.second_hand_max_players, 1) else 1
        if ACTIVE_ROWS + board.hand * n * hands_needed > board.tiles:
            raise SetupError(_("the board has {tiles} tiles, too few for {n} players").format(
                tiles=board.tiles, n=n))

        rng = random.Random(seed)  # the only randomness: the deal (BG2) and the two decks
        tiles = list(range(1, board.tiles + 1))
        rng.shuffle(tiles)
        luck_deck = list(board.luck_cards) if self.luck else []
        rng.shuffle(luck_deck)
        action_deck = list(board.action_cards) if self.side.pro else []
        rng.shuffle(action_deck)
        k = board.hand
        deal: dict[str, list] = {"rows": tiles[:ACTIVE_ROWS],
                "hands": [sorted(tiles[ACTIVE_ROWS + k * p:ACTIVE_ROWS + k * (p + 1)]) for p in range(n)],
                "supply": tiles[ACTIVE_ROWS + k * n:], "luck_deck": luck_deck, "action_deck": action_deck}
        if deals:
            deal = self._check_deal(deals)
        self.setup = {key: ([list(h) for h in v] if key == "hands" else list(v)) for key, v in deal.items()}

        self.rows: list[list[int]] = [[] for _r in self.specs]
        self.active: list[bool] = [False] * len(self.specs)
        for r, tile in enumerate(deal["rows"]):  # BG2: the first space of the top four rows
            self.rows[r] = [tile]
            self.active[r] = True
        self.hands: list[list[int]] = [sorted(h) for h in deal["hands"]]
        self.known: list[set[int]] = [set() for _p in range(n)]  # tiles of a hand everybody saw go in
        self.supply: list[int] = list(deal["supply"])  # top first
        self.luck_deck: list[str] = list(deal["luck_deck"])  # top first
        self.action_deck: list[str] = list(deal["action_deck"])
        self.held: list[list[str]] = [[] for _p in range(n)]  # action cards in hand (BG7), secret
        self.overlays: dict[tuple[int, int], str] = {}  # (row, space) -> luck card kind (BG6)
        self.out: list[int] = []  # tiles that left the game
        self.scores: list[int] = [0] * n  # BG1: score markers start at 0
        self.points_by: list[dict[str, int]] = [{} for _p in range(n)]  # each score by kind (outcome())
        self.ended_by: tuple[int, ...] = ()  # BG7: who ran out of tiles (the red side's end)
        self.two: list[bool] = [False] * n  # BG-D6: chooses two tiles next turn
        self.hand_no = 1
        self.turn = 0
        self.choices: dict[int, tuple[tuple[int, ...], str | None]] = {}
        self.waiting: list[int] = []
        self.revealed: tuple = ()
        self.reveals: tuple[Reveal, ...] = ()  # this hand's reveals, oldest first (public: reveals.py)
        self.draws: list[int] = [0] * n  # tiles each player drew from the supply this hand (BG7, public)
        self.queue: list[tuple[int, int, str | None]] = []  # placements still to come: (player, tile, card)
        self.stop_queue: list[int] = []  # players whose STOP card still acts this turn
        self.stops: set[int] = set()  # rows with a STOP token this turn
        self.placing: tuple[int, int] | None = None  # the tile being placed: (player, tile)
        self.luck_card: str | None = None  # the luck card being placed
        self.actions: list[dict] = []
        self.pending: dict | None = None
        self.finished = False
        self.winners: tuple[int, ...] = ()

        ev: list[Event] = [SetUp(n, self.side.name, self.luck, tuple((r, t) for r, t in enumerate(deal["rows"]))),
                           HandDealt(1, k)]
        self._start_turn()
        self.opening_events = ev

    # ------------------------------------------------------------------ setup

    def _check_options(self, options) -> dict:
        if options is None:
            options = {}
        if not isinstance(options, dict):
            raise SetupError(_("options must be an object"))
        extra = set(options) - set(OPTION_KEYS)
        if extra:
            raise SetupError(_("unknown option {key!r}").format(key=min(extra)))
        side = options.get("side", "blue")
        if not isinstance(side, str) or side not in self.board.sides:  # a list from a record cannot be hashed
            raise SetupError(_("option 'side': this board has the sides {sides}, not {side!r}").format(
                sides=", ".join(self.board.sides), side=side))
        luck = options.get("luck", False)
        if not isinstance(luck, bool):
            raise SetupError(_("option 'luck' must be true or false"))
        sha = options.get("board_sha256")
        if sha is not None and sha != self.board.sha256:
            raise SetupError(_("the board file {name!r} is not the one this game was played on (its contents "
                               "changed)").format(name=self.board.name))
        return {"side": side, "luck": luck, "board": self.board.name, "board_sha256": self.board.sha256}

    def _check_deal(self, deals: list) -> dict:
        """The setup entry of the record (docs/board.md), checked."""
        if not isinstance(deals, list) or len(deals) != 1:
            raise SetupError(_("deals: {variant} has one entry, the setup").format(variant=VARIANT))
        deal = deals[0]
        where = _("deal {i}").format(i=0)
        if not isinstance(deal, dict):
            raise SetupError(_("{where}: must be an object").format(where=where))
        extra = set(deal) - set(DEAL_KEYS)
        if extra:
            raise SetupError(_("{where}: unknown field {field!r}").format(where=where, field=min(extra)))
        for key in DEAL_KEYS:
            if key not in deal or not isinstance(deal[key], list):
                raise SetupError(_("{where}: the field {field!r} must be a list").format(where=where, field=key))
        n, board = self.n, self.board
        if len(deal["rows"]) != ACTIVE_ROWS:
            raise SetupError(_("{where}: 'rows' must give {k} start tiles (BG2)").format(where=where,
                                                                                      k=ACTIVE_ROWS))
        hands = deal["hands"]
        if len(hands) != n or any(not isinstance(h, list) or len(h) != board.hand for h in hands):
            raise SetupError(_("{where}: 'hands' must hold {k} tiles for each of the {n} players (BG2)").format(
                where=where, k=board.hand, n=n))
        seen: set[int] = set()
        for tile in deal["rows"] + [t for h in hands for t in h] + deal["supply"]:
            if not _is_int(tile) or not 1 <= tile <= board.tiles:
                raise SetupError(_("{where}: {tile!r} is not a tile (1 to {k})").format(
                    where=where, tile=tile, k=board.tiles))
            if tile in seen:
                raise SetupError(_("{where}: tile {tile} is dealt twice").format(where=where, tile=tile))
            seen.add(tile)
        if len(seen) != board.tiles:
            missing = min(set(range(1, board.tiles + 1)) - seen)
            raise SetupError(_("{where}: tile {tile} is missing (every tile is dealt)").format(
                where=where, tile=missing))
        for key, cards in (("luck_deck", board.luck_cards if self.luck else ()),
                           ("action_deck", board.action_cards if self.side.pro else ())):
            if sorted(map(str, deal[key])) != sorted(cards):
                raise SetupError(_("{where}: {field!r} must hold this board's cards, in any order").format(
                    where=where, field=key))
        return deal

    # ------------------------------------------------------------------ flow

    def _start_turn(self) -> None:
        """BG3: every player holding tiles chooses in secret."""
        self.turn += 1
        self.choices = {}
        self.revealed = ()
        self.waiting = [p for p in range(self.n) if self.hands[p]]
        self.pending = {"do": "select", "players": self.waiting}

    def open_rows(self) -> list[int]:
        """The rows a tile may go to now: active (BG2) and without a STOP token this turn (BG7)."""
        return [r for r, on in enumerate(self.active) if on and r not in self.stops]

    def _advance(self, ev: list[Event]) -> None:
        """Resolve until a decision is needed (self.pending) or the game is over."""
        while self.pending is None and not self.finished:
            if self.stop_queue:
                p = self.stop_queue.pop(0)
                if self._stop_rows():
                    self.pending = {"do": "stop_row", "player": p}
                    return
                ev.append(StopPlaced(p, None))  # no token left: the card is spent
                continue
            if self.queue:
                p, tile, card = self.queue.pop(0)
                self.placing = (p, tile)
                if card == "place_anywhere":
                    self.pending = {"do": "place_row", "player": p, "tile": tile}
                    return
                if card == "swap":
                    self.pending = {"do": "swap_row", "player": p, "tile": tile}
                    return
                ends = {r: self.rows[r][-1] for r in self.open_rows()}
                r, how = rules.target_row(ends, tile)  # BG3
                self._land(p, tile, r, how, ev)
                continue
            self.placing = None
            self._end_turn(ev)

    def _stop_rows(self) -> list[int]:
        """BG7 (stop card): rows a STOP token may go on: an open row, while a token is left, and never the
        last open row."""
        if len(self.stops) >= self.board.stop_tokens:
            return []
        rows = self.open_rows()
        return rows if len(rows) > 1 else []

    def _land(self, p: int, tile: int, r: int, how: str, ev: list[Event]) -> None:
        """The tile lands on the next space of row r; the space acts at once (BG-D3)."""
        self.placing = None
        landed = rules.land(self.rows, self.active, self.specs, self.overlays, r, tile)
        i, kind, others = landed.space, landed.kind, landed.others
        ev.append(TilePlaced(p, tile, r, i, how))
        points = rules.points(landed, tile, self.specs[r], self.board.heads)  # BG4, BG6, BG-D4, BG-D5
        minus = points < 0
        if kind == "final":  # BG4, BG-D4: the final space
            bonus = landed.overlay == "final_bonus"  # BG6: the row's sum paid instead of lost
            self.out.extend(others)
            self._score(p, "row_bonus" if bonus else "row_filled", points)
            assert landed.to is not None, "BG-D4: a final space moves the tile to another row"
            ev.append(RowFinished(p, r, tile, others, points, landed.to, bonus))
        elif kind == "plus5":  # BG6: +5 instead of any other effect
            self._score(p, "plus5", points)
            ev.append(SpaceScored(p, r, i, "plus5", points))
        elif kind is not None:
            if kind in ("bull_plus", "bull_minus"):  # BG4: the tile's bullheads, or the printed value
                self._score(p, kind, points)
                ev.append(SpaceScored(p, r, i, kind, points))
            elif kind == "take_row":  # BG-D5
                self.out.extend(others)
                self._score(p, "take_row", points)
                ev.append(RowTaken(p, r, tile, others, points))
            elif kind == "play_two":  # BG-D6
                self.two[p] = True
                ev.append(PlayTwo(p))
            elif kind == "draw_tile":  # BG7
                if self.supply:
                    insort(self.hands[p], self.supply.pop(0))
                    self.draws[p] += 1
                    ev.append(TileDrawn(p))
            elif kind == "row_to_hand":  # BG7: the row's tiles into the hand instead of minus points
                for t in others:
                    insort(self.hands[p], t)
                self.known[p].update(others)
                ev.append(RowGathered(p, r, tile, others))
            elif kind == "action_card" and self.action_deck:  # BG7 (none when the deck is used up)
                self.held[p].append(self.action_deck.pop(0))
                self.held[p].sort(key=ACTION_KINDS.index)
                ev.append(ActionDrawn(p))
        if minus and self.luck and self.luck_deck:  # BG6: minus points draw a luck card
            kind = self.luck_deck.pop(0)
            ev.append(LuckDrawn(p, kind))
            if self.luck_targets(kind):
                self.luck_card = kind
                self.pending = {"do": "luck", "player": p, "card": kind}
            else:
                ev.append(LuckDiscarded(p, kind))

    def _score(self, p: int, kind: str, points: int) -> None:
        """p's score marker moves by `points`, kept by kind for the outcome."""
        self.scores[p] += points
        self.points_by[p][kind] = self.points_by[p].get(kind, 0) + points

    def luck_targets(self, kind: str) -> list[tuple[int, int]]:
        """BG6: the spaces a luck card may change: plus5 an empty space of an active row short of its final
        space, final_bonus the final space of an active row; never a space already changed."""
        out: list[tuple[int, int]] = []
        for r, on in enumerate(self.active):
            if not on:
                continue
            final = self.specs[r].final
            spaces = range(len(self.rows[r]), final) if kind == "plus5" else (final,)
            out.extend((r, i) for i in spaces if (r, i) not in self.overlays)
        return out

    def _end_turn(self, ev: list[Event]) -> None:
        self.stops = set()  # BG7: the STOP tokens come back
        ev.append(TurnEnded(self.turn, tuple(self.scores)))
        empty = [p for p in range(self.n) if not self.hands[p]]
        over = bool(empty) if self.side.pro else len(empty) == self.n  # BG7 pro end; BG-D7
        if not over:
            self._start_turn()
            return
        if rules.second_hand_due(self.n, self.board.second_hand_max_players, self.hand_no):  # BG2
            k = min(self.board.hand, len(self.supply) // self.n)
            if k:
                self.hand_no = 2
                self.reveals = ()  # the public history is of the hand being played
                self.draws = [0] * self.n
                for p in range(self.n):
                    for t in self.supply[:k]:
                        insort(self.hands[p], t)
                    del self.supply[:k]
                ev.append(HandDealt(2, k))
                self._start_turn()
                return
        if self.side.pro:  # BG7: the others lose the bullheads left in their hands
            self.ended_by = tuple(empty)
            for p in range(self.n):
                if self.hands[p]:
                    left = tuple(self.hands[p])
                    points = -sum(self.board.heads[t] for t in left)
                    self._score(p, "hand", points)
                    self.out.extend(left)
                    self.hands[p] = []
                    self.known[p] = set()
                    ev.append(HandPenalty(p, left, points))
        self.winners = rules.winners(self.scores)
        self.finished = True
        self.pending = None
        ev.append(GameOver(self.winners, tuple(self.scores)))

    # ------------------------------------------------------------------ queries

    def totals(self) -> list[int]:
        """The scores as they stand (the name `bere sim` uses)."""
        return list(self.scores)

    def outcome(self) -> Outcome:
        """Who wins (BG5, BG-D7: the most points; ties share), each score by kind (green and red bulls, BG4;
        rows filled and taken, BG-D4, BG-D5; the luck cards' +5 and row bonus, BG6; on the red side the tiles
        left in hand, BG7) and why the game ended: every tile played (BG-D7), or on the red side a player ran
        out of tiles (BG7: `ended_by`)."""
        kinds = [k for k in POINT_KINDS if k != "hand" or self.side.pro]
        scores = tuple(Score(total, tuple(Part(k, self.points_by[p].get(k, 0)) for k in kinds))
                       for p, total in enumerate(self.scores))
        ended = ("out_of_tiles" if self.side.pro else "tiles_played") if self.finished else ""
        return Outcome(True, tuple(self.winners), scores, ended, self.ended_by if self.finished else ())

    def refuse_secret(self, p: int) -> None:
        if not self.hands[p] and p not in self.choices:
            raise IllegalAction(_("player {p} has no tile left").format(p=p))
        raise IllegalAction(_("player {p} has already chosen this turn").format(p=p))

    def tiles_to_choose(self, player: int) -> int:
        """BG-D6: two tiles after a play-two space, while the hand holds two; else one."""
        return 2 if self.two[player] and len(self.hands[player]) >= 2 else 1

    def legal(self, player: int) -> list[dict]:
        """Every action `player` may take now (empty when it is not their decision)."""
        pend = self.pending
        if pend is None:
            return []
        do = pend["do"]
        if do == "select":
            if player not in self.waiting:
                return []
            hand = self.hands[player]
            picks = ([[t] for t in hand] if self.tiles_to_choose(player) == 1
                     else [list(c) for c in combinations(hand, 2)])
            cards = [None, *dict.fromkeys(self.held[player])]
            return [{"player": player, "do": "select", "tiles": tiles, "card": c} for c in cards for tiles in picks]
        if pend["player"] != player:
            return []
        if do == "luck":
            return [{"player": player, "do": "luck", "row": r, "space": i}
                    for r, i in self.luck_targets(pend["card"])]
        rows = self._stop_rows() if do == "stop_row" else self.open_rows()
        return [{"player": player, "do": do, "row": r} for r in rows]

    def describe_secret(self, players: list[int]) -> str:
        return ngettext("a tile from player {players}", "tiles from players {players}", len(players)).format(
            players=", ".join(map(str, players)))

    def view(self, player: int | None = None):
        """What `player` may know (None: the public table). See engine/board/view.py."""
        from bere_tui.engine.board.view import make_view

        return make_view(self, player)

    def record(self) -> dict:
        """The game so far as a bere-record/1 object (docs/board.md, variant `board`)."""
        return {
            "format": "bere-record/1",
            "variant": VARIANT,
            "options": dict(self.options),
            "players": [dict(p) for p in self.players],
            "seed": self.seed,
            "deals": [{k: ([list(h) for h in v] if k == "hands" else list(v)) for k, v in self.setup.items()}],
            "actions": [dict(a) for a in self.actions],
        }

    # ------------------------------------------------------------------ actions

    def apply(self, action: dict) -> list[Event]:
        """Check `action`, carry it out, and return the events it caused. Raises IllegalAction, changing nothing."""
        p, do = self.check_action(action)
        getattr(self, "_check_" + do)(p, action)  # everything is checked before anything changes
        ev: list[Event] = []
        getattr(self, "_do_" + do)(p, action, ev)
        self.actions.append(dict(action))  # a copy: the caller's dict cannot rewrite the record
        if self.pending is None:
            self._advance(ev)
        return ev

    def _check_select(self, p: int, action: dict) -> None:
        tiles, card = action["tiles"], action["card"]
        k = self.tiles_to_choose(p)
        if not isinstance(tiles, list) or len(tiles) != k:
            raise IllegalAction(ngettext("player {p} chooses {k} tile this turn",
                                         "player {p} chooses {k} tiles this turn", k).format(p=p, k=k))
        for t in tiles:  # before the set below: a tile that is no int (a list) cannot be hashed
            if not _is_int(t) or t not in self.hands[p]:
                raise IllegalAction(_("tile {tile!r} is not in player {p}'s hand").format(tile=t, p=p))
        if len(set(tiles)) != len(tiles):
            raise IllegalAction(_("the same tile twice"))
        if card is not None and (not isinstance(card, str) or card not in self.held[p]):
            raise IllegalAction(_("player {p} holds no action card {card!r}").format(p=p, card=card))

    def _do_select(self, p: int, action: dict, ev: list[Event]) -> None:
        tiles, card = tuple(sorted(action["tiles"])), action["card"]
        for t in tiles:
            self.hands[p].remove(t)  # a known tile stays known until the reveal: the choice is secret
        if card is not None:
            self.held[p].remove(card)
        self.choices[p] = (tiles, card)
        self.waiting.remove(p)
        ev.append(Selected(p))
        if self.waiting:
            return
        self.reveals += (self._reveal(),)
        for q, (ts, _c) in self.choices.items():  # at the reveal, not before: the views keep the secret
            self.known[q].difference_update(ts)
            self.two[q] = False  # BG-D6: the two tiles are chosen (a play-two space below may set it again)
        # BG3: all revealed; play_first's tiles first (BG7), then lowest first. An action card goes with the
        # first tile its owner places this turn.
        placements = sorted(((0 if c == "play_first" else 1, t, q) for q, (ts, c) in self.choices.items()
                             for t in ts))
        first: dict[int, int] = {}
        for _k, t, q in placements:
            first.setdefault(q, t)
        self.queue = [(q, t, self.choices[q][1] if first[q] == t else None) for _k, t, q in placements]
        self.stop_queue = [q for q, t in first.items() if self.choices[q][1] == "stop"]
        self.revealed = tuple((q, ts, c) for q, (ts, c) in sorted(self.choices.items()))
        self.pending = None
        ev.append(Revealed(self.turn, self.revealed, tuple((q, t) for _k, t, q in placements)))

    def _reveal(self) -> Reveal:
        """This turn's choices with the table they were made at, as everyone sees them at the reveal."""
        chosen = self.choices
        return Reveal(self.turn, tuple(tuple(row) for row in self.rows), tuple(self.active),
                      tuple(sorted(self.overlays.items())),
                      tuple(len(self.hands[q]) + len(chosen[q][0]) if q in chosen else len(self.hands[q])
                            for q in range(self.n)),
                      tuple(self.draws), len(self.luck_deck) if self.luck else 0,
                      tuple((q, ts, c) for q, (ts, c) in sorted(chosen.items())))

    def _check_row(self, action: dict, rows: list[int]) -> int:
        r = action["row"]
        if not _is_int(r) or not 0 <= r < len(self.specs):
            raise IllegalAction(_("row {row!r} does not exist").format(row=r))
        if r not in rows:
            if not self.active[r]:
                raise IllegalAction(_("row {row} is not an active row").format(row=r))
            raise IllegalAction(_("row {row} has a STOP token this turn").format(row=r))
        return r

    def _check_stop_row(self, p: int, action: dict) -> None:
        self._check_row(action, self._stop_rows())

    def _do_stop_row(self, p: int, action: dict, ev: list[Event]) -> None:
        self.stops.add(action["row"])
        ev.append(StopPlaced(p, action["row"]))
        self.pending = None

    def _check_place_row(self, p: int, action: dict) -> None:
        self._check_row(action, self.open_rows())

    def _do_place_row(self, p: int, action: dict, ev: list[Event]) -> None:
        self.pending = None
        self._land(p, self._placed_tile(), action["row"], "anywhere", ev)

    _check_swap_row = _check_place_row

    def _do_swap_row(self, p: int, action: dict, ev: list[Event]) -> None:
        r = action["row"]
        tile = self._placed_tile()
        row = self.rows[r]
        taken = row[-1]
        row[-1] = tile
        insort(self.hands[p], taken)
        self.known[p].add(taken)
        self.placing = None
        self.pending = None
        ev.append(TileSwapped(p, tile, r, len(row) - 1, taken))

    def _placed_tile(self) -> int:
        """The tile being placed (a row is asked for it only while one is: place_row, swap_row)."""
        assert self.placing is not None, "a row is asked for a tile only while one is placed"
        return self.placing[1]

    def _check_luck(self, p: int, action: dict) -> None:
        r, i = action["row"], action["space"]
        assert self.pending is not None, "check_action refused every action once the game is over"
        if (r, i) not in self.luck_targets(self.pending["card"]) or not (_is_int(r) and _is_int(i)):
            raise IllegalAction(_("the luck card cannot change row {row!r}, space {space!r}").format(row=r, space=i))

    def _do_luck(self, p: int, action: dict, ev: list[Event]) -> None:
        kind = self.luck_card
        assert kind is not None, "a place for a luck card is asked only while one is drawn (BG6)"
        self.overlays[(action["row"], action["space"])] = kind
        self.luck_card = None
        self.pending = None
        ev.append(LuckPlaced(p, kind, action["row"], action["space"]))

    # ------------------------------------------------------------------ copying

    def copy(self) -> Game:
        """An independent copy (for bots' look-ahead and tests)."""
        g = Game.__new__(Game)
        g.__dict__.update(self.__dict__)
        g.rows = [r[:] for r in self.rows]
        g.hands = [h[:] for h in self.hands]
        g.known = [set(k) for k in self.known]
        g.held = [h[:] for h in self.held]
        for name in ("active", "supply", "luck_deck", "action_deck", "out", "scores", "two", "queue",
                     "stop_queue", "actions", "draws"):
            setattr(g, name, list(getattr(self, name)))
        g.overlays = dict(self.overlays)
        g.points_by = [dict(d) for d in self.points_by]
        g.stops = set(self.stops)
        g.choices = dict(self.choices)
        g.waiting = list(self.waiting)
        if self.pending is not None:
            g.pending = dict(self.pending)
            if "players" in g.pending:
                g.pending["players"] = g.waiting
        return g


__all__ = ["ACTION_FIELDS", "SIDES", "VARIANT", "Game"]
