"""A game's face: what one game system draws at the table, in a lesson and in the replay viewer (its widgets, its
drawing, its prompts).

The table screen (ui/screens/table.py), the lesson screen (ui/screens/lesson.py) and the replay viewer
(ui/screens/replay.py) are the same for every game: they run the loop (the director's beats, the lesson's beats,
the replay's keys) and host the face of the game being played, which their registry entry names
(bere_tui/systems.py, the "face" part). A face is made by its screen, `Face(host,
lesson)`, and draws into the widgets it composed there; it asks its host for what it draws from:

- `host.names`, `host.levels`, `host.ascii`, `host.size`, `host.app`, `host.query_one`;
- `host.game`: the game as it is; `host.drawn()`: the game the table shows now (in a lesson: as it was after the
  event being told);
- `host.viewer`: whose view the table shows (None: the public table; in a lesson the learner's);
- at the table and in a lesson: `host.session` (the director; in a lesson the lesson's run, teach.runner),
  `host.set_status`, `host.pause(steps)`, `host.settle()`, `host.log_event(event)`;
- at the table: `host.redraw()` (the header and the face), `host.write_log(line)`, `host.set_animating(on)`;
- in the replay viewer: `host.replay` (the steps, table/replay.py's Stepper, which the face's `replay(game)`
  made) and `host.index` (the step shown). The face draws a step (`compose_replay`, `draw_step`), names its
  steps, turns and rounds (REPLAY_KEYS, `step_parts`) and tells the whole game as one log (`replay_log`).

Its CSS (`CSS`) is default CSS (as a widget's DEFAULT_CSS is), scoped to the host's class `-face-NAME` (NAME the
system's name): write its rules as `.-face-NAME #bg-rows { ... }`, or `TableScreen.-face-NAME` / `LessonScreen.
-face-NAME` where the table and the lesson differ.
"""

from __future__ import annotations

from typing import Any, ClassVar

from rich.cells import cell_len
from rich.text import Text
from textual.app import ComposeResult
from textual.containers import VerticalScroll
from textual.widgets import Static

from bere_tui.i18n import NP_, _
from bere_tui.table.narrate import log_line, narrate
from bere_tui.table.replay import ActionReplay, Stepper


