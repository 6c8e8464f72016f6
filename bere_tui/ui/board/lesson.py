"""A board-game lesson (RULES section 6): the lesson loop of ui.teach_screen, drawn with the board game's own
table (ui.board.board): the legend, every row with its spaces, the decks, the scores, the log and the learner's
hand. Its decisions use the table's own prompt (ui.board.prompts), with the hint's highlight on each stage."""

from __future__ import annotations

from typing import ClassVar

from rich.text import Text
from textual.app import ComposeResult
from textual.containers import Horizontal
from textual.widgets import Static

from bere_tui.engine.board import events as bg
from bere_tui.i18n import _
from bere_tui.table.narrate import narrate
from bere_tui.ui.board.board import decks_text, hand_text, legend_text, rows_text, scores_text
from bere_tui.ui.board.prompts import CHOICE_LINES, BoardPrompt, choices_that_fit
from bere_tui.ui.board.table import EVENT_STEPS
from bere_tui.ui.teach_screen import LessonScreen
from bere_tui.ui.widgets.choices import ChoiceList
from bere_tui.ui.widgets.log import GameLog


class BoardLessonScreen(LessonScreen):
    CSS_PATH = "../teach_screen.tcss"  # the lesson screen's own, beside ui/teach_screen.py
    DEFAULT_CSS = """
    BoardLessonScreen #bg-legend { height: 1; padding: 0 1; }
    BoardLessonScreen #bg-top { height: auto; }
    BoardLessonScreen #bg-rows { height: auto; width: auto; padding: 0 0 0 1; }
    BoardLessonScreen #bg-decks { height: auto; width: 1fr; padding: 0 0 0 2; }
    BoardLessonScreen #bg-scores { height: auto; max-height: 2; padding: 0 1; }
    BoardLessonScreen #status { height: 1; padding: 0 1; }
    BoardLessonScreen GameLog { height: 1fr; padding: 0 1; background: $surface; }
    BoardLessonScreen #hand-area { height: auto; min-height: 1; padding: 0 1; border-top: solid $primary; }
    App.-ascii BoardLessonScreen #hand-area { border-top: ascii $primary; }
    """

    event_steps = EVENT_STEPS
    snapshots = True
    points: ClassVar[dict[str, str]] = {"hand": "#hand-area", "rows": "#bg-rows", "scores": "#bg-scores",
                                        "pile": "#bg-decks", "log": "#log", "specials": "#bg-legend"}

    def setup_table(self) -> None:
        """Nothing to keep: every drawing comes from the learner's view of the game."""
        self.fresh: frozenset[int] = frozenset()

    def table_widgets(self) -> ComposeResult:
        yield Static(id="bg-legend")
        with Horizontal(id="bg-top"):
            yield Static(id="bg-rows")
            yield Static(id="bg-decks")
        yield Static(id="bg-scores")
        yield Static(id="status")
        yield GameLog(id="log")
        yield Static(id="hand-area")

    def on_mount(self) -> None:
        # (inline: the lesson screen's own stylesheet gives the 6 nimmt! table's hand three lines, status four)
        hand = self.query_one("#hand-area", Static).styles
        hand.min_height = hand.max_height = 2  # the rule above it and one line
        self.query_one("#status", Static).styles.max_height = 2
        super().on_mount()

    def tell(self, event) -> str | None:
        if isinstance(event, bg.Revealed):
            self.fresh = frozenset()
        elif isinstance(event, (bg.TilePlaced, bg.TileSwapped)):
            self.fresh = self.fresh | {event.tile}
        told = narrate(event, self.names, you=self.run.learner, why=True)
        return told.plain if told is not None else None

    def secret(self, event) -> bool:
        return isinstance(event, bg.Selected)  # BG3: a choice shows only at the reveal

    def deals_hands(self, event) -> bool:
        return isinstance(event, bg.HandDealt)

    def round_summary(self, event):
        return None  # the scores show on the table at once

    def your_move(self, do: str) -> str:
        return board_move(do)

    def at(self):
        """The game as the learner sees it now: as it was after the event being shown, or as it is."""
        return self.run.shown or self.run.game

    def redraw(self) -> None:
        view = self.at().view(self.run.learner)
        width = max(20, (self.size.width or 80) - 2)
        self.query_one("#bg-legend", Static).update(legend_text(view, width, lines=1))
        self.query_one("#bg-rows", Static).update(rows_text(view, self.ascii, self.fresh))
        self.query_one("#bg-decks", Static).update(decks_text(view))
        self.query_one("#bg-scores", Static).update(scores_text(view, self.names, {}))

    def update_hand(self) -> None:
        view = self.at().view(self.run.learner)
        area = self.query_one("#hand-area", Static)
        hand = hand_text(view, self.ascii) if not view.finished else Text()
        hand.no_wrap, hand.overflow = True, "ellipsis"  # one line: the rows and the log stay in view
        area.update(hand)

    def sync(self) -> None:
        self.run.shown = None  # a decision: the game as it is
        self.redraw()
        self.update_hand()

    def prompt_lines(self, height: int | None = None) -> int:
        """The choices a prompt shows at once: the lines under the scores, so that every row and the scores
        stay in view above it (the narration says what the log would)."""
        return choices_that_fit(self, height)


class BoardTeachPrompt(BoardPrompt):
    """The table's prompt in a lesson: the hint's (or the lesson's) move is highlighted on every stage."""

    hinted: dict | None = None

    def __init__(self, view, legal, ascii: bool = False, lines=None) -> None:
        super().__init__(view, legal, ascii, lines=lines or self._room)

    def _room(self, height: int | None) -> int:
        """As many choices as the lesson's screen under the prompt has room for (BoardLessonScreen.prompt_lines)."""
        lesson = next((s for s in reversed(self.app.screen_stack) if isinstance(s, BoardLessonScreen)), None)
        return CHOICE_LINES if lesson is None else lesson.prompt_lines(height)

    def hint_index(self, action: dict) -> int | None:
        """The line of the current stage that leads to `action` (None: none)."""
        if self.stage == "tile":
            want = [t for t in action.get("tiles", ()) if t not in self.picked]
            answer = want[0] if want else None
        elif self.stage == "card":
            answer = action.get("card") or ""
        elif self.stage == "row":
            answer = action.get("row")
        else:
            answer = action.get("space")
        return self.lines.index(answer) if answer in self.lines else None

    async def _next_stage(self) -> None:
        await super()._next_stage()
        if self.hinted is not None:
            index = self.hint_index(self.hinted)
            if index is not None:
                self.query_one(ChoiceList).highlighted = index


def board_move(do: str) -> str:
    """The practice game's narration while the learner decides."""
    return {
        "stop_row": _("Your STOP card: choose the row for the STOP token. Press i for a hint."),
        "place_row": _("Place anywhere: choose the open row for your tile. Press i for a hint."),
        "swap_row": _("Swap: choose the row whose last tile comes to your hand. Press i for a hint."),
        "luck": _("Your luck card: choose the space it changes. Press i for a hint."),
    }.get(do, _("Your move: choose a tile in secret. Press i for a hint."))


def prompt_class(do: str) -> type[BoardTeachPrompt]:
    """The prompt a lesson wraps for any board-game decision (its system's "prompt_class" part: one prompt for
    all of them, in stages)."""
    return BoardTeachPrompt


__all__ = ["BoardLessonScreen", "BoardTeachPrompt", "board_move", "prompt_class"]

