"""A Bullenparty lesson (RULES section 7): the lesson loop of ui.teach_screen, drawn with Bullenparty's own table
(ui.bullenparty.board): the rows, every player's piles and score, the log and the learner's hand."""

from __future__ import annotations

from typing import ClassVar

from rich.text import Text
from textual.app import ComposeResult
from textual.widgets import Static

from bere_tui.engine.bullenparty import events as bp
from bere_tui.table.narrate import narrate
from bere_tui.ui.bullenparty.board import hand_text, players_text, rows_text
from bere_tui.ui.bullenparty.table import EVENT_STEPS
from bere_tui.ui.teach_screen import LessonScreen
from bere_tui.ui.widgets.log import GameLog


class BullenpartyLessonScreen(LessonScreen):
    CSS_PATH = "../teach_screen.tcss"  # the lesson screen's own, beside ui/teach_screen.py
    DEFAULT_CSS = """
    BullenpartyLessonScreen #bp-rows { height: auto; padding: 0 1; }
    BullenpartyLessonScreen #bp-players { height: auto; padding: 0 1; }
    BullenpartyLessonScreen #status { height: auto; max-height: 2; padding: 0 1; }
    BullenpartyLessonScreen GameLog { height: 1fr; padding: 0 1; background: $surface; }
    BullenpartyLessonScreen #hand-area { height: auto; min-height: 1; padding: 0 1; border-top: solid $primary; }
    App.-ascii BullenpartyLessonScreen #hand-area { border-top: ascii $primary; }
    """

    event_steps = EVENT_STEPS
    snapshots = True
    points: ClassVar[dict[str, str]] = {"hand": "#hand-area", "rows": "#bp-rows", "scores": "#bp-players", "pile": "#bp-players",
              "log": "#log"}

    def setup_table(self) -> None:
        """Nothing to keep: every drawing comes from the learner's view of the game."""

    def table_widgets(self) -> ComposeResult:
        yield Static(id="bp-rows")
        yield Static(id="bp-players")
        yield Static(id="status")
        yield GameLog(id="log")
        yield Static(id="hand-area")

    def tell(self, event) -> str | None:
        told = narrate(event, self.names, you=self.run.learner, why=True)
        return told.plain if told is not None else None

    def secret(self, event) -> bool:
        return isinstance(event, bp.BidMade)  # BP5: a bid shows only at the reveal

    def deals_hands(self, event) -> bool:
        return isinstance(event, bp.RoundStarted)

    def round_summary(self, event):
        return None  # a round's score shows on the table at once (BP10)

    def at(self):
        """The game as the learner sees it now: as it was after the event being shown, or as it is."""
        return self.run.shown or self.run.game

    def redraw(self) -> None:
        view = self.at().view(self.run.learner)
        self.query_one("#bp-rows", Static).update(rows_text(view, self.names, self.ascii))
        self.query_one("#bp-players", Static).update(players_text(view, self.names, {}, self.ascii))

    def update_hand(self) -> None:
        view = self.at().view(self.run.learner)
        area = self.query_one("#hand-area", Static)
        area.update(hand_text(view, self.ascii) if not view.finished else Text())

    def sync(self) -> None:
        self.run.shown = None  # a decision: the game as it is
        self.redraw()
        self.update_hand()


__all__ = ["BullenpartyLessonScreen"]
