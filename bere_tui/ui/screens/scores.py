"""End of a round (B8): each player's bullheads this round and in total. End of the game, the one screen of
every game (issue 32): who wins, why the game ended and each score in its parts, as the engine's outcome says
(engine/outcome.py, worded by the game's system: table/outcome.py), and the choice of a new game with the same
seats, the replay, the title screen or quit."""

from __future__ import annotations

from typing import ClassVar

from rich.console import Group, RenderableType
from rich.table import Table
from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Vertical, VerticalScroll
from textual.screen import ModalScreen
from textual.widgets import Static
from textual.widgets.option_list import Option

from bere_tui.engine.outcome import Outcome
from bere_tui.i18n import N_, _
from bere_tui.table.outcome import rule_line, words_of
from bere_tui.table.words import winners_line
from bere_tui.ui.gate import Gated
from bere_tui.ui.once import DismissOnce
from bere_tui.ui.widgets.choices import ChoiceDialog, ChoiceList
from bere_tui.ui.widgets.keybar import KeyBar


def rating_cell(before: float, after: float) -> str:
    """A rating after a game and its change: "14 (+3)" (the ordinals, rounded: serve/ratings.py)."""
    return f"{round(after)} ({round(after) - round(before):+d})"


def ratings_line(names: list[str], order, ratings: dict[int, tuple[float, float]]) -> Text:
    """Each rated player's new rating and its change on one line, in the results' order (for a table too wide
    for a column of them)."""
    # TRANSLATORS: one item of the results' line of new ratings: a player's name and "14 (+3)"
    items = [_("{name} {rating}").format(name=names[p], rating=rating_cell(*ratings[p])) for p in order
             if p in ratings]
    # TRANSLATORS: under the results of a shared game: every rated player's new rating and its change
    return Text(_("Ratings: {players}").format(players=", ".join(items)))


def scores_table(names: list[str], bots: list[str | None], outcome: Outcome, words, ascii: bool = False,
                 ratings: dict[int, tuple[float, float]] | None = None) -> RenderableType:
    """The players as the engine ranks them (the winners first, engine/outcome.py): each part of their score in
    a column of its own (its header in the game's `words`, bere_tui/table/outcome.py), then the total. A part
    that does not count (A-NP-1) shows in brackets; a part nobody scored in is left out. With `ratings` (a
    shared table's game: each rated seat's rating before and after it), a last column shows each new rating and
    its change; where the parts take many columns (the board game's seven), a line under the table does, so
    that the table keeps to 80 columns."""
    from rich import box

    cells: dict[tuple[str, int | None], dict] = {}
    for p, score in enumerate(outcome.scores):
        for part in score.parts:
            cells.setdefault((part.kind, part.n), {})[p] = part
    columns = [key for key in outcome.kinds()
               if key[1] is not None or any(part.points for part in cells[key].values())]
    short = len(columns) > 4  # many columns must fit: short headers, no padding (the board game's seven)
    table = Table(box=box.ASCII if ascii else box.SIMPLE, show_edge=False, padding=(0, 0 if short else 1),
                  expand=False)
    table.add_column(_("player"), no_wrap=True)  # (the parts' headers wrap first: a name stays whole)
    for kind, n in columns:
        table.add_column(words.part_label(kind, n, short), justify="right")
    table.add_column(_("total"), justify="right", style="bold")
    line = ratings_line(names, outcome.ranking(), ratings) if ratings and short else None
    column = ratings if line is None else None  # the ratings in a column of their own
    if column:
        # TRANSLATORS: the results' column of each player's new rating and its change at a shared table
        table.add_column(_("rating"), justify="right")
    for p in outcome.ranking():
        name = Text(names[p] + (" " + _("(bot)") if bots[p] else ""))  # as written, never markup
        if p in outcome.winners:
            # TRANSLATORS: a badge after a winner's name in the results table: "Ann WINS"
            name.append(" " + _("WINS"), style="bold reverse")
        row: list[str | Text] = [name]
        for key in columns:
            part = cells[key].get(p)
            if part is None:
                row.append("")
            elif part.counted:
                row.append(str(part.points))
            else:
                row.append(Text("(" + str(part.points) + ")", style="dim"))
        rated = [rating_cell(*column[p]) if p in column else ""] if column else []
        table.add_row(*row, str(outcome.scores[p].total), *rated)
    return table if line is None else Group(table, Text(""), line)


