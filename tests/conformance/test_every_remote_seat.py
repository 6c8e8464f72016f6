"""A remote seat, for every registered game (issue 33 item 1, issue 32 item 3): two people at terminals of their own
and a bot play a whole game at a shared table served by the real hub (bere_tui/serve/hub.py) on a Unix socket,
each seat a raw connection answering its questions with random legal actions, as a seat's screen would.

- the game reaches its end, and both seats are told so;
- no seat is ever sent anything but its own view and the public one: every state a seat receives is exactly
  `view(seat)` and `view(None)` of one moment of the game (played again from its record), and in it no other
  player's hand shows (B10, BP5, BG3; unless the variant makes every hand public, P3); every question is
  `legal(seat)` of one moment;
- an illegal answer is refused with an error and the same question again, and changes nothing; an answer to
  another decision is dropped;
- a seat that drops and joins again returns to its seat and is sent the whole log so far (the events it saw),
  and the game goes on;
- the events a seat is sent, after the log of its hello, are every event of the game, in order.

The toy fourth game (tests/conformance/toy_game) is checked too: the wire is its own view and events classes.
"""

from __future__ import annotations

import asyncio
import json
import random
import sys
from pathlib import Path

import pytest
from toy_game import VARIANT as TOY
from toy_game import registered_toy

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "serve"))  # (the hub tests' helpers)
from hubtools import CODE, Clock, join, served

from bere_tui.record import new_game, parse_record
from bere_tui.serve.hub import TableHub
from bere_tui.serve.tables import TableSettings
from bere_tui.systems import GAMES, make_game, system_of
from bere_tui.table.replay import events_by_action
from bere_tui.table.wire import wire_of

SHORT = {"base": {"rounds": 1}, "pro": {"rounds": 1}, "even-odd": {"rounds": 1}}
KEYS = ["ann-key", "ben-key"]
#: the hostile answers a seat tries now and then (each with the decision's own number)
BAD_VALUES = ([1], {"a": 1}, "x", 10**30, None)


@pytest.fixture(autouse=True)
def toy_registered():
    with registered_toy():
        yield


def canonical(data) -> str:
    return json.dumps(data, sort_keys=True)


class SeatRun:
    """One person's terminal at the table: what it was sent, what it answered."""

    def __init__(self, seat: int, seed: int, drop_at: int | None = None) -> None:
        self.seat, self.key = seat, KEYS[seat]
        self.rng = random.Random(seed)
        self.drop_at = drop_at  # the question at which this terminal drops and joins again
        self.states: list[dict] = []
        self.asks: list[dict] = []
        self.log: list[dict] = []  # the first hello's log, then every event sent
        self.answered: list[dict] = []  # the legal answers sent
        self.refused = 0  # illegal answers told so
        self.forced = 0  # decisions with one possible move, made by the table at once
        self.rejoined = False
        self.over: dict | None = None

    async def play(self, hub: TableHub) -> None:
        link = await join(self.key)
        hello = await link.next("hello")
        assert hello["seat"] == self.seat and hello["variant"] == hub.game.variant
        self.log = list(hello["log"])
        asked = 0
        while self.over is None:
            message = await link.any()
            kind = message["t"]
            if kind == "state":
                self.states.append(message)
            elif kind == "events":
                self.log += message["events"]
                self.forced += message.get("forced") == self.seat
            elif kind == "over":
                self.over = message
            elif kind == "error":
                pytest.fail(f"an error nobody caused: {message}")
            elif kind == "ask":
                self.asks.append(message)
                asked += 1
                if asked == self.drop_at:  # the terminal drops and joins again: same seat, the whole log
                    await link.close()
                    link = await join(self.key)
                    hello = await link.next("hello")
                    assert hello["seat"] == self.seat
                    # the log so far: what it saw, then what happened while it was away
                    assert hello["log"][:len(self.log)] == self.log and len(self.log) > 1
                    self.log = list(hello["log"])
                    self.rejoined = True
                    continue  # (the hub asks again what it was asking)
                if asked % 4 == 1:
                    await self.try_illegal(link, hub, message)
                action = self.rng.choice(message["legal"])
                link.send({"t": "action", "action": action, "decision": message["decision"]})
                self.answered.append(action)

    async def try_illegal(self, link, hub: TableHub, ask: dict) -> None:
        """An answer to another decision (dropped), then illegal answers to this one: each is refused with an
        error and the same question (and none of them is ever played: the test's end)."""
        legal, decision = ask["legal"], ask["decision"]
        link.send({"t": "action", "action": legal[0], "decision": decision - 1})
        other = next(q for q in range(len(hub.game.players)) if q != self.seat)
        wrong = [dict(legal[0], player=other), {"do": "no such decision", "player": self.seat},
                 {**legal[0], "extra": 1}]
        wrong += [bad for key in legal[0] if key not in ("player", "do") for value in BAD_VALUES
                  if (bad := {**legal[0], key: value}) not in legal][:4]
        for action in wrong:
            link.send({"t": "action", "action": action, "decision": decision})
            while (message := await link.any())["t"] != "error":  # (others' moves may come first)
                if message["t"] == "state":
                    self.states.append(message)
                elif message["t"] == "events":
                    self.log += message["events"]
                else:
                    assert message["t"] in ("waiting", "seats", "summary"), message
            again = await link.any()
            assert again["decision"] == decision and again["legal"] == legal
            self.refused += 1


