"""Bot-only Bullenparty games: the loop `bere sim --variant bullenparty`, tests and bench/ share."""

from __future__ import annotations

import time

from bere_tui.engine.bullenparty import Game


def play_bot_game(bot_names: list[str], seed: int, timings: list[list[int]] | None = None) -> Game:
    """A whole game with one bot per seat (make_bot's seeds as for 6 nimmt!: seed * 1000 + seat). `timings`,
    when given, collects each seat's decision times (whole nanoseconds)."""
    from bere_tui.bots import make_bot

    players = [{"name": f"{name} {i + 1}", "bot": name} for i, name in enumerate(bot_names)]
    game = Game(players, seed=seed)
    bots = {p: make_bot(name, seed * 1000 + p) for p, name in enumerate(bot_names)}
    clock = time.perf_counter_ns
    while not game.finished:
        for p in game.deciders():
            start = clock()
            action = bots[p].choose(game.view(p), game.legal(p))
            if timings is not None:
                timings[p].append(clock() - start)
            game.apply(action)
    return game


def bot_games(variant: str, options: dict | None = None):
    """`bere sim`'s games (its system's "sim" part, bere_tui/sim.py): `play(bot_names, seed, times)` -> a
    finished game, each seat's decisions timed. (Bullenparty has no options.)"""
    return lambda bot_names, seed, times: play_bot_game(bot_names, seed, times)