class TableFace:
    """The drawing of one game system, hosted by the table screen and by the lesson screen."""

    #: its rules, default CSS scoped by the host's `-face-NAME` class (see the module's docstring)
    CSS: ClassVar[str] = ""
    #: how long each kind of event stays on screen, in steps of the placement speed
    EVENT_STEPS: ClassVar[dict[type, float]] = {}
    #: the widgets a lesson step's `point` names (lesson files: hand, rows, scores, pile, log, specials)
    POINTS: ClassVar[dict[str, str]] = {}
    #: the mark beside a player who has made their secret choice
    DONE_MARK: ClassVar[str] = "+"
    #: in a lesson the table is drawn from the game as it was after each event, so the lesson keeps a copy of
    #: the game after every event (teach.runner); False: the face folds each event into a model of its own
    SNAPSHOTS: ClassVar[bool] = True

    def __init__(self, host: Any, lesson: bool = False) -> None:
        self.host = host
        self.lesson = lesson
        self.marks: dict[int, str] = {}

    @property
    def ascii(self) -> bool:
        return self.host.ascii

    @property
    def names(self) -> list[str]:
        return self.host.names

    def view(self):
        """What the table shows now: the public table, or in a lesson the learner's view of it."""
        return self.host.drawn().view(self.host.viewer)

    # ------------------------------------------------------------------ both screens

    def compose(self) -> ComposeResult:
        """The table's widgets, between the screen's header (or the lesson's narration) and the key bar. Among
        them a `#status` line and a GameLog."""
        raise NotImplementedError

    def mount(self) -> None:
        """Once its widgets are mounted (before the first drawing)."""

    def draw(self) -> None:
        """The table as `view()` shows it."""
        raise NotImplementedError

    def set_marks(self, marks: dict[int, str]) -> None:
        """Marks beside the players' names (">" who decides, DONE_MARK who has chosen)."""
        self.marks = marks
        self.draw()

    def on_resize(self) -> None:
        self.draw()

    def on_suspend(self) -> None:
        """A screen (a prompt, a hand-off) came over the host."""

    def on_resume(self) -> None:
        """The host is the screen on top again."""

    def prompt_class(self, do: str) -> type:
        """The prompt class of decision `do`."""
        raise NotImplementedError

    def prompt(self, view, legal: list[dict]):
        """The prompt for a person's decision, at the table and in a lesson (which guides it:
        ui/teach_prompt.py)."""
        return self.prompt_class(legal[0]["do"] if legal else view.pending["do"])(view, legal, ascii=self.ascii)

    # ------------------------------------------------------------------ the table

    #: how many of `header_parts()`'s first parts name the game (its name, its variant or side); they give way
    #: first, from the left, when the header is too wide, so that the game's state and the host's note stay
    HEADER_LEAD: ClassVar[int] = 2

    def header_parts(self) -> list[str]:
        """The header's parts: HEADER_LEAD parts that name the game, then its state (round, turn, ...)."""
        raise NotImplementedError

    def header(self) -> Text:
        """The table's header line, the same in every game: the parts that name the game, the host's note (a
        shared table's clock and code), the game's state, then "? help" at the right. When a translation or
        the note makes it too long, the hint goes first (the key bar names ? too), then the naming parts from
        the left: the note and the state stay."""
        parts = self.header_parts()
        lead = min(self.HEADER_LEAD, len(parts))
        note = self.host.header_note()
        if note:
            parts.insert(lead, note)
        hint = _("? help")
        width = self.host.size.width or 80
        for dropped in range(lead + 1):
            line = " " + " - ".join(parts[dropped:])
            if dropped == 0 and cell_len(line) + cell_len(hint) + 2 <= width:
                out = Text(line, style="bold")
                out.append(" " * (width - out.cell_len - cell_len(hint) - 1))
                out.append(hint, style="dim")
                return out
            if cell_len(line) <= width or dropped == lead:
                return Text(line, style="bold", no_wrap=True, overflow="ellipsis")
        raise AssertionError("unreachable")  # pragma: no cover

    def draw_hand(self, view, note: str | None = None) -> None:
        """At the table: the hand of `view` (the person at the keyboard's), or no hand: `note` says why (None:
        the hands stay hidden between hand-offs)."""
        raise NotImplementedError

    def make_room_for_log(self) -> None:
        """While a prompt covers the bottom of the table, the log may make room for its newest line."""

    def forced_text(self, name: str) -> str:
        """The log's line for a decision with one possible move, made at once."""
        return _("{name} has only one choice here: it is made at once.").format(name=name)

    def choosing_text(self, name: str) -> str:
        """The status line while `name` makes their secret choice."""
        return _("{name} is choosing a card.").format(name=name)

    def handoff_screen(self, p: int, do: str, again: bool = False):
        """The hand-off to `p` before their decision `do`; `again`: the same person held the keyboard before the
        table watched something (HandOff.again)."""
        from bere_tui.ui.screens.handoff import HandoffScreen

        game = self.host.game
        return HandoffScreen(self.names[p], do, game.round, game.turn, again=again)

    def tracker(self, view):
        """The screen the tracker key opens, for the person at the keyboard's `view`."""
        raise NotImplementedError

    async def round_summary(self, scored) -> None:
        """Between two rounds at the table (a game without round summaries has no RoundSummary beats)."""

    async def show_events(self, events: list) -> None:
        """An action's events at the table, one at a time: each one's line in the log and on the status line,
        the table drawn from the game as it is."""
        host = self.host
        host.set_animating(host.app.speed != "off" and any(type(e) in self.EVENT_STEPS for e in events))
        self.before_events(events)
        host.redraw()  # (the header too)
        for event in events:
            line = log_line(event, self.names, self.ascii)
            if line is None:
                continue
            host.write_log(line)
            host.set_status(line.plain)
            await host.pause(self.EVENT_STEPS.get(type(event), 0.0))
        host.set_animating(False)
        self.marks = {}
        host.redraw()

    def before_events(self, events: list) -> None:
        """Before an action's events are shown (what they changed may be marked)."""

    # ------------------------------------------------------------------ a lesson

    @staticmethod
    def your_move(do: str) -> str:
        """The practice game's narration while the learner decides."""
        return _("Your move: choose a card. Press i for a hint: what a careful player would do, and why.")

    def tell(self, event) -> str | None:
        """The status line for `event` in a lesson (None: none), after folding it into what the face keeps."""
        told = narrate(event, self.names, you=self.host.viewer, why=True)
        return told.plain if told is not None else None

    def secret(self, event) -> bool:
        """A secret choice: nothing shows of it on the table."""
        return False

    def deals_hands(self, event) -> bool:
        """The event deals new hands (the learner's hand is drawn again when it shows)."""
        return False

    def lesson_hand(self) -> None:
        """In a lesson: the learner's hand."""
        raise NotImplementedError

    def sync(self) -> None:
        """Before a lesson's decision: the table exactly as the engine has it (the host draws from the game as
        it is now)."""
        self.draw()
        self.lesson_hand()

    # ------------------------------------------------------------------ the replay viewer

    #: the replay viewer's names of its keys (ui/screens/replay.py, step_keys): a step, a turn and a round, each
    #: on and back
    REPLAY_KEYS: ClassVar[tuple[str, str, str, str, str, str]] = (
        # TRANSLATORS: the replay viewer's keys: one decision, turn or round on (or back)
        NP_("replay key", "decision"), NP_("replay key", "decision back"), NP_("replay key", "turn"),
        NP_("replay key", "turn back"), NP_("replay key", "round"), NP_("replay key", "round back"))

    #: the replay's turns and rounds: a step whose events have one of TURN_STARTS starts a turn (the game's
    #: reveal), one of ROUND_STARTS a round (its deal)
    TURN_STARTS: ClassVar[tuple[type, ...]] = ()
    ROUND_STARTS: ClassVar[tuple[type, ...]] = ()

    @classmethod
    def replay(cls, game) -> Stepper:
        """The steps of `game`'s replay: one per decision, every hand in each (table/replay.py's ActionReplay),
        the turns and rounds starting at the events TURN_STARTS and ROUND_STARTS name."""
        return ActionReplay(game, lambda events: any(isinstance(e, cls.TURN_STARTS) for e in events),
                            lambda events: any(isinstance(e, cls.ROUND_STARTS) for e in events))

    def compose_replay(self) -> ComposeResult:
        """The replay viewer's widgets under its header: the table as the step left it, every hand, what the step
        did."""
        raise NotImplementedError

    def draw_step(self) -> None:
        """The step `host.index` of `host.replay`."""
        raise NotImplementedError

    def step_parts(self, step) -> list[str]:
        """Where `step` is in the game, for the replay's header ("round 2", "turn 3")."""
        raise NotImplementedError

    def step_lines(self, step) -> list[Text]:
        """What `step` did, in lines (a secret choice shown: a replay hides nothing)."""
        raise NotImplementedError

    def replay_hands(self, step, width: int = 78) -> Text:
        """Every hand at `step`, under a heading (a replay hides nothing), and each secret choice not yet
        revealed; `width`: the room for a line."""
        raise NotImplementedError

    def end_lines(self, game) -> list[Text]:
        """The whole log's last lines: `game` as it ended (its totals)."""
        return [totals_line(game, self.names)] if game.finished else []

    def replay_log(self) -> list[Text]:
        """The whole game as one log (the replay's `g`): every step's lines, every hand as dealt at the start of
        each round, and the end."""
        replay = self.host.replay
        lines: list[Text] = []
        rounds = set(replay.round_marks)
        for step in replay.steps:
            lines += self.step_lines(step)
            if step.index in rounds:
                lines.append(self.replay_hands(step))
        return lines + self.end_lines(replay.game)


