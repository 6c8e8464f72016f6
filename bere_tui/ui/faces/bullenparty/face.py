"""Bullenparty's face (RULES section 7): the rows, every player's piles and score, the log and the hand, drawn
from views, at the table (the loop is the one table screen's, with hand-offs, bots and saves as at 6 nimmt!)
and in a lesson."""

from __future__ import annotations

from typing import ClassVar

from rich.text import Text
from textual.app import ComposeResult
from textual.widgets import Static

from bere_tui.engine.bullenparty import events as bp
from bere_tui.engine.bullenparty import rules
from bere_tui.i18n import _
from bere_tui.table.narrate import log_line
from bere_tui.table.words import variant_name
from bere_tui.ui.bullenparty.board import cards_text, hand_text, players_text, rows_text
from bere_tui.ui.bullenparty.tracker import tracker_notice
from bere_tui.ui.faces.base import ViewFace
from bere_tui.ui.widgets.log import GameLog

#: how long each kind of event stays on screen, in steps of the placement speed
EVENT_STEPS = {bp.BidsRevealed: 2.0, bp.RowTaken: 1.5, bp.CardTurnedUp: 1.0, bp.CardAdded: 1.0,
               bp.RowClosed: 1.0, bp.CardLaid: 0.3, bp.RoundStarted: 1.0, bp.Reshuffled: 1.5}


