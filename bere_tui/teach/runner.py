"""A lesson being played: the real engine, the scripted seats, and the narration steps in step with both.

The screen (or the validator, or a test) asks `next_beat()` again and again and acts on what it gets:

- `event`: one event of the game to show (placements come one at a time); with `text` when a step narrates it;
- `say`: narration only;
- `ask`: the learner must decide now (`game.pending` says what); answer with `submit(action)`;
- `done`: the lesson is over.

`event` and `say` beats with text wait for the learner to read them; the runner does not care how long.
A move that the lesson did not ask for is not applied: `submit` returns a `Verdict` that explains what it
would do, from what the learner may know, beside the lesson's move (teach.explain).
"""

from __future__ import annotations

import random
from collections import deque
from dataclasses import dataclass, fields

from bere_tui.bots import make_bot
from bere_tui.bots.runner import deciders
from bere_tui.engine import BereError, IllegalAction
from bere_tui.engine.events import Event
from bere_tui.engine.nimmt import Game
from bere_tui.i18n import _
from bere_tui.record import RecordError, new_game, parse_record
from bere_tui.systems import system_of
from bere_tui.teach.lesson import Lesson, LessonError, Step
from bere_tui.teach.outcome import Explanation


@dataclass
class Beat:
    kind: str  # "event", "say", "ask", "done"
    text: str = ""
    event: Event | None = None
    step: Step | None = None
    point: str | None = None


@dataclass
class Verdict:
    accepted: bool
    explanation: str = ""
    events: list[Event] | None = None  # what the move would have caused (not applied)
    explained: Explanation | None = None  # a move the lesson did not ask for, explained (teach.explain)


def as_plain(value):
    """Event fields as JSON would hold them (tuples become lists), for comparing with lesson data."""
    if isinstance(value, (tuple, list)):
        return [as_plain(v) for v in value]
    return value


def event_matches(ev: Event, spec: dict) -> bool:
    """`spec` is {"type": "Placed", "card": 23, ...}: the event's class and every field given are equal."""
    if type(ev).__name__ != spec.get("type"):
        return False
    names = {f.name for f in fields(ev)}
    for key, want in spec.items():
        if key == "type":
            continue
        if key not in names or as_plain(getattr(ev, key)) != as_plain(want):
            return False
    return True


def same_action(a: dict, b: dict) -> bool:
    def norm(x):
        return {k: (sorted(v) if k == "cancel" and isinstance(v, list) else v) for k, v in x.items()}

    return norm(a) == norm(b)


