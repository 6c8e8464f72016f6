"""The swap prompt (A5, A-ORD-4): after taking a row, keep all special cards or swap one for the top card of
the special draw pile. Keeping them is the default."""

from __future__ import annotations

from rich.text import Text

from bere_tui.i18n import _, ngettext
from bere_tui.ui.prompts.special import Choice, Step, StepPrompt, special_title


class SwapPrompt(StepPrompt):
    """Keep all special cards (the default) or discard one and draw the top card of the draw pile (A5)."""

    FIELDS = ("discard",)

    def first_step(self) -> Step:
        view = self.view
        choices = [Choice(None, _("Keep all special cards"), "0")]
        names = [a["discard"] for a in self.legal if a["discard"] is not None]
        for i, name in enumerate(names):
            choices.append(Choice(name, _("Discard {card}, draw the top special card").format(
                card=special_title(name)), str(i + 1) if i < 9 else None))
        title = Text(_("You took a row. Swap a special card?") if self.second_person else
                     _("{name}: you took a row. Swap a special card?").format(name=view.players[self.player].name),
                     style="bold")
        held = ", ".join(special_title(n) for n in view.my_specials)
        if view.draw_pile_size:
            pile = ngettext("the draw pile holds {n} card", "the draw pile holds {n} cards",
                            view.draw_pile_size).format(n=view.draw_pile_size)
        else:
            pile = _("the draw pile is empty: the discard pile is shuffled first")
        extra = _("You hold: {cards}; {pile}.").format(cards=held, pile=pile)
        return Step(title, choices, lambda name: self.finish(discard=name), extra=extra,
                    help=_("Whenever you take a row you may discard one special card and draw the top card "
                           "of the special draw pile."))  # A5
