"""The board game's table at 80x24 (RULES section 6): every row of the side with its tiles and special spaces,
the decks beside them, a legend, everyone's score, the log of what each tile and space did, and the hand,
drawn from views. The loop is the director's (screens.directed): hand-offs, bots and saves as at the other
tables.

    header                                   (1 line)
    legend of the space marks                (1-2)
    the rows (up to 10)  | supply, decks     (rows)
    scores               (1-2)
    status               (1)
    log                  (the rest)
    hand and action cards (1, under a rule)
    keys                 (1)
"""

from __future__ import annotations

from collections import Counter

from rich.cells import cell_len
from rich.text import Text
from textual.app import ComposeResult
from textual.containers import Horizontal
from textual.widgets import Static

from bere_tui.engine.board import events as bg
from bere_tui.i18n import _, ngettext
from bere_tui.table.cardtext import ASCII_DOT, DOT
from bere_tui.table.narrate import log_line
from bere_tui.table.words import variant_name
from bere_tui.ui.board.board import decks_text, hand_text, legend_text, rows_text, rows_width, scores_text
from bere_tui.ui.board.prompts import BoardPrompt, choices_that_fit
from bere_tui.ui.saving import keep_finished
from bere_tui.ui.screens.directed import DirectedScreen
from bere_tui.ui.screens.handoff import HandoffScreen
from bere_tui.ui.screens.scores import ResultsScreen
from bere_tui.ui.widgets.keybar import KeyBar
from bere_tui.ui.widgets.log import GameLog

#: how long each kind of event stays on screen, in steps of the placement speed
EVENT_STEPS = {bg.Revealed: 2.0, bg.TilePlaced: 1.0, bg.TileSwapped: 1.0, bg.SpaceScored: 1.0,
               bg.RowFinished: 1.5, bg.RowTaken: 1.5, bg.RowGathered: 1.5, bg.StopPlaced: 1.0,
               bg.LuckPlaced: 1.0, bg.HandDealt: 1.0, bg.HandPenalty: 1.0}

#: lines of the log kept in view above a prompt (at 80x24 the prompt shows fewer choices for them, and the
#: status line, which the prompt's title repeats, gives way)
LOG_KEPT = 2

#: what a hand-off says the decision is for
REASONS = {
    "select": lambda: _("to choose a tile"),
    "stop_row": lambda: _("to put a STOP token on a row"),
    "place_row": lambda: _("to choose the row for the tile"),
    "swap_row": lambda: _("to choose the row to swap with"),
    "luck": lambda: _("to place a luck card"),
}


def tracker_notice(view, ascii: bool = False):
    """What the person at the keyboard has not seen: the tiles in other hands and the supply, by bullheads."""
    from bere_tui.ui.screens.dialogs import NoticeScreen

    unseen = view.unseen_tiles()
    by_heads = Counter(view.heads[t] for t in unseen)
    mark = ASCII_DOT if ascii else DOT  # (each bullhead a mark, as on the tiles: "••• 8" is 8 tiles of 3)
    # TRANSLATORS: the tile tracker: how many unseen tiles have this many bullheads (shown as marks: ••• 8)
    heads = ", ".join(_("{heads} {count}").format(count=by_heads[h], heads=mark * h) for h in sorted(by_heads))
    lines = [_("Tiles you have not seen (other hands and the supply): {n}, by bullheads: {list}").format(
                 n=len(unseen), list=heads or "-"),
             " ".join(map(str, unseen)),
             ngettext("Out of the game: {n} tile.", "Out of the game: {n} tiles.", len(view.out)).format(
                 n=len(view.out))]
    if view.luck:
        lines.append(_("Luck cards left: {n}.").format(n=view.luck_left))
    if view.pro:
        lines.append(_("Action cards left: {n}.").format(n=view.actions_left))
    return NoticeScreen(_("Tile tracker"), "\n".join(lines))


