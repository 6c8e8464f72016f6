"""How long the game review (issue 34, bere_tui/review) takes per game, for each game system. Prints figures;
asserts nothing.

For each game (6 nimmt!'s base game and Anniversary, Bullenparty, the board game) it plays a few whole games of
4 seats, one person (played here by the heuristic bot) against three heuristic bots, then reviews each game
(every decision of the person with a choice, the strong bot's search from their view) and prints the median and
the maximum wall time and process CPU time per game, with the decisions scored per game. The work per decision
is fixed (each evaluator's worlds), so the times vary with the machine and its load, never the review.

Usage: python bench/review_time.py [--games N] [--seed S] [--players P] [--game NAME ...]
"""

from __future__ import annotations

import argparse
import statistics
import time

from bere_tui.bots import make_bot
from bere_tui.review import review_game
from bere_tui.systems import make_game

#: the games timed, with the options of a whole game
GAMES = {"base": {}, "anniversary": {}, "bullenparty": {}, "board": {}}


def play(variant: str, players: int, seed: int):
    seats = [{"name": "Ann"}] + [{"name": f"Bot {p}", "bot": "heuristic"} for p in range(1, players)]
    game = make_game(variant, seats, seed=seed, options=GAMES[variant])
    bots = [make_bot("heuristic", seed * 10 + p) for p in range(players)]
    while game.pending is not None:
        p = game.deciders()[0]
        game.apply(bots[p].choose(game.view(p), game.legal(p)))
    return game


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=5)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--game", action="append", choices=list(GAMES))
    args = parser.parse_args(argv)
    print(f"review time per game: {args.games} games each, {args.players} seats, one person reviewed")
    print(f"{'game':<12} {'decisions':>9} {'wall median':>12} {'wall max':>9} {'cpu median':>11} {'cpu max':>8}")
    for variant in args.game or list(GAMES):
        walls, cpus, counts = [], [], []
        for g in range(args.games):
            game = play(variant, args.players, args.seed + g)
            wall, cpu = time.perf_counter(), time.process_time()
            review = review_game(game)
            walls.append(time.perf_counter() - wall)
            cpus.append(time.process_time() - cpu)
            counts.append(len(review.decisions))
        print(f"{variant:<12} {statistics.median(counts):>9.0f} {statistics.median(walls):>11.2f}s "
              f"{max(walls):>8.2f}s {statistics.median(cpus):>10.2f}s {max(cpus):>7.2f}s", flush=True)


if __name__ == "__main__":
    main()
