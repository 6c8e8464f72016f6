"""The table: one screen for every game, driven by the table director, hosting the game's face.

The loop asks the director for the next beat. A bot decides in a thread (so Esc and q keep working); a person
gets a hand-off first when someone else held the keyboard, then the prompt for the decision. Each action goes
to the engine, and the events it returns are shown one at a time, at the chosen speed (Enter hurries them).
What the table looks like is the game's face (ui/faces; its system's "face" part): its widgets between the
header and the key bar, how it draws a view and shows events, its prompts, hand-offs and tracker.

The loop, the bots' worker threads and the hand-offs are `DirectedScreen`'s, which the lesson screen
(ui/screens/lesson.py) shares: a lesson's run is a director too (teach.runner), which also says things (`Say`).
"""

from __future__ import annotations

import asyncio
from functools import partial
from typing import ClassVar, assert_never

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.screen import Screen
from textual.timer import Timer
from textual.widgets import Static
from textual.worker import WorkerCancelled, WorkerFailed

from bere_tui.engine.errors import BereError
from bere_tui.i18n import N_, _
from bere_tui.systems import system_of
from bere_tui.table.beats import Ask, BotTurn, GameEnd, HandOff, RoundSummary, Say, ShowEvents
from bere_tui.table.narrate import log_line
from bere_tui.table.words import names_and
from bere_tui.ui.faces import add_face_css, host_face
from bere_tui.ui.saving import autosave_game, keep_finished, open_save
from bere_tui.ui.screens.scores import ResultsScreen
from bere_tui.ui.screens.whole_log import WHOLE_LOG
from bere_tui.ui.widgets.keybar import KeyBar

#: seconds of one placement step at each speed (storage.ANIMATION_SPEEDS)
STEP_SECONDS = {"off": 0.0, "slow": 1.2, "normal": 0.7, "fast": 0.3}
THINKING_AFTER = 0.25  # seconds before "X is thinking" is shown