class LessonRun:
    """One play of a lesson. Deterministic: the same key presses give the same game."""

    def __init__(self, lesson: Lesson, seed: int | None = None, snapshots: bool = False) -> None:
        """`snapshots`: keep a copy of the game after each action, so that a table drawn from the game (not
        from the events) can show each event with the game as it was right after its action (`shown`)."""
        self.lesson = lesson
        self.snapshots = snapshots
        self.shown = None  # with snapshots: the game as it was after the action of the last event handed out
        self.learner = lesson.learner
        record = dict(lesson.record)
        if lesson.practice is not None:
            record["seed"] = seed if seed is not None else random.randrange(2**31)
        self.game, self.history = _prelude(record, lesson.source)
        self.script = list(lesson.others)
        self.script_pos = 0
        self.bots = {}
        if lesson.practice is not None:
            others = [p for p in range(self.game.n) if p != self.learner]
            base = self.game.seed
            self.bots = {p: make_bot(name, base * 31 + p) for p, name in zip(others, lesson.practice)}
        self.events: deque[Event] = deque()
        self._states: deque = deque()  # with snapshots: the game after each queued event's action
        self.index = 0  # the step being played
        self.wrong_moves = 0
        self._play_others()

    # ------------------------------------------------------------------ state

    @property
    def step(self) -> Step | None:
        steps = self.lesson.steps
        return steps[self.index] if self.index < len(steps) else None

    @property
    def practising(self) -> bool:
        """The steps are over and the practice game goes on."""
        return self.lesson.practice is not None and self.step is None and not self.game.finished

    def learner_decides(self) -> bool:
        return self.learner in deciders(self.game)

    def expected(self) -> dict | None:
        step = self.step
        if step is None or step.expect is None:
            return None
        return {"player": self.learner, **step.expect}

    def _fail(self, message: str) -> LessonError:
        return LessonError(_("{file}: step {i}: {problem}").format(
            file=self.lesson.source, i=self.index, problem=message))

    # ------------------------------------------------------------------ flow

    def next_beat(self) -> Beat:
        while True:
            step = self.step
            if step is None:
                if self.events:
                    return Beat("event", event=self._pop())
                if self.practising and self.learner_decides():
                    return Beat("ask")
                return Beat("done", text=self.lesson.done)
            kind = step.kind
            if kind == "event":
                if not self.events:
                    raise self._fail(_("it waits for {event}, which does not happen before {pending}").format(
                        event=step.on_event, pending=self.game.describe_pending()))
                ev = self._pop()
                if event_matches(ev, step.on_event):
                    self.index += 1
                    return Beat("event", text=step.say, event=ev, step=step, point=step.point)
                return Beat("event", event=ev)
            if kind == "expect":
                if self.events:
                    return Beat("event", event=self._pop())
                if not self.learner_decides():
                    raise self._fail(_("it expects a move of the learner, but the game waits for {pending}").format(
                        pending=self.game.describe_pending()))
                return Beat("ask", text=step.say, step=step, point=step.point)
            self.index += 1
            return Beat("say", text=step.say, step=step, point=step.point)

    def _queue(self, events: list[Event]) -> None:
        self.events.extend(events)
        if self.snapshots:
            state = self.game.copy()
            self._states.extend(state for _e in events)

    def _pop(self) -> Event:
        if self._states:
            self.shown = self._states.popleft()
        return self.events.popleft()

    def submit(self, action: dict) -> Verdict:
        """The learner's move: applied when it is the one the lesson asks for (or in practice, any legal move)."""
        want = self.expected()
        if want is None and not self.practising:
            return Verdict(False, _("The lesson is not waiting for a move now."))
        if want is not None and not same_action(action, want):
            self.wrong_moves += 1
            return self.explain(action)
        try:
            events = self.game.apply(action)
        except IllegalAction as exc:
            return Verdict(False, str(exc))
        self._queue(events)
        if want is not None:
            self.index += 1
        self._play_others()
        return Verdict(True, events=events)

    def _play_others(self) -> None:
        """Apply the other seats' moves as soon as the game asks for them (their script, or their bots)."""
        game = self.game
        while game.pending is not None:
            others = [p for p in deciders(game) if p != self.learner]
            if not others:
                return
            if self.bots:
                p = others[0]
                action = self.bots[p].choose(game.view(p), game.legal(p))
            else:
                if self.script_pos >= len(self.script):
                    return
                action = self.script[self.script_pos]
                if action.get("player") not in others:
                    return
                self.script_pos += 1
            try:
                self._queue(game.apply(action))
            except IllegalAction as exc:
                raise LessonError(_("{file}: others[{i}] ({action}): {why} (the game was asking for {asked})").format(
                    file=self.lesson.source, i=self.script_pos - 1, action=action, why=exc,
                    asked=game.describe_pending())) from None

    def _scripted(self, trial: Game, still) -> list[Event]:
        """The other seats' scripted moves, as `_play_others` would play them, on `trial` (a copy of the game)
        while `still(trial)` holds: what the lesson will play after a move of the learner."""
        pos, events = self.script_pos, []
        while trial.pending is not None and still(trial) and pos < len(self.script):
            others = [p for p in deciders(trial) if p != self.learner]
            action = self.script[pos]
            if not others or action.get("player") not in others:
                break
            try:
                events += trial.apply(action)
            except IllegalAction:
                break
            pos += 1
        return events

    # ------------------------------------------------------------------ help

    def hint(self) -> tuple[str, dict | None]:
        """What to do now: the step's hint and its move, or in practice the heuristic bot's choice and why."""
        want = self.expected()
        if want is not None:
            return self.step.hint or "", want
        if self.practising and self.learner_decides():
            return system_of(self.game.variant).part("hint")(self.game, self.learner)
        return "", None

    def explain(self, action: dict) -> Verdict:
        """What `action` would do, from what the learner may know, beside the lesson's move (teach.explain)."""
        step = self.step
        aim = step.aim if step else None
        tell = system_of(self.game.variant).part("explain")
        try:  # the lesson knows the others' cards: its script (a practice game's bots: nobody knows)
            told = tell(self.game, self.learner, action, self.expected(), aim,
                        script=None if self.bots else self._scripted)
        except IllegalAction as exc:
            return Verdict(False, str(exc))
        return Verdict(False, told.text, told.events, told)


def _prelude(record: dict, source: str) -> tuple[Game, list[Event]]:
    """The game of the lesson's record after its actions (the prelude), and every event so far (for the log)."""
    try:
        model, actions = parse_record(record)
        game = new_game(model)
    except RecordError as exc:
        raise LessonError(_("{file}: record: {why}").format(file=source, why=exc)) from None
    history = list(game.opening_events)
    for i, action in enumerate(actions):
        try:
            history += game.apply(action)
        except BereError as exc:
            raise LessonError(_("{file}: record: action {i}: {why}").format(file=source, i=i, why=exc)) from None
    return game, history
