"""Laying out cards (BP8, BP9) in two stages (issue 35): first the card, then the pile, each pile shown by its
top card and its bullheads with the score the choice leaves (BP10); greyed where the card may not go (the
engine's legal actions say where it may). At the game's end, where every way of laying out the rest of the hand
scores the same (the engine's `lay_out_scores`), "lay out the rest" does it in one go (the engine's
`lay_out_plan`): the prompt then answers with that list of actions, which the table makes one after the other.

Digits go to a card by its number and to a pile by its number (0: a new pile); Enter chooses; Esc goes back
from the pile to the card (at the card, at a hot-seat table, it hides the hand)."""

from __future__ import annotations

from typing import ClassVar

from rich.text import Text
from textual.binding import Binding, BindingType

from bere_tui.engine.bullenparty import rules
from bere_tui.i18n import N_, _
from bere_tui.table.cardtext import card_inline
from bere_tui.table.sentence import Card, say
from bere_tui.table.words import heads_text
from bere_tui.ui.bullenparty.prompts import BullenpartyPrompt
from bere_tui.ui.prompts.base import LEAVE_LESSON, HidesHand
from bere_tui.ui.widgets.choices import ChoiceList

#: the answer of the "lay out the rest" line
REST = "rest"
#: the widest a pile's line is before its score (the prompt's list at 80 columns)
LINE_WIDTH = 62


