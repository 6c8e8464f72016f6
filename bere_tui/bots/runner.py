"""Play a game with bots in some or all seats: the loop `bere sim`, tests and benchmarks share."""

from __future__ import annotations

from bere_tui.bots import make_bot
from bere_tui.engine import Game


def deciders(game: Game) -> list[int]:
    """The players the game waits for now."""
    return game.deciders()


def bot_step(game: Game, bots: dict, player: int) -> list:
    """Let the bot of `player` make its decision; returns the events."""
    return game.apply(bots[player].choose(game.view(player), game.legal(player)))


def play_bot_game(variant: str, bot_names: list[str], seed: int, options: dict | None = None) -> Game:
    """A whole game with one bot per seat."""
    players = [{"name": f"{name} {i + 1}", "bot": name} for i, name in enumerate(bot_names)]
    game = Game(variant, players, seed=seed, options=options)
    bots = {p: make_bot(name, seed * 1000 + p) for p, name in enumerate(bot_names)}
    while not game.finished:
        for p in deciders(game):
            bot_step(game, bots, p)
    return game
