"""A game record played again action by action: the events of every action, and the replay viewer's steps.

`events_by_action(game)` rebuilds a game from its own record and keeps the events of each action, so a game
that was saved and loaded again has its log back. `Replay` turns those events into steps, one per event (an
action with no event, such as passing on a special card, is a step of its own). Each step keeps what the
viewer shows at that moment: the rows and scores (the same TableShow the live table follows event by event,
set from the engine's public view after each action), every hand and each secret choice before the reveal
(it is a replay: nothing is hidden), and how many steps of the log are written. The steps are built as they
are asked for, so the first one is ready at once however long the record. `Replay.line(step)` tells a
step in one sentence (table.narrate), the secret choices and the decisions that changed nothing included.
`decisions(game)` gives each action with the game just before it, for the game review (bere_tui/review).
"""

from __future__ import annotations

from bisect import insort
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from typing import Any

from bere_tui.engine.nimmt import Game
from bere_tui.engine.nimmt import events as ev
from bere_tui.record import new_game, parse_record
from bere_tui.table.narrate import narrate
from bere_tui.table.nimmt.model import TableShow
from bere_tui.table.nimmt.narrate import narrate_action, narrate_choice
from bere_tui.table.sentence import Sentence


def events_by_action(game: Game) -> tuple[Game, list[dict], list[list[ev.Event]]]:
    """Play `game`'s record again from the deal: (the game rebuilt, its actions, the events of each action).

    The record comes from a game the engine accepted, so every action applies again (the record is exact).
    """
    model, actions = parse_record(game.record())  # (any game system's: record.py asks the registry)
    fresh = new_game(model)
    return fresh, actions, [fresh.apply(action) for action in actions]


def decisions(game) -> Iterator[tuple[int, object, dict]]:
    """Each of `game`'s recorded actions with the game as it stood just before it (any game system), played again
    from the record's deal: (its index, the game then, the action). The game yielded is one object, moved on
    after each yield: read what is needed (a player's view, the legal actions) before asking for the next."""
    model, actions = parse_record(game.record())
    replayed = new_game(model)
    for i, action in enumerate(actions):
        yield i, replayed, action
        replayed.apply(action)


@dataclass(frozen=True)
class Step:
    """One moment of the replay: after `event` (None: an action that caused no event)."""

    index: int
    action: dict | None  # the action that caused the event; None for the deal before the first action
    event: ev.Event | None
    show: TableShow  # rows, bullheads, the reveal, as the table shows them
    hands: tuple[tuple[int, ...], ...]
    specials: tuple[tuple[str, ...], ...]
    chosen: tuple[int | None, ...]  # each player's card chosen this turn, until the reveal (B3)
    round: int


class Stepper:
    """The moving part of every replay viewer: steps built as they are asked for (`step`, `move`,
    `build_more`), never all before the first one shows (a long record took seconds before the viewer drew
    anything, issue 36), and the ways to move through them: by step, by turn, by round. A replay says how its
    steps are built (`build_more`) and marks the steps that start a turn and a round."""

    def __init__(self) -> None:
        self._steps: list = []
        self.turn_marks: list[int] = []  # the steps that start a turn (a deal, a reveal), as far as built
        self.round_marks: list[int] = []  # the steps that start a round, as far as built

    @property
    def complete(self) -> bool:  # pragma: no cover - each replay says
        raise NotImplementedError

    def build_more(self, actions: int = 100) -> bool:  # pragma: no cover - each replay says
        """The steps of up to `actions` more of the record's actions; whether every step is built now."""
        raise NotImplementedError

    @property
    def built(self) -> list:
        """The steps built so far, in order (do not change the list)."""
        return self._steps

    def build_all(self) -> None:
        while not self.build_more(1000):
            pass

    @property
    def steps(self) -> list:
        """Every step of the game (built first where they are not yet)."""
        self.build_all()
        return self._steps

    def step(self, index: int):
        """The step at `index` (0: the deal), built if it is not yet; the last step for an index past it."""
        while index >= len(self._steps) and not self.build_more():
            pass
        return self._steps[min(index, len(self._steps) - 1)]

    @property
    def last(self) -> int:
        """The index of the last step (every step built first)."""
        self.build_all()
        return len(self._steps) - 1

    def move(self, index: int, by: str, forward: bool) -> int:
        """The step one step ("event"), turn or round on from `index` (or back); the first or last step at the
        ends. Moving on builds the steps up to the one it lands on.

        Back by a turn goes to the start of the current turn if `index` is past it, as a player would expect.
        """
        if by == "event":
            return max(0, self.step(index + 1).index if forward else index - 1)
        marks = self.turn_marks if by == "turn" else self.round_marks
        if not forward:
            return next((m for m in reversed(marks) if m < index), 0)
        while not marks or marks[-1] <= index:  # (the marks so far end before `index`: build on)
            if self.build_more():
                break
        return next((m for m in marks if m > index), self.last)


@dataclass(frozen=True)
class ActionStep:
    """One moment of a replay that steps by decision: the game after `action` (None: the deal), a copy, and
    the events the action caused."""

    index: int
    action: dict | None
    events: tuple
    state: Any
    turn: int  # the turn the decision was made in (the state may be on the next one)


