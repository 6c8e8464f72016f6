"""Bullenparty's decisions as prompts (BP5, BP8, BP9): each offers exactly the engine's legal actions as a list,
one line each, and dismisses with the one chosen. Digits move the highlight, Enter chooses (as everywhere).

- bid: a number card of the hand, or the zero card (BP5), in secret;
- take: which remaining row the acting number card takes (BP5);
- zero_row: which open row gets the card the zero card turned up (BP5, BP6);
- lay: which card to lay out and on which pile (only on a lower top card, or a new pile; BP8, BP9).
"""

from __future__ import annotations

from typing import ClassVar

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import BindingType
from textual.containers import Vertical
from textual.widgets import Static
from textual.widgets.option_list import Option

from bere_tui.engine.bullenparty import events as bp
from bere_tui.engine.bullenparty import rules
from bere_tui.engine.bullenparty.preview import bid_outcome
from bere_tui.i18n import _
from bere_tui.table.bullenparty.narrate import bid_text, tell
from bere_tui.table.cardtext import card_inline
from bere_tui.table.sentence import Card, say
from bere_tui.table.words import heads_text
from bere_tui.ui.bullenparty.board import cards_text, hand_text, row_line
from bere_tui.ui.prompts.base import HidesHand, PromptScreen
from bere_tui.ui.widgets.choices import ChoiceList
from bere_tui.ui.widgets.keybar import KeyBar


