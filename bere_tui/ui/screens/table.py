"""6 nimmt!'s table: rows, scores, the reveal, the log and the hand, drawn from the director's beats (the loop
they share with every game's table is screens.directed)."""

from __future__ import annotations

from rich.cells import cell_len
from rich.text import Text
from textual.app import ComposeResult
from textual.widgets import Static

from bere_tui.engine.nimmt import events as ev
from bere_tui.i18n import _
from bere_tui.table.narrate import log_line
from bere_tui.table.nimmt.model import TableShow
from bere_tui.table.words import variant_name
from bere_tui.ui.prompts import make_prompt
from bere_tui.ui.saving import keep_finished
from bere_tui.ui.screens.directed import STEP_SECONDS, DirectedScreen
from bere_tui.ui.screens.scores import ResultsScreen, RoundSummaryScreen
from bere_tui.ui.session import Session
from bere_tui.ui.widgets.hand import HandView
from bere_tui.ui.widgets.keybar import KeyBar
from bere_tui.ui.widgets.log import GameLog, covered_from
from bere_tui.ui.widgets.reveal import RevealView
from bere_tui.ui.widgets.rows import RowsView
from bere_tui.ui.widgets.scores import ScoreBoard
from bere_tui.ui.widgets.specials import SpecialsView
from bere_tui.ui.widgets.tablebody import table_body

#: how long each kind of event stays on screen, in steps
EVENT_STEPS = {ev.Revealed: 2.0, ev.Placed: 1.0, ev.RowTaken: 1.5, ev.SpecialPlayed: 1.5, ev.Cancelled: 1.0,
               ev.ParityMoved: 1.0, ev.Drafted: 0.3, ev.Dealt: 1.0}


