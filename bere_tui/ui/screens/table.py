"""The table: rows, scores, the reveal, the log, and the loop that runs a game.

The loop asks the session who decides next. A bot decides in a thread (so Esc and q keep working); a person
gets a hand-off first when the decision shows a hidden hand and someone else held the keyboard, then the
prompt for the decision. Each action goes to the engine, and the events it returns are shown one at a time,
at the chosen speed (Enter hurries them).
"""

from __future__ import annotations

import asyncio
from functools import partial
from typing import ClassVar

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.screen import Screen
from textual.timer import Timer
from textual.widgets import Static
from textual.worker import WorkerFailed

from bere_tui.engine import events as ev
from bere_tui.engine.errors import BereError
from bere_tui.i18n import _
from bere_tui.table.beats import Ask, BotTurn, HandOff, RoundSummary, ShowEvents
from bere_tui.table.model import TableShow
from bere_tui.table.narrate import log_line
from bere_tui.table.words import names_and, variant_name
from bere_tui.ui.prompts import make_prompt
from bere_tui.ui.saving import autosave_game, keep_finished, open_save
from bere_tui.ui.screens.handoff import HandoffScreen
from bere_tui.ui.screens.scores import ResultsScreen, RoundSummaryScreen
from bere_tui.ui.session import Session
from bere_tui.ui.widgets.hand import HandView
from bere_tui.ui.widgets.keybar import KeyBar
from bere_tui.ui.widgets.log import GameLog
from bere_tui.ui.widgets.reveal import RevealView
from bere_tui.ui.widgets.rows import RowsView
from bere_tui.ui.widgets.scores import ScoreBoard
from bere_tui.ui.widgets.tablebody import table_body

#: seconds of one placement step at each speed (storage.ANIMATION_SPEEDS)
STEP_SECONDS = {"off": 0.0, "slow": 1.2, "normal": 0.7, "fast": 0.3}
#: how long each kind of event stays on screen, in steps
EVENT_STEPS = {ev.Revealed: 2.0, ev.Placed: 1.0, ev.RowTaken: 1.5, ev.SpecialPlayed: 1.5, ev.Cancelled: 1.0,
               ev.ParityMoved: 1.0, ev.Drafted: 0.3, ev.Dealt: 1.0}
THINKING_AFTER = 0.25  # seconds before "X is thinking" is shown


