"""A lesson being played: the real engine, the scripted seats, and the narration steps in step with both.

`LessonRun` is the table's director (table/director.py) for a table of one learner, so that the lesson screen
drives a lesson as the table screen drives a game: it asks `next_beat()` again and again and acts on the beats
of table/beats.py, one of which only a lesson says:

- `ShowEvents`: the events of an action to show, one at a time;
- `Say`: narration, which waits for the learner to read it; with `event`, the one event it talks about (an
  `on_event` step), shown first;
- `Ask`: the learner must decide now (`game.pending` says what; `step` what the lesson asks); answer with
  `submit(action)`;
- `BotTurn`: a bot of a practice game decides (`think`, in a worker thread; then `decide`), as at the table;
- `RoundSummary`: a round was scored and another follows;
- `GameEnd`: the lesson is over (a scripted lesson ends with its steps, its game unfinished).

The other seats' scripted moves are the lesson's data, played as soon as the game asks for them, so the learner
decides after the others as the lesson was written. A practice game's bots are the director's: they decide from
their own views in `BotTurn`s, and the learner is asked every decision (the last card too: no move is made for
them). A move that the lesson did not ask for is not applied: `submit` returns a `Verdict` that explains what it
would do, from what the learner may know, beside the lesson's move (teach.explain).
"""

from __future__ import annotations

import random
from dataclasses import dataclass, fields
from itertools import islice

from bere_tui.bots import make_bot
from bere_tui.bots.runner import deciders
from bere_tui.engine import BereError, IllegalAction
from bere_tui.engine.events import Event
from bere_tui.engine.nimmt import Game
from bere_tui.i18n import _
from bere_tui.record import RecordError, new_game, parse_record
from bere_tui.systems import system_of
from bere_tui.table.beats import Ask, Beat, GameEnd, Say, ShowEvents
from bere_tui.table.director import TableDirector
from bere_tui.teach.lesson import Lesson, LessonError, Step
from bere_tui.teach.outcome import Explanation


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


def events_of(beat: Beat) -> tuple[Event, ...]:
    """The events a beat shows: all of a `ShowEvents`, the one a `Say` talks about, none of the others."""
    if isinstance(beat, ShowEvents):
        return beat.events
    if isinstance(beat, Say) and beat.event is not None:
        return (beat.event,)
    return ()


def same_action(a: dict, b: dict) -> bool:
    def norm(x):
        return {k: (sorted(v) if k == "cancel" and isinstance(v, list) else v) for k, v in x.items()}

    return norm(a) == norm(b)


