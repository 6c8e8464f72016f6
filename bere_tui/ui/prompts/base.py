"""What every prompt of this package shares: a ModalScreen that dismisses with one legal action, and the keys
that work on every screen (? / F1 help and rules, q quit), which a modal screen does not inherit from the app.
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


class PromptScreen(Gated, DismissOnce, ModalScreen[dict | None]):
    """A decision of one player: built from their view and the engine's legal actions, dismissed with one of
    those actions (or None when the player goes back, where going back is allowed)."""

    BINDINGS = COMMON_BINDINGS
    #: the player at the keyboard is addressed as "you" (a lesson's learner, named "You"): no "You picks"
    second_person = False

    def __init__(self, view, legal: list[dict], ascii: bool = False) -> None:
        super().__init__()
        self.view = view
        self.legal = list(legal)
        self.ascii = ascii
        self.player = legal[0]["player"] if legal else view.me

    @on(events.ScreenResume)
    def _uncover_log(self) -> None:
        """Once this box is laid out, the table's log draws its newest line above it (issue 35)."""
        self.call_after_refresh(redraw_logs, self.app)

    def check_action(self, action: str, parameters) -> bool | None:
        if action == "coach":
            from bere_tui.ui.prompts.coach import coached

            return coached(self)
        return True

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
