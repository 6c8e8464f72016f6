"""A game opened in this app: the table director (bere_tui.table) and the setup it came from.

Who decides, who holds the keyboard and when to hand it over are the director's; this adds only what the app
needs to start the same table again.
"""

from __future__ import annotations

from dataclasses import replace

from bere_tui.bots import BOTS
from bere_tui.engine.nimmt import Game
from bere_tui.systems import GAMES, make_game
from bere_tui.table.director import FALLBACK_BOT, TableDirector
from bere_tui.ui.seating import TableSetup


class Session(TableDirector):
    """The director of a game opened in this app, with the setup it came from (for a new game at the same seats)."""

    def __init__(self, game: Game, setup: TableSetup | None = None) -> None:
        super().__init__(game)
        self.setup = setup

    @classmethod
    def new(cls, setup: TableSetup) -> Session:
        game = make_game(setup.variant, setup.players(), seed=setup.game_seed(), options=setup.options())
        return cls(game, setup)

    def next_setup(self) -> TableSetup:
        """The same seats for a new game (a given seed moves on by one, so the deal differs)."""
        if self.setup is not None:
            base = self.setup
            seed = None if base.seed is None else base.seed + 1
            return replace(base, seats=list(base.seats), seed=seed)
        from bere_tui.ui.seating import Seat

        seats = [Seat(n, lv if lv in BOTS or lv is None else FALLBACK_BOT) for n, lv in zip(self.names, self.levels)]
        options = self.game.options
        if "board" in GAMES[self.game.variant].options:  # a game on a board: its side, luck cards and file
            return TableSetup(self.game.variant, seats, None, None, side=options.get("side", "blue"),
                              luck=options.get("luck") is True, board=options.get("board"))
        target = options.get("target")
        return TableSetup(self.game.variant, seats, target if target != 66 else None, None)
