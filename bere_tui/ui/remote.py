"""A seat at a shared table (bere serve): the usual table screen, driven by the table's hub.

The screen knows only what the hub sends this seat: the public view, this seat's own view, the public events
and this seat's prompts. `SeatGame` stands where the table screen reads a game; it is built from those views
alone, so nothing of another seat can reach this terminal.
"""

from __future__ import annotations

import asyncio
from typing import ClassVar

from textual.binding import Binding, BindingType

from bere_tui.engine.nimmt import VARIANTS
from bere_tui.i18n import N_, _
from bere_tui.serve.tables import TableError, TableLink
from bere_tui.table.wire import WireError, event_from_wire, view_from_wire
from bere_tui.table.words import names_and
from bere_tui.ui.prompts import make_prompt
from bere_tui.ui.screens.scores import ResultsScreen, RoundSummaryScreen
from bere_tui.ui.screens.table import TableScreen


class SeatGame:
    """What this seat's screen may read of the game: the last views the hub sent."""

    opening_events: tuple = ()

    def __init__(self, seat: int | None, public, mine) -> None:
        self.seat = seat
        self.asked: list[dict] = []
        self.update(public, mine)

    def update(self, public, mine) -> None:
        self.public, self.mine = public, mine
        self.variant = public.variant
        self.rules = self.info = VARIANTS[public.variant]
        self.options = public.options
        self.round, self.turn = public.round, public.turn
        self.pending = public.pending
        self.finished = public.finished
        self.winners = public.winners
        self.scores = [list(p.round_scores) for p in public.players]
        self.n = len(public.players)

    def view(self, player: int | None = None):
        return self.mine if player is not None and player == self.seat and self.mine is not None else self.public

    def legal(self, player: int) -> list[dict]:
        return list(self.asked) if player == self.seat else []

    def totals(self) -> list[int]:
        return [p.total for p in self.public.players]


class SeatSession:
    """The table screen's session for a remote seat: names and seats, and who the table waits for."""

    hot_seat = False
    history: tuple = ()
    on_action = None

    def __init__(self, hello: dict, game: SeatGame, link: TableLink) -> None:
        self.names = [str(n) for n in hello["names"]]
        self.levels = list(hello["levels"])
        self.seat = hello["seat"]
        self.code = hello.get("code", "")
        self.game = game
        self.link = link
        self.people = [self.seat] if self.seat is not None else []
        self.bots = {p for p, level in enumerate(self.levels) if level is not None}
        self.waiting: list[int] = []
        self.away: list[int] = []  # person seats with nobody connected

    def is_bot(self, p: int) -> bool:
        return p in self.bots

    def waiting_for(self) -> list[int]:
        return list(self.waiting)

    def keyboard_player(self) -> int | None:
        return self.seat


