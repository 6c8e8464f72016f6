"""A seat at a shared table (bere serve): the one table screen, hosting the game's face, driven by the table's hub.

The screen knows only what the hub sends this seat: the public view, this seat's own view, the public events
and this seat's prompts, read back by the game system's wire (bere_tui/table/wire.py). `SeatGame` stands where
the table screen and the face read a game; it is built from those views alone, so nothing of another seat can
reach this terminal. Any registered game whose system says it can be seated at a shared table is hosted so: the
face (ui/faces/<game>/face.py) draws it, asks its prompts and sums up its rounds, as at one keyboard.
"""

from __future__ import annotations

import asyncio
import time
from typing import ClassVar

from textual.binding import BindingType
from textual.widgets import Static

from bere_tui.engine.outcome import Outcome
from bere_tui.i18n import Said, _, ngettext
from bere_tui.serve.tables import CLOCKS, TableError, TableLink, TableSettings, server_settings
from bere_tui.systems import system_of
from bere_tui.table.wire import Wire, WireError, wire_of
from bere_tui.table.words import names_and
from bere_tui.ui.prompts.base import TO_BOT
from bere_tui.ui.screens.scores import ResultsScreen
from bere_tui.ui.screens.table import TableScreen
from bere_tui.ui.widgets.scores import ScoreBoard


class SeatGame:
    """What this seat's screen may read of the game: the last views the hub sent. What the screens read of a
    game beside its views (its variant, options, round, turn, pending decision, whether it is over; 6 nimmt!'s
    rules) is read from the public view, which has the same names."""

    opening_events: tuple = ()

    def __init__(self, seat: int | None, public, mine, wire: Wire) -> None:
        self.seat = seat
        self.wire = wire
        self.asked: list[dict] = []
        self.update(public, mine)

    @classmethod
    def of(cls, variant: str, seat: int | None, state: dict) -> SeatGame:
        """The seat's game from the hub's first state message, read by the wire of `variant`'s system."""
        wire = wire_of(system_of(variant))
        mine = state.get("mine")
        return cls(seat, wire.view_from_wire(state["public"]), wire.view_from_wire(mine) if mine else None, wire)

    def update(self, public, mine) -> None:
        self.public, self.mine = public, mine
        self.n = len(public.players)

    def read(self, message: dict) -> None:
        """A state message of the hub."""
        mine = message.get("mine")
        self.update(self.wire.view_from_wire(message["public"]), self.wire.view_from_wire(mine) if mine else None)

    def __getattr__(self, name: str):  # (only what is not an attribute: the public view's fields and properties)
        if name.startswith("_") or name in ("public", "mine"):
            raise AttributeError(name)
        return getattr(self.public, name)

    def view(self, player: int | None = None):
        return self.mine if player is not None and player == self.seat and self.mine is not None else self.public

    def legal(self, player: int) -> list[dict]:
        return list(self.asked) if player == self.seat else []


class SeatSession:
    """The table screen's session for a remote seat: names and seats, and who the table waits for."""

    hot_seat = False
    history: tuple = ()
    on_action = None

    def __init__(self, hello: dict, game: SeatGame, link: TableLink) -> None:
        self.names = [str(n) for n in hello["names"]]
        self.history = [[game.wire.event_from_wire(e) for e in hello.get("log", [])]]  # the log so far
        self.levels = list(hello["levels"])
        self.seat = hello["seat"]
        self.code = hello.get("code", "")
        self.game = game
        self.link = link
        self.people = [self.seat] if self.seat is not None else []
        self.bots = {p for p, level in enumerate(self.levels) if level is not None}
        self.waiting: list[int] = []
        self.away: list[int] = []  # person seats with nobody connected
        self.offer: list[int] = []  # away seats any player may give to a bot now
        self.clock = hello.get("clock")  # seconds per decision, or None
        self.set_seats(self.levels, hello.get("benched", []))

    def set_seats(self, levels: list, benched: list) -> None:
        """Which seats a bot plays (a benched person's seat shows as a bot's while it is one)."""
        self.levels[:] = [level if isinstance(level, str) else None for level in levels][:len(self.names)]
        self.bots = {p for p, level in enumerate(self.levels) if level is not None}
        self.benched = {p for p in benched if isinstance(p, int)}

    def is_bot(self, p: int) -> bool:
        return p in self.bots

    def waiting_for(self) -> list[int]:
        return list(self.waiting)

    def keyboard_player(self) -> int | None:
        return self.seat


