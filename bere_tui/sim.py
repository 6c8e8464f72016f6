"""`bere sim`: bot-only games and their statistics (spec/record.md, command line)."""

from __future__ import annotations

import time
from bisect import bisect_right
from collections import Counter
from itertools import accumulate


def decision_ms(times: list[int]) -> dict:
    """Median, 95th percentile (nearest rank) and maximum of a seat's decision times, given in whole nanoseconds
    (time.perf_counter_ns), in milliseconds (3 decimals). Equal times are counted rather than all sorted: a clock
    gives few distinct short times, and `bere sim` times hundreds of thousands of decisions (whole numbers are
    counted in half the time of floats)."""
    if not times:
        return {"median": 0.0, "p95": 0.0, "max": 0.0}
    counts = Counter(times)
    ordered = sorted(counts)
    ends = list(accumulate(counts[t] for t in ordered))  # ends[i]: how many times are at most ordered[i]

    def at(rank: int) -> float:  # the time at that place (from 0) of all the times in order
        return ordered[bisect_right(ends, rank)]

    k = len(times)
    median = at(k // 2) if k % 2 else (at(k // 2 - 1) + at(k // 2)) / 2
    p95 = at(min(k - 1, -(-95 * k // 100) - 1))
    return {"median": round(median / 1e6, 3), "p95": round(p95 / 1e6, 3), "max": round(ordered[-1] / 1e6, 3)}


def simulate(variant: str, bot_names: list[str], games: int, seed: int = 0, options: dict | None = None) -> dict:
    """Play `games` games of `variant` (any registered game), seat i always played by bot_names[i], game g seeded
    `seed + g`; a shared win counts as won. Each seat's decisions are timed (wall time of the bot's choice, in
    nanoseconds). `options`: the game's (the board game's side, luck and board). The game's system plays each
    game (its "sim" part, bere_tui/systems.py: `bot_games(variant, options)` -> `play(bot_names, seed, times)`,
    which returns the finished game)."""
    from bere_tui.systems import system_of

    play = system_of(variant).part("sim")(variant, options)
    n = len(bot_names)
    wins = [0] * n
    scores = [0] * n
    times: list[list[int]] = [[] for _ in range(n)]
    start = time.perf_counter()
    for g in range(games):
        game = play(bot_names, seed + g, times)
        totals = game.totals()
        for p in range(n):
            scores[p] += totals[p]
            wins[p] += p in game.winners
    seconds = time.perf_counter() - start
    return {
        "games": games,
        "seconds": round(seconds, 3),
        "seats": [{"bot": b, "wins": wins[i], "mean_score": round(scores[i] / games, 3) if games else 0.0,
                   "decision_ms": decision_ms(times[i])}
                  for i, b in enumerate(bot_names)],
    }
