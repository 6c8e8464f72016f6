"""A shared table: one process holds the game (the table director), and each seat's terminal connects to it.

The hub listens on a Unix socket in the tables folder and speaks JSON lines. It sends each seat only
`view(seat)`, the public events and the prompts of that seat; it writes the game record after every action.
In the secret selection (B3) every remote person is asked at once; other decisions go to their one decider.

Seat -> hub:  {"t": "join", "player": KEY}  then  {"t": "action", "action": {...}, "decision": N}
              the host (seat 0) may also send {"t": "to_bot", "seat": N} for a seat whose player left.
Hub -> seat:  hello {seat, names, levels, code}; state {public, mine}; events {events}; ask {legal, decision};
              waiting {players, away}; summary {round, scores, totals}; over {winners, totals}; error {message};
              taken_over {} (then the hub closes that connection).

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
import signal
import sys
from dataclasses import dataclass
from pathlib import Path

from bere_tui.engine import BereError
from bere_tui.engine.nimmt import Game
from bere_tui.i18n import _
from bere_tui.table.beats import Ask, BotTurn, GameEnd, HandOff, RoundSummary, ShowEvents
from bere_tui.table.director import TableDirector
from bere_tui.table.wire import event_to_wire, view_to_wire

MAX_LINE = 1 << 16  # bytes of one message from a seat
LINGER_SECONDS = 120.0  # a finished table stays open this long, so that seats coming back see the results
IDLE_SECONDS = 1800.0  # a table nobody has been connected to for this long ends (its record stays)


class Seat:
    """A connected terminal: a player's seat, or a spectator (seat None)."""

    def __init__(self, writer: asyncio.StreamWriter, key: str, seat: int | None) -> None:
        self.writer = writer
        self.key = key
        self.seat = seat

    def send(self, message: dict) -> None:
        if self.writer.is_closing():
            return
        self.writer.write(json.dumps(message).encode("utf-8") + b"\n")


@dataclass(frozen=True)
class Question:
    """What a seat is being asked: its decision number and the legal actions."""

    decision: int
    legal: list[dict]

    def message(self) -> dict:
        return {"t": "ask", "legal": self.legal, "decision": self.decision}