class RemoteTableScreen(TableScreen):
    """The table of one seat at a shared table. Its loop reads the hub's messages instead of a director."""

    BINDINGS: ClassVar[list[BindingType]] = [TO_BOT]  # (its own prompt offers it too: PromptScreen.host)

    deadline: float | None = None  # when this seat's decision clock runs out (the app's monotonic clock)

    def on_mount(self) -> None:
        """(Textual calls TableScreen.on_mount too, after this: the log so far, the table, the loop. Calling it
        from here as well wrote the log twice and started the loop twice.)"""
        self.set_interval(1.0, self.tick_clock)
        s = self.session
        self.set_status(_("Table {code}.").format(code=s.code) + " " + (
            _("You are {name}.").format(name=s.names[s.seat]) if s.seat is not None
            else _("You watch the table: what every player sees, never a hand.")))

    def header_note(self) -> str | None:
        parts = [_("table {code}").format(code=self.session.code)]
        left = self.seconds_left()
        if left is not None:
            # TRANSLATORS: the decision clock in the table's header: minutes and seconds left
            parts.insert(0, _("time {m}:{s:02d}").format(m=left // 60, s=left % 60))
        return " - ".join(parts)

    def seconds_left(self) -> int | None:
        if self.deadline is None:
            return None
        return max(0, round(self.deadline - time.monotonic()))

    def tick_clock(self) -> None:
        """Once a second while this seat's decision has a clock: the countdown in the header."""
        if self.deadline is None:
            return
        self.show_clock()
        if self.seconds_left() == 10:
            self.notify(_("10 seconds left for your decision."), severity="warning", timeout=4)

    def show_clock(self) -> None:
        for header in self.query("#table-header").results(Static):
            header.update(self.header_text())

    def check_action(self, action: str, parameters) -> bool | None:
        if action == "to_bot":  # any seated player, while a seat has had nobody at it for long enough
            return self.session.seat is not None and bool(self.session.offer)
        return super().check_action(action, parameters)

    def action_to_bot(self) -> None:
        """A player hands the seat of a player who is away to a bot (from that seat's next decision on)."""
        from bere_tui.ui.screens.dialogs import PickScreen

        s = self.session
        choices = [(str(p), s.names[p]) for p in s.offer]

        def chosen(seat: str | None) -> None:
            if seat is not None:
                s.link.send({"t": "to_bot", "seat": int(seat)})

        self.app.push_screen(PickScreen(_("Which seat does a bot take over?"), choices), chosen)

    leaving = False  # this seat chose to leave the table: nothing more is drawn, its link closes without a notice

    def leave_options(self) -> list[tuple[str, str]]:
        """The quit question's other ways out (BereApp.action_ask_quit): to the title, the seat kept or given up."""
        if self.session.seat is None:
            return [("away", _("Stop watching: back to the title screen"))]
        return [("away", _("Leave the table for now: your seat waits for you")),
                ("leave", _("Leave the table for good: a bot plays your seat"))]

    def leave_table(self, choice: str) -> None:
        """Back to the title. "leave": the hub gives the seat to a bot for good and unbinds this key from it (its
        next login goes to the title; a friend may take the seat); otherwise the seat waits for this key, as
        after a dropped connection."""
        s = self.session
        self.leaving = self._gone = True  # (no prompt opens any more, and no notice says the table has gone)
        if choice == "leave" and s.seat is not None:
            s.link.send({"t": "leave"})
            self.notify(_("You left table {code}: a bot plays your seat.").format(code=s.code), timeout=8)
        elif s.seat is not None:
            self.notify(_("Your seat at table {code} waits for you: join the table again with its code.").format(
                code=s.code), timeout=8)
        s.link.close()
        self.close_prompt()
        self.app.call_later(self.app.open_title)

    def update_hand(self) -> None:
        if self.session.seat is None:
            self.face.draw_hand(None, _("You watch the table: what every player sees, never a hand."))
        else:
            super().update_hand()

    def action_save(self) -> None:
        self.notify(_("The table keeps its own record; the host's server writes it after every move."))

    _prompt = None  # the prompt of this seat's decision, while it is open
    _gone = False  # the table has gone, or this seat moved to another connection: no prompt opens any more
    _waiting_news: dict | None = None  # the newest waiting message read from the hub
    _waiting_read = 0  # how many waiting messages were read
    _waiting_shown = 0  # ... of which the newest shown under an open prompt (those up to it are old news then)
    _asking = None  # the number of the decision being asked, while it is

    async def play(self) -> None:
        inbox: asyncio.Queue[dict | None] = asyncio.Queue()
        self._inbox = inbox
        self._withdrawn: set = set()  # the decisions the table no longer asks (hub: withdrawn)
        reader = asyncio.ensure_future(self.read_hub(inbox))
        try:
            await self.draw_hub(inbox)
        finally:
            reader.cancel()

    async def read_hub(self, inbox: asyncio.Queue) -> None:
        """The hub's messages, read as they come (while a prompt is open too): when the seat was taken over or
        the table has gone, an open prompt closes at once (and none opens any more), since no answer could count
        any more. While this seat's prompt is open, whom the table waits for is shown at once, under the prompt
        (the others deciding meanwhile), and drawn again in its turn."""
        while True:
            message = await self.session.link.receive()
            inbox.put_nowait(message)
            kind = None if message is None else message.get("t")
            if kind is None or kind in ("taken_over", "stopping"):
                self._gone = True
                self.close_prompt()
                return
            if kind == "timeout":  # the clock ran out: the bot's move was played for this seat
                self.close_prompt()
            elif kind == "withdrawn":  # the table no longer asks that question: no answer counts
                self._withdrawn.add(message.get("decision"))
                if message.get("decision") == self._asking:
                    self.close_prompt()
            elif kind == "seats" and self._prompt is not None:  # (a seat handed to a bot: shown at once)
                try:
                    self.apply_seats(message)
                except (KeyError, TypeError, ValueError, IndexError):
                    continue  # (the draw loop says so when it reads it in its turn)
                message["applied"] = True
            elif kind == "waiting":
                self._waiting_read += 1
                message["read"] = self._waiting_read
                self._waiting_news = message
                if self._prompt is not None:
                    self.show_waiting_news()

    def show_waiting_news(self) -> None:
        """The newest waiting message read, drawn now (while this seat's prompt is open, the draw loop waits for
        it: everything read since its question is newer than what the screen shows). The draw loop passes over
        it, and the older ones, in their turn: after this seat's answer they would say it is still awaited."""
        news = self._waiting_news
        if news is not None:
            try:
                self.show_waiting(news)
            except (KeyError, TypeError, ValueError):
                return  # (the draw loop says so when it reads it in its turn)
            self._waiting_shown = news["read"]

    def close_prompt(self) -> None:
        prompt = self._prompt
        if prompt is not None and prompt in self.app.screen_stack:
            prompt.pop_until_active()
            prompt.dismiss(None)

    async def draw_hub(self, inbox: asyncio.Queue) -> None:
        while True:
            message = await inbox.get()
            if self.leaving:  # (what the table sent meanwhile is not drawn over the title)
                return
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
            game.read(message)
            if not self.animating:
                self.update_hand()
        elif kind == "events":
            notice = str(Said.from_wire(message.get("notice")))  # (in this seat's language)
            if notice:
                self.notify(notice, severity="warning", timeout=6)
            if message.get("forced") is not None:
                self.write_log(self.face.forced_text(s.names[message["forced"]]))
            await self.show_events([game.wire.event_from_wire(e) for e in message["events"]])
        elif kind == "waiting":
            if message.get("read", self._waiting_shown + 1) > self._waiting_shown:  # (not shown under a prompt)
                self.show_waiting(message)
        elif kind == "seats":
            if not message.get("applied"):  # (else shown already, under this seat's open prompt)
                self.apply_seats(message)
        elif kind == "back":
            self.notify(_("A bot played your seat while you were away; you take it back at your next decision."),
                        timeout=10)
        elif kind == "timeout":
            self.deadline = None
            self.notify(_("Your time ran out: a bot's move was played for you."), severity="warning", timeout=8)
        elif kind == "ask":
            seconds = message.get("seconds")
            self.deadline = time.monotonic() + seconds if isinstance(seconds, int | float) else None
            try:
                await self.answer([a for a in message["legal"] if isinstance(a, dict)], message.get("decision"))
            finally:
                self.deadline = None
                self.show_clock()
        elif kind == "taken_over":
            await self.taken_over()
            return True
        elif kind == "stopping":
            s.link.close()
            await self.leave(_("The server is going down"), _(
                "This table will be there after the restart: join it again with its code, {code}.").format(
                code=s.code))
            return True
        elif kind == "error":
            self.notify(str(message.get("message", "")), severity="error")
        elif kind == "summary":
            self.set_animating(False)
            await self.face.round_summary(game.wire.event_from_wire(message["event"]))
        elif kind == "over":
            await self.results(message)
            return True
        return False

    def apply_seats(self, message: dict) -> None:
        """Which seats bots play now (a seat handed to a bot, a player back): the board and a log line."""
        s = self.session
        before = set(s.bots)
        s.set_seats(list(message["levels"]), list(message.get("benched", [])))
        for p in sorted(s.bots - before):
            self.write_log(_("A bot plays this seat now: {name}.").format(name=s.names[p]))
        for p in sorted(before - s.bots):
            self.write_log(_("Back at the table: {name}.").format(name=s.names[p]))
        self.query_one(ScoreBoard).refresh()

    def show_waiting(self, message: dict) -> None:
        """A waiting message of the hub: whom the table waits for, who is not connected, which seats may go to
        a bot."""
        s = self.session
        seats = range(len(s.names))
        s.waiting = [p for p in message["players"] if isinstance(p, int) and p in seats]
        s.away = [p for p in message.get("away", []) if isinstance(p, int) and p in seats and p != s.seat]
        s.offer = [p for p in message.get("offer", []) if isinstance(p, int) and p in seats and p != s.seat]
        self.show_waiting_for(s.waiting, s.away)
        self.refresh_bindings()
        if self._prompt is not None:
            self._prompt.refresh_bindings()  # (`b` under this seat's open prompt)

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
        self._asking = decision
        try:
            game.asked = legal
            await self.settle()
            if decision in self._withdrawn or self._gone:  # (withdrawn, or the table gone, before it was shown)
                return
            prompt = self.face.prompt(game.view(s.seat), legal)
            if hasattr(prompt, "can_go_back"):
                prompt.can_go_back = False  # nobody else is at this terminal: no hand to hide
            prompt.host = self  # (`b` under the prompt: a bot for a missing player)
            self._prompt = prompt
            self.show_waiting_news()  # (whom the table waits for meanwhile: the others may have decided already)
            action = await self.app.push_screen_wait(prompt)
        finally:
            self._prompt = self._asking = None
        if action is not None:
            s.link.send({"t": "action", "action": action, "decision": decision})
            self.set_status(_("Sent. Waiting for the others."))

    async def results(self, message: dict) -> None:
        s = self.session
        self.update_hand()
        await self.settle()
        outcome = Outcome.from_wire(message["outcome"])  # the engine's, as the table sent it
        choice = await self.app.push_screen_wait(ResultsScreen(s.names, s.levels, outcome, self.game.variant, self.ascii,
                                                               ratings=rating_changes(message.get("ratings"))))
        if choice == "again" and s.seat is not None and await self.rematch():
            return
        s.link.close()
        self.app.call_later(self.app.open_title)

    async def rematch(self) -> bool:
        """A new game with the same seats at this table (the first seat to ask begins it); this seat joins it
        again with the table's code. False when the table has gone."""
        s = self.session
        s.link.send({"t": "rematch"})
        while (message := await self._inbox.get()) is not None and message.get("t") != "rematched":
            pass
        s.link.close()
        if message is None:
            await self.table_gone()
            return True
        app, code = self.app, s.code

        def again() -> None:
            app.open_title()
            app.run_worker(join_table(app, code), group="tables", exclusive=True)

        app.call_later(again)
        return True

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


def rating_changes(data) -> dict[int, tuple[float, float]]:
    """The "over" message's ratings: each rated seat's rating before and after the game (serve.ratings)."""
    changes = {}
    for seat, pair in (data or {}).items() if isinstance(data, dict) else ():
        if str(seat).isdigit() and isinstance(pair, list) and len(pair) == 2 and \
                all(isinstance(v, int | float) for v in pair):
            changes[int(seat)] = (float(pair[0]), float(pair[1]))
    return changes


def clock_label(seconds: int | None) -> str:
    if seconds is None:
        return _("No clock")
    if seconds % 60 == 0:
        return ngettext("{n} minute", "{n} minutes", seconds // 60).format(n=seconds // 60)
    return ngettext("{n} second", "{n} seconds", seconds).format(n=seconds)


async def choose_clock(app) -> TableSettings | None:
    """The host chooses the table's clock for each decision (when it runs out, the seat's bot move is played);
    None when the host goes back."""
    from bere_tui.ui.screens.dialogs import PickScreen

    choices = [(str(seconds or 0), clock_label(seconds)) for seconds in CLOCKS]
    chosen = await app.push_screen_wait(PickScreen(_("A clock for each decision? When it runs out, a bot's move "
                                                     "is played for that seat."), choices))
    if chosen is None:
        return None
    return server_settings(clock=int(chosen) or None)


async def join_table(app, code: str, watch: bool = False) -> bool:
    """Connect to table `code` and open its screen (with `watch`, only to watch it unless this key has a seat
    there); False (with a notice) when that cannot be done."""
    try:
        link = await TableLink.open(code, watch)
    except TableError as exc:
        app.notify(str(exc), severity="error", timeout=8)
        return False
    hello = await link.receive()
    state = await link.receive()
    if not hello or hello.get("t") != "hello" or not state or state.get("t") != "state":
        link.close()
        app.notify(_("Table {code} did not answer as a table does.").format(code=code), severity="error")
        return False
    try:
        game = SeatGame.of(str(hello.get("variant", "base")), hello["seat"], state)
        session = SeatSession(hello, game, link)
    except (WireError, KeyError) as exc:
        link.close()
        app.notify(_("A message from the table could not be read: {why}").format(why=exc), severity="error")
        return False
    app.push_screen(RemoteTableScreen(session))
    return True


__all__ = ["RemoteTableScreen", "SeatGame", "SeatSession", "choose_clock", "join_table"]
