"""Bot-only Bullenparty games: the loop `bere sim --variant bullenparty`, tests and bench/ share."""

from __future__ import annotations

import statistics
import time

from bere_tui.engine.bullenparty import Game


def play_bot_game(bot_names: list[str], seed: int, timings: list[list[float]] | None = None) -> Game:
    """A whole game with one bot per seat (make_bot's seeds as for 6 nimmt!: seed * 1000 + seat). `timings`,
    when given, collects each seat's decision times in ms."""
    from bere_tui.bots import make_bot

    players = [{"name": f"{name} {i + 1}", "bot": name} for i, name in enumerate(bot_names)]
    game = Game(players, seed=seed)
    bots = {p: make_bot(name, seed * 1000 + p) for p, name in enumerate(bot_names)}
    clock = time.perf_counter
    while not game.finished:
        for p in game.deciders():
            start = clock()
            action = bots[p].choose(game.view(p), game.legal(p))
            if timings is not None:
                timings[p].append((clock() - start) * 1000.0)
            game.apply(action)
    return game


def simulate(bot_names: list[str], games: int, seed: int = 0) -> dict:
    """`bere sim` (spec/record.md): wins (a shared win counts), mean final score and decision times per seat."""
    n = len(bot_names)
    wins = [0] * n
    scores = [0] * n
    timings: list[list[float]] = [[] for _ in range(n)]
    start = time.perf_counter()
    for g in range(games):
        game = play_bot_game(bot_names, seed + g, timings)
        totals = game.scores()
        for p in range(n):
            scores[p] += totals[p]
            wins[p] += p in game.winners
    seconds = time.perf_counter() - start

    def ms(values: list[float]) -> dict:
        if not values:
            return {"median": 0.0, "p95": 0.0, "max": 0.0}
        ordered = sorted(values)
        return {"median": round(statistics.median(ordered), 3),
                "p95": round(ordered[min(len(ordered) - 1, int(0.95 * len(ordered)))], 3),
                "max": round(ordered[-1], 3)}

    return {
        "games": games,
        "seconds": round(seconds, 3),
        "seats": [{"bot": b, "wins": wins[i], "mean_score": round(scores[i] / games, 3),
                   "decision_ms": ms(timings[i])} for i, b in enumerate(bot_names)],
    }
