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


def simulate(bot_names: list[str], games: int, seed: int = 0, options: dict | None = None) -> dict:
    """`bere sim` (spec/record.md): wins (a shared win counts), mean final score and decision times per seat.
    (Bullenparty has no options: `options` is the one signature of every system's `sim` part.)"""
    from bere_tui.sim import decision_ms

    n = len(bot_names)
    wins = [0] * n
    scores = [0] * n
    timings: list[list[int]] = [[] for _ in range(n)]
    start = time.perf_counter()
    for g in range(games):
        game = play_bot_game(bot_names, seed + g, timings)
        totals = game.scores()
        for p in range(n):
            scores[p] += totals[p]
            wins[p] += p in game.winners
    seconds = time.perf_counter() - start

    return {
        "games": games,
        "seconds": round(seconds, 3),
        "seats": [{"bot": b, "wins": wins[i], "mean_score": round(scores[i] / games, 3),
                   "decision_ms": decision_ms(timings[i])} for i, b in enumerate(bot_names)],
    }
