"""The card tracker (key `t` at the table): which number cards have been seen this round and where, and which
are still unseen with their bullheads. In the Pro variant every card in play is known (P3), so it shows where
each one is.

It reads one View only: the view of the person at the keyboard when one person plays against bots, else the
public table (view(None)), so it can never show a card that is hidden from the people looking (B10, A2).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from rich.console import Group
from rich.table import Table
from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Vertical, VerticalScroll
from textual.screen import ModalScreen
from textual.widgets import Static

from bere_tui.engine.cards import HEADS
from bere_tui.engine.nimmt.view import View
from bere_tui.i18n import N_, _, ngettext
from bere_tui.table.cardtext import heads_marks
from bere_tui.table.words import names_and
from bere_tui.ui.once import DismissOnce
from bere_tui.ui.widgets.keybar import KeyBar

#: bullhead values, dearest first (C1)
HEAD_VALUES = (7, 5, 3, 2, 1)


@dataclass(frozen=True)
class CardPlaces:
    """Where the cards a viewer has seen are, and the cards of the game nobody has shown them."""

    in_play: int  # cards 1..in_play belong to this game
    seen: tuple[tuple[str, tuple[int, ...]], ...]  # (place, cards), in table order
    unseen: tuple[int, ...]
    secret: tuple[str, ...]  # Pro: the players whose chosen card is not revealed yet

    def seen_cards(self) -> set[int]:
        return {c for _place, cards in self.seen for c in cards}


def keyboard_view(session) -> View:
    """What the people at the keyboard may know: one person's view when they play alone against bots,
    else the public table (at a hot-seat table nobody's hand may show between hand-offs)."""
    return session.game.view(session.keyboard_player())


def card_places(view: View) -> CardPlaces:
    """The tracker's content, from the view alone."""
    n = len(view.players)
    in_play = view.rules.cards_in_play(n)  # P1
    groups: list[tuple[str, tuple[int, ...]]] = []

    def add(place: str, cards) -> None:
        if cards:
            groups.append((place, tuple(sorted(cards))))

    add(_("rows"), [c for row in view.rows for c in row.cards])
    waiting = [c for c, _p in view.queue] + ([view.placing[1]] if view.placing is not None else [])
    add(_("revealed, to be placed"), waiting)
    add(_("draft pool"), view.pool)
    for p, pv in enumerate(view.players):
        if pv.hand is not None:
            add(_("your hand") if p == view.me else _("{name}'s hand").format(name=pv.name), pv.hand)
        if pv.selected is not None:
            add(_("your chosen card"), [pv.selected])
    for pv in view.players:
        add(_("{name}'s bull pile").format(name=pv.name), pv.pile)
        add(_("{name}: set aside").format(name=pv.name), pv.set_aside)
    seen = {c for _place, cards in groups for c in cards}
    for card, p in view.revealed:  # A-REP-1: a revealed card replaced goes back to its owner's hand
        if card not in seen:
            add(_("{name}'s hand, shown this turn").format(name=view.players[p].name), [card])
    seen = {c for _place, cards in groups for c in cards}
    unseen = tuple(c for c in range(1, in_play + 1) if c not in seen)
    secret: tuple[str, ...] = ()
    if view.rules.public_hands:  # P3
        secret = tuple(pv.name for p, pv in enumerate(view.players) if pv.has_selected and p != view.me)
    return CardPlaces(in_play, tuple(groups), unseen, secret)


def _numbers(cards) -> str:
    return " ".join(str(c) for c in cards)


def _grid(lines: list[tuple[str, str]]) -> Table:
    """Label and numbers side by side; long lists wrap under the numbers, not under the label."""
    grid = Table.grid(padding=(0, 2))
    grid.add_column(no_wrap=True, style="bold")
    grid.add_column(ratio=1)
    for label, numbers in lines:
        grid.add_row(" " + label, numbers)
    return grid


def tracker_renderable(view: View, ascii: bool = False) -> Group:
    places = card_places(view)
    pro = view.rules.public_hands  # P3: every card in play is known
    who = _("what {name} has seen").format(name=view.players[view.me].name) if view.me is not None \
        else _("the public table")
    if pro:
        deck = _("Cards 1 to {n} are in this game.").format(n=places.in_play)  # P1
    else:
        deck = _("An unseen card is in a hand or out of play.")
    parts: list = [Text(_("Round {round}, turn {turn}. From {who} only.").format(
        round=view.round, turn=view.turn, who=who) + " " + deck + "\n", style="dim")]
    title = _("WHERE EVERY CARD IS (Pro: all cards are known)") if pro else _("SEEN THIS ROUND")
    parts.append(Text(f"{title} ({len(places.seen_cards())})", style="bold"))
    parts.append(_grid([(place, _numbers(cards)) for place, cards in places.seen]))
    parts.append(Text())
    if pro:
        if places.secret:
            parts.append(Text(ngettext("{n} card chosen in secret, by {names}",
                                       "{n} cards chosen in secret, by {names}", len(places.secret)).format(
                n=len(places.secret), names=names_and(list(places.secret))), style="italic"))
        return Group(*parts)
    heads = sum(HEADS[c] for c in places.unseen)
    parts.append(Text(_("UNSEEN ({cards}, {heads})").format(
        cards=ngettext("{n} card", "{n} cards", len(places.unseen)).format(n=len(places.unseen)),
        heads=ngettext("{n} bullhead", "{n} bullheads", heads).format(n=heads)), style="bold"))
    groups = [[c for c in places.unseen if HEADS[c] == value] for value in HEAD_VALUES]
    parts.append(_grid([(heads_marks(cards[0], ascii), _numbers(cards)) for cards in groups if cards]))
    return Group(*parts)


class TrackerScreen(DismissOnce, ModalScreen[None]):
    CSS_PATH = "tracker.tcss"
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("escape,enter,t", "close", N_("back"), show=True),
    ]

    def __init__(self, view: View, ascii: bool = False) -> None:
        super().__init__()
        self.view = view
        self.ascii = ascii

    def compose(self) -> ComposeResult:
        with Vertical(classes="dialog wide", id="tracker"):
            yield Static(_("Card tracker"), classes="dialog-title")
            with VerticalScroll(id="tracker-scroll"):
                yield Static(tracker_renderable(self.view, self.ascii), id="tracker-text")
        yield KeyBar()

    def on_mount(self) -> None:
        self.query_one("#tracker-scroll").focus()

    def action_close(self) -> None:
        self.dismiss(None)
