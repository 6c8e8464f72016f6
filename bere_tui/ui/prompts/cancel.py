"""The Negative = Positive prompt (A-NP-1, A-ORD-3): after the take, the positive card, then what it cancels.

First step: the positive card among the cards of the row taken (the engine's legal list names them, each with
its best cancellation). Second step: cards of this round's bull pile toggled on or off, with the value left
shown; the best cancellation is already chosen, so Enter, Enter plays it.
"""

from __future__ import annotations

from rich.text import Text

from bere_tui.engine.cards import HEADS
from bere_tui.i18n import _
from bere_tui.table.cardtext import card_label
from bere_tui.ui.prompts.special import Choice, Step, StepPrompt, card_inline, heads_text, special_title


class CancelPrompt(StepPrompt):
    """Negative = Positive: choose the positive card, then the cards it cancels (at most its bullheads)."""

    def first_step(self) -> Step:
        self.chosen: set[int] = set()
        self.positive: int | None = None
        best = {a["positive"]: a["cancel"] for a in self.legal}
        self.taken = set(best)  # the legal positives are the cards this take collected
        saved = {p: HEADS[p] + sum(HEADS[c] for c in cancel) for p, cancel in best.items()}
        order = list(best)
        choices = []
        for i, positive in enumerate(order):
            label = card_label(positive, self.ascii, width=11)
            label.append(f"+{HEADS[positive]}  ", style="bold")
            if best[positive]:
                label.append(_("best: cancel") + " ", style="dim")
                for c in best[positive]:
                    label.append_text(card_inline(c, self.ascii))
                    label.append(" ")
            else:
                label.append(_("nothing to cancel"), style="dim")
            choices.append(Choice(positive, label, str(i + 1) if i < 9 else None))
        default = max(range(len(order)), key=lambda i: saved[order[i]])  # Enter plays the best
        title = Text(special_title("negative_positive") + ": ", style="bold")
        title.append(_("which card of the row you took becomes positive?"))
        return Step(title, choices, self.pick_positive, show_rows=False, default=default,
                    extra=self._pile_line(),
                    help=_("Its bullheads become a positive value V. With V you cancel cards of this take or "
                           "of your bull pile of this round; the rest of V is lost (A-NP-1)."))

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
        choices = [Choice(c, self._label(c), str(i + 1) if i < 9 else None) for i, c in enumerate(self.cards)]
        title = Text(special_title("negative_positive") + ": ", style="bold")
        title.append_text(card_inline(positive, self.ascii))
        title.append(" " + _("gives +{v}. Which cards does it cancel?").format(v=self.value))
        self.show_step(Step(title, choices, lambda _c: self.finish_cancel(), show_rows=False,
                            extra=self._left_line(), toggle=self.toggle,
                            help=_("Space or a digit puts a card in or out; Enter sets them aside. The positive "
                                   "card and the cancelled cards never score (A-NP-1).")))

    def left(self) -> int:
        return self.value - sum(HEADS[c] for c in self.chosen)

    def _left_line(self) -> str:
        return _("Value left: {left} of {v}").format(left=self.left(), v=self.value)

    def _label(self, card: int) -> Text:
        on = card in self.chosen
        label = Text("[x] " if on else "[ ] ", style="bold" if on else "")
        label.append_text(card_label(card, self.ascii, width=11))
        if card in self.taken:
            label.append(_("this take") + "  ", style="dim")
        if not on and HEADS[card] > self.left():
            label.append(_("more than the value left"), style="dim italic")
        return label

    def toggle(self, index: int) -> None:
        card = self.cards[index]
        if card in self.chosen:
            self.chosen.discard(card)
        elif HEADS[card] <= self.left():  # A-NP-1: at most V
            self.chosen.add(card)
        else:
            self.app.bell()
            return
        for i, c in enumerate(self.cards):
            self.step.choices[i].label = self._label(c)
            self.relabel(i)
        self.update_extra(self._left_line())

    def finish_cancel(self) -> None:
        """Any set within V is allowed (A-NP-1), not only the engine's best one."""
        self.dismiss({"player": self.player, "do": "cancel", "positive": self.positive,
                      "cancel": sorted(self.chosen)})
