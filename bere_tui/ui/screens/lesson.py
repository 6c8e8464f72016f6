"""Teach me: the list of lessons, and a lesson played at the real table.

`TeachScreen` lists the lessons (done ones marked, the next one highlighted). `LessonScreen`, one screen for
every game, shows the table drawn by the game's face (ui/faces: the same as at the table) under the lesson's
narration, and plays the lesson's beats (bere_tui.teach.runner: the table director's, and `Say`) in the table's
loop (ui/screens/table.py DirectedScreen): events one at a time, narration that waits for Enter, the learner's
decisions on the game's own prompts guided by the lesson (ui.teach_prompt), a practice game's bots in worker
threads. A move the lesson did not ask for is explained in a dialog and taken back. Esc leaves; a finished
lesson is remembered (teach.progress).
"""

from __future__ import annotations

from typing import ClassVar

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Vertical
from textual.screen import ModalScreen, Screen
from textual.widgets import Static
from textual.widgets.option_list import Option

from bere_tui.i18n import N_, _
from bere_tui.systems import system_of
from bere_tui.table.beats import Ask, Say, ShowEvents
from bere_tui.table.words import variant_name, winners_line
from bere_tui.teach.catalogue import Catalogue, load_catalogue
from bere_tui.teach.lesson import Lesson, LessonError
from bere_tui.teach.progress import Progress
from bere_tui.teach.runner import LessonRun
from bere_tui.ui import gate
from bere_tui.ui.gate import Gated
from bere_tui.ui.once import DismissOnce
from bere_tui.ui.prompts import NoPrompt
from bere_tui.ui.screens.table import DirectedScreen
from bere_tui.ui.screens.whole_log import WHOLE_LOG
from bere_tui.ui.teach_prompt import LEAVE, LeaveLessonScreen, LessonGuide, NarrationPanel
from bere_tui.ui.widgets.choices import ChoiceDialog, ChoiceList
from bere_tui.ui.widgets.keybar import KeyBar
from bere_tui.ui.widgets.log import GameLog

# ---------------------------------------------------------------------- the list of lessons


class TeachScreen(Screen[None]):
    """The lessons in order; Enter opens one (any lesson may be played again), Esc goes back."""

    CSS_PATH = "lesson.tcss"
    BINDINGS: ClassVar[list[BindingType]] = [Binding("escape", "back", N_("back"), show=True)]

    def __init__(self, lesson: str | None = None, catalogue: Catalogue | None = None,
                 seed: int | None = None) -> None:
        super().__init__()
        self.first = lesson
        self.seed = seed  # of the practice game (None: a new deal every time)
        self.catalogue = catalogue or load_catalogue()
        self.progress = Progress()

    def compose(self) -> ComposeResult:
        with Vertical(id="teach-menu-box"):
            yield Static(id="teach-menu-title")
            yield ChoiceList(id="teach-menu")
            yield Static(id="teach-menu-note")
        yield KeyBar()

    def on_mount(self) -> None:
        self.fill()
        for problem in self.catalogue.problems + ([self.progress.problem] if self.progress.problem else []):
            self.notify(problem, severity="warning", timeout=10)
        if self.first is not None:
            lesson = self.catalogue.find(self.first)
            if lesson is None:
                self.notify(_("There is no lesson {name!r}; choose one from the list.").format(name=self.first),
                            severity="warning", timeout=8)
            else:
                self.open(lesson)

    def on_screen_resume(self) -> None:
        self.fill()

    def fill(self) -> None:
        lessons = self.catalogue.lessons
        done = sum(self.progress.is_done(x.id) for x in lessons)
        title = Text(_("TEACH ME"), style="bold")
        title.append("  " + _("{done} of {n} lessons done").format(done=done, n=len(lessons)), style="dim")
        self.query_one("#teach-menu-title", Static).update(title)
        menu = self.query_one(ChoiceList)
        options, group, default = [], None, None
        for lesson in lessons:
            if lesson.variant != group:
                group = lesson.variant
                options.append(Option(Text(variant_name(group), style="bold underline"), disabled=True))
            mark = "[x]" if self.progress.is_done(lesson.id) else "[ ]"
            label = Text(f"{mark} {lesson.order:>2} ")
            label.append(lesson.title, style="bold")
            if default is None and not self.progress.is_done(lesson.id):
                default = len(options)
            options.append(Option(label, id=lesson.id))
        menu.clear_options()
        menu.add_options(options)
        menu.highlighted = default if default is not None else 1
        menu.focus()

    def on_option_list_option_highlighted(self, message: ChoiceList.OptionHighlighted) -> None:
        lesson = self.catalogue.find(message.option_id or "")
        note = Text()
        if lesson is not None:
            note.append(lesson.summary + "\n", style="bold")
        note.append(_("Enter opens a lesson; a done lesson can be played again. In a lesson: Enter goes on, "
                      "i gives a hint, Esc leaves."), style="dim")
        self.query_one("#teach-menu-note", Static).update(note)

    def on_option_list_option_selected(self, message: ChoiceList.OptionSelected) -> None:
        message.stop()
        lesson = self.catalogue.find(message.option_id or "")
        if lesson is not None:
            self.open(lesson)

    def open(self, lesson: Lesson) -> None:
        def after(choice: str | None) -> None:
            if choice == "next":
                following = self.catalogue.after(lesson)
                if following is not None:
                    self.open(following)
            elif choice == "again":
                self.open(lesson)

        try:
            screen = LessonScreen(lesson, self.catalogue, self.progress, self.seed)
        except LessonError as exc:
            self.notify(str(exc), severity="error", timeout=10)
            return
        self.app.push_screen(screen, after)

    def action_back(self) -> None:
        self.app.pop_screen()