class ActionReplay(Stepper):
    """A game record played again one decision at a time, for any game system: each step keeps the game as it
    stood after the decision (every hand in it: a replay hides nothing) and what the decision caused.
    `turn_starts(events)` and `round_starts(events)` say which steps start a turn and a round (the game's own
    events: its reveal, its deal)."""

    def __init__(self, game, turn_starts: Callable[[list], bool], round_starts: Callable[[list], bool]) -> None:
        super().__init__()
        model, actions = parse_record(game.record())
        replayed = new_game(model)
        self.game = game
        self.variant = replayed.variant
        self.names = [p["name"] for p in replayed.players]
        self._replayed, self._actions, self._applied = replayed, actions, 0
        self._turn_starts, self._round_starts = turn_starts, round_starts
        self._add(None, list(replayed.opening_events), replayed.turn)

    @property
    def complete(self) -> bool:
        return self._applied == len(self._actions)

    def build_more(self, actions: int = 100) -> bool:
        for action in self._actions[self._applied:self._applied + actions]:
            turn = self._replayed.turn
            self._add(action, self._replayed.apply(action), turn)
            self._applied += 1
        return self.complete

    def _add(self, action: dict | None, events: list, turn: int) -> None:
        step = ActionStep(len(self._steps), action, tuple(events), self._replayed.copy(), turn)
        self._steps.append(step)
        if action is None or self._turn_starts(events):
            self.turn_marks.append(step.index)
        if action is None or self._round_starts(events):
            self.round_marks.append(step.index)


class Replay(Stepper):
    """Every step of one 6 nimmt! game, one per event, and the ways to move through them (by event, by turn, by
    round: Stepper). `steps` and `last` build the rest first."""

    def __init__(self, game: Game) -> None:
        model, actions = parse_record(game.record())
        replayed = new_game(model)
        self.game = game  # the game as loaded, every action applied: the state of the last step
        self.variant = replayed.variant
        self.names = [p["name"] for p in replayed.players]
        self.levels: list[str | None] = [p.get("bot") for p in replayed.players]
        n = len(self.names)
        self._replayed = replayed  # the record played again as far as the steps are built
        self._actions = actions
        self._applied = 0  # how many of the record's actions have their steps
        super().__init__()
        self._show = TableShow(round_heads=[0] * n, totals=[0] * n)
        self._hands: list[list[int]] = [[] for _ in range(n)]
        self._specials: list[list[str]] = [[] for _ in range(n)]
        self._chosen: list[int | None] = [None] * n
        self._round = 0
        self._follow(None, replayed.opening_events, replayed, 0)  # the deal before the first action

    # ------------------------------------------------------------------ building

    @property
    def complete(self) -> bool:
        """Whether every step is built (then `len(built)` is the number of steps)."""
        return self._applied == len(self._actions)

    def build_more(self, actions: int = 100) -> bool:
        """The steps of up to `actions` more of the record's actions; whether every step is built now."""
        for action in self._actions[self._applied:self._applied + actions]:
            turn = self._replayed.turn  # the turn a choice is made for
            self._follow(action, self._replayed.apply(action), self._replayed, turn)
            self._applied += 1
        return self.complete

    def _starts_round(self, step: Step) -> bool:
        if not isinstance(step.event, ev.Dealt):
            return False
        return step.index == 0 or self._steps[step.index - 1].round != step.event.round

    def _sync(self, game: Game) -> None:
        """Every hand and every player's special cards as the engine holds them (a replay hides nothing; one
        view per player for each action took a third of the time before a long game showed, issue 36)."""
        self._hands = [list(hand) for hand in game.hands]
        self._specials = [list(specials) for specials in game.specials]

    def _follow(self, action: dict | None, events: list[ev.Event], after: Game, turn: int) -> None:
        """Steps for one action's events; `after` is the game once the action is applied, `turn` the turn it
        was taken in."""
        if not events:
            self._show.clear_marks()
        for k, event in enumerate(events):
            if isinstance(event, ev.Selected):
                self._show.clear_marks()
                self._show.turn = turn
                card = action["card"] if action is not None else None
                if card in self._hands[event.player]:
                    self._hands[event.player].remove(card)
                self._chosen[event.player] = card
            else:
                self._show.apply(event)
            if isinstance(event, ev.Revealed):
                self._chosen = [None] * len(self._chosen)
            elif isinstance(event, ev.Drafted):
                insort(self._hands[event.player], event.card)
            elif isinstance(event, ev.SpecialPlayed) and event.special in self._specials[event.player]:
                self._specials[event.player].remove(event.special)
            elif isinstance(event, ev.Dealt) and event.round != self._round:
                self._round = event.round  # a new round: its hands are those of the state after the action
                self._sync(after)
            if k == len(events) - 1:
                self._settle(after)
            self._add(action, event)
        if not events:
            self._settle(after)
            self._add(action, None)

    def _settle(self, after: Game) -> None:
        """The end of an action: the table and hands are the engine's (the events only lead up to them). The
        step keeps the turn its event belongs to: after a turn's last placement the game is on the next."""
        turn = self._show.turn
        self._show.sync(after.view(None))
        self._show.turn = turn
        self._sync(after)

    def _add(self, action: dict | None, event: ev.Event | None) -> None:
        step = Step(
            index=len(self._steps), action=action, event=event, show=self._show.copy(),
            hands=tuple(tuple(h) for h in self._hands), specials=tuple(tuple(s) for s in self._specials),
            chosen=tuple(self._chosen), round=self._round)
        self._steps.append(step)
        if isinstance(event, (ev.Dealt, ev.Revealed)):
            self.turn_marks.append(step.index)
        if self._starts_round(step):
            self.round_marks.append(step.index)

    def line(self, step: Step) -> Sentence | None:
        """What the step did, in one sentence: a replay also tells the secret choices and the decisions that
        changed nothing on the table."""
        if isinstance(step.event, ev.Selected):
            return narrate_choice(step.event.player, step.chosen[step.event.player], self.names)
        if step.event is not None:
            return narrate(step.event, self.names)
        if step.action is None:
            return None
        return narrate_action(step.action, self.names)
