"""A shared table: one process holds the game (the table director), and each seat's terminal connects to it.

The hub listens on a Unix socket in the tables folder and speaks JSON lines. It sends each seat only
`view(seat)`, the public events and the prompts of that seat; it writes the game record after every action.
In the secret selection (B3) every remote person is asked at once, except one whose only move the table makes for
them (a forced move is never asked); other decisions go to their one decider.

Seat -> hub:  {"t": "join", "player": KEY, "lang": LANGUAGE} (with "watch": true, a key without a seat here
              only watches) then  {"t": "action", "action": {...}, "decision": N}
              any seated player may also send {"t": "to_bot", "seat": N} for a seat offered to a bot, and
              after the game {"t": "rematch"} (a new game with the same seats at the same table); a seated
              player leaves the table for good with {"t": "leave"} (a bot plays the seat, the key is unbound).
Hub -> seat:  hello {seat, names, levels, code, benched, clock, variant, log}; state {public, mine}; events {events};
              ask {legal, decision, seconds}; waiting {players, away, offer}; seats {levels, benched};
              back {} (a bot played this seat; it is the person's again at its next decision); timeout {} (the
              clock ran out: the seat's bot move was played); withdrawn {decision} (that question is no longer
              asked: its prompt closes); summary {event} (the event that ended a round);
              over {winners, totals, outcome, ratings}; rematched {} (a new game has begun: join again);
              stopping {} (the server is going down); error {message}; taken_over {} (then the hub closes that connection).

A finished game goes to the Replays and History of every key with a seat (its data folder under the data
root's players/); "Play again with the same seats" starts a new game of the same seats, with a new deal, at
the same table and code.

Absent and slow players (the table's settings, serve.tables.TableSettings): a person's seat with nobody at it
for `away_offer` seconds may be given to a bot by any player; a seat whose key left is given to a bot by the
table itself after `away_auto` seconds. The key coming back is told so and takes the seat back at its next
decision. With a clock, a decision not answered in `clock` seconds gets the seat's bot move. Every time is
read from the hub's clock (`clock()`, injected in tests) by `tick()`, which the hub calls once a second.

Any registered game can be seated (its system's wire, bere_tui/table/wire.py: the views and events of its
"view" and "events" parts). A connection's hello carries the log so far (every event of the game, public), so
that a seat that comes back, or a hub reloaded after a restart, shows the whole log again.

Each seat reads the table in its own language (issue 33 item 6): its screen tells the events and words the
hub's messages (stopping, timeout, back...) itself; a notice (a bot that could not decide) travels as its code
and arguments (i18n.Said), and the refusal of an illegal answer is worded in the language the seat gave when it
joined.

The table's file (CODE.table.json) also says what the lobby lists of the table (`listing`): its game, its seats
(the names, the bots, the seats a key holds, those connected now) and whether its game has begun; a private table
(its settings) is never listed. A finished game is rated once (serve.ratings) before its results are sent; the
"over" message gives each rated seat its rating before and after ({seat: [before, after]}).

A seat is bound to the key that took it: that key reconnecting returns to the same seat and is asked again
what it was being asked. A key that finds no free seat watches the public table.

Each question to a seat has a decision number, and an answer names the number it answers: an answer to any
other question (one sent before the game moved on), or from a connection that is no longer the seat's, is
dropped, never kept for a later decision. The key's newest connection takes its seat at once; the older one
is told so and closed.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import random
import re
import signal
import sys
import time
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING

from bere_tui.engine import BereError
from bere_tui.engine.events import Event
from bere_tui.i18n import Said, _, speaking
from bere_tui.serve.tables import TableSettings, read_table_file, write_table_file
from bere_tui.table.beats import Ask, BotTurn, GameEnd, HandOff, RoundSummary, ShowEvents
from bere_tui.table.director import TableDirector
from bere_tui.table.wire import wire_of

if TYPE_CHECKING:
    from bere_tui.engine.protocol import GameProtocol as Game

MAX_LINE = 1 << 16  # bytes of one message from a seat
LINGER_SECONDS = 120.0  # a finished table stays open this long, so that seats coming back see the results
IDLE_SECONDS = 1800.0  # a table nobody has been connected to for this long ends (its record stays)
KEY_NAME = re.compile(r"^[A-Za-z0-9_-]{1,64}$")  # a key's data folder name (serve.ssh.key_folder_name)
TICK_SECONDS = 1.0  # how often the hub looks at its clocks (absent seats, the decision clock)


class Seat:
    """A connected terminal: a player's seat, or a spectator (seat None)."""

    def __init__(self, writer: asyncio.StreamWriter, key: str, seat: int | None, lang: str | None = None) -> None:
        self.writer = writer
        self.key = key
        self.seat = seat
        self.lang = lang  # the language its terminal reads (the join's "lang"), for the texts the hub words

    def send(self, message: dict) -> None:
        if self.writer.is_closing():
            return
        self.writer.write(json.dumps(message).encode("utf-8") + b"\n")


