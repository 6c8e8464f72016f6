"""The table director: one game, its seats, and the beats a screen draws, with no Textual in sight.

It is the one place that knows who decides now, when the keyboard must change hands, and when the game is
saved. A seat is a person at this keyboard, a bot, or (next) a remote person; a screen asks `next_beat()`
again and again and draws what it gets (see table.beats).

Hot seat (more than one person at this keyboard): before every private decision of a person who does not hold
the keyboard, whatever the decision (card, low-card row, special card, cancellation, swap), a `HandOff` comes
first (B10: a hand is secret). A private decision is a secret choice (B3, BP5, BG3) or any decision while the
hands are hidden. Whenever the whole table has watched something (a reveal, the placements, a take: a watched
event), nobody holds the keyboard any more: the next private decision gets a hand-off even when the same person
decides again. A decision that shows and makes nothing secret (the Pro draft and, with every hand open, a
low-card take: P3) gets no hand-off; its `Ask` says `new_hands` when it comes to another person, so that the
prompt waits for the keys to stop as a hand-off does. With one person and bots there are no hand-offs.

Bots decide from their own view and legal actions. Their choices for the secret selection (B3) are taken from
the views of the moment the selection began, so a bot thinking ahead while the people choose decides exactly
as one asked afterwards: the same seed gives the same game however fast anyone types.
"""

from __future__ import annotations

import threading
from collections import deque
from collections.abc import Callable

from bere_tui.bots import BOTS, make_bot
from bere_tui.engine import IllegalAction
from bere_tui.engine.events import Event
from bere_tui.engine.nimmt import Game
from bere_tui.i18n import N_, Said, _
from bere_tui.table.beats import Ask, Beat, BotTurn, GameEnd, HandOff, RoundSummary, ShowEvents

#: the bot that sits in for a seat whose level is unknown, and that moves for a bot that failed
FALLBACK_BOT = "heuristic"
#: decisions whose only legal move is made without asking: a forced move tells nothing secret (the number of
#: cards in a hand, the draft pool and the rows are public). 6 nimmt!: the last card, the last of the draft
#: pool, a low-card take with one row open; Bullenparty: a bid with one card, the one row left to take or to
#: add to, the one place for a card laid out; the board game: the one open row for a STOP token, an
#: action card's tile or a luck card's one space.
FORCED = frozenset({"select", "draft", "take_row", "bid", "take", "zero_row", "lay",
                    "stop_row", "place_row", "swap_row", "luck"})


class BotFailed(Exception):
    """A bot raised or answered with an illegal action."""