class TableScreen(Screen[None]):
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("enter", "hurry", _("hurry"), show=True),
        Binding("s", "speed", _("speed"), show=True),
        Binding("t", "tracker", _("tracker"), show=True),
        Binding("ctrl+s", "save", _("save"), show=True),
    ]

    def __init__(self, session: Session) -> None:
        super().__init__()
        self.session = session
        self.game = session.game
        self.show = TableShow.from_view(self.game.view(None))
        self.animating = False
        self._hurry = asyncio.Event()
        self.shown = asyncio.Event()  # set while this screen is the one on top
        self._status = ""

    @property
    def ascii(self) -> bool:
        return self.app.ascii

    # ------------------------------------------------------------------ layout

    def compose(self) -> ComposeResult:
        s = self.session
        yield Static(id="table-header")
        yield from table_body(s.names, s.levels, self.show, self.ascii, public_hands=self.game.variant == "pro")
        yield KeyBar()

    def on_mount(self) -> None:
        log = self.query_one(GameLog)
        for event in self.game.opening_events:
            self._log(event, log)
        self._replay_log(log)  # a loaded game's actions so far (empty for a new game)
        self.redraw()
        self.update_hand()
        self.session.on_action = partial(autosave_game, self.app)  # the director saves after every action
        self.run_worker(self.play(), group="play", exclusive=True)

    def _replay_log(self, log: GameLog) -> None:
        for events in self.session.history:
            for event in events:
                self._log(event, log)

    def _write(self, line) -> None:
        self.query_one(GameLog).write(line)

    def _log(self, event, log: GameLog | None = None) -> None:
        line = log_line(event, self.session.names, self.ascii)
        if line is not None:
            (log or self.query_one(GameLog)).write(line)

    # ------------------------------------------------------------------ drawing

    def header_text(self) -> Text:
        out = Text(" " + " - ".join(self.header_parts()), style="bold")
        hint = _("? help")
        width = self.size.width or 80
        out.append(" " * max(1, width - out.cell_len - len(hint) - 1))
        out.append(hint, style="dim")
        return out

    def header_parts(self) -> list[str]:
        g, show = self.game, self.show
        parts = [_("6 bere!"), variant_name(g.variant)]
        if g.variant == "anniversary":
            parts.append(_("round {n} of 2").format(n=show.round))
        else:
            parts.append(_("round {n}").format(n=show.round))
        if show.turn:
            parts.append(_("turn {t} of {n}").format(t=show.turn, n=g.info.hand_size))
        if g.variant != "anniversary":
            rounds = g.options.get("rounds")
            parts.append(_("{n} rounds").format(n=rounds) if rounds else _("to {n}").format(n=g.options["target"]))
        return parts

    def redraw(self) -> None:
        self.query_one("#table-header", Static).update(self.header_text())
        for widget in (self.query_one(RowsView), self.query_one(RevealView), self.query_one(ScoreBoard)):
            widget.refresh(layout=True)

    def on_screen_resume(self) -> None:
        self.shown.set()

    def on_screen_suspend(self) -> None:
        self.shown.clear()

    def on_resize(self) -> None:
        self.query_one("#table-header", Static).update(self.header_text())

    def update_hand(self) -> None:
        """A hand shows on the table only when one person plays against bots (nobody else is looking)."""
        s = self.session
        hand = self.query_one(HandView)
        if self.game.variant == "pro":  # P3: every hand is public, so all are shown (under the rows)
            hand.show_hands([(pv.name, pv.hand or ()) for pv in self.game.view(None).players])
        elif len(s.people) == 1 and not self.game.finished:
            p = s.people[0]
            view = self.game.view(p)
            specials = view.my_specials if view.variant == "anniversary" else None
            hand.show_hand(s.names[p], view.hand, specials)
        elif not s.people:
            hand.hide(_("Only bots at this table: watch them play."))
        else:
            hand.hide()

    def set_status(self, text: str) -> None:
        self._status = text
        self.query_one("#status", Static).update(Text(text, style="bold"))

    def set_marks(self, marks: dict[int, str]) -> None:
        board = self.query_one(ScoreBoard)
        board.marks = marks
        board.refresh()

    # ------------------------------------------------------------------ keys

    def check_action(self, action: str, parameters) -> bool | None:
        if action == "hurry":
            return self.animating
        return True

    def set_animating(self, on: bool) -> None:
        if on != self.animating:
            self.animating = on
            self.refresh_bindings()  # the footer shows Enter (hurry) only while placements are shown

    def action_hurry(self) -> None:
        self._hurry.set()

    def action_speed(self) -> None:
        self.app.cycle_speed()
        self.notify(_("Placement speed: {speed}").format(speed=self.app.speed_name()), timeout=1.5)

    def action_tracker(self) -> None:
        from bere_tui.ui.screens.tracker import TrackerScreen, keyboard_view

        self.app.push_screen(TrackerScreen(keyboard_view(self.session), self.ascii))

    def action_save(self) -> None:
        open_save(self.app)

    # ------------------------------------------------------------------ the game loop

    async def settle(self) -> None:
        """Wait until the table is the screen on top and has drawn its last changes. A screen pushed over it
        shows it as it was last drawn, so a prompt pushed at once would cover a stale table."""
        await self.app.wait_ready(self)
        drawn = asyncio.Event()
        self.query_one("#table-header").refresh()  # something to draw, so that a refresh comes at all
        self.call_after_refresh(drawn.set)
        await drawn.wait()

    async def play(self) -> None:
        """Draw the director's beats until the game is over."""
        director = self.session
        while True:
            await self.settle()
            beat = director.next_beat()
            if isinstance(beat, ShowEvents):
                await self.show_beat(beat)
            elif isinstance(beat, HandOff):
                await self.hand_off(beat.player, beat.do)
            elif isinstance(beat, Ask):
                await self.ask_person(beat.player)
            elif isinstance(beat, BotTurn):
                await self.bot_turn(beat.player)
            elif isinstance(beat, RoundSummary):
                await self.round_summary(beat.scored)
            else:
                await self.finish()
                return

    def show_waiting(self, p: int) -> None:
        """Marks and status line: who decides now, and in the selection who follows (B3)."""
        s = self.session
        waiting = s.waiting_for()
        if self.game.pending["do"] == "select":
            marks = {q: "+" for q in range(len(s.names)) if q not in waiting}
            self.set_marks({**marks, p: ">"})
            if s.is_bot(p):
                return
            others = [s.names[q] for q in waiting if q != p and not s.is_bot(q)]
            self.set_status(_("{name} is choosing a card.").format(name=s.names[p]) +
                            (" " + _("Then: {names}.").format(names=names_and(others)) if others else ""))
        else:
            self.set_marks({p: ">"})

    async def hand_off(self, p: int, do: str) -> None:
        """B10: the keyboard goes to `p`; nothing of theirs shows until they press the hand-off's key."""
        s, game = self.session, self.game
        self.show_waiting(p)
        self.set_status(_("Waiting for {name} to take the keyboard.").format(name=s.names[p]))
        await self.settle()
        await self.app.push_screen_wait(HandoffScreen(s.names[p], do, game.round, game.turn))
        s.handed_off(p)

    async def ask_person(self, p: int) -> None:
        """`p` holds the keyboard: the prompt for their decision, and their answer to the director. Esc (at a
        hot-seat table) hides the hand again and hands the keyboard over anew."""
        s, game = self.session, self.game
        self.show_waiting(p)
        await self.settle()
        if game.pending["do"] == "select":
            self.think_ahead()
        prompt = make_prompt(game.view(p), game.legal(p), self.ascii)
        if hasattr(prompt, "can_go_back"):
            prompt.can_go_back = s.hot_seat
        action = await self.app.push_screen_wait(prompt)
        if action is None:
            s.went_back()
            return
        await self.decide(p, action)

    def think_ahead(self) -> None:
        """While people choose, the bots think out their secret cards in a thread (the same cards as later)."""
        if any(self.session.is_bot(q) for q in self.session.waiting_for()):
            self.run_worker(self.session.think_ahead, thread=True, group="think-ahead", exclusive=True,
                            exit_on_error=False, name="think ahead")

    async def bot_turn(self, p: int) -> None:
        s = self.session
        self.show_waiting(p)
        worker = self.run_worker(partial(s.think, p), thread=True, group="bots", exit_on_error=False,
                                 name=f"bot {p}")
        timer: Timer | None = self.set_timer(THINKING_AFTER, partial(
            self.set_status, _("{name} (bot) is thinking...").format(name=s.names[p])))
        try:
            action, notice = await worker.wait()
        except WorkerFailed as exc:  # think() answers for a failing bot; this is a failure of think itself
            self.notify(_("A bot could not move: {problem}").format(problem=exc.error), severity="error")
            raise
        finally:
            timer.stop()
        await self.decide(p, action, notice)

    async def decide(self, p: int, action: dict, notice: str = "") -> None:
        try:
            self.session.decide(p, action, notice)
        except BereError as exc:  # the prompts offer only legal actions; say so and ask again
            self.notify(str(exc), severity="error")

    async def round_summary(self, scored: ev.RoundScored) -> None:
        s = self.session
        self.set_animating(False)
        await self.pause(1.0)
        await self.settle()
        await self.app.push_screen_wait(RoundSummaryScreen(
            scored.round, s.names, s.levels, list(scored.scores), list(scored.totals), self.ascii))

    # ------------------------------------------------------------------ showing events

    async def pause(self, steps: float) -> None:
        seconds = STEP_SECONDS.get(self.app.speed, 0.0) * steps
        if seconds <= 0 or self._hurry.is_set():
            return
        try:
            await asyncio.wait_for(self._hurry.wait(), seconds)
        except TimeoutError:
            pass

    async def show_beat(self, beat: ShowEvents) -> None:
        if beat.notice:
            self.notify(beat.notice, severity="warning", timeout=6)
        if beat.forced is not None:
            self._write(_("{name} has one card left: it is played.").format(name=self.session.names[beat.forced]))
        await self.show_events(list(beat.events))

    async def show_events(self, events: list) -> None:
        moving = any(isinstance(e, (ev.Revealed, ev.Placed, ev.RowTaken, ev.Drafted)) for e in events)
        self._hurry.clear()
        self.set_animating(moving and self.app.speed != "off")
        log = self.query_one(GameLog)
        for event in events:
            self._log(event, log)
            if isinstance(event, ev.Selected):
                continue
            self.show.apply(event)
            self.describe_status(event)
            self.redraw()
            steps = EVENT_STEPS.get(type(event))
            if steps:
                await self.pause(steps)
        self.set_animating(False)
        self.show.clear_marks()
        self.show.sync(self.game.view(None))
        self.redraw()
        self.update_hand()

    def describe_status(self, event) -> None:
        names = self.session.names
        if isinstance(event, ev.Revealed):
            self.set_marks({})
            self.set_status(_("All cards are revealed; they are placed lowest first."))
        elif isinstance(event, ev.RowTaken) or isinstance(event, ev.Placed) and not event.new_row:
            self.set_marks({event.player: ">"})
            line = log_line(event, names, self.ascii)  # the log's sentence: one wording everywhere
            self.set_status(line.plain if line else "")
        elif isinstance(event, ev.Dealt):
            self.set_marks({})
            self.set_status(_("Round {n} begins.").format(n=event.round))
        elif isinstance(event, ev.GameOver):
            line = log_line(event, names, self.ascii)
            self.set_status(line.plain if line else "")

    async def finish(self) -> None:
        s, game = self.session, self.game
        keep_finished(self.app, game)
        self.update_hand()
        await self.settle()
        rounds = [list(r) for r in game.scores]
        choice = await self.app.push_screen_wait(ResultsScreen(s.names, s.levels, rounds, list(game.winners),
                                                                self.ascii, game=game))
        self.app.call_later(self.app.after_game, choice, s)