class BullenpartyFace(ViewFace):
    CSS = ViewFace.replay_css("bullenparty") + """
    TableScreen.-face-bullenparty #table-header { height: 1; background: $primary-background; }
    .-face-bullenparty #bp-rows { height: auto; padding: 0 1; }
    .-face-bullenparty #bp-players { height: auto; padding: 0 1; }
    TableScreen.-face-bullenparty #bp-bids { height: 1; padding: 0 1; }
    TableScreen.-face-bullenparty #status { height: auto; padding: 0 1; margin-top: 1; }
    LessonScreen.-face-bullenparty #status { height: auto; max-height: 2; padding: 0 1; }
    .-face-bullenparty GameLog { height: 1fr; padding: 0 1; background: $surface; }
    .-face-bullenparty #hand-area { height: auto; min-height: 2; padding: 0 1; border-top: solid $primary; }
    LessonScreen.-face-bullenparty #hand-area { min-height: 1; }
    App.-ascii .-face-bullenparty #hand-area { border-top: ascii $primary; }
    """

    EVENT_STEPS = EVENT_STEPS
    hand_text = staticmethod(hand_text)
    POINTS: ClassVar[dict[str, str]] = {"hand": "#hand-area", "rows": "#bp-rows", "scores": "#bp-players",
                                        "pile": "#bp-players", "log": "#log"}
    DONE_MARK = "*"  # ("+" marks the pile that counts plus)

    #: the last bids revealed, kept in view at the table until the next are (issue 35)
    last_bids: bp.BidsRevealed | None = None

    def compose(self) -> ComposeResult:
        yield Static(id="bp-rows")
        if not self.lesson:
            yield Static(id="bp-bids")
        yield Static(id="bp-players")
        yield Static(id="status")
        yield GameLog(id="log")
        yield Static(id="hand-area")

    # ------------------------------------------------------------------ drawing

    HEADER_LEAD = 1  # the game

    def header_parts(self) -> list[str]:
        view = self.view()
        parts = [variant_name("bullenparty"), _("round {n}").format(n=view.round),
                 _("draw pile {n}").format(n=view.draw_pile_size)]
        if view.last_round:
            parts.append(_("last round"))
        return parts

    def draw(self) -> None:
        view, host = self.view(), self.host
        host.query_one("#bp-rows", Static).update(rows_text(view, self.names, self.ascii))
        if self.lesson:
            players = players_text(view, self.names, {}, self.ascii)
        else:
            width = max(76, host.app.size.width - 4)  # the panel less its padding: the piles take the room there is
            players = players_text(view, self.names, self.marks, self.ascii, width)
            bids = self.last_bids or (bp.BidsRevealed(view.turn, view.revealed) if view.revealed else None)
            said = log_line(bids, self.names, self.ascii) if bids is not None else None
            if said is not None:
                said.no_wrap, said.overflow = True, "ellipsis"
            host.query_one("#bp-bids", Static).update(said or "")
        host.query_one("#bp-players", Static).update(players)

    def before_events(self, events: list) -> None:
        for event in events:
            if isinstance(event, bp.BidsRevealed):
                self.last_bids = event

    def tracker(self, view):
        return tracker_notice(view)

    def prompt_class(self, do: str) -> type:
        if do == "lay":  # laying out chooses the card, then the pile (BP8)
            from bere_tui.ui.bullenparty.lay import LayPrompt

            return LayPrompt
        from bere_tui.ui.bullenparty.prompts import BullenpartyPrompt

        return BullenpartyPrompt

    # ------------------------------------------------------------------ a lesson

    def secret(self, event) -> bool:
        return isinstance(event, bp.BidMade)  # BP5: a bid shows only at the reveal

    def deals_hands(self, event) -> bool:
        return isinstance(event, bp.RoundStarted)

    @staticmethod
    def your_move(do: str) -> str:
        """The practice game's narration while the learner decides."""
        return {
            "bid": _("Your bid: a number card or your zero card, in secret. Press i for a hint."),
            "take": _("Your number card acts: choose the row to take into your hand. Press i for a hint."),
            "zero_row": _("Your zero card turned up a card: choose the open row it goes to. Press i for a hint."),
            "lay": _("Lay out a card: on a pile whose top card is lower, or on a new pile. Press i for a hint."),
        }.get(do, _("Your move: choose a card. Press i for a hint: what a careful player would do, and why."))

    # ------------------------------------------------------------------ the replay viewer

    TURN_STARTS = (bp.BidsRevealed,)  # BP5: a bidding's reveal
    ROUND_STARTS = (bp.RoundStarted,)  # BP4: a round's rows laid out

    def step_parts(self, step) -> list[str]:
        return [_("round {n}").format(n=step.state.round), _("turn {n}").format(n=step.turn)]

    def replay_table(self, view) -> tuple[Text, Text]:
        return rows_text(view, self.names, self.ascii), players_text(view, self.names, {}, self.ascii, wrap=False)

    def replay_hands(self, step, width: int = 78) -> Text:
        """Every hand with its zero card, and a bid not yet revealed (BP5)."""
        state = step.state
        lines = [Text(_("HANDS (every hand and bid shown)"), style="bold")]
        for p, name in enumerate(self.names):
            line = Text(no_wrap=True, overflow="ellipsis")
            line.append(name[:12].ljust(13), style="bold")
            line.append_text(cards_text(state.hands[p], self.ascii))
            line.append("  " + _("zero card {letter}").format(letter=state.letters[p]), style="dim")
            bid = state.bids.get(p) if state.pending is not None and state.pending["do"] == "bid" else None
            if bid is not None:
                what = _("zero card {letter}").format(letter=state.letters[p]) if bid == rules.ZERO else str(bid)
                line.append("  " + _("bid: {what}").format(what=what), style="bold")
            lines.append(line)
        return Text("\n").join(lines)

    def choice_line(self, action: dict, state) -> Text | None:
        """A bid as the replay tells it (every hand open): "Ann bids 17"."""
        if action["do"] != "bid":
            return None
        what = _("the zero card") if action["card"] == rules.ZERO else str(action["card"])
        return Text(_("{name} bids {what}").format(name=self.names[action["player"]], what=what), style="dim")

    def event_lines(self, event) -> list[Text]:
        lines = super().event_lines(event)
        if isinstance(event, bp.RoundStarted):  # the rows as dealt (BP4)
            lines += [Text("  " + _("row {n}:").format(n=r + 1) + " ").append_text(cards_text(cards, self.ascii))
                      for r, cards in enumerate(event.rows)]
        return lines


__all__ = ["EVENT_STEPS", "BullenpartyFace", "tracker_notice"]