class TableDirector:
    """One game at the table. `on_action(game)` runs after every action (the autosave); `on_finish(game)` once,
    when the game is over (keeping it: the replays folder and the history)."""

    def __init__(self, game: Game, on_action: Callable[[Game], None] | None = None,
                 history: list[list[Event]] | None = None, own_terminals: bool = False) -> None:
        self.game = game
        self.own_terminals = own_terminals  # each person at a terminal of their own (bere serve): no hand-offs
        self.on_action = on_action
        self.on_finish: Callable[[Game], None] | None = None
        self._finished_kept = False
        self.names = [p["name"] for p in game.players]
        self.levels: list[str | None] = [p.get("bot") for p in game.players]
        self.bots = {p: make_bot(level if level in BOTS else FALLBACK_BOT, game.seed * 1000 + p, game.variant)
                     for p, level in enumerate(self.levels) if level is not None}
        self.people = [p for p, level in enumerate(self.levels) if level is None]
        self.holder: int | None = None  # the person who last took the keyboard
        self.last_holder: int | None = None  # who held it last (also after the whole table watched something)
        self.history: list[list[Event]] = list(history or [])  # the events of each action so far (the log)
        self._beats: deque[Beat] = deque()
        self._phase: tuple | None = None  # the selection (round, turn) whose bot views are kept
        self._bot_views: dict[int, tuple] = {}  # player -> (view, legal) at the start of the selection
        self._thought: dict[int, tuple[dict, str | Said]] = {}  # player -> (action, notice) decided ahead
        self._lock = threading.Lock()

    # ------------------------------------------------------------------ seats

    def is_bot(self, p: int) -> bool:
        return p in self.bots

    @property
    def hot_seat(self) -> bool:
        """More than one person shares the keyboard: hands stay hidden between hand-offs."""
        return len(self.people) > 1 and not self.own_terminals

    def seat_to_bot(self, p: int, level: str = FALLBACK_BOT) -> None:
        """A person's seat is taken over by a bot (a remote player who left), from their next decision on."""
        self.levels[p] = level
        self.bots[p] = make_bot(level, self.game.seed * 1000 + p, self.game.variant)
        if p in self.people:
            self.people.remove(p)

    def seat_back(self, p: int) -> None:
        """The person whose seat a bot took over is back: the seat is theirs again from its next decision on."""
        with self._lock:
            self.levels[p] = None
            self.bots.pop(p, None)
            self._thought.pop(p, None)
            self._bot_views.pop(p, None)
        if p not in self.people:
            self.people = sorted([*self.people, p])

    def stand_in(self, p: int) -> dict:
        """A bot's move for the person `p` (their decision's clock ran out): made from `p`'s own view."""
        game = self.game
        legal = game.legal(p)
        try:
            action = make_bot(FALLBACK_BOT, game.seed * 1000 + p, game.variant).choose(game.view(p), legal)
        except Exception:  # noqa: BLE001 - no fallback bot for this game: its first legal move
            action = legal[0]
        return action if action in legal else legal[0]

    def private_decision(self) -> bool:
        """The pending decision shows or makes something secret: a secret choice of several players (B3, BP5,
        BG3), or any decision while the hands are hidden (B10: its prompt shows the hand). Not the Pro draft,
        nor a low-card take with every hand open (P3)."""
        return self.secret_choice() or not self.game.hands_public

    def needs_handoff(self, p: int) -> bool:
        """B10: a person who does not hold the keyboard gets it handed over before a private decision."""
        return self.hot_seat and self.holder != p and self.private_decision()

    def _watched_by_all(self, beat: Beat) -> bool:
        """At a hot-seat table the screen shows this beat to everyone (the public table)."""
        if isinstance(beat, RoundSummary):
            return True
        return isinstance(beat, ShowEvents) and (beat.forced is not None or any(e.watched for e in beat.events))

    def keyboard_player(self) -> int | None:
        """Whose view the screen between decisions may show: the one person playing against bots; at a
        hot-seat table nobody's (the public table)."""
        return self.people[0] if len(self.people) == 1 else None

    def waiting_for(self) -> list[int]:
        return self.game.deciders()

    def secret_choice(self) -> bool:
        """Several players choose at once, in secret (6 nimmt!'s card, B3; Bullenparty's bid, BP5)."""
        pend = self.game.pending
        return pend is not None and "players" in pend

    def bots_think_ahead(self) -> bool:
        """A secret choice of several players (B3, BP5) in which bots choose too: while the people choose, the
        bots' choices may be thought out (`think_ahead`, in a worker thread), the same as when asked later."""
        return self.secret_choice() and any(self.is_bot(q) for q in self.waiting_for())

    # ------------------------------------------------------------------ beats

    def next_beat(self) -> Beat:
        """What the screen draws next. Forced moves are made here and come back as `ShowEvents`."""
        while True:
            if self._beats:
                beat = self._beats.popleft()
                if self.hot_seat and self._watched_by_all(beat):
                    self.holder = None  # the keyboard changes hands anew
                return beat
            game = self.game
            if game.finished:
                if self.on_finish is not None and not self._finished_kept:
                    self._finished_kept = True
                    self.on_finish(game)
                return GameEnd(tuple(game.winners))
            do = game.pending["do"]
            if self.secret_choice():
                self._start_selection()
            p = self.next_decider()
            if self.is_bot(p):
                return BotTurn(p, do)
            legal = game.legal(p)
            if self.plays_for(p, do, legal):
                self._apply(legal[0], forced=p)
                continue
            if self.needs_handoff(p):
                return HandOff(p, do, again=p == self.last_holder)
            return Ask(p, do, new_hands=self.hot_seat and self.holder != p)

    def plays_for(self, p: int, do: str, legal: list[dict]) -> bool:
        """The person `p`'s only possible move is made without asking them (FORCED)."""
        return do in FORCED and len(legal) == 1

    def to_ask(self) -> list[int]:
        """The people to ask now in a secret choice of several players (B3, BP5, BG3), where each person at a
        terminal of their own is asked at once: every person who decides, except one whose only move the table
        makes for them (plays_for) when their turn in `next_beat` comes. Such a move is never asked: an answer
        to it could come after the table had made it, for a decision that is no longer theirs."""
        game = self.game
        do = game.pending["do"] if game.pending is not None else ""
        return [p for p in game.deciders() if not self.is_bot(p) and not self.plays_for(p, do, game.legal(p))]

    def next_decider(self) -> int:
        """People first, in seat order, then bots (B3: the selection is secret, so the order changes nothing)."""
        waiting = self.game.deciders()
        people = [p for p in waiting if not self.is_bot(p)]
        return (people or waiting)[0]

    def handed_off(self, p: int) -> None:
        """The person `p` pressed the key of their hand-off: they hold the keyboard now."""
        self.holder = self.last_holder = p

    def went_back(self) -> None:
        """The person at the keyboard hid their hand again: the next decision needs a hand-off."""
        self.holder = None

    def decide(self, p: int, action: dict, notice: str | Said = "") -> list[Event]:
        """`p`'s action (a person's answer or a bot's thought). Raises the engine's IllegalAction, changing
        nothing; a person's private decision must come from an `Ask` while they hold the keyboard."""
        person_at_hot_seat = not self.is_bot(p) and self.hot_seat
        if person_at_hot_seat and self.holder != p and self.private_decision():
            raise IllegalAction(_("{name} does not hold the keyboard").format(name=self.names[p]))
        if not isinstance(action, dict) or action.get("player") != p:
            raise IllegalAction(_("that action is not {name}'s").format(name=self.names[p]))
        if person_at_hot_seat:
            self.holder = self.last_holder = p  # (a public decision: whoever answered holds the keyboard now)
        return self._apply(action, notice=notice)

    def _apply(self, action: dict, forced: int | None = None, notice: str | Said = "") -> list[Event]:
        events = self.game.apply(action)
        # (a bot's action comes after its thought; a person's touches no bot's entry: no lock needed)
        self._thought.pop(action["player"], None)
        self._bot_views.pop(action["player"], None)  # its selection is made
        self.history.append(events)
        if self.on_action is not None:
            self.on_action(self.game)
        self._queue_events(events, forced, notice)
        return events

    def _queue_events(self, events: list[Event], forced: int | None, notice: str | Said) -> None:
        """The events as beats: a round summary between rounds (B8), none after the last one (the results)."""
        over = any(e.ends_game for e in events)
        chunk: list[Event] = []
        for event in events:
            chunk.append(event)
            if event.ends_round and not over:
                self._beats.append(ShowEvents(tuple(chunk), forced, notice))
                self._beats.append(RoundSummary(event))
                chunk, forced, notice = [], None, ""
        if chunk or forced is not None or notice:
            self._beats.append(ShowEvents(tuple(chunk), forced, notice))

    # ------------------------------------------------------------------ bots

    def _start_selection(self) -> None:
        """At the start of each secret choice of several players (B3, BP5), before anyone chooses: the views the
        bots decide from."""
        game = self.game
        phase = (getattr(game, "round", None), game.turn)  # (the board game counts turns only)
        if self._phase != phase:
            with self._lock:
                self._phase = phase
                self._bot_views = {q: (game.view(q), game.legal(q)) for q in game.deciders() if self.is_bot(q)}
                self._thought = {}

    def _bot_question(self, p: int) -> tuple:
        """The view and legal actions bot `p` decides from. For the selection, those of its start."""
        if p in self._bot_views:
            return self._bot_views[p]
        return self.game.view(p), self.game.legal(p)

    def think(self, p: int) -> tuple[dict, str | Said]:
        """Bot `p`'s action and a notice (empty unless the bot failed and a simple move was made for it).
        Safe to call from a worker thread; a selection thought out ahead is not thought out again."""
        with self._lock:
            if p in self._thought:
                return self._thought[p]
            view, legal = self._bot_question(p)
            selection = p in self._bot_views
            try:
                action = self.bots[p].choose(view, legal)
                if action not in legal:
                    raise BotFailed(repr(action))
                notice = ""
            except Exception as exc:  # noqa: BLE001 - whatever a bot does wrong, the game goes on
                try:
                    action = make_bot(FALLBACK_BOT, p).choose(view, legal)
                except Exception:  # noqa: BLE001 - no fallback bot for this game (yet): its first legal move
                    action = legal[0]
                # (said in the words of whoever reads it: at a shared table, each seat's language)
                notice = Said(N_("{name} (bot) could not decide ({problem}); a simple move was made for it."),
                              name=self.names[p], problem=type(exc).__name__)
            if selection:
                self._thought[p] = (action, notice)
            return action, notice

    def think_ahead(self) -> None:
        """During the selection: every bot's card, thought out now (for a worker thread while people choose).
        It reads only the views kept at the start of the selection, never the game being changed."""
        with self._lock:
            bots = [p for p in self._bot_views if p not in self._thought]
        for p in bots:
            if p in self.bots:  # (not a seat its person has taken back meanwhile)
                self.think(p)


__all__ = ["FALLBACK_BOT", "FORCED", "BotFailed", "TableDirector"]
