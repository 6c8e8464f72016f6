"""The toy game's engine: the engine protocol (bere_tui.engine.protocol.GameProtocol) and nothing more."""

from __future__ import annotations

import copy
import random
from dataclasses import dataclass
from typing import ClassVar

from bere_tui.engine.errors import IllegalAction, SetupError
from bere_tui.engine.protocol import TurnProtocol
from toy_game import VARIANT
from toy_game.events import Claimed, Dealt, Over, Picked, Shown

HAND = 3


@dataclass(frozen=True)
class PlayerView:
    name: str
    hand: tuple[int, ...] | None  # None: not this viewer's to see
    points: int


@dataclass(frozen=True)
class View:
    variant: str
    me: int | None
    players: tuple[PlayerView, ...]
    pending: dict | None
    shown: tuple[tuple[int, int], ...]


class Game(TurnProtocol):
    SECRET = "pick"
    ACTION_KEYS: ClassVar[dict[str, frozenset[str]]] = {"pick": frozenset({"player", "do", "card"}), "claim": frozenset({"player", "do", "points"})}

    def __init__(self, players, seed: int = 0, options: dict | None = None) -> None:
        self.variant = VARIANT
        self.players = [dict(p) if isinstance(p, dict) else {"name": str(p)} for p in players]
        self.n = len(self.players)
        if not 2 <= self.n <= 4:
            raise SetupError(f"{VARIANT} is for 2 to 4 players, not {self.n}")
        if options:
            raise SetupError(f"unknown option {min(options)!r}")
        self.seed, self.options = seed, {}
        deck = list(range(1, 13))
        random.Random(seed).shuffle(deck)
        self.hands = [sorted(deck[p * HAND:(p + 1) * HAND]) for p in range(self.n)]
        self.points = [0] * self.n
        self.picks: dict[int, int] = {}
        self.shown: tuple[tuple[int, int], ...] = ()
        self.turn = 1
        self.finished = False
        self.winners: tuple[int, ...] = ()
        self.actions: list[dict] = []
        self.waiting = list(range(self.n))
        self.pending: dict | None = {"do": "pick", "players": list(self.waiting)}
        self.opening_events = [Dealt(HAND)]

    def describe_pending(self) -> str:
        if self.pending is None:
            return "nothing (the game is over)"
        return "a card from every player" if self.pending["do"] == "pick" else "a claim"

    def refuse_secret(self, p: int) -> None:
        raise IllegalAction(f"player {p} has picked already")

    def legal(self, player: int) -> list[dict]:
        if player not in self.deciders():
            return []
        if self.pending and self.pending["do"] == "pick":
            return [{"player": player, "do": "pick", "card": c} for c in self.hands[player]]
        return [{"player": player, "do": "claim", "points": k} for k in (0, 1)]

    def apply(self, action) -> list:
        p, do = self.check_action(action)
        if do == "pick":
            if type(action["card"]) is not int or action["card"] not in self.hands[p]:
                raise IllegalAction(f"card {action['card']!r} is not in player {p}'s hand")
        elif type(action["points"]) is not int or action["points"] not in (0, 1):
            raise IllegalAction("a claim is 0 or 1 point")
        self.actions.append(dict(action))
        if do == "pick":
            self.hands[p].remove(action["card"])
            self.picks[p] = action["card"]
            self.waiting.remove(p)
            events: list = [Picked(p)]
            if self.waiting:
                self.pending = {"do": "pick", "players": list(self.waiting)}
                return events
            self.shown = tuple(sorted(self.picks.items()))
            high = max(self.picks, key=self.picks.__getitem__)
            self.picks = {}
            self.pending = {"do": "claim", "player": high}
            return [*events, Shown(self.turn, self.shown)]
        self.points[p] += action["points"]
        events = [Claimed(p, action["points"])]
        if not self.hands[0]:
            best = max(self.points)
            self.winners = tuple(q for q in range(self.n) if self.points[q] == best)
            self.finished, self.pending = True, None
            return [*events, Over(self.winners)]
        self.turn += 1
        self.waiting = list(range(self.n))
        self.pending = {"do": "pick", "players": list(self.waiting)}
        return events

    def view(self, player: int | None = None) -> View:
        def hand(q: int) -> tuple[int, ...] | None:
            return tuple(sorted([*self.hands[q], *([self.picks[q]] if q in self.picks else [])])) \
                if q == player else None

        players = tuple(PlayerView(info["name"], hand(q), self.points[q]) for q, info in enumerate(self.players))
        return View(VARIANT, player, players, copy.deepcopy(self.pending), self.shown)

    def record(self) -> dict:
        return {"format": "bere-record/1", "variant": VARIANT, "options": {}, "players": copy.deepcopy(self.players),
                "seed": self.seed, "actions": copy.deepcopy(self.actions)}

    def copy(self) -> Game:
        return copy.deepcopy(self)

    def totals(self) -> list[int]:
        return list(self.points)


def make(variant: str, players, seed: int, options, deals) -> Game:
    """The system's "make" part (bere_tui/systems.py)."""
    if deals:
        raise SetupError("the toy game has no deals")
    return Game(players, seed=seed, options=options)
