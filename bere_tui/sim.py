"""`bere sim`: bot-only games and their statistics (spec/record.md, command line)."""

from __future__ import annotations

import time

from bere_tui.bots.runner import play_bot_game


def simulate(variant: str, bot_names: list[str], games: int, seed: int = 0) -> dict:
    """Play `games` games, seat i always played by bot_names[i]; a shared win counts as won."""
    if variant == "bullenparty":
        from bere_tui.bots.bullenparty.runner import simulate as simulate_bullenparty

        return simulate_bullenparty(bot_names, games, seed)
    wins = [0] * len(bot_names)
    scores = [0] * len(bot_names)
    start = time.perf_counter()
    for g in range(games):
        game = play_bot_game(variant, bot_names, seed + g)
        totals = game.totals()
        for p in range(len(bot_names)):
            scores[p] += totals[p]
            wins[p] += p in game.winners
    seconds = time.perf_counter() - start
    return {
        "games": games,
        "seconds": round(seconds, 3),
        "seats": [{"bot": b, "wins": wins[i], "mean_score": round(scores[i] / games, 3) if games else 0.0}
                  for i, b in enumerate(bot_names)],
    }
