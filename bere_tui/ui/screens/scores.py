"""End of a round (B8): each player's bullheads this round and in total; end of the game (B9, A7): who wins,
the final scores, and a choice of a new game with the same seats."""

from __future__ import annotations

from typing import ClassVar

from rich.table import Table
from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Vertical
from textual.screen import ModalScreen
from textual.widgets import Static
from textual.widgets.option_list import Option

from bere_tui.i18n import N_, _
from bere_tui.systems import system_of
from bere_tui.table.words import winners_line
from bere_tui.ui.gate import Gated
from bere_tui.ui.once import DismissOnce
from bere_tui.ui.widgets.choices import ChoiceDialog, ChoiceList
from bere_tui.ui.widgets.keybar import KeyBar


def scores_table(names: list[str], bots: list[str | None], rounds: list[list[int]], winners=(),
                 ascii: bool = False, highest_wins: bool = False) -> Table:
    """Players by total, the best first (the lowest, or in Bullenparty the highest): every round's bullheads
    and the total."""
    from rich import box

    table = Table(box=box.ASCII if ascii else box.SIMPLE, show_edge=False, padding=(0, 1), expand=False)
    table.add_column(_("player"))
    n_rounds = 0 if highest_wins else max((len(r) for r in rounds), default=0)  # Bullenparty: one score
    for i in range(n_rounds):
        # TRANSLATORS: "r{n}" is the short form of "round {n}" in the score table when many rounds must fit
        label = _("round {n}") if n_rounds <= 4 else _("r{n}")  # short when many rounds must fit
        table.add_column(label.format(n=i + 1), justify="right")
    table.add_column(_("total"), justify="right", style="bold")
    order = sorted(range(len(names)), key=lambda p: (-sum(rounds[p]) if highest_wins else sum(rounds[p]), p))
    for p in order:
        name = Text(names[p] + (" " + _("(bot)") if bots[p] else ""))
        if p in winners:
            # TRANSLATORS: a badge after a winner's name in the results table: "Ann WINS"
            name.append(" " + _("WINS"), style="bold reverse")
        cells = ([str(x) for x in rounds[p]] + [""] * n_rounds)[:n_rounds]  # (none when only totals show)
        table.add_row(name, *cells, str(sum(rounds[p])))
    return table


class RoundSummaryScreen(Gated, DismissOnce, ModalScreen[None]):
    gate_kind = "results"
    # (a pause gate: Enter pressed fast to hurry the placements does not skip the round's scores)
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("enter,escape", "close", N_("next round"), show=True),
        Binding("question_mark,f1", "app.help", N_("help"), show=True),
        Binding("q", "app.ask_quit", N_("quit"), show=True),
    ]

    def __init__(self, round_: int, names, bots, this_round: list[int], totals: list[int],
                 ascii: bool = False) -> None:
        super().__init__()
        self.round = round_
        self.names, self.bots = names, bots
        self.this_round, self.totals = this_round, totals
        self.ascii = ascii

    def compose(self) -> ComposeResult:
        from rich import box

        table = Table(box=box.ASCII if self.ascii else box.SIMPLE, show_edge=False, padding=(0, 1))
        table.add_column(_("player"))
        table.add_column(_("this round"), justify="right")
        table.add_column(_("total"), justify="right", style="bold")
        for p in sorted(range(len(self.names)), key=lambda p: (self.totals[p], p)):
            name = Text(self.names[p] + (" " + _("(bot)") if self.bots[p] else ""))  # as written, never markup
            table.add_row(name, str(self.this_round[p]), str(self.totals[p]))
        with Vertical(classes="dialog", id="round-summary"):
            yield Static(_("End of round {n}").format(n=self.round), classes="dialog-title")
            yield Static(table)
            yield Static(Text(" " + _("Enter: deal the next round") + " ", style="bold reverse"),
                         classes="dialog-default")
        yield KeyBar()

    def action_close(self) -> None:
        self.dismiss(None)


class ResultsScreen(Gated, ChoiceDialog, DismissOnce, ModalScreen[str]):
    """Dismisses with "again" (new game, same seats), "title" or "quit". "Watch the replay" (when the finished
    `game` is given) opens the replay viewer on its record; leaving the viewer comes back here."""

    gate_kind = "results"
    # (a pause gate: Enter pressed fast to hurry the last placements does not start a new game)

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("question_mark,f1", "app.help", N_("help"), show=True),
        Binding("r", "review", N_("game review"), show=True),  # (issue 34: ui/screens/review.py)
    ]

    def __init__(self, names, bots, rounds: list[list[int]], winners, ascii: bool = False,
                 can_replay: bool = True, game=None) -> None:
        super().__init__()
        self.game = game
        # who wins is the game system's (bere_tui/systems.py): the highest total (BP10, BG9) or the lowest (B9)
        self.highest_wins = game is not None and system_of(game.variant).highest_wins
        self.names, self.bots, self.rounds, self.winners = names, bots, rounds, winners
        self.ascii = ascii
        self.can_replay = can_replay

    def compose(self) -> ComposeResult:
        with Vertical(classes="dialog wide", id="results"):
            yield Static(Text(winners_line([self.names[p] for p in self.winners]) + "!", style="bold"),
                         classes="dialog-title", id="winners")
            yield Static(_("Game over: the highest score wins.") if self.highest_wins else
                         _("Game over: the lowest total wins."), classes="dim")
            yield Static(scores_table(self.names, self.bots, self.rounds, self.winners, self.ascii,
                                      self.highest_wins))
            options = []
            if self.can_replay:
                options.append(Option(_("New game with the same seats"), id="again"))
            if self.game is not None:
                options.append(Option(_("Watch the replay"), id="watch"))
            options += [Option(_("Title screen"), id="title"), Option(_("Quit"), id="quit")]
            yield ChoiceList(*options, id="results-choice")
        yield KeyBar()

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
