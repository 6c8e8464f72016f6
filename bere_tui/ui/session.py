"""One game at the table: the engine's Game, who sits where (people and bots), and who holds the keyboard.

The table screen asks the session who decides next and whether a hand-off must come first; it never looks at
a hand itself except through `game.view(player)`.
"""

from __future__ import annotations

from bere_tui.bots import BOTS, make_bot
from bere_tui.engine import Game
from bere_tui.ui.seating import TableSetup

#: decisions that show a hidden hand, so the owner must hold the keyboard alone (B10, A2)
SECRET = frozenset({"select", "special", "swap"})
FALLBACK_BOT = "heuristic"


class Session:
    def __init__(self, game: Game, setup: TableSetup | None = None) -> None:
        self.game = game
        self.setup = setup
        self.names = [p["name"] for p in game.players]
        self.levels: list[str | None] = [p.get("bot") for p in game.players]
        self.bots = {}
        for p, level in enumerate(self.levels):
            if level is not None:
                self.bots[p] = make_bot(level if level in BOTS else FALLBACK_BOT, game.seed * 1000 + p)
        self.people = [p for p, level in enumerate(self.levels) if level is None]
        self.holder: int | None = None  # the person who last took the keyboard
        self.history: list[list] = []  # the events of each action so far, for the log

    @classmethod
    def new(cls, setup: TableSetup) -> Session:
        game = Game(setup.variant, setup.players(), seed=setup.game_seed(), options=setup.options())
        return cls(game, setup)

    def is_bot(self, p: int) -> bool:
        return p in self.bots

    @property
    def hot_seat(self) -> bool:
        """More than one person shares the keyboard: hands stay hidden between hand-offs."""
        return len(self.people) > 1

    def needs_handoff(self, p: int, do: str) -> bool:
        return self.hot_seat and do in SECRET and self.holder != p

    def waiting_for(self) -> list[int]:
        pend = self.game.pending
        if pend is None:
            return []
        return list(pend["players"]) if pend["do"] == "select" else [pend["player"]]

    def next_setup(self) -> TableSetup:
        """The same seats for a new game (a given seed moves on by one, so the deal differs)."""
        if self.setup is not None:
            base = self.setup
            seed = None if base.seed is None else base.seed + 1
            return TableSetup(base.variant, list(base.seats), base.target, seed)
        from bere_tui.ui.seating import Seat

        seats = [Seat(n, lv if lv in BOTS or lv is None else FALLBACK_BOT) for n, lv in zip(self.names, self.levels)]
        target = self.game.options.get("target")
        return TableSetup(self.game.variant, seats, target if target != 66 else None, None)
