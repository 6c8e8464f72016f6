"""The Negative = Positive prompt (A-NP-1, A-ORD-3): after the take, the positive card, then what it cancels.

First step: the positive card among the cards of the row taken (the engine's legal list names them, each with
its best cancellation). Second step: cards of this round's bull pile toggled on or off with Space, with the
value left shown; the best cancellation is already chosen, so Enter, Enter plays it. Any set within the value
may be played (A-NP-1): Enter asks the engine, and a set it refuses stays on screen with the engine's reason.
"""

from __future__ import annotations

from rich.text import Text

from bere_tui.engine.cards import HEADS
from bere_tui.engine.nimmt.specials import cancel_problem
from bere_tui.i18n import _
from bere_tui.table.cardtext import card_inline, card_label
from bere_tui.table.words import heads_text
from bere_tui.ui.prompts.special import Step, StepPrompt, card_choice, special_title


class CancelPrompt(StepPrompt):
    """Negative = Positive: choose the positive card, then the cards it cancels (at most its bullheads)."""

    FIELDS = ("positive",)

    def first_step(self) -> Step:
        self.chosen: set[int] = set()
        self.positive: int | None = None
        best = {a["positive"]: a["cancel"] for a in self.legal}
        self.taken = set(best)  # the legal positives are the cards this take collected
        saved = {p: HEADS[p] + sum(HEADS[c] for c in cancel) for p, cancel in best.items()}
        order = list(best)
        choices = []
        for positive in order:
            label = card_label(positive, self.ascii, width=11)
            label.append(f"+{HEADS[positive]}  ", style="bold")
            if best[positive]:
                label.append(_("best: cancel") + " ", style="dim")
                for c in best[positive]:
                    label.append_text(card_inline(c, self.ascii))
                    label.append(" ")
            else:
                label.append(_("nothing to cancel"), style="dim")
            choices.append(card_choice(positive, label))
        default = max(range(len(order)), key=lambda i: saved[order[i]])  # Enter plays the best
        title = Text(special_title("negative_positive") + ": ", style="bold")
        title.append(_("which card of the row you took becomes positive?"))
        return Step(title, choices, self.pick_positive, show_rows=False, default=default,
                    extra=self._pile_line(),
                    help=_("Its bullheads become a positive value V. With V you cancel cards of this take or "
                           "of your bull pile of this round; the rest of V is lost."))  # A-NP-1

    @property
    def pile(self) -> tuple[int, ...]:
        return self.view.players[self.player].pile

    def _pile_line(self) -> str:
        return _("Your bull pile this round: {heads}").format(heads=heads_text(sum(HEADS[c] for c in self.pile)))

    def pick_positive(self, positive: int) -> None:
        self.positive = positive
        self.value = HEADS[positive]
        cards = [c for c in self.pile if c != positive]
        if not cards:
            self.finish_cancel()
            return
        best = next(a["cancel"] for a in self.legal if a["positive"] == positive)
        self.chosen = set(best)
        self.cards = sorted(cards, key=lambda c: (-HEADS[c], c))
        choices = [card_choice(c, self._label(c)) for c in self.cards]
        title = Text(special_title("negative_positive") + ": ", style="bold")
        title.append_text(card_inline(positive, self.ascii))
        title.append(" " + _("gives +{v}. Which cards does it cancel?").format(v=self.value))
        self.show_step(Step(title, choices, lambda _c: self.finish_cancel(), show_rows=False,
                            extra=self._left_line(), toggle=self.toggle,
                            help=_("Space puts the highlighted card in or out (type a card's number to go to it); "
                                   "Enter sets them aside. The positive card and the cancelled cards never "
                                   "score.")))  # A-NP-1

    def left(self) -> int:
        return self.value - sum(HEADS[c] for c in self.chosen)

    def _left_line(self, problem: str | None = None) -> Text:
        line = Text(_("Value left: {left} of {v}").format(left=self.left(), v=self.value))
        if problem:
            line.append("\n" + problem, style="bold")
        return line

    def _label(self, card: int) -> Text:
        on = card in self.chosen
        label = Text("[x] " if on else "[ ] ", style="bold" if on else "")
        label.append_text(card_label(card, self.ascii, width=11))
        if card in self.taken:
            label.append(_("this take") + "  ", style="dim")
        return label

    def toggle(self, index: int) -> None:
        card = self.cards[index]
        if card in self.chosen:
            self.chosen.discard(card)
        else:
            self.chosen.add(card)  # whether the set is within V is the engine's to say, at Enter
        for i, c in enumerate(self.cards):
            self.step.choices[i].label = self._label(c)
            self.relabel(i)
        self.update_extra(self._left_line())

    def finish_cancel(self) -> None:
        """Any set within V is allowed (A-NP-1), not only the engine's best one: the engine says whether this one
        is; a refused set stays on screen with its reason."""
        cancel = sorted(self.chosen)
        problem = cancel_problem(self.taken, self.pile, self.positive, cancel)
        if problem is not None:
            self.app.bell()
            self.update_extra(self._left_line(problem))
            return
        self.dismiss({"player": self.player, "do": "cancel", "positive": self.positive, "cancel": cancel})