class LayPrompt(BullenpartyPrompt):
    """Which card to lay out, then on which pile (BP8, BP9)."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("escape,backspace", "stage_back", N_("back"), show=True),  # (at the pile; at the card: hide hand)
        HidesHand.BACK,
        LEAVE_LESSON,  # (in a lesson, at the card)
    ]

    def __init__(self, view, legal, ascii: bool = False) -> None:
        super().__init__(view, legal, ascii)
        me = view.players[view.me]
        self.piles, self.bulls = me.piles, me.bulls
        self.card: int | None = None  # the card chosen, while its pile is chosen
        self.plan = self._plan()
        self._build()

    # ------------------------------------------------------------------ what the engine says

    def _plan(self) -> list[dict] | None:
        """At the game's end (BP9: every card of the hand is laid out), when every way scores the same: the
        engine's way of laying them all out, as actions; else None."""
        hand = self.view.hand
        if not (self.view.pending or {}).get("end") or len(hand) < 2:
            return None
        low, high = rules.lay_out_scores(self.piles, self.bulls, hand)
        if low != high:
            return None
        return [{"player": self.player, "do": "lay", "card": c, "pile": p}
                for c, p in rules.lay_out_plan(self.piles, hand)]

    def targets(self, card: int) -> list[int | None]:
        """Where the engine lets `card` go: pile indexes, None for a new pile."""
        return [a["pile"] for a in self.legal if a["card"] == card]

    # ------------------------------------------------------------------ the lines of each stage

    def _build(self) -> None:
        """self.lines: what each line answers ({"card"}, {"rest"}, {"pile"}), None where it is greyed."""
        if self.card is None:
            cards = list(dict.fromkeys(a["card"] for a in self.legal))
            self.lines = ([{REST: True}] if self.plan else []) + [{"card": c} for c in cards]
        else:
            allowed = self.targets(self.card)
            self.lines = [{"pile": i} if i in allowed else None for i in range(len(self.piles))]
            self.lines.append({"pile": None})

    def key_of(self, index: int) -> str | None:
        line = self.lines[index]
        if self.card is None:
            return str(line["card"]) if line is not None and "card" in line else None
        return str(index + 1) if index < len(self.piles) else "0"

    def line_text(self, index: int, previewed: bool = False) -> Text:
        line = self.lines[index]
        if self.card is None:
            if REST in (line or {}):
                low, _high = rules.lay_out_scores(self.piles, self.bulls, self.view.hand)
                return Text(_("lay out the rest: every way scores {score}").format(score=low), style="bold")
            out = card_inline(line["card"], self.ascii)
            out.append("  " + heads_text(rules.heads([line["card"]])), style="dim")
            return out
        pile = index if index < len(self.piles) else None
        out = Text(no_wrap=True, overflow="ellipsis")  # (one line each: the piles stay in view)
        if pile is None:
            out.append("0 ", style="bold")
            out.append(_("a new pile"))
        else:
            out.append(f"{pile + 1} ", style="bold")
            # TRANSLATORS: a pile in the lay-out prompt (Bullenparty), after its number: "top 45•, 7 bullheads"
            out.append_text(say(_("top {card}, {heads}"), card=Card(self.piles[pile][-1]),
                                heads=heads_text(rules.heads(self.piles[pile]))).text(self.ascii))
            me = self.view.players[self.view.me]
            if pile == me.counting_pile:
                out.append("  " + _("counts plus"), style="bold")
        if line is None:
            out.append("  " + _("(its top card is higher)"), style="italic")
            return out
        score = rules.score_after_lay(self.piles, self.bulls, self.card, pile)
        out.append(" " * max(2, LINE_WIDTH - out.cell_len))
        out.append(_("score {n}").format(n=score), style="bold")
        return out

    def default_index(self) -> int:
        return next(i for i, line in enumerate(self.lines) if line is not None)

    def heading(self) -> Text:
        if self.card is None:
            return super().heading()
        return say(_("{name}, lay {card} on which pile?"), "bold", name=self.name_of_player,
                   card=Card(self.card)).text(self.ascii)

    # ------------------------------------------------------------------ keys

    def _show(self, highlight: int | None = None) -> None:
        """The stage now: its heading and its lines in the same list."""
        self._build()
        self.query_one("#bp-prompt-title").update(self.heading())
        choices = self.query_one(ChoiceList)
        choices.clear_options()
        choices._keys = [self.key_of(i) for i in range(len(self.lines))]
        choices._typed = ""
        choices.add_options([self._option(i) for i in range(len(self.lines))])
        choices.highlighted = self.default_index() if highlight is None else highlight
        self.refresh_bindings()

    def _option(self, index: int):
        from textual.widgets.option_list import Option

        return Option(self.line_text(index), id=str(index), disabled=self.lines[index] is None)

    def on_option_list_option_selected(self, message: ChoiceList.OptionSelected) -> None:
        message.stop()
        message.prevent_default()  # (not BullenpartyPrompt's handler too: a line here is not an action)
        line = self.lines[message.option_index]
        if line is None:
            return
        if REST in line:
            self.dismiss(list(self.plan or []))
            return
        if "card" in line:
            targets = self.targets(line["card"])
            if len(targets) == 1:  # one place only (a new pile): nothing to choose
                self.dismiss(self._action(line["card"], targets[0]))
                return
            self.card = line["card"]
            self._show()
            return
        self.dismiss(self._action(self.card, line["pile"]))

    def _action(self, card: int, pile: int | None) -> dict:
        return next(dict(a) for a in self.legal if a["card"] == card and a["pile"] == pile)

    def check_action(self, action: str, parameters) -> bool | None:
        if action == "stage_back":
            return self.card is not None
        if action == "back":  # Esc hides the hand only at the card (at the pile it goes back to the card)
            return self.card is None and self.can_go_back
        return super().check_action(action, parameters)

    def action_stage_back(self) -> None:
        """Esc, Backspace at the pile: back to the card, highlighted again."""
        if self.card is None:
            return
        card, self.card = self.card, None
        self._build()
        self._show(next(i for i, line in enumerate(self.lines) if line is not None and line.get("card") == card))

    def hint_index(self, action: dict) -> int | None:
        """The line of a lesson's lay (or its hint's) at this stage."""
        for i, line in enumerate(self.lines):
            if line is None:
                continue
            if self.card is None and line.get("card") == action.get("card"):
                return i
            if self.card is not None and self.card == action.get("card") and "pile" in line \
                    and line["pile"] == action.get("pile"):
                return i
        return None


__all__ = ["REST", "LayPrompt"]