class DirectedScreen(Screen):
    """A game's face driven by a director's beats (table.director; a lesson's run, teach.runner): the loop, the
    bots thinking in worker threads, the hand-offs and the pauses. The table and the lesson draw the rest."""

    def __init__(self, session, viewer: int | None = None, lesson: bool = False) -> None:
        """`viewer`: whose view the face shows (None: the public table); `lesson`: a lesson's face."""
        super().__init__()
        self.session = session
        self.game = session.game
        self.names, self.levels = session.names, session.levels
        self.viewer = viewer
        self.animating = False
        self.playing = True  # the loop goes on (not once the game, or the lesson, is over or left)
        self._hurry = asyncio.Event()
        self.shown = asyncio.Event()  # set while this screen is the one on top
        self._status = ""
        self.face = host_face(self, system_of(self.game.variant), lesson=lesson)

    @property
    def ascii(self) -> bool:
        return self.app.ascii

    def _post_register(self, app) -> None:
        super()._post_register(app)
        add_face_css(app, self.face)

    def drawn(self):
        """The game the face shows: the game as it is."""
        return self.game

    def on_screen_resume(self) -> None:
        self.shown.set()
        self.face.on_resume()

    def on_screen_suspend(self) -> None:
        self.shown.clear()
        self.face.on_suspend()

    def set_status(self, text: str) -> None:
        self._status = text
        self.query_one("#status", Static).update(Text(text, style="bold"))

    def log_event(self, event, log=None) -> None:
        """An event's line in the log, as table/narrate tells it (the viewer's as "you")."""
        from bere_tui.ui.widgets.log import GameLog

        line = log_line(event, self.names, self.ascii, you=self.viewer)
        if line is not None:
            (log or self.query_one(GameLog)).write(line)

    def set_marks(self, marks: dict[int, str]) -> None:
        self.face.set_marks(marks)

    def set_animating(self, on: bool) -> None:
        if on != self.animating:
            self.animating = on
            self.refresh_bindings()  # the footer shows Enter (hurry) only while placements are shown

    # ------------------------------------------------------------------ the loop

    async def settle(self) -> None:
        """Wait until this screen is the one on top (no help, quit or too-small notice over it)."""
        await self.app.wait_ready(self)

    async def play(self) -> None:
        """Draw the director's beats until the game (the lesson) is over."""
        director = self.session
        while self.playing:
            await self.settle()
            match director.next_beat():
                case ShowEvents() as beat:
                    await self.show_beat(beat)
                case HandOff() as beat:
                    await self.hand_off(beat)
                case Ask() as beat:
                    await self.ask_person(beat)
                case BotTurn(player=p):
                    await self.bot_turn(p)
                case RoundSummary(scored=scored):
                    self.set_animating(False)
                    await self.round_summary(scored)
                case Say() as beat:
                    await self.say(beat)
                case GameEnd():
                    self.playing = False
                    await self.finish()
                case beat:
                    assert_never(beat)

    async def show_beat(self, beat: ShowEvents) -> None:
        """An action's events, one at a time."""
        raise NotImplementedError

    async def ask_person(self, beat: Ask) -> None:
        """A person's decision: their prompt, and their answer to the director."""
        raise NotImplementedError

    async def round_summary(self, scored) -> None:
        """Between two rounds."""
        await self.face.round_summary(scored)

    async def say(self, beat: Say) -> None:
        """A lesson's words (the table's director says nothing)."""
        raise NotImplementedError

    async def finish(self) -> None:
        """The game (the lesson) is over."""
        raise NotImplementedError

    def show_waiting(self, p: int) -> None:
        """Who decides now (before a bot's turn, a person's hand-off or decision)."""

    async def hand_off(self, beat: HandOff) -> None:
        """B10: the keyboard goes to the beat's player; nothing of theirs shows until they press the hand-off's
        key, once the keys have stopped (the hand-off's pause gate, ui/gate.py)."""
        s, p = self.session, beat.player
        self.show_waiting(p)
        self.set_status(_("Waiting for {name} to take the keyboard.").format(name=s.names[p]))
        await self.settle()
        await self.app.push_screen_wait(self.face.handoff_screen(p, beat.do, again=beat.again))
        s.handed_off(p)

    def think_ahead(self) -> None:
        """While people choose, the bots think out their secret cards in a thread (the same cards as later)."""
        self.run_worker(self.session.think_ahead, thread=True, group="think-ahead", exclusive=True,
                        exit_on_error=False, name="think ahead")

    async def bot_turn(self, p: int) -> None:
        """A bot's decision, thought out in a worker thread (Esc and q keep working meanwhile)."""
        s = self.session
        self.show_waiting(p)
        worker = self.run_worker(partial(s.think, p), thread=True, group="bots", exit_on_error=False,
                                 name=f"bot {p}")
        timer: Timer | None = self.set_timer(THINKING_AFTER, partial(
            self.set_status, _("{name} (bot) is thinking...").format(name=s.names[p])))
        try:
            action, notice = await worker.wait()
        except WorkerCancelled:  # the screen closes (the app stops, e.g. its terminal is gone): so does this turn,
            raise asyncio.CancelledError from None  # quietly (an error here would end the app with a traceback)
        except WorkerFailed as exc:  # think() answers for a failing bot; this is a failure of think itself
            self.notify(_("A bot could not move: {problem}").format(problem=exc.error), severity="error")
            raise
        finally:
            timer.stop()
        await self.decide(p, action, notice)

    async def decide(self, p: int, action: dict, notice=None) -> None:
        try:
            self.session.decide(p, action, notice or "")
        except BereError as exc:  # the prompts offer only legal actions; say so and ask again
            self.notify(str(exc), severity="error")

    async def pause(self, steps: float) -> None:
        """`steps` placement steps at the chosen speed, or until Enter hurries them."""
        seconds = STEP_SECONDS.get(self.app.speed, 0.0) * steps
        if seconds <= 0 or self._hurry.is_set():
            return
        try:
            await asyncio.wait_for(self._hurry.wait(), seconds)
        except TimeoutError:
            pass


