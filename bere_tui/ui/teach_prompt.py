"""The table's own decision prompts, as a lesson uses them: the lesson's narration stays on top, a hint key
shows (and highlights) what to do, and Esc leaves the lesson.

`teach_prompt(prompt_class, view, legal, ...)` takes the prompt class the table would use (the face's: select,
take_row, draft, special, cancel, swap; Bullenparty's, the board game's) and adds these three things in a subclass, so the learner decides on exactly the screens
of a real game.
"""

from __future__ import annotations

import inspect
from collections.abc import Callable
from functools import cache
from typing import ClassVar

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Vertical
from textual.screen import ModalScreen
from textual.widgets import OptionList, Static
from textual.widgets.option_list import Option

from bere_tui.i18n import N_, _
from bere_tui.ui.once import DismissOnce
from bere_tui.ui.widgets.choices import ChoiceList
from bere_tui.ui.widgets.keybar import KeyBar
from bere_tui.ui.widgets.picker import CardPicker

#: what a teach prompt dismisses with when the learner leaves the lesson
LEAVE = {"do": "leave"}
#: per kind of decision, the fields of the action in the order a step prompt asks for them
STEP_FIELDS = {
    "special": ("card", "row", "with", "move", "to_row"),
    "cancel": ("positive",),
    "swap": ("discard",),
}


class NarrationPanel(Static):
    """The lesson's voice: its title on the border, the current narration (or hint) inside."""

    SCOPED_CSS = False  # so that `App.-ascii NarrationPanel` below applies (--ascii)
    DEFAULT_CSS = """
    NarrationPanel {
        dock: top;
        height: 6;
        width: 100%;
        border: round $accent;
        padding: 0 1;
        background: $surface;
    }
    App.-ascii NarrationPanel { border: ascii $accent; }
    NarrationPanel.-hint { border: round $success; }
    App.-ascii NarrationPanel.-hint { border: ascii $success; }
    """

    def __init__(self, title: str = "", text: str = "", *, id: str | None = None) -> None:
        super().__init__(text, id=id)
        self.border_title = title
        self.text = text

    def say(self, text: str, footer: str = "", hint: bool = False) -> None:
        self.text = text
        self.set_class(hint, "-hint")
        self.border_subtitle = footer
        self.update(Text(text))