class TableHub:
    def __init__(self, game: Game, code: str, folder: Path) -> None:
        self.code = code
        self.folder = folder
        self.director = TableDirector(game, on_action=self.save, own_terminals=True)
        self.game = game
        self.owners: dict[int, str] = {}  # seat -> the key bound to it
        self.connected: list[Seat] = []
        self.asked: dict[int, Question] = {}  # seat -> what it is being asked
        self.decisions = 0  # the number of the last question asked
        self.answers: asyncio.Queue[tuple[int, int | None, dict | None]] = asyncio.Queue()

    # ------------------------------------------------------------------ files

    @property
    def record_path(self) -> Path:
        return self.folder / f"{self.code}.record.json"

    def save(self, game: Game) -> None:
        from bere_tui.storage import StorageError, atomic_write_text

        try:
            atomic_write_text(self.record_path, json.dumps(game.record()))
        except StorageError as exc:
            print(_("table {code}: the record cannot be written: {why}").format(code=self.code, why=exc),
                  file=sys.stderr)

    # ------------------------------------------------------------------ seats

    def seat_for(self, key: str) -> int | None:
        """The seat bound to `key`, or the first free person's seat (bound to it now), or None (watch)."""
        for seat, owner in self.owners.items():
            if owner == key:
                return seat
        for p in self.director.people:
            if p not in self.owners:
                self.owners[p] = key
                return p
        return None

    def state_for(self, seat: int | None) -> dict:
        game = self.game
        return {"t": "state", "public": view_to_wire(game.view(None)),
                "mine": view_to_wire(game.view(seat)) if seat is not None else None}

    def broadcast(self, message_for) -> None:
        """Each connected terminal its own message (its seat's view)."""
        for conn in list(self.connected):
            conn.send(message_for(conn))

    def send_all(self, message: dict) -> None:
        """One public message to every connected terminal."""
        for conn in list(self.connected):
            conn.send(message)

    def waiting_message(self) -> dict:
        here = {c.seat for c in self.connected if c.seat is not None}
        waiting = sorted(self.asked) or [p for p in self.game.deciders() if self.director.is_bot(p)]
        return {"t": "waiting", "players": waiting, "away": [p for p in self.director.people if p not in here]}

    async def handle(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        conn: Seat | None = None
        try:
            line = await reader.readline()
            hello = json.loads(line) if line else {}
            if not isinstance(hello, dict) or hello.get("t") != "join" or not isinstance(hello.get("player"), str):
                writer.close()
                return
            key = hello["player"][:200]
            conn = Seat(writer, key, self.seat_for(key))
            if conn.seat is not None:
                self.take_over(conn.seat)
            self.connected.append(conn)
            d = self.director
            conn.send({"t": "hello", "seat": conn.seat, "names": d.names, "levels": d.levels, "code": self.code})
            conn.send(self.state_for(conn.seat))
            if self.game.finished:
                conn.send(self.over_message())
            elif conn.seat in self.asked:
                conn.send(self.asked[conn.seat].message())
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
                self.send_all(self.waiting_message())
            writer.close()

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
        elif message.get("t") == "to_bot" and conn.seat == 0:  # the host hands a missing player's seat to a bot
            seat = message.get("seat")
            away = {c.seat for c in self.connected}
            if seat in self.director.people and seat not in away:
                self.director.seat_to_bot(seat)
                self.asked.pop(seat, None)
                self.answers.put_nowait((seat, None, None))  # wakes the game loop: that seat is a bot's now

    # ------------------------------------------------------------------ the game

    def over_message(self) -> dict:
        return {"t": "over", "winners": list(self.game.winners), "totals": self.game.totals(),
                "rounds": [list(r) for r in self.game.scores]}

    def ask(self, players: list[int]) -> None:
        for p in players:
            if p in self.asked:
                continue
            self.decisions += 1
            self.asked[p] = Question(self.decisions, self.game.legal(p))
            for conn in self.connected:
                if conn.seat == p:
                    conn.send(self.asked[p].message())
        self.send_all(self.waiting_message())

    async def play(self) -> None:
        director, game = self.director, self.game
        loop = asyncio.get_running_loop()
        while True:
            beat = director.next_beat()
            if isinstance(beat, ShowEvents):
                self.broadcast(lambda c: self.state_for(c.seat))
                self.send_all({"t": "events", "events": [event_to_wire(e) for e in beat.events],
                               "forced": beat.forced, "notice": beat.notice})
            elif isinstance(beat, RoundSummary):
                scored = beat.scored
                self.send_all({"t": "summary", "round": scored.round, "scores": list(scored.scores),
                               "totals": list(scored.totals)})
            elif isinstance(beat, GameEnd):
                self.send_all(self.over_message())
                return
            elif isinstance(beat, BotTurn):
                self.send_all(self.waiting_message())
                action, notice = await loop.run_in_executor(None, director.think, beat.player)
                director.decide(beat.player, action, notice)
            elif isinstance(beat, (Ask, HandOff)):
                people = [p for p in game.deciders() if not director.is_bot(p)]
                secret = director.secret_choice()  # every remote person chooses at once (B3, BP5)
                self.ask(people if secret else [beat.player])
                if secret and any(director.is_bot(p) for p in game.deciders()):
                    loop.run_in_executor(None, director.think_ahead)
                await self.next_answer()

    async def next_answer(self) -> None:
        """Wait for one answer of an asked seat and apply it (an illegal one is told and asked again). An answer
        to a question that is no longer asked is dropped."""
        seat, decision, action = await self.answers.get()
        if action is None or seat not in self.asked or self.asked[seat].decision != decision:
            return
        try:
            self.director.decide(seat, action)
        except BereError as exc:
            for conn in self.connected:
                if conn.seat == seat:
                    conn.send({"t": "error", "message": str(exc)})
                    conn.send(self.asked[seat].message())
            return
        del self.asked[seat]


async def run_hub(game: Game, code: str, folder: Path, socket_path: Path, linger: float = LINGER_SECONDS,
                  idle: float = IDLE_SECONDS) -> None:
    """Serve the table until its game is over (and `linger` seconds more, for late comers to see the
    results), until nobody has been connected for `idle` seconds, or until SIGTERM (the server stops)."""
    hub = TableHub(game, code, folder)
    server = await asyncio.start_unix_server(hub.handle, path=str(socket_path), limit=MAX_LINE * 2)
    os.chmod(socket_path, 0o600)
    pid_file = folder / f"{code}.pid"
    pid_file.write_text(str(os.getpid()), encoding="utf-8")
    hub.save(game)
    stop = asyncio.Event()
    loop = asyncio.get_running_loop()
    for sig in (signal.SIGTERM, signal.SIGINT, signal.SIGHUP):
        loop.add_signal_handler(sig, stop.set)

    async def watch_idle() -> None:
        alone_since = loop.time()
        while True:
            await asyncio.sleep(min(idle, 5.0))
            if hub.connected:
                alone_since = loop.time()
            elif loop.time() - alone_since >= idle:
                stop.set()
                return

    async def play_then_linger() -> None:
        await hub.play()
        await asyncio.sleep(linger)
        stop.set()

    tasks = [asyncio.ensure_future(play_then_linger()), asyncio.ensure_future(watch_idle())]
    try:
        await stop.wait()
    finally:
        for task in tasks:
            task.cancel()
        server.close()
        socket_path.unlink(missing_ok=True)
        pid_file.unlink(missing_ok=True)


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
    from bere_tui.record import load

    folder = Path(args.folder)
    game = load(args.record)
    asyncio.run(run_hub(game, args.code, folder, folder / f"{args.code}.sock"))
    print(_("table {code}: stopped").format(code=args.code), flush=True)  # the last line of its log
    return 0


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
