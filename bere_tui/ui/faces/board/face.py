"""The board game's face at 80x24 (RULES section 6): every row of the side with its tiles and special spaces,
the decks beside them, a legend, everyone's score, the log of what each tile and space did, and the hand,
drawn from views, at the table (the loop is the one table screen's: hand-offs, bots and saves as at the other
games) and in a lesson (its decisions on the table's own prompt, with the hint's highlight on each stage).

    header                                   (1 line; a lesson's narration instead)
    legend of the space marks                (1-2)
    the rows (up to 10)  | supply, decks     (rows)
    scores               (1-2)
    status               (1)
    log                  (the rest)
    hand and action cards (1, under a rule)
    keys                 (1)
"""

from __future__ import annotations

from typing import ClassVar

from rich.cells import cell_len
from rich.text import Text
from textual.app import ComposeResult
from textual.containers import Horizontal
from textual.widgets import Static

from bere_tui.engine.board import events as bg
from bere_tui.i18n import NP_, _
from bere_tui.table.board.words import card_name
from bere_tui.table.words import variant_name
from bere_tui.ui.board.board import (
    decks_text,
    hand_text,
    legend_text,
    rows_text,
    rows_width,
    scores_text,
    tiles_text,
)
from bere_tui.ui.board.prompts import BoardPrompt, choices_that_fit
from bere_tui.ui.board.tracker import tracker_notice
from bere_tui.ui.faces.base import ViewFace
from bere_tui.ui.widgets.log import GameLog

#: how long each kind of event stays on screen, in steps of the placement speed
EVENT_STEPS = {bg.Revealed: 2.0, bg.TilePlaced: 1.0, bg.TileSwapped: 1.0, bg.SpaceScored: 1.0,
               bg.RowFinished: 1.5, bg.RowTaken: 1.5, bg.RowGathered: 1.5, bg.StopPlaced: 1.0,
               bg.LuckPlaced: 1.0, bg.HandDealt: 1.0, bg.HandPenalty: 1.0}

#: lines of the log kept in view above a prompt at the table (at 80x24 the prompt shows fewer choices for them,
#: and the status line, which the prompt's title repeats, gives way)
LOG_KEPT = 2

#: what a hand-off says the decision is for
REASONS = {
    "select": lambda: _("to choose a tile"),
    "stop_row": lambda: _("to put a STOP token on a row"),
    "place_row": lambda: _("to choose the row for the tile"),
    "swap_row": lambda: _("to choose the row to swap with"),
    "luck": lambda: _("to place a luck card"),
}


