"""Bullenparty's table (RULES section 7): the rows, every player's piles and score, the log and the hand, drawn
from views; the loop is the director's (screens.directed), with hand-offs, bots and saves as at 6 nimmt!."""

from __future__ import annotations

from collections import Counter

from rich.text import Text
from textual.app import ComposeResult
from textual.widgets import Static

from bere_tui.engine.bullenparty import events as bp
from bere_tui.engine.cards import HEADS
from bere_tui.i18n import _, ngettext
from bere_tui.table.narrate import log_line
from bere_tui.table.words import variant_name
from bere_tui.ui.bullenparty.board import hand_text, players_text, rows_text
from bere_tui.ui.bullenparty.prompts import prompt_class
from bere_tui.ui.saving import keep_finished
from bere_tui.ui.screens.directed import DirectedScreen
from bere_tui.ui.screens.scores import ResultsScreen
from bere_tui.ui.widgets.keybar import KeyBar
from bere_tui.ui.widgets.log import GameLog

#: how long each kind of event stays on screen, in steps of the placement speed
EVENT_STEPS = {bp.BidsRevealed: 2.0, bp.RowTaken: 1.5, bp.CardTurnedUp: 1.0, bp.CardAdded: 1.0,
               bp.RowClosed: 1.0, bp.CardLaid: 0.3, bp.RoundStarted: 1.0, bp.Reshuffled: 1.5}


def tracker_notice(view):
    """What the person at the keyboard has not seen: number cards by bullheads, zero letters, Bull cards left."""
    from bere_tui.ui.screens.dialogs import NoticeScreen

    unseen = view.unseen_cards()
    by_heads = Counter(HEADS[c] for c in unseen)
    heads = ", ".join(_("{count} of {heads}").format(count=by_heads[h], heads=h) for h in sorted(by_heads))
    lines = [_("Number cards you have not seen: {n}, {removed} of them out of the game unseen (by bullheads: "
               "{list}):").format(n=len(unseen), removed=view.removed_count, list=heads),
             " ".join(map(str, unseen)),
             _("Zero-card letters you have not seen, in other hands or in the box: {letters}.").format(
                 letters=", ".join(view.unseen_letters()) or "-"),
             _("Bull cards left, top first: {list}.").format(list=" ".join(map(str, view.bull_deck)) or "-"),
             ngettext("Draw pile: {n} card.", "Draw pile: {n} cards.", view.draw_pile_size).format(
                 n=view.draw_pile_size) + " " +
             ngettext("Discard pile: {n} card.", "Discard pile: {n} cards.", len(view.discard_pile)).format(
                 n=len(view.discard_pile))]
    return NoticeScreen(_("Card tracker"), "\n".join(lines))


class BullenpartyTableScreen(DirectedScreen):
    DEFAULT_CSS = """
    BullenpartyTableScreen #table-header { height: 1; background: $primary-background; }
    BullenpartyTableScreen #bp-rows { height: auto; padding: 0 1; }
    BullenpartyTableScreen #bp-players { height: auto; padding: 0 1; margin-top: 1; }
    BullenpartyTableScreen #status { height: auto; padding: 0 1; margin-top: 1; }
    BullenpartyTableScreen GameLog { height: 1fr; padding: 0 1; background: $surface; }
    BullenpartyTableScreen #hand-area { height: auto; min-height: 2; padding: 0 1; border-top: solid $primary; }
    App.-ascii BullenpartyTableScreen #hand-area { border-top: ascii $primary; }
    """

    DONE_MARK = "*"  # ("+" marks the pile that counts plus)

    def __init__(self, session) -> None:
        super().__init__(session)
        self.marks: dict[int, str] = {}

    def forced_text(self, name: str) -> str:
        return _("{name} has only one choice here: it is made at once.").format(name=name)

    def compose(self) -> ComposeResult:
        yield Static(id="table-header")
        yield Static(id="bp-rows")
        yield Static(id="bp-players")
        yield Static(id="status")
        yield GameLog(id="log")
        yield Static(id="hand-area")
        yield KeyBar()

    def on_mount(self) -> None:
        self.start_table()

    # ------------------------------------------------------------------ drawing

    def header_text(self) -> Text:
        view = self.game.view(None)
        parts = [variant_name("bullenparty"), _("round {n}").format(n=view.round),
                 _("draw pile {n}").format(n=view.draw_pile_size)]
        if view.last_round:
            parts.append(_("last round"))
        return self.with_help_hint(Text(" " + " - ".join(parts), style="bold"))

    def redraw(self) -> None:
        view = self.game.view(None)
        names = self.session.names
        self.query_one("#table-header", Static).update(self.header_text())
        self.query_one("#bp-rows", Static).update(rows_text(view, names, self.ascii))
        width = max(76, self.app.size.width - 4)  # the panel less its padding: the piles take the room there is
        self.query_one("#bp-players", Static).update(players_text(view, names, self.marks, self.ascii, width))

    def update_hand(self) -> None:
        """The hand shows only when one person plays against bots (nobody else is looking)."""
        s, area = self.session, self.query_one("#hand-area", Static)
        person = s.keyboard_player()
        if person is not None and not self.game.finished:
            area.update(hand_text(self.game.view(person), self.ascii))
        elif not s.people:
            area.update(Text(_("Only bots at this table: watch them play."), style="dim"))
        else:
            area.update(Text(_("Hands stay hidden: each person sees theirs after their hand-off."), style="dim"))

    def set_marks(self, marks: dict[int, str]) -> None:
        self.marks = marks
        self.redraw()

    def on_resize(self) -> None:
        self.redraw()

    def action_tracker(self) -> None:
        self.app.push_screen(tracker_notice(self.game.view(self.session.keyboard_player())))

    # ------------------------------------------------------------------ the director's beats

    def prompt_for(self, view, legal: list[dict]):
        return prompt_class(legal[0]["do"])(view, legal, self.ascii)

    async def show_events(self, events: list) -> None:
        self._hurry.clear()
        self.set_animating(self.app.speed != "off" and any(type(e) in EVENT_STEPS for e in events))
        self.redraw()
        log = self.query_one(GameLog)
        for event in events:
            line = log_line(event, self.session.names, self.ascii)
            if line is None:
                continue
            log.write(line)
            self.set_status(line.plain)
            await self.pause(EVENT_STEPS.get(type(event), 0.0))
        self.set_animating(False)
        self.set_marks({})
        self.update_hand()

    async def finish(self) -> None:
        s, game = self.session, self.game
        keep_finished(self.app, game)
        self.update_hand()
        await self.settle()
        rounds = [[score] for score in game.scores()]
        choice = await self.app.push_screen_wait(ResultsScreen(s.names, s.levels, rounds, list(game.winners),
                                                                self.ascii, game=game))
        self.app.call_later(self.app.after_game, choice, s)


__all__ = ["BullenpartyTableScreen", "tracker_notice"]
