"""The table's own decision prompts, as a lesson uses them: the lesson's narration stays on top, a hint key
shows (and highlights) what to do, and Esc leaves the lesson.

The lesson screen asks the face for the prompt the table would use (select, take_row, draft, special, cancel,
swap; Bullenparty's, the board game's) and gives it a `LessonGuide` (`prompt.guided(guide)`, ui/prompts/base.py):
the learner decides on exactly the screens of a real game, the guide adds these three things.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import ClassVar

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Vertical
from textual.screen import ModalScreen
from textual.widgets import Static
from textual.widgets.option_list import Option

from bere_tui.i18n import N_, _
from bere_tui.ui.once import DismissOnce
from bere_tui.ui.widgets.choices import ChoiceList
from bere_tui.ui.widgets.keybar import KeyBar

#: what a teach prompt dismisses with when the learner leaves the lesson
LEAVE = {"do": "leave"}


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


class LessonGuide:
    """What a lesson adds to the table's own prompt for the learner's decision (PromptScreen.guided): its
    narration on top, the hint key (`i`: the hint's words, its move highlighted), Esc to leave the lesson; and
    from the start the lesson's move highlighted (`expected`; None in a practice game: the prompt's default)."""

    def __init__(self, title: str, text: str, hint: Callable[[], tuple[str, dict | None]],
                 expected: dict | None = None) -> None:
        self.title, self.text, self.hint = title, text, hint
        self.hinted = self.expected = expected  # the move the highlight follows

    def panel(self) -> NarrationPanel:
        return NarrationPanel(self.title, self.text, id="teach-narration")

    def show_hint(self, prompt) -> None:
        """`i`: the hint's words in the narration, its move highlighted."""
        text, action = self.hint()
        panel = prompt.query_one(NarrationPanel)
        panel.say(_("Hint: {text}").format(text=text) if text else _("No hint here."), hint=True)
        self.hinted = action
        prompt.highlight_hint()

    def leave(self, prompt) -> None:
        """Esc: leave the lesson, once the learner says so."""

        def answered(leave: bool | None) -> None:
            if leave:
                prompt.dismiss(LEAVE)

        prompt.app.push_screen(LeaveLessonScreen(), answered)

    def settled(self, prompt, index: int) -> dict | None:
        """A step prompt's choice `index` (StepPrompt.choose) that is not the lesson's, at a step whose choice
        settles the whole move (Negative = Positive's positive card: the engine offers one action for each,
        with its best cancellation): that move, answered at once, so that the lesson explains it now, not after
        the steps that follow it. None: the prompt goes on."""
        want, fields = self.expected, prompt.FIELDS
        k = len(prompt.steps) - 1
        if want is None or k >= len(fields) or fields[k] not in want:
            return None
        picks = prompt.picks_with(index)
        if picks[fields[k]] == want[fields[k]]:
            return None
        moves = [a for a in prompt.legal if all(a.get(f) == v for f, v in picks.items())]
        return dict(moves[0]) if len(moves) == 1 else None


def guide_of(screen) -> LessonGuide | None:
    """The lesson's guide of `screen`, a prompt a lesson asks (None: any other screen)."""
    return getattr(screen, "guide", None)


__all__ = ["LEAVE", "LeaveLessonScreen", "LessonGuide", "NarrationPanel", "guide_of"]