def moments(record: dict, seats: list[int]):
    """Every moment of the game played again from its record: the wire form of view(None), of each seat's view,
    and each seat's legal actions."""
    model, actions = parse_record(record)
    game = new_game(model)
    wire = wire_of(system_of(game.variant))
    publics, mine, legal = set(), {s: set() for s in seats}, {s: [] for s in seats}
    for action in [*actions, None]:
        publics.add(canonical(wire.view_to_wire(game.view(None))))
        for s in seats:
            mine[s].add(canonical(wire.view_to_wire(game.view(s))))
            legal[s].append(game.legal(s))
        if action is not None:
            game.apply(action)
    return publics, mine, legal


@pytest.mark.parametrize("variant", [*GAMES, TOY])
async def test_a_remote_seat_plays_every_game_to_its_end_and_is_sent_only_what_its_view_shows(
        variant, tmp_path, monkeypatch):
    players = [{"name": "Ann"}, {"name": "Ben"}, {"name": "Cid", "bot": "random"}]
    game = make_game(variant, players, seed=5, options=SHORT.get(variant))
    hands_public = game.hands_public
    hub = TableHub(game, CODE, tmp_path, TableSettings(away_offer=600.0, away_auto=0.0), clock=Clock())
    runs = [SeatRun(0, 50), SeatRun(1, 51, drop_at=3)]
    async with served(hub, tmp_path, monkeypatch):
        await asyncio.wait_for(asyncio.gather(*(run.play(hub) for run in runs)), 120)
    assert hub.game.finished
    record = hub.game.record()
    publics, mine, legal = moments(record, [0, 1])
    wire = wire_of(system_of(variant))
    _fresh, _actions, per_action = events_by_action(hub.game)
    every_event = [wire.event_to_wire(e) for e in [*game.opening_events, *(e for es in per_action for e in es)]]
    for run in runs:
        assert run.over["outcome"] == hub.game.outcome().to_wire()
        assert run.states and run.asks and run.refused
        for state in run.states:
            assert canonical(state["public"]) in publics
            assert canonical(state["mine"]) in mine[run.seat], "a seat is sent its own view and nothing more"
            view = wire.view_from_wire(state["mine"])
            assert view.players[run.seat].hand is not None
            for q, player in enumerate(view.players):
                if q != run.seat and not hands_public:
                    assert player.hand is None, (run.seat, q)
        for ask in run.asks:
            assert ask["legal"] in legal[run.seat]
        assert json.loads(json.dumps(run.log)) == json.loads(json.dumps(every_event))
        played = [a for a in record["actions"] if a.get("player") == run.seat]
        # every legal answer played once, and nothing else but the moves the table made when there was one
        assert len(played) == len(run.answered) + run.forced
        rest = iter(played)
        assert all(any(a == b for b in rest) for a in run.answered)
    assert runs[1].rejoined