def totals_line(game, names: list[str]) -> Text:
    """Every player's total: "Ann 31, Ben 17"."""
    totals = game.totals()
    return Text(", ".join(_("{name} {score}").format(name=names[p], score=totals[p]) for p in range(len(names))))


class ViewFace(TableFace):
    """A face drawn from views alone (no model of its own), whose hand is one text in a Static `#hand-area`,
    written by its `hand_text(view, ascii)` (Bullenparty's, the board game's)."""

    #: in a lesson the hand takes one line (what does not fit ends in "…"), so that the table stays in view
    ONE_LINE_HAND: ClassVar[bool] = False

    @staticmethod
    def hand_text(view, ascii: bool) -> Text:
        raise NotImplementedError

    def draw_hand(self, view, note: str | None = None) -> None:
        area = self.host.query_one("#hand-area", Static)
        if view is not None:
            area.update(self.hand_text(view, self.ascii))
        else:
            area.update(Text(note or _("Hands stay hidden: each person sees theirs after their hand-off."),
                             style="dim"))

    def lesson_hand(self) -> None:
        view = self.view()
        hand = self.hand_text(view, self.ascii) if not view.finished else Text()
        if self.ONE_LINE_HAND:
            hand.no_wrap, hand.overflow = True, "ellipsis"
        self.host.query_one("#hand-area", Static).update(hand)

    # ------------------------------------------------------------------ the replay viewer

    @staticmethod
    def replay_css(name: str) -> str:
        """The replay viewer's rules for the face of system `name` (its CSS begins with them)."""
        return """
    ReplayScreen.-face-NAME #replay-rows { height: auto; padding: 0 1; }
    ReplayScreen.-face-NAME #replay-scores { height: auto; padding: 0 1; }
    ReplayScreen.-face-NAME #replay-hands { height: auto; padding: 0 1; }
    ReplayScreen.-face-NAME #replay-below { height: 1fr; padding: 0 1; }
    """.replace("NAME", name)

    def compose_replay(self) -> ComposeResult:
        yield Static(id="replay-rows")
        yield Static(id="replay-scores")
        yield Static(id="replay-hands")
        with VerticalScroll(id="replay-below", can_focus=False):  # (its own keys would hide the screen's)
            yield Static(id="replay-step")  # (what the decision did: a turn's placements may be many)

    def replay_table(self, view) -> tuple[Text, Text]:
        """The rows and the scores of the public `view` of a step."""
        raise NotImplementedError

    def draw_step(self) -> None:
        host = self.host
        step = host.replay.step(host.index)
        rows, scores = self.replay_table(step.state.view(None))
        host.query_one("#replay-rows", Static).update(rows)
        host.query_one("#replay-scores", Static).update(scores)
        host.query_one("#replay-hands", Static).update(self.replay_hands(step))
        lines = self.step_lines(step)
        ends = step.state.finished and step.index == host.replay.last
        if ends:  # the end: the totals under who wins
            lines.append(Text(totals_line(step.state, self.names).plain, style="bold"))
        host.query_one("#replay-step", Static).update(Text("\n").join(lines))
        below = host.query_one("#replay-below", VerticalScroll)
        if ends:  # (who wins shows, the last line)
            host.call_after_refresh(below.scroll_end, animate=False)
        else:
            below.scroll_home(animate=False)

    def step_lines(self, step) -> list[Text]:
        lines = [Text(_("The deal"), style="bold")] if step.action is None else []
        if step.action is not None:
            chose = self.choice_line(step.action, step.state)
            if chose is not None:
                lines.append(chose)
        return lines + [line for event in step.events for line in self.event_lines(event)]

    def event_lines(self, event) -> list[Text]:
        """An event's lines in the replay: the log's line (none for an event the log does not tell)."""
        line = log_line(event, self.names, self.ascii)
        return [] if line is None else [line]

    def choice_line(self, action: dict, state) -> Text | None:
        """A secret choice as the replay tells it, every hand open (None: `action` is no secret choice)."""
        return None


__all__ = ["TableFace", "ViewFace", "totals_line"]