# ---------------------------------------------------------------------- small dialogs


class ExplainScreen(Gated, DismissOnce, ModalScreen[None]):
    """What a move the lesson did not ask for would do; any of its keys takes it back."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("backspace,enter,escape", "close", N_("take it back"), show=True, key_display="Backspace"),
    ]

    def __init__(self, text: str) -> None:
        super().__init__()
        self.text = text

    def compose(self) -> ComposeResult:
        with Vertical(classes="dialog wide", id="explain-box"):
            yield Static(_("Not this time: here is what that move would do"), classes="dialog-title")
            yield Static(Text(self.text))
            yield Static(Text(_("Backspace or Enter: take it back"), style="reverse"), classes="dialog-default")
        yield KeyBar()

    def action_close(self) -> None:
        self.dismiss(None)


class LessonDoneScreen(Gated, ChoiceDialog, DismissOnce, ModalScreen[str]):
    """The lesson's closing words; Enter goes to the next lesson (or back to the list after the last)."""

    BINDINGS: ClassVar[list[BindingType]] = [Binding("escape", "close('list')", N_("all lessons"), show=True)]

    def __init__(self, title: str, text: str, has_next: bool) -> None:
        super().__init__()
        self.title_text, self.text, self.has_next = title, text, has_next

    def compose(self) -> ComposeResult:
        options = []
        if self.has_next:
            options.append(Option(_("Next lesson"), id="next"))
        options += [Option(_("Play this lesson again"), id="again"), Option(_("All lessons"), id="list")]
        with Vertical(classes="dialog wide", id="done-box"):
            yield Static(_("Done: {title}").format(title=self.title_text), classes="dialog-title")
            yield Static(Text(self.text))
            yield ChoiceList(*options, id="done-choice")
        yield KeyBar()

    def action_close(self, choice: str) -> None:
        self.dismiss(choice)


# ---------------------------------------------------------------------- a lesson at the table