class RemoteTableScreen(TableScreen):
    """The table of one seat at a shared table. Its loop reads the hub's messages instead of a director."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("b", "to_bot", N_("a bot for a missing player"), show=True),
    ]

    def on_mount(self) -> None:
        super().on_mount()
        s = self.session
        self.set_status(_("Table {code}.").format(code=s.code) + " " + (
            _("You are {name}.").format(name=s.names[s.seat]) if s.seat is not None
            else _("Every seat is taken: you watch the public table.")))

    def header_parts(self) -> list[str]:
        parts = super().header_parts()
        parts.insert(2, _("table {code}").format(code=self.session.code))
        return parts

    def check_action(self, action: str, parameters) -> bool | None:
        if action == "to_bot":  # the host, while someone's seat has nobody at it
            return self.session.seat == 0 and bool(self.session.away)
        return super().check_action(action, parameters)

    def action_to_bot(self) -> None:
        """The host hands the seat of a player who left to a bot (from that seat's next decision on)."""
        from bere_tui.ui.screens.dialogs import PickScreen

        s = self.session
        choices = [(str(p), s.names[p]) for p in s.away]

        def chosen(seat: str | None) -> None:
            if seat is not None:
                s.link.send({"t": "to_bot", "seat": int(seat)})

        self.app.push_screen(PickScreen(_("Which seat does a bot take over?"), choices), chosen)

    def update_hand(self) -> None:
        if self.session.seat is None:
            from bere_tui.ui.widgets.hand import HandView

            self.query_one(HandView).hide(_("Every seat is taken: you watch the public table."))
        else:
            super().update_hand()

    def action_save(self) -> None:
        self.notify(_("The table keeps its own record; the host's server writes it after every move."))

    _prompt = None  # the prompt of this seat's decision, while it is open

    async def play(self) -> None:
        inbox: asyncio.Queue[dict | None] = asyncio.Queue()
        reader = asyncio.ensure_future(self.read_hub(inbox))
        try:
            await self.draw_hub(inbox)
        finally:
            reader.cancel()

    async def read_hub(self, inbox: asyncio.Queue) -> None:
        """The hub's messages, read as they come (while a prompt is open too): when the seat was taken over or
        the table has gone, an open prompt closes at once, since no answer could count any more."""
        while True:
            message = await self.session.link.receive()
            inbox.put_nowait(message)
            if message is None or message.get("t") == "taken_over":
                self.close_prompt()
                return

    def close_prompt(self) -> None:
        prompt = self._prompt
        if prompt is not None and prompt in self.app.screen_stack:
            prompt.pop_until_active()
            prompt.dismiss(None)

    async def draw_hub(self, inbox: asyncio.Queue) -> None:
        while True:
            message = await inbox.get()
            if message is None:
                await self.table_gone()
                return
            try:
                done = await self.on_hub(message)
            except (WireError, KeyError, TypeError, ValueError) as exc:
                self.notify(_("A message from the table could not be read: {why}").format(why=exc),
                            severity="error")
                continue
            if done:
                return

    async def on_hub(self, message: dict) -> bool:
        """Draw one message of the hub; True when the game is over and the results were left."""
        s, game = self.session, self.game
        kind = message.get("t")
        if kind == "state":
            mine = message.get("mine")
            game.update(view_from_wire(message["public"]), view_from_wire(mine) if mine else None)
            if not self.animating:
                self.update_hand()
        elif kind == "events":
            if message.get("notice"):
                self.notify(str(message["notice"]), severity="warning", timeout=6)
            if message.get("forced") is not None:
                self._write(_("{name} has one card left: it is played.").format(name=s.names[message["forced"]]))
            await self.show_events([event_from_wire(e) for e in message["events"]])
        elif kind == "waiting":
            s.waiting = [p for p in message["players"] if isinstance(p, int)]
            s.away = [p for p in message.get("away", []) if isinstance(p, int) and p != s.seat]
            self.show_waiting_for(s.waiting, s.away)
            self.refresh_bindings()
        elif kind == "ask":
            await self.answer([a for a in message["legal"] if isinstance(a, dict)], message.get("decision"))
        elif kind == "taken_over":
            await self.taken_over()
            return True
        elif kind == "error":
            self.notify(str(message.get("message", "")), severity="error")
        elif kind == "summary":
            await self.settle()
            await self.app.push_screen_wait(RoundSummaryScreen(
                message["round"], s.names, s.levels, list(message["scores"]), list(message["totals"]), self.ascii))
        elif kind == "over":
            await self.results(message)
            return True
        return False

    def show_waiting_for(self, waiting: list[int], away: list[int]) -> None:
        s = self.session
        self.set_marks({p: ">" for p in waiting})
        if not waiting:
            return
        text = _("Waiting for {names}.").format(names=names_and([s.names[p] for p in waiting]))
        if away:
            text += " " + _("Not connected: {names}.").format(names=names_and([s.names[p] for p in away]))
        self.set_status(text)

    async def answer(self, legal: list[dict], decision) -> None:
        """Ask this seat's decision; the answer names the decision it answers (the hub drops it if the table
        has moved on)."""
        s, game = self.session, self.game
        if s.seat is None or not legal:
            return
        game.asked = legal
        await self.settle()
        prompt = make_prompt(game.view(s.seat), legal, self.ascii)
        if hasattr(prompt, "can_go_back"):
            prompt.can_go_back = False  # nobody else is at this terminal: no hand to hide
        self._prompt = prompt
        try:
            action = await self.app.push_screen_wait(prompt)
        finally:
            self._prompt = None
        if action is not None:
            s.link.send({"t": "action", "action": action, "decision": decision})
            self.set_status(_("Sent. Waiting for the others."))

    async def results(self, message: dict) -> None:
        s = self.session
        self.update_hand()
        await self.settle()
        rounds = [list(r) for r in message["rounds"]]
        await self.app.push_screen_wait(ResultsScreen(s.names, s.levels, rounds, list(message["winners"]),
                                                      self.ascii))
        s.link.close()
        self.app.call_later(self.app.open_title)

    async def table_gone(self) -> None:
        await self.leave(_("The table has closed"), _(
            "The connection to the table ended. Join it again with its code if it goes on."))

    async def taken_over(self) -> None:
        """The same key joined the table again from another connection: that one has the seat now."""
        self.session.link.close()
        await self.leave(_("The seat moved"), _("This seat was taken over by a new connection."))

    async def leave(self, title: str, text: str) -> None:
        from bere_tui.ui.screens.dialogs import NoticeScreen

        await self.settle()
        await self.app.push_screen_wait(NoticeScreen(title, text))
        self.app.call_later(self.app.open_title)


async def join_table(app, code: str) -> bool:
    """Connect to table `code` and open its screen; False (with a notice) when that cannot be done."""
    try:
        link = await TableLink.open(code)
    except TableError as exc:
        app.notify(str(exc), severity="error", timeout=8)
        return False
    hello = await link.receive()
    state = await link.receive()
    if not hello or hello.get("t") != "hello" or not state or state.get("t") != "state":
        link.close()
        app.notify(_("Table {code} did not answer as a table does.").format(code=code), severity="error")
        return False
    mine = state.get("mine")
    game = SeatGame(hello["seat"], view_from_wire(state["public"]), view_from_wire(mine) if mine else None)
    app.push_screen(RemoteTableScreen(SeatSession(hello, game, link)))
    return True


__all__ = ["RemoteTableScreen", "SeatGame", "SeatSession", "join_table"]
