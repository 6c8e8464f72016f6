"""The game review's screen (issue 34): the review (bere_tui/review) runs in a worker thread behind a progress
bar, Esc cancelling it; then a summary per player, every scored decision (the biggest losses marked with !),
and for the decision highlighted the best moves with their expected points and the reason. Opened with `r` from
the end screen and from the replay viewer (`open_review`)."""

from __future__ import annotations

import threading
from typing import ClassVar

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Vertical
from textual.screen import Screen
from textual.widgets import ProgressBar, Static
from textual.widgets.option_list import Option

from bere_tui.i18n import N_, _, ngettext, number
from bere_tui.review import Decision, Review, count_decisions, review_game
from bere_tui.table.words import variant_name
from bere_tui.ui.widgets.choices import ChoiceList
from bere_tui.ui.widgets.keybar import KeyBar


class DecisionList(ChoiceList):
    """The decisions: the arrows (and digits) move through them; Enter chooses nothing, so the key bar leaves it
    out."""

    BINDINGS: ClassVar[list[BindingType]] = [Binding("enter", "select", N_("choose"), show=False)]


def decision_label(review: Review, d: Decision) -> Text:
    """One decision in a line: when, who (with several persons), the move, its expected points, the loss."""
    when = _("turn {turn}").format(turn=d.turn) if d.round is None else \
        _("round {round}, turn {turn}").format(round=d.round, turn=d.turn)
    line = Text("! " if d.marked else "  ", style="bold red" if d.marked else "")
    line.append(when + "  ")
    if len(review.summaries) > 1:
        line.append(review.names[d.player] + ": ")
    line.append(d.move + "  ")
    if d.loss < 0.05:
        line.append(_("best ({value})").format(value=number(d.value)), style="green")
    else:
        line.append(_("{value}, best {best}: lost {loss}").format(value=number(d.value), best=number(d.best),
                                                                   loss=number(d.loss)),
                    style="bold" if d.marked else "")
    return line


def summary_lines(review: Review) -> Text:
    lines = []
    for s in review.summaries:
        decisions = ngettext("{n} decision scored", "{n} decisions scored", s.decisions).format(n=s.decisions)
        lines.append(Text(_("{name}: {decisions}; {lost} {unit} lost to choices; accuracy {accuracy}%").format(
            name=s.name, decisions=decisions, lost=number(s.lost), unit=review.unit, accuracy=s.accuracy)))
    return Text("\n").join(lines)


def detail_text(review: Review, d: Decision) -> Text:
    out = Text(_("Expected {unit} (from what you knew then):").format(unit=review.unit), style="bold")
    for o in d.options:
        out.append("\n  ")
        out.append(o.words + "  " + number(o.value), style="bold" if o.words == d.move else "")
    if d.reason:
        out.append("\n")
        out.append(d.reason, style="italic")
    return out


class ReviewScreen(Screen[None]):
    CSS_PATH = "review.tcss"
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("escape", "back", N_("back"), show=True),
        # TRANSLATORS: the game review's key: to the next of the decisions where the most was lost
        Binding("m", "next_marked", N_("next big loss"), show=True),
    ]

    def __init__(self, game) -> None:
        super().__init__()
        self.game = game
        self.review: Review | None = None
        self._cancel = threading.Event()
        self._total = count_decisions(game)

    def compose(self) -> ComposeResult:
        with Vertical(id="review-box"):
            yield Static(Text(_("GAME REVIEW: {game}").format(game=variant_name(self.game.variant)), style="bold"),
                         id="review-title")
            with Vertical(id="review-progress"):
                yield Static(_("The strong computer player scores each decision from what was known then."))
                yield ProgressBar(total=max(1, self._total), show_eta=False, id="review-bar")
        yield KeyBar()

    def on_mount(self) -> None:
        self.run_worker(self._work, thread=True, exclusive=True, group="review")

    def _work(self) -> None:
        def progress(done: int, total: int) -> None:
            self.app.call_from_thread(self._progress, done)

        review = review_game(self.game, progress, self._cancel.is_set)
        if review is not None:
            self.app.call_from_thread(self._show, review)

    def _progress(self, done: int) -> None:
        if self.is_attached:
            self.query_one("#review-bar", ProgressBar).update(progress=done)

    def _show(self, review: Review) -> None:
        if not self.is_attached:
            return
        self.review = review
        self.query_one("#review-progress").remove()
        box = self.query_one("#review-box")
        box.mount(Static(summary_lines(review), id="review-summary"))
        if review.decisions:
            box.mount(DecisionList(*[Option(decision_label(review, d), id=str(k))
                                   for k, d in enumerate(review.decisions)], id="review-list"))
            box.mount(Static(detail_text(review, review.decisions[0]), id="review-detail"))
            self.call_after_refresh(self._focus_list)
        else:
            box.mount(Static(_("No decision of this game had a choice worth scoring."), id="review-detail"))

    def _focus_list(self) -> None:
        self.query_one("#review-list", ChoiceList).focus()

    def on_option_list_option_highlighted(self, message: ChoiceList.OptionHighlighted) -> None:
        if self.review is not None and message.option_id is not None:
            d = self.review.decisions[int(message.option_id)]
            self.query_one("#review-detail", Static).update(detail_text(self.review, d))

    def on_option_list_option_selected(self, message: ChoiceList.OptionSelected) -> None:
        message.stop()

    def action_next_marked(self) -> None:
        if self.review is None or not self.review.decisions:
            return
        listing = self.query_one("#review-list", ChoiceList)
        at = listing.highlighted if listing.highlighted is not None else -1
        marked = [k for k, d in enumerate(self.review.decisions) if d.marked]
        if marked:
            listing.highlighted = next((k for k in marked if k > at), marked[0])

    def action_back(self) -> None:
        self._cancel.set()  # a review still running stops at its next decision
        self.app.pop_screen()


def open_review(app, game) -> None:
    """The review of `game` (the end screen's and the replay viewer's `r`)."""
    app.push_screen(ReviewScreen(game))


__all__ = ["ReviewScreen", "open_review"]