class BoardTableScreen(DirectedScreen):
    DEFAULT_CSS = """
    BoardTableScreen #table-header { height: 1; background: $primary-background; }
    BoardTableScreen #bg-legend { height: auto; max-height: 2; padding: 0 1; }
    BoardTableScreen #bg-top { height: auto; }
    BoardTableScreen #bg-rows { height: auto; width: auto; padding: 0 0 0 1; }
    BoardTableScreen #bg-decks { height: auto; width: 1fr; padding: 0 0 0 2; }
    BoardTableScreen #bg-scores { height: auto; max-height: 2; padding: 0 1; }
    BoardTableScreen #status { height: 1; padding: 0 1; }
    BoardTableScreen GameLog { height: 1fr; padding: 0 1; background: $surface; }
    BoardTableScreen #hand-area { height: auto; min-height: 1; padding: 0 1; border-top: solid $primary; }
    App.-ascii BoardTableScreen #hand-area { border-top: ascii $primary; }
    """

    def __init__(self, session) -> None:
        super().__init__(session)
        self.marks: dict[int, str] = {}
        self.fresh: frozenset[int] = frozenset()  # the tiles placed by the events shown last (underlined)

    def forced_text(self, name: str) -> str:
        return _("{name} has only one choice here: it is made at once.").format(name=name)

    def choosing_text(self, name: str) -> str:
        return _("{name} is choosing a tile.").format(name=name)

    def compose(self) -> ComposeResult:
        yield Static(id="table-header")
        yield Static(id="bg-legend")
        with Horizontal(id="bg-top"):
            yield Static(id="bg-rows")
            yield Static(id="bg-decks")
        yield Static(id="bg-scores")
        yield Static(id="status")
        yield GameLog(id="log")
        yield Static(id="hand-area")
        yield KeyBar()

    def on_mount(self) -> None:
        # (inline: the 6 nimmt! table's stylesheet, app-wide, puts a blank line above #status, which would
        # take a line of the log at 80x24)
        self.query_one("#status", Static).styles.margin = 0
        self.start_table()

    # ------------------------------------------------------------------ drawing

    def header_text(self) -> Text:
        view = self.game.view(None)
        side = _("red side (pro)") if view.pro else _("blue side")
        parts = [variant_name("board"), side, _("luck cards") if view.luck else _("no luck cards"),
                 _("hand {n}").format(n=view.hand_no), _("turn {n}").format(n=view.turn)]
        return self.with_help_hint(Text(" " + " - ".join(parts), style="bold", no_wrap=True, overflow="ellipsis"))

    def redraw(self) -> None:
        view = self.game.view(None)
        names = self.session.names
        self.query_one("#table-header", Static).update(self.header_text())
        self.query_one("#bg-legend", Static).update(legend_text(view, max(20, (self.size.width or 80) - 2)))
        self.query_one("#bg-rows", Static).update(rows_text(view, self.ascii, self.fresh))
        self.place_decks(view)
        self.query_one("#bg-scores", Static).update(scores_text(view, names, self.marks))

    def place_decks(self, view) -> None:
        """The decks beside the rows, or on one line under them when the rows leave no room beside them (a long
        row of a board file, a long translation)."""
        beside = decks_text(view)
        width = self.size.width or 80
        top, decks = self.query_one("#bg-top", Horizontal), self.query_one("#bg-decks", Static)
        widest = max(cell_len(line) for line in beside.plain.split("\n"))
        if 1 + rows_width(view, self.ascii) + 2 + widest <= width:  # (the paddings: 1 and 2)
            top.styles.layout, decks.styles.padding = "horizontal", (0, 0, 0, 2)
            decks.update(beside)
        else:
            top.styles.layout, decks.styles.padding = "vertical", (0, 1)
            decks.update(decks_text(view, inline=True))

    def update_hand(self) -> None:
        """The hand shows only when one person plays against bots (nobody else is looking)."""
        s, area = self.session, self.query_one("#hand-area", Static)
        person = s.keyboard_player()
        if person is not None and not self.game.finished:
            area.update(hand_text(self.game.view(person), self.ascii))
        elif not s.people:
            area.update(Text(_("Only bots at this table: watch them play."), style="dim"))
        else:
            area.update(Text(_("Hands stay hidden: each person sees theirs after their hand-off."), style="dim"))

    def set_marks(self, marks: dict[int, str]) -> None:
        self.marks = marks
        self.query_one("#bg-scores", Static).update(scores_text(self.game.view(None), self.session.names, marks))

    def on_resize(self) -> None:
        self.query_one("#table-header", Static).update(self.header_text())
        self.place_decks(self.game.view(None))

    def on_screen_suspend(self) -> None:
        super().on_screen_suspend()
        self.app.call_after_refresh(self.uncover_log)

    def on_screen_resume(self) -> None:
        super().on_screen_resume()
        self.query_one(GameLog).styles.padding = (0, 1)
        self.query_one("#status", Static).display = True

    def uncover_log(self) -> None:
        """A panel at the bottom (a hand-off, a prompt) covers the log's last lines: the log ends above it, so
        that what the last tiles and spaces did stays in view. Under a prompt the status line gives way to
        the log (the prompt's title says who decides)."""
        top = self.app.screen
        if top is self or not self.is_attached:
            return
        panels = top.query(".bottom-panel")
        if not panels:
            return
        log = self.query_one(GameLog)
        under_prompt = isinstance(top, BoardPrompt)
        self.query_one("#status", Static).display = not under_prompt
        log_top = self.query_one("#bg-scores", Static).region.bottom + (0 if under_prompt else 1)
        covered = log.region.bottom - panels.first().region.y
        if 0 < covered < log.region.bottom - log_top:  # (a panel over the whole log leaves it as it is)
            log.styles.padding = (0, 1, covered, 1)

    def action_tracker(self) -> None:
        self.app.push_screen(tracker_notice(self.game.view(self.session.keyboard_player()), self.ascii))

    # ------------------------------------------------------------------ the director's beats

    def handoff_screen(self, p: int, do: str, again: bool = False) -> HandoffScreen:
        why = REASONS.get(do)
        return HandoffScreen(self.session.names[p], do, self.game.hand_no, self.game.turn, again=again,
                             why=why() if why else None,
                             when=_("hand {hand}, turn {turn}").format(hand=self.game.hand_no, turn=self.game.turn))

    def prompt_for(self, view, legal: list[dict]):
        return BoardPrompt(view, legal, self.ascii, lines=self.prompt_lines)

    def prompt_lines(self, height: int | None = None) -> int:
        """The choices a prompt shows at once in a terminal `height` lines high (None: this screen's): as many
        as leave the log's last LOG_KEPT lines in view between the scores and the prompt (at 80x24 with ten
        rows: 4, and a fifth tile while tiles are chosen; at 120x40 every tile of a hand of 12)."""
        return choices_that_fit(self, height, LOG_KEPT)

    async def show_events(self, events: list) -> None:
        self._hurry.clear()
        self.set_animating(self.app.speed != "off" and any(type(e) in EVENT_STEPS for e in events))
        placed = frozenset(e.tile for e in events if isinstance(e, (bg.TilePlaced, bg.TileSwapped)))
        if placed or any(isinstance(e, bg.Revealed) for e in events):
            self.fresh = placed
        self.redraw()
        log = self.query_one(GameLog)
        for event in events:
            line = log_line(event, self.session.names, self.ascii)
            if line is None:
                continue
            log.write(line)
            self.set_status(line.plain)
            await self.pause(EVENT_STEPS.get(type(event), 0.0))
        self.set_animating(False)
        self.set_marks({})
        self.redraw()
        self.update_hand()

    async def finish(self) -> None:
        s, game = self.session, self.game
        keep_finished(self.app, game)
        self.update_hand()
        await self.settle()
        choice = await self.app.push_screen_wait(ResultsScreen.of(game, s.names, s.levels, self.ascii))
        self.app.call_later(self.app.after_game, choice, s)


__all__ = ["BoardTableScreen", "tracker_notice"]