class BullenpartyPrompt(HidesHand, PromptScreen):
    """One decision of Bullenparty: a title, the player's hand, and the legal actions as a list."""

    DEFAULT_CSS = """
    BullenpartyPrompt { align: left bottom; background: transparent; }
    BullenpartyPrompt #bp-choices { max-height: 9; text-wrap: nowrap; text-overflow: ellipsis; }
    """
    BINDINGS: ClassVar[list[BindingType]] = [
        *PromptScreen.BINDINGS,
        HidesHand.BACK,
    ]

    def __init__(self, view, legal, ascii: bool = False) -> None:
        super().__init__(view, legal, ascii)
        self.do = legal[0]["do"]
        self.names = [p.name for p in view.players]
        self.previewed: int | None = None  # the bid line that shows its preview (the highlighted one)
        self.can_go_back = False  # at a hot-seat table: Esc hides the hand and brings the hand-off back
        # the lines of the list: every row for a row choice (a row's digit is its number; the ones that may
        # not be chosen are greyed), else each legal action
        if self.do in ("take", "zero_row"):
            allowed = {a["row"]: a for a in legal}
            self.lines: list[dict | None] = [allowed.get(r) for r in range(len(view.rows))]
        else:
            self.lines = list(legal)

    def key_of(self, index: int) -> str | None:
        """The number a line answers to: a row's number, a card's number (0 for the zero card)."""
        action = self.lines[index]
        if self.do in ("take", "zero_row"):
            return str(index + 1)
        if action is None:
            return None
        return "0" if action["card"] == rules.ZERO else str(action["card"])

    def heading(self) -> Text:
        name = self.name_of_player
        pend = self.view.pending or {}
        card = pend.get("card")
        if self.do == "bid":
            if any(a["card"] == rules.ZERO for a in self.legal):
                return Text(_("{name}, bid in secret: a number card takes a row, the zero card adds a "
                              "card").format(name=name), style="bold")
            # every remaining row is closed: only number cards may be bid (BP6)
            return Text(_("{name}, bid in secret: a number card takes a row").format(name=name), style="bold")
        if self.do == "take":
            # (one sentence with the card in it, so that a translation may order its words as it needs)
            return say(_("{name}, your {card} takes a row into your hand. Which one?"), "bold", name=name,
                       card=Card(card)).text(self.ascii)
        if self.do == "zero_row":
            return say(_("{name}, your zero card turned up {card}. Add it to which open row?"), "bold", name=name,
                       card=Card(card)).text(self.ascii)
        if pend.get("end"):
            return Text(_("{name}, the game is over: lay out every card of your hand").format(name=name),
                        style="bold")
        return Text(_("{name}, keep 5 number cards: lay out the others, each on a lower top card or a new "
                      "pile").format(name=name), style="bold")

    def option_text(self, action: dict) -> Text:
        view = self.view
        if self.do == "bid":
            if action["card"] == rules.ZERO:
                return Text(_("zero card {letter}").format(letter=view.my_zero))
            out = card_inline(action["card"], self.ascii)
            out.append("  " + heads_text(rules.heads([action["card"]])), style="dim")
            return out
        me = view.players[view.me]
        out = card_inline(action["card"], self.ascii)
        if action["pile"] is None:
            out.append("  " + _("on a new pile"))
        else:
            pile = me.piles[action["pile"]]
            out.append("  " + _("on pile {n}:").format(n=action["pile"] + 1) + " ")
            out.append_text(cards_text(pile, self.ascii))
        return out

    def line_text(self, index: int, previewed: bool = False) -> Text:
        if self.do in ("take", "zero_row"):
            return row_line(index, self.view.rows[index], self.names, self.ascii)
        out = self.option_text(self.lines[index])
        if previewed:
            out.append_text(self.preview_text(self.lines[index]["card"]))
        return out

    def preview_text(self, card) -> Text:
        """After the highlighted bid: what it would do in the bidding if no bid acted before it, from the
        engine's rule functions asked of this player's view (BP5, BP6; the others' bids are secret)."""
        out = Text("  " + ("-> " if self.ascii else "→ "), style="dim")
        out.append(bid_text(bid_outcome(self.view, card)), style="dim")
        return out

    def default_index(self) -> int:
        """The highlighted line: the row with the most bullheads to take (you collect on purpose), else the
        first that may be chosen (the engine lists the choices in order)."""
        open_lines = [i for i, a in enumerate(self.lines) if a is not None]
        if self.do == "take":
            rows = self.view.rows
            return max(open_lines, key=lambda i: (rows[i].total, -i))
        return open_lines[0]

    def compose(self) -> ComposeResult:
        with Vertical(classes="bottom-panel", id="bp-prompt"):
            yield Static(self.heading(), id="bp-prompt-title")
            if self.do in ("take", "zero_row") and self.view.revealed:  # what the others bid (the log is below)
                bids = tell(bp.BidsRevealed(self.view.turn, self.view.revealed), self.names)
                yield Static(bids.text(self.ascii))
            if self.view.me is not None and self.do != "bid":
                yield Static(hand_text(self.view, self.ascii))
            self.previewed = self.default_index() if self.do == "bid" else None
            options = [Option(self.line_text(i, i == self.previewed), id=str(i), disabled=a is None)
                       for i, a in enumerate(self.lines)]
            keys = [self.key_of(i) for i in range(len(self.lines))]
            yield ChoiceList(*options, default=self.default_index(), keys=keys, id="bp-choices")
        yield KeyBar()

    def on_mount(self) -> None:
        self.query_one(ChoiceList).focus()

    def hint_index(self, action: dict) -> int | None:
        """The line of `action` (a lesson's move, or its hint's)."""
        for i, line in enumerate(self.lines):
            if line is not None and all(line.get(k) == v for k, v in action.items() if k != "player"):
                return i
        return None

    def highlight(self, action: dict) -> None:
        index = self.hint_index(action)
        if index is not None:
            self.query_one(ChoiceList).highlighted = index

    def on_option_list_option_highlighted(self, message: ChoiceList.OptionHighlighted) -> None:
        """A bid's preview follows the highlight: it stands on the highlighted line only (issue 35)."""
        message.stop()
        if self.do != "bid":
            return
        choices = self.query_one(ChoiceList)
        for i in {self.previewed, message.option_index} - {None}:
            choices.replace_option_prompt_at_index(i, self.line_text(i, i == message.option_index))
        self.previewed = message.option_index

    def action_tracker(self) -> None:
        from bere_tui.ui.bullenparty.tracker import tracker_notice

        self.app.push_screen(tracker_notice(self.view))

    def on_option_list_option_selected(self, message: ChoiceList.OptionSelected) -> None:
        message.stop()
        action = self.lines[message.option_index]
        if action is not None:
            self.dismiss(action)


__all__ = ["BullenpartyPrompt"]