class LessonScreen(DismissOnce, DirectedScreen):
    """One lesson of any game: the game's face under the narration; dismissed with next, again or list. Its
    loop is the table's (DirectedScreen): the lesson's run is its director."""

    CSS_PATH = "lesson.tcss"
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("enter", "go_on", N_("continue"), show=True),
        Binding("escape", "leave", N_("leave lesson"), show=True),
        Binding("s", "app.speed", N_("speed"), show=True),  # BereApp.action_speed
        WHOLE_LOG,  # BereApp.action_whole_log, as in a prompt
    ]

    def __init__(self, lesson: Lesson, catalogue: Catalogue, progress: Progress, seed: int | None = None) -> None:
        # (a face that draws from the game itself needs the game as it was after each event: teach.runner)
        run = LessonRun(lesson, seed=seed, snapshots=system_of(lesson.variant).part("face").SNAPSHOTS)
        super().__init__(run, viewer=run.learner, lesson=True)  # the table shows the learner's view
        self.run = run
        self.lesson = lesson
        self.catalogue = catalogue
        self.progress = progress
        self.waiting = False  # narration on screen, waiting for Enter
        self._narration_from = 0.0  # Enter skips the narration from this moment on (monotonic seconds)

    def drawn(self):
        """The game as the learner sees it now: as it was after the events being shown, or as it is."""
        return self.run.shown or self.game

    @property
    def title_line(self) -> str:
        return _("Lesson {n} of {total}: {title}").format(
            n=self.lesson.order, total=len(self.catalogue.lessons), title=self.lesson.title)

    def compose(self) -> ComposeResult:
        yield NarrationPanel(self.title_line, id="narration")
        yield from self.face.compose()
        yield KeyBar()

    def on_mount(self) -> None:
        self.face.mount()
        log = self.query_one(GameLog)
        for event in self.run.prelude:
            self.log_event(event, log)
        self.redraw()
        self.update_hand()
        # (the coroutine is made when the worker starts: an exclusive worker may be replaced before it does)
        self.run_worker(self.play, group="lesson", exclusive=True)

    # ------------------------------------------------------------------ drawing

    def redraw(self) -> None:
        self.face.draw()

    def update_hand(self) -> None:
        """The learner's hand."""
        self.face.lesson_hand()

    def narrate(self, text: str, point: str | None = None, footer: str = "") -> None:
        self.query_one(NarrationPanel).say(text, footer)
        for widget in self.query(".-pointed"):
            widget.remove_class("-pointed")
        points = self.face.POINTS
        if point in points:
            for widget in self.query(points[point]):
                widget.add_class("-pointed")

    def sync(self) -> None:
        """Before a decision: the table exactly as the engine has it."""
        self.run.shown = None
        self.face.sync()

    # ------------------------------------------------------------------ keys

    def accepts(self, event, quiet: float = float("inf")) -> bool:
        """The input gate for the narration's Enter (other keys always work; `quiet` is not needed here)."""
        if not self.waiting or getattr(event, "key", None) != "enter":
            return True
        return event.time >= self._narration_from

    def action_go_on(self) -> None:
        self._hurry.set()

    def action_leave(self) -> None:
        self.app.push_screen(LeaveLessonScreen(), lambda leave: self.leave() if leave else None)

    def leave(self) -> None:
        self.playing = False
        self.dismiss("list")

    async def wait_for_enter(self) -> None:
        """Until Enter. (The footer keeps showing Enter: refreshing its keys at every line costs more than
        a key that briefly does nothing between two narrations.) An Enter pressed before this narration
        showed, or in its first moment, does not skip it (the input gate, as for a prompt)."""
        self._narration_from = gate.monotonic() + gate.GATE_SECONDS["prompt"]  # (the input gate's clock)
        self.waiting = True
        self._hurry.clear()
        await self._hurry.wait()
        self.waiting = False

    # ------------------------------------------------------------------ the lesson's beats

    async def show_beat(self, beat: ShowEvents) -> None:
        if beat.notice:  # (a practice game's bot that failed)
            self.notify(beat.notice, severity="warning", timeout=6)
        for event in beat.events:
            if self.show_event(event):
                self._hurry.clear()  # Enter hurries one event
                await self.pause(self.face.EVENT_STEPS.get(type(event), 0.0))

    def show_event(self, event) -> bool:
        """One event in the log, on the status line and on the table; False: a secret choice (nothing shows)."""
        self.log_event(event)
        face = self.face
        told = face.tell(event)  # also moves the table model on by this event
        if face.secret(event):
            return False
        if told:
            self.set_status(told)
        if face.deals_hands(event):
            self.update_hand()
        self.redraw()
        return True

    async def say(self, beat: Say) -> None:
        """The lesson's words (after the event they talk about), until Enter."""
        if beat.event is not None:
            self.show_event(beat.event)
        self.narrate(beat.text, beat.point, _("Enter: continue"))
        await self.wait_for_enter()

    async def round_summary(self, scored) -> None:
        """A practice game's round ends as at the table (a scripted lesson's goes on with its words)."""
        if self.lesson.practice is not None:
            await super().round_summary(scored)

    async def ask_person(self, beat: Ask) -> None:
        """The learner's decision on the table's own prompt, guided by the lesson (ui/teach_prompt.py)."""
        run = self.run
        self.sync()
        if run.bots_think_ahead():  # (a practice game: the bots' secret choices, in a worker meanwhile)
            self.think_ahead()
        expected = run.expected()
        step = run.step if expected is not None else None
        text = step.say if step is not None else self.face.your_move(beat.do)
        self.narrate(text, step.point if step is not None else None)
        game = run.game
        view, legal = game.view(run.learner), game.legal(run.learner)
        try:
            prompt = self.face.prompt(view, legal)
        except NoPrompt:
            self.notify(_("No screen for this decision yet; the lesson's move was made."))
            action = run.hint()[1] or legal[0]
        else:
            action = await self.app.push_screen_wait(
                prompt.guided(LessonGuide(self.title_line, text, run.hint, expected)))
        if action is None:
            return  # asked again
        if action == LEAVE:
            self.leave()
            return
        for one in action if isinstance(action, list) else [action]:  # (a list: moves the engine planned)
            verdict = run.submit(one)
            if not verdict.accepted:
                break
        if verdict.accepted:
            if not any(self.face.deals_hands(e) for e in verdict.events or ()):
                self.update_hand()  # else the new hand shows when its deal does
        else:
            await self.app.push_screen_wait(ExplainScreen(verdict.explanation))

    async def finish(self) -> None:
        run, lesson = self.run, self.lesson
        self.sync()
        self.progress.mark_done(lesson.id)
        if self.progress.problem:
            self.notify(self.progress.problem, severity="warning", timeout=8)
        text = lesson.done
        if lesson.practice is not None and run.game.finished:
            game = run.game
            outcome = game.outcome()  # the engine's totals
            totals = ", ".join(f"{self.names[p]} {total}" for p, total in enumerate(outcome.totals))
            winners = winners_line([self.names[p] for p in game.winners], game.winners == (run.learner,))
            text = f"{winners} ({totals}).\n{text}"
        self.narrate(text, None)
        has_next = self.catalogue.after(lesson) is not None
        choice = await self.app.push_screen_wait(LessonDoneScreen(lesson.title, text, has_next))
        self.dismiss(choice or "list")


__all__ = ["ExplainScreen", "LessonDoneScreen", "LessonScreen", "TeachScreen"]