class BoardFace(ViewFace):
    CSS = ViewFace.replay_css("board") + """
    TableScreen.-face-board #table-header { height: 1; background: $primary-background; }
    .-face-board #bg-legend { height: auto; max-height: 2; padding: 0 1; }
    LessonScreen.-face-board #bg-legend { height: 1; }
    .-face-board #bg-top { height: auto; }
    .-face-board #bg-rows { height: auto; width: auto; padding: 0 0 0 1; }
    .-face-board #bg-decks { height: auto; width: 1fr; padding: 0 0 0 2; }
    .-face-board #bg-scores { height: auto; max-height: 2; padding: 0 1; }
    .-face-board #status { height: 1; padding: 0 1; }
    .-face-board GameLog { height: 1fr; padding: 0 1; background: $surface; }
    .-face-board #hand-area { height: auto; min-height: 1; padding: 0 1; border-top: solid $primary; }
    App.-ascii .-face-board #hand-area { border-top: ascii $primary; }
    """

    EVENT_STEPS = EVENT_STEPS
    ONE_LINE_HAND = True  # (in a lesson: the rows and the log stay in view)
    hand_text = staticmethod(hand_text)
    POINTS: ClassVar[dict[str, str]] = {"hand": "#hand-area", "rows": "#bg-rows", "scores": "#bg-scores",
                                        "pile": "#bg-decks", "log": "#log", "specials": "#bg-legend"}

    def __init__(self, host, lesson: bool = False) -> None:
        super().__init__(host, lesson)
        self.fresh: frozenset[int] = frozenset()  # the tiles placed by the events shown last (underlined)

    def compose(self) -> ComposeResult:
        yield Static(id="bg-legend")
        with Horizontal(id="bg-top"):
            yield Static(id="bg-rows")
            yield Static(id="bg-decks")
        yield Static(id="bg-scores")
        yield Static(id="status")
        yield GameLog(id="log")
        yield Static(id="hand-area")

    def mount(self) -> None:
        host = self.host
        if self.lesson:
            # (inline: the lesson screen's own stylesheet gives the 6 nimmt! table's hand three lines, status four)
            hand = host.query_one("#hand-area", Static).styles
            hand.min_height = hand.max_height = 2  # the rule above it and one line
            host.query_one("#status", Static).styles.max_height = 2
        else:
            # (inline: the 6 nimmt! table's stylesheet, app-wide, puts a blank line above #status, which would
            # take a line of the log at 80x24)
            host.query_one("#status", Static).styles.margin = 0

    # ------------------------------------------------------------------ drawing

    HEADER_LEAD = 3  # the game, its side, its luck cards

    def header_parts(self) -> list[str]:
        view = self.view()
        side = _("red side (pro)") if view.pro else _("blue side")
        return [variant_name("board"), side, _("luck cards") if view.luck else _("no luck cards"),
                _("hand {n}").format(n=view.hand_no), _("turn {n}").format(n=view.turn)]

    def draw(self) -> None:
        view, host = self.view(), self.host
        width = max(20, (host.size.width or 80) - 2)
        host.query_one("#bg-legend", Static).update(legend_text(view, width, lines=1) if self.lesson
                                                    else legend_text(view, width))
        host.query_one("#bg-rows", Static).update(rows_text(view, self.ascii, self.fresh))
        if self.lesson:
            host.query_one("#bg-decks", Static).update(decks_text(view))
        else:
            self.place_decks(view)
        host.query_one("#bg-scores", Static).update(scores_text(view, self.names, self.marks))

    def place_decks(self, view) -> None:
        """The decks beside the rows, or on one line under them when the rows leave no room beside them (a long
        row of a board file, a long translation)."""
        beside = decks_text(view)
        width = self.host.size.width or 80
        top, decks = self.host.query_one("#bg-top", Horizontal), self.host.query_one("#bg-decks", Static)
        widest = max(cell_len(line) for line in beside.plain.split("\n"))
        if 1 + rows_width(view, self.ascii) + 2 + widest <= width:  # (the paddings: 1 and 2)
            top.styles.layout, decks.styles.padding = "horizontal", (0, 0, 0, 2)
            decks.update(beside)
        else:
            top.styles.layout, decks.styles.padding = "vertical", (0, 1)
            decks.update(decks_text(view, inline=True))

    def set_marks(self, marks: dict[int, str]) -> None:
        self.marks = marks
        self.host.query_one("#bg-scores", Static).update(scores_text(self.view(), self.names, marks))

    def on_resize(self) -> None:
        if not self.lesson:
            self.place_decks(self.view())

    def on_suspend(self) -> None:
        if not self.lesson:
            self.host.app.call_after_refresh(self.uncover_log)

    def on_resume(self) -> None:
        if not self.lesson:
            self.host.query_one(GameLog).styles.padding = (0, 1)
            self.host.query_one("#status", Static).display = True

    def uncover_log(self) -> None:
        """A panel at the bottom (a hand-off, a prompt) covers the log's last lines: the log ends above it, so
        that what the last tiles and spaces did stays in view. Under a prompt the status line gives way to
        the log (the prompt's title says who decides)."""
        host = self.host
        top = host.app.screen
        if top is host or not host.is_attached:
            return
        panels = top.query(".bottom-panel")
        if not panels:
            return
        log = host.query_one(GameLog)
        under_prompt = isinstance(top, BoardPrompt)
        host.query_one("#status", Static).display = not under_prompt
        log_top = host.query_one("#bg-scores", Static).region.bottom + (0 if under_prompt else 1)
        covered = log.region.bottom - panels.first().region.y
        if 0 < covered < log.region.bottom - log_top:  # (a panel over the whole log leaves it as it is)
            log.styles.padding = (0, 1, covered, 1)

    def tracker(self, view):
        return tracker_notice(view, self.ascii)

    # ------------------------------------------------------------------ the table's beats

    def choosing_text(self, name: str) -> str:
        return _("{name} is choosing a tile.").format(name=name)

    def handoff_screen(self, p: int, do: str, again: bool = False):
        from bere_tui.ui.screens.handoff import HandoffScreen

        game = self.host.game
        why = REASONS.get(do)
        return HandoffScreen(self.names[p], do, game.hand_no, game.turn, again=again,
                             why=why() if why else None,
                             when=_("hand {hand}, turn {turn}").format(hand=game.hand_no, turn=game.turn))

    def prompt(self, view, legal: list[dict]):
        return BoardPrompt(view, legal, self.ascii, lines=self.prompt_lines)

    def prompt_class(self, do: str) -> type:
        return BoardPrompt

    def prompt_lines(self, height: int | None = None) -> int:
        """The choices a prompt shows at once in a terminal `height` lines high (None: this screen's). At the
        table: as many as leave the log's last LOG_KEPT lines in view between the scores and the prompt (at
        80x24 with ten rows: 4, and a fifth tile while tiles are chosen; at 120x40 every tile of a hand of 12).
        In a lesson: the lines under the scores, so that every row and the scores stay in view above it (the
        narration says what the log would)."""
        return choices_that_fit(self.host, height, 0 if self.lesson else LOG_KEPT)

    def before_events(self, events: list) -> None:
        placed = frozenset(e.tile for e in events if isinstance(e, (bg.TilePlaced, bg.TileSwapped)))
        if placed or any(isinstance(e, bg.Revealed) for e in events):
            self.fresh = placed

    # ------------------------------------------------------------------ a lesson

    def tell(self, event) -> str | None:
        if isinstance(event, bg.Revealed):
            self.fresh = frozenset()
        elif isinstance(event, (bg.TilePlaced, bg.TileSwapped)):
            self.fresh = self.fresh | {event.tile}
        return super().tell(event)

    def secret(self, event) -> bool:
        return isinstance(event, bg.Selected)  # BG3: a choice shows only at the reveal

    def deals_hands(self, event) -> bool:
        return isinstance(event, bg.HandDealt)

    @staticmethod
    def your_move(do: str) -> str:
        """The practice game's narration while the learner decides."""
        return {
            "stop_row": _("Your STOP card: choose the row for the STOP token. Press i for a hint."),
            "place_row": _("Place anywhere: choose the open row for your tile. Press i for a hint."),
            "swap_row": _("Swap: choose the row whose last tile comes to your hand. Press i for a hint."),
            "luck": _("Your luck card: choose the space it changes. Press i for a hint."),
        }.get(do, _("Your move: choose a tile in secret. Press i for a hint."))

    # ------------------------------------------------------------------ the replay viewer

    REPLAY_KEYS = (NP_("replay key", "decision"), NP_("replay key", "decision back"), NP_("replay key", "turn"),
                   NP_("replay key", "turn back"), NP_("replay key", "hand"), NP_("replay key", "hand back"))

    TURN_STARTS = (bg.Revealed,)  # BG3: the tiles chosen are revealed
    ROUND_STARTS = (bg.HandDealt,)  # BG2: 2-3 players play a second hand

    def step_parts(self, step) -> list[str]:
        return [_("hand {n}").format(n=step.state.hand_no), _("turn {n}").format(n=step.turn)]

    def replay_table(self, view) -> tuple[Text, Text]:
        return rows_text(view, self.ascii), scores_text(view, self.names, {})

    def replay_hands(self, step, width: int = 78) -> Text:
        """Every hand with its action cards (BG7) and a choice not yet revealed (BG3)."""
        state = step.state
        heads = state.board.heads
        lines = [Text(_("HANDS (every hand and choice shown)"), style="bold")]
        for p, name in enumerate(self.names):
            line = Text(no_wrap=True, overflow="ellipsis")
            line.append(name[:12].ljust(13), style="bold")
            choice = None if state.revealed else state.choices.get(p)  # (until the reveal: BG3)
            if choice is not None:
                line.append(_("chose:") + " ", style="bold")
                line.append_text(tiles_text(choice[0], heads, self.ascii))
                if choice[1]:
                    line.append(" (" + card_name(choice[1]) + ")")
                line.append("  ")
            if state.held[p]:
                line.append(_("cards:") + " " + ", ".join(card_name(c) for c in state.held[p]) + "  ", style="dim")
            line.append_text(tiles_text(state.hands[p], heads, self.ascii))
            lines.append(line)
        return Text("\n").join(lines)

    def choice_line(self, action: dict, state) -> Text | None:
        """A secret choice as the replay tells it: "Ann: chooses 17• (play first)"."""
        if action["do"] != "select":
            return None
        out = Text(self.names[action["player"]] + ": ", style="dim")
        out.append(_("chooses") + " ", style="dim")
        out.append_text(tiles_text(action["tiles"], state.board.heads, self.ascii))
        if action["card"]:
            out.append(" (" + card_name(action["card"]) + ")", style="dim")
        return out

    def end_lines(self, game) -> list[Text]:
        return [Text(_("The board at the end"), style="bold"), rows_text(game.view(None), self.ascii),
                *super().end_lines(game)]


__all__ = ["EVENT_STEPS", "BoardFace", "tracker_notice"]
