"""What every prompt of this package shares: a ModalScreen that dismisses with one legal action, and the keys
that work on every screen (? / F1 help and rules, q quit), which a modal screen does not inherit from the app.

A lesson asks its learner on the table's own prompts, guided (`guided(guide)`, ui/teach_prompt.py LessonGuide):
the lesson's narration on top, `i` for a hint that highlights its move, Esc to leave the lesson. A prompt says
where its highlight goes for a move (`highlight`); the rest is the guide's.
"""

from __future__ import annotations

from textual import events, on
from textual.binding import Binding
from textual.screen import ModalScreen

from bere_tui.i18n import N_
from bere_tui.ui.gate import Gated
from bere_tui.ui.once import DismissOnce
from bere_tui.ui.screens.whole_log import WHOLE_LOG
from bere_tui.ui.widgets.log import redraw_logs
from bere_tui.ui.widgets.picker import CardPicker

COMMON_BINDINGS = [
    Binding("question_mark,f1", "app.help", N_("help"), show=True),
    Binding("t", "tracker", N_("tracker"), show=True),
    Binding("ctrl+s", "save", N_("save"), show=True),
    Binding("s", "app.speed", N_("speed"), show=False),  # as at the table, also while a prompt waits
    Binding("q", "app.ask_quit", N_("quit"), show=True),
    WHOLE_LOG,  # the whole log of the table under the prompt (BereApp.action_whole_log)
    Binding("c", "coach", N_("coach"), show=True),  # only where the coach is on (issue 34: prompts/coach.py)
]
#: `b` at a shared table: a bot for a player who has been away long enough (ui/remote.py), at the table and under
#: the seat's own open prompt, where the screen that opened the prompt offers it (PromptScreen.host)
TO_BOT = Binding("b", "to_bot", N_("a bot for a missing player"), show=True)
COMMON_BINDINGS += [TO_BOT]
#: Esc in a lesson (a guided prompt): leave the lesson, once the learner says so. A prompt whose own Esc goes back a
#: step or a stage in a lesson too lists it after its own (StepPrompt, LayPrompt)
LEAVE_LESSON = Binding("escape", "leave", N_("leave lesson"), show=True)
#: a lesson's hint (a guided prompt)
HINT = Binding("i", "hint", N_("hint"), show=True)
COMMON_BINDINGS += [LEAVE_LESSON, HINT]


class PromptScreen(Gated, DismissOnce, ModalScreen[dict | None]):
    """A decision of one player: built from their view and the engine's legal actions, dismissed with one of
    those actions (or None when the player goes back, where going back is allowed)."""

    BINDINGS = COMMON_BINDINGS
    #: the player at the keyboard is addressed as "you" (a lesson's learner, named "You"): no "You picks"
    second_person = False
    #: a lesson's guidance (ui/teach_prompt.py LessonGuide), given before the prompt shows; None at the table
    guide = None
    #: the screen that opened this prompt, where it has an action of its own that the prompt offers too (a shared
    #: table's `b`, TO_BOT); None elsewhere
    host = None

    def __init__(self, view, legal: list[dict], ascii: bool = False) -> None:
        super().__init__()
        self.view = view
        self.legal = list(legal)
        self.ascii = ascii
        self.player = legal[0]["player"] if legal else view.me

    def guided(self, guide) -> PromptScreen:
        """This prompt as a lesson asks it: `guide` narrates, hints and leaves; the learner is "you"."""
        self.guide = guide
        self.second_person = True
        return self

    @on(events.Mount)
    def _show_guide(self) -> None:
        if self.guide is not None:
            self.mount(self.guide.panel())
            self.call_after_refresh(self.highlight_hint)  # (once the prompt's own highlight is set)

    def highlight(self, action: dict) -> None:
        """Put the highlight on the choice that leads to `action` (a lesson's move, or its hint's), at this
        step or stage of the prompt."""

    def highlight_hint(self) -> None:
        """The guide's move (the lesson's, or the hint's once asked) highlighted, if there is one."""
        hinted = self.guide.hinted if self.guide is not None else None
        if hinted is not None:
            self.highlight(hinted)

    def action_hint(self) -> None:
        if self.guide is not None:
            self.guide.show_hint(self)

    def action_leave(self) -> None:
        if self.guide is not None:
            self.guide.leave(self)

    @on(events.ScreenResume)
    def _uncover_log(self) -> None:
        """Once this box is laid out, the table's log draws its newest line above it (issue 35)."""
        self.call_after_refresh(redraw_logs, self.app)

    def check_action(self, action: str, parameters) -> bool | None:
        if action in ("hint", "leave"):
            return self.guide is not None
        if action == "to_bot":
            return self.host is not None and self.host.check_action("to_bot", parameters) is True
        if action == "coach":
            if self.guide is not None and self.guide.expected is None:  # a lesson's practice game: always on
                return True
            from bere_tui.ui.prompts.coach import coached

            return coached(self)
        return True

    def action_to_bot(self) -> None:
        if self.host is not None:
            self.host.action_to_bot()

    def action_coach(self) -> None:
        from bere_tui.ui.prompts.coach import show_advice

        show_advice(self)

    @on(events.Unmount)
    def _forget_advice(self) -> None:
        from bere_tui.ui.prompts.coach import forget

        forget(self)

    def action_tracker(self) -> None:
        """The card tracker from this player's view: what the person at the keyboard may know."""
        from bere_tui.ui.screens.tracker import TrackerScreen

        self.app.push_screen(TrackerScreen(self.view, self.ascii))

    def action_save(self) -> None:
        from bere_tui.ui.saving import open_save

        open_save(self.app)

    @property
    def name_of_player(self) -> str:
        return self.view.players[self.player].name


class CardPickPrompt(PromptScreen):
    """A prompt whose answer is one card of a CardPicker: the picker has the focus, and the card picked is
    answered with the legal action for that card."""

    def on_mount(self) -> None:
        self.query_one(CardPicker).focus()

    def highlight(self, action: dict) -> None:
        picker = self.query_one(CardPicker)
        if action.get("card") in picker.cards:
            picker.cursor = picker.cards.index(action["card"])

    def on_card_picker_picked(self, message: CardPicker.Picked) -> None:
        message.stop()
        for action in self.legal:
            if action["card"] == message.card:
                self.dismiss(action)
                return


class HidesHand:
    """Mixin for a prompt that shows a hidden hand: at a hot-seat table (`can_go_back`, set by the table) Esc
    hides it again and dismisses with None, so the hand-off comes back (B10)."""

    can_go_back = False
    BACK = Binding("escape", "back", N_("hide hand"), show=True)

    def check_action(self, action: str, parameters) -> bool | None:
        if action == "back":
            return self.can_go_back
        return super().check_action(action, parameters)  # type: ignore[misc]

    def action_back(self) -> None:
        self.dismiss(None)  # type: ignore[attr-defined]
