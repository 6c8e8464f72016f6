"""A Bullenparty game record read back (bere replay FILE, Replays): every hand at the start, then every action
with what it did, in order, every secret bid shown. The arrows and PgUp/PgDn scroll, Home/End jump, Esc goes
back."""

from __future__ import annotations

from typing import ClassVar

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import VerticalScroll
from textual.screen import Screen
from textual.widgets import Static

from bere_tui.engine.bullenparty import events as bp
from bere_tui.engine.bullenparty import rules
from bere_tui.i18n import N_, NP_, _
from bere_tui.table.narrate import log_line
from bere_tui.table.replay import events_by_action
from bere_tui.ui.bullenparty.board import cards_text
from bere_tui.ui.widgets.keybar import KeyBar


def replay_lines(game, ascii: bool = False) -> list[Text]:
    """The whole game as lines: the hands dealt, then each action and its events (bids shown: all hands open)."""
    _fresh, actions, per_action = events_by_action(game)
    deal = game.setup  # the hands and zero cards dealt (BP3), as the record keeps them
    names = [p["name"] for p in game.players]
    lines = [Text(_("The deal"), style="bold")]
    for p, name in enumerate(names):
        # TRANSLATORS: before a player's hand as dealt (Bullenparty's replay): "Ann: 12 47 68 ..."
        line = Text(_("{name}:").format(name=name) + " ", style="bold")
        line.append_text(cards_text(sorted(deal["hands"][p]), ascii))
        line.append("  " + _("zero card {letter}").format(letter=deal["zero"][p]))
        lines.append(line)
    def tell(event) -> None:
        told = log_line(event, names, ascii)
        if told is not None:
            lines.append(told)
        if isinstance(event, bp.RoundStarted):  # the rows as dealt (BP4)
            for r, cards in enumerate(event.rows):
                lines.append(Text("  " + _("row {n}:").format(n=r + 1) + " ").append_text(cards_text(cards, ascii)))

    for event in game.opening_events:
        tell(event)
    for action, events in zip(actions, per_action):
        if action["do"] == "bid":
            bid = action["card"]
            what = _("the zero card") if bid == rules.ZERO else str(bid)
            lines.append(Text(_("{name} bids {what}").format(name=names[action["player"]], what=what), style="dim"))
        for event in events:
            tell(event)
    if game.finished:
        scores = game.scores()
        lines.append(Text(", ".join(_("{name} {score}").format(name=names[p], score=scores[p])
                                    for p in range(len(names)))))
    return lines


class BullenpartyReplayScreen(Screen[None]):
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("escape", "app.pop_screen", N_("back"), show=True),
        Binding("down,j", "scroll(1)", N_("scroll"), show=True),
        Binding("up,k", "scroll(-1)", N_("scroll"), show=False),
        Binding("pagedown,right", "scroll(10)", N_("page"), show=True),
        Binding("pageup,left", "scroll(-10)", N_("page"), show=False),
        Binding("home", "jump(0)", NP_("replay key", "start"), show=True),
        Binding("end", "jump(1)", NP_("replay key", "end"), show=True),
    ]

    def __init__(self, game, title: str = "") -> None:
        super().__init__()
        self.game = game
        self.note = title

    def compose(self) -> ComposeResult:
        yield Static(Text(" " + _("Bullenparty replay") + (" - " + self.note if self.note else ""), style="bold"))
        with VerticalScroll(id="bp-replay"):
            yield Static(Text("\n").join(replay_lines(self.game, self.app.ascii)))
        yield KeyBar()

    def action_scroll(self, lines: int) -> None:
        self.query_one(VerticalScroll).scroll_relative(y=lines, animate=False)

    def action_jump(self, end: int) -> None:
        scroll = self.query_one(VerticalScroll)
        (scroll.scroll_end if end else scroll.scroll_home)(animate=False)


__all__ = ["BullenpartyReplayScreen", "replay_lines"]