class TableScreen(DirectedScreen):
    """The table of any game: the header, the game's face, the key bar; the director's loop."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("enter", "hurry", N_("hurry"), show=True),
        Binding("s", "app.speed", N_("speed"), show=True),  # BereApp.action_speed, as in a prompt
        Binding("t", "tracker", N_("tracker"), show=True),
        Binding("ctrl+s", "save", N_("save"), show=True),
        WHOLE_LOG,  # BereApp.action_whole_log, as in a prompt
    ]

    def __init__(self, session) -> None:
        super().__init__(session)  # (the table shows the public view)

    # ------------------------------------------------------------------ layout

    def compose(self) -> ComposeResult:
        yield Static(id="table-header")
        yield from self.face.compose()
        yield KeyBar()

    def on_mount(self) -> None:
        """The log of the game so far, the table, then the director's loop."""
        from bere_tui.ui.widgets.log import GameLog

        self.face.mount()
        log = self.query_one(GameLog)
        for event in self.game.opening_events:
            self.log_event(event, log)
        for events in self.session.history:
            for event in events:
                self.log_event(event, log)
        self.redraw()
        self.update_hand()
        self.session.on_action = partial(autosave_game, self.app)  # the director saves after every action
        self.session.on_finish = partial(keep_finished, self.app)  # and keeps a finished game
        # (the coroutine is made when the worker starts: an exclusive worker may be replaced before it does)
        self.run_worker(self.play, group="play", exclusive=True)

    # ------------------------------------------------------------------ drawing (the face's)

    def header_note(self) -> str | None:
        """A part of the header of this way of sitting at the table (a shared table's code), or None."""
        return None

    def header_text(self) -> Text:
        return self.face.header()

    def redraw(self) -> None:
        self.query_one("#table-header", Static).update(self.header_text())
        self.face.draw()

    def update_hand(self) -> None:
        """A hand shows on the table only when one person plays against bots (nobody else is looking)."""
        s = self.session
        person = s.keyboard_player()
        if person is not None and not self.game.finished:
            self.face.draw_hand(self.game.view(person))
        elif not s.people:
            self.face.draw_hand(None, _("Only bots at this table: watch them play."))
        else:
            self.face.draw_hand(None)

    def make_room_for_log(self) -> None:
        """(ui/widgets/log.py: a prompt over the table covers its log's newest line)"""
        self.face.make_room_for_log()

    def on_resize(self) -> None:
        self.query_one("#table-header", Static).update(self.header_text())
        self.face.on_resize()

    def write_log(self, line) -> None:
        from bere_tui.ui.widgets.log import GameLog

        self.query_one(GameLog).write(line)

    # ------------------------------------------------------------------ keys

    def check_action(self, action: str, parameters) -> bool | None:
        if action == "hurry":
            return self.animating
        return True

    def action_hurry(self) -> None:
        self._hurry.set()

    def action_save(self) -> None:
        open_save(self.app)

    def action_tracker(self) -> None:
        self.app.push_screen(self.face.tracker(self.game.view(self.session.keyboard_player())))

    # ------------------------------------------------------------------ the game loop

    async def settle(self) -> None:
        """Wait until the table is the screen on top and has drawn its last changes. A screen pushed over it
        shows it as it was last drawn, so a prompt pushed at once would cover a stale table."""
        await super().settle()
        drawn = asyncio.Event()
        self.query_one("#table-header").refresh()  # something to draw, so that a refresh comes at all
        self.call_after_refresh(drawn.set)
        await drawn.wait()

    def show_waiting(self, p: int) -> None:
        """Marks and status line: who decides now, and in the selection who follows (B3)."""
        s = self.session
        waiting = s.waiting_for()
        if s.secret_choice():
            marks = {q: self.face.DONE_MARK for q in range(len(s.names)) if q not in waiting}
            self.set_marks({**marks, p: ">"})
            if s.is_bot(p):
                return
            others = [s.names[q] for q in waiting if q != p and not s.is_bot(q)]
            self.set_status(self.face.choosing_text(s.names[p]) +
                            (" " + _("Then: {names}.").format(names=names_and(others)) if others else ""))
        else:
            self.set_marks({p: ">"})
            if not s.is_bot(p):
                self.set_status(_("{name} decides.").format(name=s.names[p]))

    async def ask_person(self, beat: Ask) -> None:
        """The prompt for a person's decision, and their answer to the director. Esc (at a hot-seat table)
        hides the hand again and hands the keyboard over anew. A public decision that comes to another person
        with no hand-off (`new_hands`) takes its first key only once the keys have stopped."""
        s, game, p = self.session, self.game, beat.player
        self.show_waiting(p)
        await self.settle()
        if s.bots_think_ahead():
            self.think_ahead()
        prompt = self.face.prompt(game.view(p), game.legal(p))
        if beat.new_hands:
            prompt.gate_kind = "handoff"
        if hasattr(prompt, "can_go_back"):
            prompt.can_go_back = s.hot_seat
        action = await self.app.push_screen_wait(prompt)
        if action is None:
            s.went_back()
            return
        for one in action if isinstance(action, list) else [action]:  # (a list: moves the engine planned)
            await self.decide(p, one)

    async def show_beat(self, beat: ShowEvents) -> None:
        if beat.notice:
            self.notify(str(beat.notice), severity="warning", timeout=6)
        if beat.forced is not None:
            self.write_log(self.face.forced_text(self.session.names[beat.forced]))
        await self.show_events(list(beat.events))

    async def show_events(self, events: list) -> None:
        self._hurry.clear()
        await self.face.show_events(events)
        self.update_hand()

    async def finish(self) -> None:
        """The results (the director has kept the finished game: on_finish)."""
        s, game = self.session, self.game
        self.update_hand()
        await self.settle()
        choice = await self.app.push_screen_wait(ResultsScreen.of(game, s.names, s.levels, self.ascii))
        self.app.call_later(self.app.after_game, choice, s)


__all__ = ["STEP_SECONDS", "DirectedScreen", "TableScreen"]
