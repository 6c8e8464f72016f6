"""Events told in plain sentences, from the learner's seat ("Your 23 goes to row 1, after the 21").

Used to explain a move the lesson did not ask for: the move is applied to a copy of the game and the events
it causes are told here, each with the rule that made it happen.
"""

from __future__ import annotations

from bere_tui.engine.events import (
    Cancelled,
    Drafted,
    Event,
    GameOver,
    Placed,
    Revealed,
    RoundScored,
    RowTaken,
    SpecialPlayed,
    Swapped,
)
from bere_tui.i18n import _, ngettext
from bere_tui.teach.tracker import TableTracker
from bere_tui.ui.words import special_name  # the one place the game's words are named (no Textual)


def bullheads_text(n: int) -> str:
    return ngettext("{n} bullhead", "{n} bullheads", n).format(n=n)


def cards_text(n: int) -> str:
    return ngettext("{n} card", "{n} cards", n).format(n=n)


class Teller:
    """Tells events of one table from the learner's seat; feed it every event in order."""

    def __init__(self, view, learner: int) -> None:
        self.tracker = TableTracker(view)
        self.learner = learner
        self.names = [p.name for p in view.players]
        self._taken: RowTaken | None = None

    def whose(self, p: int, card: int) -> str:
        if p == self.learner:
            return _("Your {card}").format(card=card)
        return _("{name}'s {card}").format(name=self.names[p], card=card)

    def tell(self, ev: Event) -> str | None:
        """The sentence for one event (None for events not worth a sentence), then fold it into the table."""
        text = self._sentence(ev)
        self.tracker.apply(ev)
        return text

    def _sentence(self, ev: Event) -> str | None:
        you = ev.player == self.learner if hasattr(ev, "player") else False
        name = self.names[ev.player] if hasattr(ev, "player") else ""
        if isinstance(ev, Drafted):
            return (_("You take the {card} from the open cards.") if you else
                    _("{name} takes the {card} from the open cards.")).format(name=name, card=ev.card)
        if isinstance(ev, Revealed):
            shown = ", ".join(
                (_("{card} (you)") if p == self.learner else _("{card} ({name})")).format(card=c, name=self.names[p])
                for c, p in ev.cards)
            return _("Cards shown, lowest first: {cards}.").format(cards=shown)
        if isinstance(ev, Placed):
            taken, self._taken = self._taken, None
            if taken is not None and taken.row == ev.row and not taken.removed:
                return None  # told with the take
            if ev.new_row:
                return _("{whose} starts row {row}.").format(whose=self.whose(ev.player, ev.card), row=ev.row + 1)
            prev = self.tracker.row_before(ev.row, ev.position)
            if prev is None:
                return _("{whose} goes to the start of row {row}.").format(
                    whose=self.whose(ev.player, ev.card), row=ev.row + 1)
            return _("{whose} goes to row {row}, after the {prev}: the closest lower end (B4).").format(
                whose=self.whose(ev.player, ev.card), row=ev.row + 1, prev=prev)
        if isinstance(ev, RowTaken):
            self._taken = ev
            heads = bullheads_text(ev.bullheads)
            count = cards_text(len(ev.cards))
            if ev.reason == "low":
                text = (_("You take row {row}: {n}, {heads} (B6).") if you else
                        _("{name} takes row {row}: {n}, {heads} (B6).")).format(
                    name=name, row=ev.row + 1, n=count, heads=heads)
                return self._low_prefix(ev) + " " + text
            if ev.reason == "insert":
                return (_("The row was full: you take {n}, {heads} (A-INS-3).") if you else
                        _("The row was full: {name} takes {n}, {heads} (A-INS-3).")).format(
                    name=name, n=count, heads=heads)
            card = _first_queued(self.tracker, ev.player)
            if ev.removed:
                return (_("You take row {row} with your {card}: {n}, {heads}; the row is gone (A-5TH-2).")
                        if you else
                        _("{name} takes row {row} with the {card}: {n}, {heads}; the row is gone (A-5TH-2).")
                        ).format(name=name, card=card, row=ev.row + 1, n=count, heads=heads)
            return (_("Your {card} is one card too many for row {row}: you take its {n}, {heads} (B5).")
                    if you else
                    _("{name}'s {card} is one card too many for row {row}: {name} takes its {n}, {heads} (B5).")
                    ).format(name=name, card=card, row=ev.row + 1, n=count, heads=heads)
        if isinstance(ev, SpecialPlayed):
            text = (_("You play {special} with your {card}.") if you else
                    _("{name} plays {special} with the {card}.")).format(
                name=name, special=special_name(ev.special), card=ev.card)
            f = dict(ev.details)
            if "move" in f:
                text += " " + _("The {card} moves to row {row}.").format(card=f["move"], row=f["to_row"] + 1)
            elif "with" in f:
                text += " " + _("The {card} goes back to the hand; the {other} is placed instead.").format(
                    card=ev.card, other=f["with"])
            elif "row" in f:
                text += " " + _("It goes beside row {row}.").format(row=f["row"] + 1) \
                    if ev.special in ("seven_nimmt", "stop") else " " + _("Into row {row}.").format(row=f["row"] + 1)
            return text
        if isinstance(ev, Cancelled):
            n = len(ev.cancelled)
            more = ngettext("{n} more card", "{n} more cards", n).format(n=n)
            return (_("You set aside the {positive} and {more}: they will not score (A-NP-1).") if you else
                    _("{name} sets aside the {positive} and {more} (A-NP-1).")).format(
                name=name, positive=ev.positive, more=more)
        if isinstance(ev, Swapped):
            return (_("You discard {special} and draw a new special card (A5).") if you else
                    _("{name} discards {special} and draws a special card (A5).")).format(
                name=name, special=special_name(ev.discarded))
        if isinstance(ev, RoundScored):
            return _("Round {n} is over; the bull piles go onto the score sheet (B8).").format(n=ev.round)
        if isinstance(ev, GameOver):
            winners = [_("you") if p == self.learner else self.names[p] for p in ev.winners]
            return _("The game is over: the lowest total wins ({winners}).").format(winners=", ".join(winners))
        return None

    def _low_prefix(self, ev: RowTaken) -> str:
        card = _first_queued(self.tracker, ev.player)
        if self.tracker.base.variant == "even-odd":  # E3: the marked row may refuse it
            return _("{whose} is lower than the end of every row that accepts it (E3).").format(
                whose=self.whose(ev.player, card))
        return _("{whose} is lower than every row's end.").format(whose=self.whose(ev.player, card))


def _first_queued(tracker: TableTracker, player: int) -> int | None:
    if tracker.placing is not None and tracker.placing[0] == player:
        return tracker.placing[1]
    for card, p in tracker.queue:
        if p == player:
            return card
    return None


def tell_events(view, events: list[Event], learner: int) -> list[str]:
    teller = Teller(view, learner)
    return [t for t in (teller.tell(ev) for ev in events) if t]