class LessonRun(TableDirector):
    """One play of a lesson. Deterministic: the same key presses give the same game."""

    def __init__(self, lesson: Lesson, seed: int | None = None, snapshots: bool = False) -> None:
        """`snapshots`: keep a copy of the game after each action, so that a table drawn from the game (not
        from the events) can show each event with the game as it was right after its action (`shown`)."""
        self.lesson = lesson
        self.snapshots = snapshots
        self.shown: Game | None = None  # with snapshots: the game after the action of the last events handed out
        self.learner = lesson.learner
        record = dict(lesson.record)
        if lesson.practice is not None:
            record["seed"] = seed if seed is not None else random.randrange(2**31)
        game, self.prelude = _prelude(record, lesson.source)
        super().__init__(game)  # (the learner is its one person: no hand-offs)
        self.script = list(lesson.others)
        self.script_pos = 0
        self.bots = {}  # the other seats play their script
        if lesson.practice is not None:  # or are the practice game's bots
            others = [p for p in range(game.n) if p != self.learner]
            self.bots = {p: make_bot(name, game.seed * 31 + p) for p, name in zip(others, lesson.practice)}
        self._after: dict[int, tuple[Beat, Game]] = {}  # with snapshots: id(beat) -> (beat, the game after it)
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

    @property
    def queued(self) -> int:
        """The beats made and not handed out yet (what an action did, still to be shown)."""
        return len(self._beats)

    def learner_decides(self) -> bool:
        return self.learner in deciders(self.game)

    def expected(self) -> dict | None:
        step = self.step
        if step is None or step.expect is None:
            return None
        return {"player": self.learner, **step.expect}

    def plays_for(self, p: int, do: str, legal: list[dict]) -> bool:
        """A lesson asks the learner every decision, also one with a single possible move."""
        return False

    def _fail(self, message: str) -> LessonError:
        return LessonError(_("{file}: step {i}: {problem}").format(
            file=self.lesson.source, i=self.index, problem=message))

    # ------------------------------------------------------------------ flow

    def next_beat(self) -> Beat:
        beat = self._lesson_beat()
        kept = self._after.pop(id(beat), None)
        if kept is not None:
            self.shown = kept[1]
        return beat

    def _lesson_beat(self) -> Beat:
        if self._beats and isinstance(self._beats[0], Say):  # an event step's words, after the events before it
            return self._beats.popleft()
        step = self.step
        if step is None:
            if self.lesson.practice is not None:
                return super().next_beat()  # the practice game, as at the table
            if self._beats:
                return self._beats.popleft()
            return GameEnd(tuple(self.game.winners) if self.game.finished else ())
        if step.kind == "event":
            if not self._beats:
                raise self._fail(_("it waits for {event}, which does not happen before {pending}").format(
                    event=step.on_event, pending=self.game.describe_pending()))
            beat = self._beats.popleft()
            if isinstance(beat, ShowEvents):
                for i, event in enumerate(beat.events):
                    if event_matches(event, step.on_event):
                        self.index += 1
                        return self._told(beat, i, step)
            return beat
        if step.kind == "expect":
            if self._beats:
                return self._beats.popleft()
            if not self.learner_decides():
                raise self._fail(_("it expects a move of the learner, but the game waits for {pending}").format(
                    pending=self.game.describe_pending()))
            return Ask(self.learner, self.game.pending["do"])
        self.index += 1
        return Say(step.say, step.point)

    def _told(self, beat: ShowEvents, i: int, step: Step) -> Beat:
        """`beat`'s events up to its i-th, which `step` narrates: those before it, then the step's `Say` about it;
        the events after it wait in the queue."""
        events = beat.events
        parts: list[Beat] = []
        if i or beat.forced is not None or beat.notice:
            parts.append(ShowEvents(events[:i], beat.forced, beat.notice))
        parts.append(Say(step.say, step.point, events[i]))
        if i + 1 < len(events):
            parts.append(ShowEvents(events[i + 1:]))
        kept = self._after.pop(id(beat), None)
        for part in parts:
            if kept is not None:
                self._after[id(part)] = (part, kept[1])
        self._beats.extendleft(reversed(parts[1:]))
        return parts[0]

    def _queue_events(self, events: list[Event], forced: int | None, notice: str) -> None:
        before = len(self._beats)
        super()._queue_events(events, forced, notice)
        if self.snapshots:
            state = self.game.copy()
            for beat in islice(self._beats, before, None):
                self._after[id(beat)] = (beat, state)

    def submit(self, action: dict) -> Verdict:
        """The learner's move: applied when it is the one the lesson asks for (or in practice, any legal move)."""
        want = self.expected()
        if want is None and not self.practising:
            return Verdict(False, _("The lesson is not waiting for a move now."))
        if want is not None and not same_action(action, want):
            self.wrong_moves += 1
            return self.explain(action)
        try:
            events = self.decide(self.learner, action)
        except IllegalAction as exc:
            return Verdict(False, str(exc))
        if want is not None:
            self.index += 1
        self._play_others()
        return Verdict(True, events=events)

    def _play_others(self) -> None:
        """The other seats' scripted moves, as soon as the game asks for them."""
        game = self.game
        while game.pending is not None and self.script_pos < len(self.script):
            others = [p for p in deciders(game) if p != self.learner]
            action = self.script[self.script_pos]
            if action.get("player") not in others:
                return
            self.script_pos += 1
            try:
                self._apply(action)
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