@dataclass(frozen=True)
class Question:
    """What a seat is being asked: its decision number, the legal actions and when its clock runs out."""

    decision: int
    legal: list[dict]
    deadline: float | None = None  # on the hub's clock; None: no clock

    def message(self, now: float) -> dict:
        message = {"t": "ask", "legal": self.legal, "decision": self.decision}
        if self.deadline is not None:
            message["seconds"] = max(0, round(self.deadline - now))
        return message


class TableHub:
    def __init__(self, game: Game, code: str, folder: Path, settings: TableSettings | None = None,
                 clock: Callable[[], float] = time.monotonic, history: list[list[Event]] | None = None) -> None:
        from bere_tui.systems import system_of

        self.code = code
        self.folder = folder
        self.clock = clock
        self.wire = wire_of(system_of(game.variant))
        self.director = TableDirector(game, on_action=self.save, own_terminals=True, history=history)
        self.game = game
        kept = read_table_file(folder, code)
        self.settings = settings or TableSettings.from_json(kept.get("settings"))
        self.owners: dict[int, str] = {}  # seat -> the key bound to it
        self.left: dict[int, str] = {}  # seat -> the key that left it for good this game (rated, archived)
        self.connected: list[Seat] = []
        self.asked: dict[int, Question] = {}  # seat -> what it is being asked
        self.decisions = 0  # the number of the last question asked
        self.answers: asyncio.Queue[tuple[int, int | None, dict | None]] = asyncio.Queue()
        self.away_since: dict[int, float] = {p: clock() for p in self.director.people}  # seats nobody is at
        self.offered: set[int] = set()  # away seats any player may give to a bot now
        self.benched: set[int] = set()  # person seats a bot plays for (their person left)
        self.returning: set[int] = set()  # benched seats whose person is back: theirs at the next decision
        self.timed_out: set[int] = set()  # decisions whose clock ran out (the bot's move is on its way)
        self.closed = False  # the table ended for good (nobody came for too long): not reloaded after a restart
        self.stop = asyncio.Event()  # set when the hub is to stop
        self.rematch = asyncio.Event()  # set when a new game with the same seats has begun
        self.started = bool(game.actions)  # the game has begun (the lobby says so)
        self.rating_changes: dict[str, list[float]] = {}  # seat -> its rating before and after the game
        self.restore(kept)

    def restore(self, kept: dict) -> None:
        """The seats' keys (those bound, those that left for good) and the benched seats kept in the table's file
        (a table reloaded after a restart)."""
        people = set(self.director.people)

        def seat_keys(kept_keys) -> dict[int, str]:  # {"seat": key} as written, person seats only
            return {int(seat): key for seat, key in (kept_keys.items() if isinstance(kept_keys, dict) else ())
                    if str(seat).isdigit() and int(seat) in people and isinstance(key, str)}

        self.owners.update(seat_keys(kept.get("owners")))
        self.left.update(seat_keys(kept.get("left")))
        benched = kept.get("benched")
        for seat in benched if isinstance(benched, list) else []:
            if seat in people:
                self.director.seat_to_bot(seat)
                self.benched.add(seat)

    def table_data(self) -> dict:
        return {"settings": self.settings.to_json(), "owners": {str(seat): key for seat, key in self.owners.items()},
                "left": {str(seat): key for seat, key in self.left.items()},
                "benched": sorted(self.benched), "finished": self.game.finished, "closed": self.closed,
                "listing": self.listing()}

    def listing(self) -> dict:
        """What the lobby lists of this table (serve.tables.open_tables): its game, each seat's name, the bots'
        levels (as seated), the seats connected now and whether the game has begun."""
        return {"variant": self.game.variant, "names": list(self.director.names),
                "bots": [p.get("bot") for p in self.game.players], "here": sorted({c.seat for c in self.connected
                                                                                   if c.seat is not None}),
                "started": self.started}

    def keep(self) -> None:
        """Write the table's file: its settings, the seats' keys and the benched seats."""
        from bere_tui.storage import StorageError

        try:
            write_table_file(self.folder, self.code, self.table_data())
        except StorageError as exc:
            print(_("table {code}: the record cannot be written: {why}").format(code=self.code, why=exc),
                  file=sys.stderr)

    # ------------------------------------------------------------------ files

    @property
    def record_path(self) -> Path:
        return self.folder / f"{self.code}.record.json"

    def save(self, game: Game) -> None:
        """The table's record, after every action (a restarted server reloads the table from it)."""
        from bere_tui.storage import StorageError, atomic_write_text

        try:
            atomic_write_text(self.record_path, json.dumps(game.record()))
        except StorageError as exc:
            print(_("table {code}: the record cannot be written: {why}").format(code=self.code, why=exc),
                  file=sys.stderr)
        if game.actions and not self.started:  # the lobby lists it as begun
            self.started = True
            self.keep()

    # ------------------------------------------------------------------ seats

    def seat_for(self, key: str, watch: bool = False) -> int | None:
        """The seat bound to `key`, or the first free person's seat (bound to it now), or None (watch; always
        so with `watch` for a key without a seat here)."""
        for seat, owner in self.owners.items():
            if owner == key:
                return seat
        if watch:
            return None
        for p in sorted({*self.director.people, *self.benched}):
            if p not in self.owners:
                self.owners[p] = key
                self.left.pop(p, None)  # (a friend takes the seat someone left: theirs to answer for now)
                self.keep()
                return p
        return None

    def state_for(self, seat: int | None) -> dict:
        game, wire = self.game, self.wire
        return {"t": "state", "public": wire.view_to_wire(game.view(None)),
                "mine": wire.view_to_wire(game.view(seat)) if seat is not None else None}

    def log(self) -> list[dict]:
        """Every event of the game so far (all of them public), for a seat's log."""
        told = [*self.game.opening_events, *(e for events in self.director.history for e in events)]
        return [self.wire.event_to_wire(e) for e in told]

    def broadcast(self, message_for) -> None:
        """Each connected terminal its own message (its seat's view)."""
        for conn in list(self.connected):
            conn.send(message_for(conn))

    def send_all(self, message: dict) -> None:
        """One public message to every connected terminal."""
        for conn in list(self.connected):
            conn.send(message)

    def waiting_message(self) -> dict:
        waiting = sorted(self.asked) or [p for p in self.game.deciders() if self.director.is_bot(p)]
        return {"t": "waiting", "players": waiting, "away": sorted(self.away_since), "offer": sorted(self.offered)}

    def seats_message(self) -> dict:
        return {"t": "seats", "levels": list(self.director.levels), "benched": sorted(self.benched)}

    async def handle(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        conn: Seat | None = None
        try:
            line = await reader.readline()
            hello = json.loads(line) if line else {}
            if not isinstance(hello, dict) or hello.get("t") != "join" or not isinstance(hello.get("player"), str):
                writer.close()
                return
            key = hello["player"][:200]
            lang = hello.get("lang")
            conn = Seat(writer, key, self.seat_for(key, hello.get("watch") is True),
                        lang[:16] if isinstance(lang, str) else None)
            if conn.seat is not None:
                self.take_over(conn.seat)
            self.connected.append(conn)
            d = self.director
            conn.send({"t": "hello", "seat": conn.seat, "names": d.names, "levels": d.levels, "code": self.code,
                       "benched": sorted(self.benched), "clock": self.settings.clock,
                       "variant": self.game.variant, "log": self.log()})
            conn.send(self.state_for(conn.seat))
            if conn.seat is not None:
                self.arrived(conn.seat)
            self.keep()  # (the lobby lists who is at the table)
            if self.game.finished:
                conn.send(self.over_message())
            elif conn.seat in self.asked:
                conn.send(self.asked[conn.seat].message(self.clock()))
            self.send_all(self.waiting_message())
            while not reader.at_eof():
                line = await reader.readline()
                if not line:
                    break
                if len(line) > MAX_LINE:
                    continue
                try:
                    message = json.loads(line)
                except ValueError:
                    continue
                self.receive(conn, message)
        except (ConnectionError, ValueError, asyncio.LimitOverrunError):
            pass
        except asyncio.CancelledError:
            pass  # the table is stopping: this connection ends with it (no traceback in the table's log)
        finally:
            if conn is not None and conn in self.connected:
                self.connected.remove(conn)
                if conn.seat is not None and all(c.seat != conn.seat for c in self.connected):
                    self.away_since[conn.seat] = self.clock()
                self.send_all(self.waiting_message())
                self.keep()
            writer.close()

    def arrived(self, seat: int) -> None:
        """A person is at their seat again; a seat a bot took over is told so and is theirs at its next
        decision."""
        self.away_since.pop(seat, None)
        self.offered.discard(seat)
        if seat in self.benched:
            self.returning.add(seat)
            for conn in self.connected:
                if conn.seat == seat:
                    conn.send({"t": "back"})
            self.answers.put_nowait((seat, None, None))  # wakes the game loop: the seat is taken back there

    def to_bot(self, seat: int) -> None:
        """A bot plays for `seat` from its next decision on (its person is away)."""
        if seat in self.benched or seat not in self.director.people:
            return
        self.director.seat_to_bot(seat)
        self.benched.add(seat)
        self.offered.discard(seat)
        self.asked.pop(seat, None)
        self.keep()
        self.send_all(self.seats_message())
        self.send_all(self.waiting_message())
        self.answers.put_nowait((seat, None, None))  # wakes the game loop: that seat is a bot's now

    def leave(self, conn: Seat) -> None:
        """A player leaves the table for good: a bot plays the seat from its next decision on and the key is no
        longer bound to it (its next login goes to the title; another key joining may take the seat). The game
        still goes to that key's Replays, History and rating when it ends: it played it."""
        seat = conn.seat
        if seat is None:
            return
        key = self.owners.pop(seat, None)
        if key is not None:
            self.left[seat] = key
        conn.seat = None  # (its connection ends now: the seat is not "away", nobody will come back to it)
        if conn in self.connected:
            self.connected.remove(conn)
        self.away_since.pop(seat, None)
        self.offered.discard(seat)
        self.returning.discard(seat)
        self.to_bot(seat)
        self.keep()
        conn.writer.close()

    def take_back(self) -> None:
        """Between decisions: the seats whose person came back are theirs again."""
        back = sorted(self.returning & self.benched)
        self.returning.clear()
        if not back:
            return
        for seat in back:
            self.director.seat_back(seat)
            self.benched.discard(seat)
        self.keep()
        self.send_all(self.seats_message())

    def play_again(self) -> None:
        """A new game with the same seats (people and bots, a new deal) at this table, once the game is over; the
        seats stay bound to their keys. Asked again after it began, nothing more happens."""
        if not self.game.finished:
            return
        from bere_tui.systems import make_game

        old = self.game
        game = make_game(old.variant, [dict(p) for p in old.players], seed=random.SystemRandom().randrange(2**31),
                         options=dict(old.options))
        self.game = game
        self.director = TableDirector(game, on_action=self.save, own_terminals=True)
        here = {c.seat for c in self.connected}
        now = self.clock()
        # the seats their players left for good are a bot's in the new game too (until a friend takes one), and
        # the new game is not theirs
        gone, self.left = set(self.left), {}
        self.away_since = {p: now for p in self.director.people if p not in here and p not in gone}
        self.asked, self.offered, self.benched, self.returning = {}, set(), set(), set()
        for p in sorted(gone):
            self.director.seat_to_bot(p)
            self.benched.add(p)
        self.started, self.rating_changes = False, {}
        self.answers = asyncio.Queue()
        self.save(game)
        self.keep()
        self.send_all({"t": "rematched"})
        self.rematch.set()

    def key_data(self, key: str) -> Path | None:
        """The data folder of a key with a seat (its Replays and History), if the server made one for it."""
        folder = self.folder.parent / "players" / key
        return folder / "data" if KEY_NAME.match(key) and folder.is_dir() else None

    def archive(self) -> None:
        """The finished game into the Replays and History of every key with a seat."""
        from bere_tui.storage import StorageError, archive_finished
        from bere_tui.storage.files import DATA_DIR_ENV
        from bere_tui.storage.history import record_finished_game

        for key in sorted({*self.owners.values(), *self.left.values()}):
            data = self.key_data(key)
            if data is None:
                continue
            before = os.environ.get(DATA_DIR_ENV)
            os.environ[DATA_DIR_ENV] = str(data)  # (the hub's own process; storage reads its folder from here)
            try:
                archive_finished(self.game)
                record_finished_game(self.game)
            except (StorageError, OSError) as exc:
                print(_("table {code}: the record cannot be written: {why}").format(code=self.code, why=exc),
                      file=sys.stderr)
            finally:
                if before is None:
                    os.environ.pop(DATA_DIR_ENV, None)
                else:
                    os.environ[DATA_DIR_ENV] = before

    def rate(self) -> None:
        """The finished game into the server's ratings (serve.ratings), once, on its variant's board: every seat
        a key holds and every bot's seat, by their places in the engine's outcome."""
        import hashlib

        from bere_tui.serve.ratings import Entrant, rate_game, ratings_file
        from bere_tui.storage import StorageError

        game = self.game
        places = game.outcome().places()
        seats: dict[int, Entrant] = {}
        for p, player in enumerate(game.players):
            key, level = self.owners.get(p, self.left.get(p)), player.get("bot")
            if key is not None and KEY_NAME.match(key):
                seats[p] = Entrant(f"key:{key}", str(player.get("name", "")), places[p])
            elif key is None and isinstance(level, str) and KEY_NAME.match(level):
                seats[p] = Entrant(f"bot:{level}", "", places[p])
        record = json.dumps(game.record(), sort_keys=True).encode("utf-8")
        game_id = f"{self.code}:{hashlib.sha256(record).hexdigest()[:32]}"
        try:
            changes = rate_game(ratings_file(self.folder.parent), game_id, game.variant, list(seats.values()))
        except (StorageError, OSError) as exc:
            print(_("table {code}: the ratings cannot be written: {why}").format(code=self.code, why=exc),
                  file=sys.stderr)
            return
        self.rating_changes = {str(p): [round(v, 2) for v in changes[e.player]] for p, e in seats.items()
                               if e.player in changes}

    def shut_down(self) -> None:
        """The server is stopping: every connection is told that the table will be there after the restart
        (its record and file stay), then the hub stops."""
        self.send_all({"t": "stopping"})
        self.stop.set()

    def tick(self) -> None:
        """Look at the clocks: seats away long enough are offered to a bot, or given to one; a decision whose
        clock ran out gets the seat's bot move."""
        now = self.clock()
        offer, auto = self.settings.away_offer, self.settings.away_auto
        changed = False
        for seat, since in list(self.away_since.items()):
            if seat not in self.director.people or self.game.finished:
                continue
            if auto and seat in self.owners and now - since >= auto:
                self.to_bot(seat)
                continue
            if now - since >= offer and seat not in self.offered:
                self.offered.add(seat)
                changed = True
        if changed:
            self.send_all(self.waiting_message())
        for seat, question in list(self.asked.items()):
            if question.deadline is None or now < question.deadline or question.decision in self.timed_out:
                continue
            self.timed_out.add(question.decision)
            for conn in self.connected:
                if conn.seat == seat:
                    conn.send({"t": "timeout"})
            self.answers.put_nowait((seat, question.decision, self.director.stand_in(seat)))

    def take_over(self, seat: int) -> None:
        """The seat's key connected again: its older connections are told so and closed (their answers are
        dropped from now on)."""
        for old in [c for c in self.connected if c.seat == seat]:
            old.send({"t": "taken_over"})
            self.connected.remove(old)
            old.writer.close()

    def receive(self, conn: Seat, message) -> None:
        if not isinstance(message, dict) or conn not in self.connected:
            return  # a connection whose seat was taken over says nothing any more
        if message.get("t") == "action" and conn.seat is not None and conn.seat in self.asked:
            action, decision = message.get("action"), message.get("decision")
            if isinstance(action, dict) and decision == self.asked[conn.seat].decision:
                self.answers.put_nowait((conn.seat, decision, action))
        elif message.get("t") == "rematch" and conn.seat is not None:
            self.play_again()
            conn.send({"t": "rematched"})
        elif message.get("t") == "leave" and conn.seat is not None:  # a player leaves the table for good
            self.leave(conn)
        elif message.get("t") == "to_bot" and conn.seat is not None:  # a player gives an away seat to a bot
            seat = message.get("seat")
            if seat in self.offered:
                self.to_bot(seat)

    # ------------------------------------------------------------------ the game

    def over_message(self) -> dict:
        return {"t": "over", "winners": list(self.game.winners), "totals": self.game.totals(),
                "outcome": self.game.outcome().to_wire(), "ratings": self.rating_changes}

    def ask(self, players: list[int]) -> None:
        for p in players:
            if p in self.asked:
                continue
            self.decisions += 1
            now = self.clock()
            clock = self.settings.clock
            self.asked[p] = Question(self.decisions, self.game.legal(p), now + clock if clock else None)
            for conn in self.connected:
                if conn.seat == p:
                    conn.send(self.asked[p].message(now))
        self.send_all(self.waiting_message())

    async def play(self) -> None:
        director = self.director
        loop = asyncio.get_running_loop()
        while True:
            self.take_back()
            self.withdraw()
            beat = director.next_beat()
            if isinstance(beat, ShowEvents):
                self.broadcast(lambda c: self.state_for(c.seat))
                self.send_all({"t": "events", "events": [self.wire.event_to_wire(e) for e in beat.events],
                               "forced": beat.forced, "notice": said(beat.notice)})
            elif isinstance(beat, RoundSummary):
                self.send_all({"t": "summary", "event": self.wire.event_to_wire(beat.scored)})
            elif isinstance(beat, GameEnd):
                self.keep()  # (finished: not reloaded after a restart)
                self.archive()
                self.rate()
                self.send_all(self.over_message())
                return
            elif isinstance(beat, BotTurn):
                self.send_all(self.waiting_message())
                action, notice = await loop.run_in_executor(None, director.think, beat.player)
                director.decide(beat.player, action, notice)
            elif isinstance(beat, (Ask, HandOff)):
                secret = director.secret_choice()  # every remote person chooses at once (B3, BP5), but for
                self.ask(director.to_ask() if secret else [beat.player])  # a forced move (made, never asked)
                if director.bots_think_ahead():
                    loop.run_in_executor(None, director.think_ahead)
                await self.next_answer()

    def withdraw(self) -> None:
        """Between beats: a question that is no longer the seat's decision (its move was made without its
        answer, it is a bot's seat now, the game moved on) is withdrawn, and the seat told so, so that its
        prompt closes. The table never waits for an answer to a question it no longer asks (an answer to it
        would be refused for ever: the seat would be asked the same question again and again)."""
        game = self.game
        deciders = set() if game.finished else set(game.deciders())
        for seat, question in list(self.asked.items()):
            if seat in deciders and not self.director.is_bot(seat) and game.legal(seat) == question.legal:
                continue
            del self.asked[seat]
            for conn in self.connected:
                if conn.seat == seat:
                    conn.send({"t": "withdrawn", "decision": question.decision})

    async def next_answer(self) -> None:
        """Wait for one answer of an asked seat and apply it (an illegal one is told and asked again). An answer
        to a question that is no longer asked is dropped."""
        seat, decision, action = await self.answers.get()
        if action is None or seat not in self.asked or self.asked[seat].decision != decision:
            return
        lang = next((c.lang for c in reversed(self.connected) if c.seat == seat), None)
        try:
            with speaking(lang):  # (a refusal in the words of the seat's language)
                self.director.decide(seat, action)
        except BereError as exc:
            for conn in self.connected:
                if conn.seat == seat:
                    conn.send({"t": "error", "message": str(exc)})
                    conn.send(self.asked[seat].message(self.clock()))
            return
        del self.asked[seat]


async def run_hub(game: Game, code: str, folder: Path, socket_path: Path, linger: float = LINGER_SECONDS,
                  idle: float = IDLE_SECONDS, history: list[list[Event]] | None = None) -> None:
    """Serve the table until its game is over (and `linger` seconds more, for late comers to see the
    results), until nobody has been connected for `idle` seconds, or until SIGTERM (the server stops).
    `history`: the events of each action so far (a table reloaded from its record)."""
    await serve_hub(TableHub(game, code, folder, history=history), socket_path, linger, idle)


async def serve_hub(hub: TableHub, socket_path: Path, linger: float = LINGER_SECONDS, idle: float = IDLE_SECONDS,
                    signals: bool = True) -> None:
    """Serve `hub`'s table (see run_hub)."""
    code, folder = hub.code, hub.folder
    server = await asyncio.start_unix_server(hub.handle, path=str(socket_path), limit=MAX_LINE * 2)
    os.chmod(socket_path, 0o600)
    pid_file = folder / f"{code}.pid"
    pid_file.write_text(str(os.getpid()), encoding="utf-8")
    hub.save(hub.game)
    hub.keep()
    stop = hub.stop
    loop = asyncio.get_running_loop()
    if signals:
        for sig in (signal.SIGTERM, signal.SIGINT, signal.SIGHUP):
            loop.add_signal_handler(sig, hub.shut_down)

    async def watch() -> None:
        alone_since = loop.time()
        while True:
            await asyncio.sleep(TICK_SECONDS)
            hub.tick()
            if hub.connected:
                alone_since = loop.time()
            elif loop.time() - alone_since >= idle:
                hub.closed = True  # (its record stays; the server does not reload it)
                hub.keep()
                stop.set()
                return

    async def play_then_linger() -> None:
        while True:
            await hub.play()
            try:  # the results stay for late comers, and a new game with the same seats may begin
                await asyncio.wait_for(hub.rematch.wait(), linger)
            except TimeoutError:
                break
            hub.rematch.clear()
        stop.set()

    tasks = [asyncio.ensure_future(play_then_linger()), asyncio.ensure_future(watch())]
    try:
        await stop.wait()
    finally:
        for task in tasks:
            task.cancel()
        for conn in list(hub.connected):
            if not conn.writer.is_closing():
                try:
                    await asyncio.wait_for(conn.writer.drain(), 1.0)  # (the last lines reach the seats)
                except (ConnectionError, TimeoutError):
                    pass
        server.close()
        socket_path.unlink(missing_ok=True)
        pid_file.unlink(missing_ok=True)


def table_from_record(path: str | Path) -> tuple[Game, list[list[Event]]]:
    """A table's game from its record (a new table's first one, or a table reloaded after a restart) and the
    events of each of its actions so far: its log, which a seat joining again is sent."""
    from bere_tui.record import load
    from bere_tui.table.replay import events_by_action

    game, _actions, history = events_by_action(load(path))
    return game, history


def said(text: str | Said) -> str | dict:
    """A text for the wire: one the hub worded as it is, a Said as its code and arguments (each seat words it in
    its own language)."""
    return text.to_wire() if isinstance(text, Said) else text


def stop_hubs(folder: Path) -> None:
    """End the hubs of the tables in `folder` (the server that started them is stopping), by their pid files."""
    for pid_file in folder.glob("*.pid"):
        try:
            os.kill(int(pid_file.read_text(encoding="utf-8").strip()), signal.SIGTERM)
        except (OSError, ValueError):
            pid_file.unlink(missing_ok=True)


def main(argv: list[str] | None = None) -> int:  # pragma: no cover - the hub's own process
    parser = argparse.ArgumentParser(prog="bere-hub")
    parser.add_argument("--folder", required=True)
    parser.add_argument("--code", required=True)
    parser.add_argument("--record", required=True, help="the table's first record (players, variant, seed)")
    args = parser.parse_args(argv)
    folder = Path(args.folder)
    game, history = table_from_record(args.record)
    asyncio.run(run_hub(game, args.code, folder, folder / f"{args.code}.sock", history=history))
    print(_("table {code}: stopped").format(code=args.code), flush=True)  # the last line of its log
    return 0


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