class RoundSummaryScreen(Gated, DismissOnce, ModalScreen[None]):
    gate_kind = "results"
    # (a pause gate: Enter pressed fast to hurry the placements does not skip the round's scores)
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("enter,escape", "close", N_("next round"), show=True),
        Binding("question_mark,f1", "app.help", N_("help"), show=True),
        Binding("q", "app.ask_quit", N_("quit"), show=True),
    ]

    def __init__(self, round_: int, names, bots, this_round: list[int], totals: list[int],
                 ascii: bool = False, cards: list[int] | None = None) -> None:
        super().__init__()
        self.round = round_
        self.names, self.bots = names, bots
        self.this_round, self.totals = this_round, totals
        self.cards = list(cards or [])  # the cards each bull pile holds this round (who took what, issue 35)
        self.ascii = ascii

    def compose(self) -> ComposeResult:
        from rich import box

        table = Table(box=box.ASCII if self.ascii else box.SIMPLE, show_edge=False, padding=(0, 1))
        table.add_column(_("player"))
        if self.cards:
            # TRANSLATORS: the round's scores: how many cards each player took into their bull pile this round
            table.add_column(_("cards taken"), justify="right")
        table.add_column(_("this round"), justify="right")
        table.add_column(_("total"), justify="right", style="bold")
        for p in sorted(range(len(self.names)), key=lambda p: (self.totals[p], p)):
            name = Text(self.names[p] + (" " + _("(bot)") if self.bots[p] else ""))  # as written, never markup
            taken = [str(self.cards[p])] if self.cards else []
            table.add_row(name, *taken, str(self.this_round[p]), str(self.totals[p]))
        with Vertical(classes="dialog", id="round-summary"):
            yield Static(_("End of round {n}").format(n=self.round), classes="dialog-title")
            yield Static(table)
            yield Static(Text(" " + _("Enter: deal the next round") + " ", style="bold reverse"),
                         classes="dialog-default")
        yield KeyBar()

    def action_close(self) -> None:
        self.dismiss(None)


class ResultsScreen(Gated, ChoiceDialog, DismissOnce, ModalScreen[str]):
    """The one end-of-game screen of every game (issue 32): who wins, why the game ended and each player's score
    broken into its parts, all as the engine's outcome says (engine/outcome.py). Dismisses with "again" (new
    game, same seats), "title" or "quit". "Watch the replay" (when the finished `game` is given) opens the replay
    viewer on its record; leaving the viewer comes back here."""

    gate_kind = "results"
    # (a pause gate: Enter pressed fast to hurry the last placements does not start a new game)

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("question_mark,f1", "app.help", N_("help"), show=True),
        Binding("pageup", "scroll_scores(-1)", N_("scroll"), show=False, priority=True),
        Binding("pagedown", "scroll_scores(1)", N_("scroll"), show=False, priority=True),
        Binding("r", "review", N_("game review"), show=True),  # (issue 34: ui/screens/review.py)
    ]

    def __init__(self, names, bots, outcome: Outcome, variant: str, ascii: bool = False,
                 can_replay: bool = True, game=None, ratings: dict[int, tuple[float, float]] | None = None) -> None:
        super().__init__()
        self.ratings = ratings or {}  # a shared table's game: each rated seat's rating before and after
        self.game = game
        self.outcome, self.variant = outcome, variant
        self.names, self.bots = names, bots
        self.ascii = ascii
        self.can_replay = can_replay

    @classmethod
    def of(cls, game, names, bots, ascii: bool = False) -> ResultsScreen:
        """The end screen of the finished `game` (its outcome, its replay)."""
        return cls(names, bots, game.outcome(), game.variant, ascii, game=game)

    def compose(self) -> ComposeResult:
        outcome = self.outcome
        words = words_of(self.variant)
        with Vertical(classes="dialog wide", id="results"):
            yield Static(Text(winners_line([self.names[p] for p in outcome.winners]) + "!", style="bold"),
                         classes="dialog-title", id="winners")
            yield Static(rule_line(outcome), classes="dim")
            ended = words.end_line(outcome, self.names)
            if ended:
                yield Static(Text(ended), classes="dim", id="ended")  # (names as written, never markup)
            with VerticalScroll(id="results-scores"):
                yield Static(scores_table(self.names, self.bots, outcome, words, self.ascii, self.ratings))
            options = []
            if self.can_replay:
                options.append(Option(_("New game with the same seats"), id="again"))
            if self.game is not None:
                options.append(Option(_("Watch the replay"), id="watch"))
            options += [Option(_("Title screen"), id="title"), Option(_("Quit"), id="quit")]
            yield ChoiceList(*options, id="results-choice")
        yield KeyBar()

    def action_scroll_scores(self, pages: int) -> None:
        scores = self.query_one("#results-scores", VerticalScroll)
        (scores.scroll_page_down if pages > 0 else scores.scroll_page_up)(animate=False)

    def action_review(self) -> None:
        if self.game is not None:
            from bere_tui.ui.screens.review import open_review

            open_review(self.app, self.game)

    def on_option_list_option_selected(self, message: ChoiceList.OptionSelected) -> None:
        if message.option_id == "watch":
            message.stop()
            from bere_tui.ui.saving import (
                open_replay,  # the viewer is opened the way the replay list opens it
            )

            open_replay(self.app, self.game, _("The game just played"))
            return
        super().on_option_list_option_selected(message)