class TableScreen(DirectedScreen):
    def __init__(self, session: Session) -> None:
        super().__init__(session)
        self.show = TableShow.from_view(self.game.view(None))

    # ------------------------------------------------------------------ layout

    def compose(self) -> ComposeResult:
        s = self.session
        yield Static(id="table-header")
        yield from table_body(s.names, s.levels, self.show, self.ascii,
                              public_hands=self.game.rules.public_hands, specials=self.game.rules.has_specials)
        yield KeyBar()

    def on_mount(self) -> None:
        self.start_table()

    # ------------------------------------------------------------------ drawing

    def header_text(self) -> Text:
        """The game, its variant, the round, the turn and the target, then "? help" at the right. When a
        translation makes it too long, the hint goes first (the key bar names ? too), then the game's name,
        then the variant's: the round, the turn and the target stay."""
        parts = self.header_parts()
        hint = _("? help")
        width = self.size.width or 80
        shown = [parts, parts[1:], parts[2:]]
        for i, kept in enumerate(shown):
            line = " " + " - ".join(kept)
            if i == 0 and cell_len(line) + cell_len(hint) + 2 <= width:
                out = Text(line, style="bold")
                out.append(" " * (width - out.cell_len - cell_len(hint) - 1))
                out.append(hint, style="dim")
                return out
            if cell_len(line) <= width or i == len(shown) - 1:
                return Text(line, style="bold")
        raise AssertionError("unreachable")  # pragma: no cover

    def header_parts(self) -> list[str]:
        g, show = self.game, self.show
        # TRANSLATORS: the game's name as the printed edition of your language has it (6 bere!, 6 qui prend !)
        parts = [_("6 nimmt!"), variant_name(g.variant)]
        rounds_fixed = g.rules.rounds_fixed  # A6: two rounds (the text keeps the number, as translated)
        if rounds_fixed:
            parts.append(_("round {n} of 2").format(n=show.round))
        else:
            parts.append(_("round {n}").format(n=show.round))
        if show.turn:
            parts.append(_("turn {t} of {n}").format(t=show.turn, n=g.rules.hand_size))
        if not rounds_fixed:  # B9, B10
            rounds = g.options.get("rounds")
            # TRANSLATORS: the table's header: a game of {n} rounds, or one played until a total reaches {n} points
            parts.append(_("{n} rounds").format(n=rounds) if rounds else _("to {n}").format(n=g.options["target"]))
        return parts

    def redraw(self) -> None:
        self.query_one("#table-header", Static).update(self.header_text())
        for widget in (self.query_one(RowsView), self.query_one(RevealView), self.query_one(ScoreBoard),
                       *self.query(SpecialsView)):
            widget.refresh(layout=True)

    def on_resize(self) -> None:
        self.query_one("#table-header", Static).update(self.header_text())

    def update_hand(self) -> None:
        """A hand shows on the table only when one person plays against bots (nobody else is looking)."""
        s = self.session
        hand = self.query_one(HandView)
        if self.game.rules.public_hands:  # P3: every hand is public, so all are shown (under the rows)
            hand.show_hands([(pv.name, pv.hand or ()) for pv in self.game.view(None).players])
        elif len(s.people) == 1 and not self.game.finished:
            p = s.people[0]
            view = self.game.view(p)
            specials = view.my_specials if view.rules.has_specials else None
            hand.show_hand(s.names[p], view.hand, specials, view.players[p].drawn)
        elif not s.people:
            hand.hide(_("Only bots at this table: watch them play."))
        else:
            hand.hide()

    def make_room_for_log(self) -> None:
        """While a prompt covers the bottom of the table, the log keeps its newest line in view: with many
        players the scores take the room, so they show the lines that fit (the game's player among them) and
        "…"; all of them again once there is room (redraw_logs)."""
        logs, boards = self.query(GameLog), self.query(ScoreBoard)
        if not logs or not boards:  # (a table not composed yet, or one going away)
            return
        log, board = logs.first(), boards.first()
        full = 1 + len(board.names)
        cover = covered_from(log)
        if cover is None or not log.region:
            want = full
        else:
            shown = board.limit or full
            want = max(3, min(full, shown + (cover - log.content_region.y) - log.newest_height()))
        limit = None if want >= full else want
        if limit != board.limit:
            board.limit = limit
            board.refresh(layout=True)

    def set_marks(self, marks: dict[int, str]) -> None:
        board = self.query_one(ScoreBoard)
        board.marks = marks
        board.refresh()

    # ------------------------------------------------------------------ keys

    def action_tracker(self) -> None:
        from bere_tui.ui.screens.tracker import TrackerScreen, keyboard_view

        self.app.push_screen(TrackerScreen(keyboard_view(self.session), self.ascii))

    # ------------------------------------------------------------------ the game loop

    def prompt_for(self, view, legal: list[dict]):
        return make_prompt(view, legal, self.ascii)

    async def round_summary(self, scored: ev.RoundScored) -> None:
        s = self.session
        self.set_animating(False)
        await self.pause(1.0)
        await self.settle()
        await self.app.push_screen_wait(RoundSummaryScreen(
            scored.round, s.names, s.levels, list(scored.scores), list(scored.totals), self.ascii))

    # ------------------------------------------------------------------ showing events

    async def show_events(self, events: list) -> None:
        moving = any(isinstance(e, (ev.Revealed, ev.Placed, ev.RowTaken, ev.Drafted)) for e in events)
        self._hurry.clear()
        self.set_animating(moving and self.app.speed != "off")
        log = self.query_one(GameLog)
        for event in events:
            self._log(event, log)
            if isinstance(event, ev.Selected):
                continue
            self.show.apply(event)
            self.describe_status(event)
            self.redraw()
            steps = EVENT_STEPS.get(type(event))
            if steps:
                await self.pause(steps)
        self.set_animating(False)
        self.show.clear_marks()
        self.show.sync(self.game.view(None))
        self.redraw()
        self.update_hand()

    def describe_status(self, event) -> None:
        names = self.session.names
        if isinstance(event, ev.Revealed):
            self.set_marks({})
            self.set_status(_("All cards are revealed; they are placed lowest first."))
        elif isinstance(event, ev.RowTaken) or isinstance(event, ev.Placed) and not event.new_row:
            self.set_marks({event.player: ">"})
            line = log_line(event, names, self.ascii)  # the log's sentence: one wording everywhere
            self.set_status(line.plain if line else "")
        elif isinstance(event, ev.Dealt):
            self.set_marks({})
            self.set_status(_("Round {n} begins.").format(n=event.round))
        elif isinstance(event, ev.GameOver):
            line = log_line(event, names, self.ascii)
            self.set_status(line.plain if line else "")

    async def finish(self) -> None:
        s, game = self.session, self.game
        keep_finished(self.app, game)
        self.update_hand()
        await self.settle()
        rounds = [list(r) for r in game.scores]
        choice = await self.app.push_screen_wait(ResultsScreen(s.names, s.levels, rounds, list(game.winners),
                                                                self.ascii, game=game))
        self.app.call_later(self.app.after_game, choice, s)


__all__ = ["EVENT_STEPS", "STEP_SECONDS", "TableScreen"]