class LeaveLessonScreen(DismissOnce, ModalScreen[bool]):
    """Esc in a lesson asks first; the highlighted answer (Enter) stays in the lesson."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("escape,n", "answer(False)", N_("stay"), show=True),
        Binding("y", "answer(True)", N_("leave"), show=True),
    ]
    DEFAULT_CSS = """
    LeaveLessonScreen { align: center middle; }
    """

    def compose(self) -> ComposeResult:
        with Vertical(classes="dialog"):
            yield Static(_("Leave this lesson?"), classes="dialog-title")
            yield Static(_("It is not marked done; you can start it again from the list of lessons."))
            yield ChoiceList(Option(_("Stay in the lesson"), id="stay"), Option(_("Leave the lesson"), id="leave"),
                             id="leave-choice")
        yield KeyBar()

    def on_mount(self) -> None:
        self.query_one(ChoiceList).focus()

    def on_option_list_option_selected(self, message: ChoiceList.OptionSelected) -> None:
        message.stop()
        self.dismiss(message.option_id == "leave")

    def action_answer(self, leave: bool) -> None:
        self.dismiss(leave)


class TeachPrompt:
    """Mixed into a prompt class: narration on top, the hint key, Esc leaves the lesson."""

    teach_title = ""
    second_person = True  # the learner is "You": titles say "You pick a card", not "You picks a card"
    teach_text = ""
    teach_hint: Callable[[], tuple[str, dict | None]] | None = None
    hinted: dict | None = None

    expected: dict | None = None

    def teach(self, title: str, text: str, hint: Callable[[], tuple[str, dict | None]],
              expected: dict | None = None) -> TeachPrompt:
        """`expected`: the move the lesson asks for; the highlight starts on it, so that Enter alone goes on."""
        self.teach_title, self.teach_text, self.teach_hint = title, text, hint
        self.hinted = self.expected = expected
        return self

    def choose(self, index: int) -> None:
        """A step prompt's choice (StepPrompt.choose). One that is not the lesson's, at a step whose choice
        settles the whole move (Negative = Positive's positive card: the engine offers one action for each,
        with its best cancellation), is answered at once: the lesson explains it now, not after the steps
        that follow it."""
        steps, want = self.steps, self.expected  # type: ignore[attr-defined]
        fields = STEP_FIELDS.get(want["do"], ()) if want is not None else ()
        k = len(steps) - 1
        choice = self.step.choices[index]  # type: ignore[attr-defined]
        if k < len(fields) and fields[k] in want and choice.why_not is None and choice.value != want[fields[k]]:
            picks = {fields[i]: steps[i].choices[self.last_pick[i]].value for i in range(k)}  # type: ignore
            picks[fields[k]] = choice.value
            moves = [a for a in self.legal if all(a.get(f) == v for f, v in picks.items())]  # type: ignore
            if len(moves) == 1:
                self.dismiss(dict(moves[0]))  # type: ignore[attr-defined]
                return
        super().choose(index)  # type: ignore[misc]

    def on_mount(self) -> None:
        """(Called before the prompt's own on_mount.) Once the prompt is built, highlight the expected move."""
        if self.hinted is not None:
            self.call_after_refresh(self.show_hint)  # type: ignore[attr-defined]

    def compose(self) -> ComposeResult:
        yield NarrationPanel(self.teach_title, self.teach_text, id="teach-narration")
        yield from super().compose()  # type: ignore[misc]

    def action_hint(self) -> None:
        text, action = self.teach_hint() if self.teach_hint else ("", None)
        panel = self.query_one(NarrationPanel)  # type: ignore[attr-defined]
        panel.say(_("Hint: {text}").format(text=text) if text else _("No hint here."), hint=True)
        self.hinted = action
        self.show_hint()

    def show_hint(self) -> None:
        """Put the highlight on the hinted choice: a card of a picker, a row, a step's choice."""
        action = self.hinted
        if action is None:
            return
        hint_index = getattr(self, "hint_index", None)  # a prompt in stages (the board game's)
        if hint_index is not None:
            index = hint_index(action)
            if index is not None:
                self.query_one(OptionList).highlighted = index  # type: ignore[attr-defined]
            return
        for picker in self.query(CardPicker):  # type: ignore[attr-defined]
            if action.get("card") in picker.cards:
                picker.cursor = picker.cards.index(action["card"])
            return
        steps = getattr(self, "steps", None)
        if steps:
            fields = [f for f in STEP_FIELDS.get(action["do"], ()) if f in action]
            index = len(steps) - 1
            if index < len(fields):
                want = action[fields[index]]
                for i, choice in enumerate(steps[-1].choices):
                    if choice.value == want and choice.why_not is None:
                        self.query_one(OptionList).highlighted = i  # type: ignore[attr-defined]
            return
        lines = getattr(self, "lines", None)  # a list of whole actions (Bullenparty's prompts)
        if lines is not None:
            for i, line in enumerate(lines):
                if line is not None and all(line.get(k) == v for k, v in action.items() if k != "player"):
                    self.query_one(OptionList).highlighted = i  # type: ignore[attr-defined]
            return
        if action["do"] == "take_row" and hasattr(self, "choices"):
            self.query_one(OptionList).highlighted = self.choices.index(action["row"])  # type: ignore[attr-defined]

    def show_step(self, step, highlight: int | None = None) -> None:  # step prompts: keep the hint on
        super().show_step(step, highlight)  # type: ignore[misc]
        if self.hinted is not None:
            self.call_after_refresh(self.show_hint)  # type: ignore[attr-defined]

    def action_leave(self) -> None:
        """Esc: one step back in a step prompt; from its first step (or any other prompt) leave the lesson,
        once the learner says so."""
        steps = getattr(self, "steps", None)
        if steps and len(steps) > 1:
            self.action_back()  # type: ignore[attr-defined]
            return

        def answered(leave: bool | None) -> None:
            if leave:
                self.dismiss(LEAVE)  # type: ignore[attr-defined]

        self.app.push_screen(LeaveLessonScreen(), answered)  # type: ignore[attr-defined]

    def check_action(self, action: str, parameters) -> bool | None:
        if action in ("hint", "leave"):
            return True
        if action == "coach" and self.expected is None:  # a practice game: the coach is on (issue 34)
            return True
        return super().check_action(action, parameters)  # type: ignore[misc]


TEACH_BINDINGS: list[BindingType] = [
    Binding("i", "hint", N_("hint"), show=True),
    Binding("escape", "leave", N_("leave lesson"), show=True),
]


@cache
def teach_prompt_class(cls: type) -> type:
    """`cls` with TeachPrompt mixed in. Its CSS_PATH still resolves next to the original prompt's module."""
    return type(f"Teach{cls.__name__}", (TeachPrompt, cls), {
        "BINDINGS": TEACH_BINDINGS,
        "_BASE_PATH": inspect.getfile(cls),
    })


def teach_prompt(prompt_class: type, view, legal: list[dict], ascii: bool, title: str, text: str,
                 hint: Callable[[], tuple[str, dict | None]], expected: dict | None = None):
    """The prompt `prompt_class` (the face's for the decision `legal`) as a lesson asks it; the highlight starts
    on `expected`, the move the lesson asks for (None in a practice game: the prompt's own default)."""
    cls = teach_prompt_class(prompt_class)
    return cls(view, legal, ascii=ascii).teach(title, text, hint, expected)
