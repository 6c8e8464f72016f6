"""How strong and how fast the board game's bots are. Prints figures; asserts nothing.

Matches (4 players by default; the bot under test moves one seat round the table from game to game, and the
games alternate between the sides and luck cards on and off: blue, red, blue with luck, red with luck):
  strong-heuristic   `strong` vs three `heuristic`   (a fair share is 25%)
  strong-random      `strong` vs three `random`
  heuristic-random   `heuristic` vs three `random`
A shared victory counts as won (as in `bere sim`). Win rates carry a 95% Wilson interval; the mean score
difference (the bot's score less the mean of the others') a 95% normal interval.

Speed: median, 95th percentile and maximum time of the tested bot's decisions with more than one option, as
wall time and as the process's CPU time (the latter less affected by a loaded machine). The strong bot's work
per decision is fixed (worlds x shortlist rollouts), so these times vary with the machine and its load, never
the moves.

Each match also prints its figures per side (blue, red) when it played both.

Usage: python bench/board_strength.py [--games N] [--seed S] [--players P] [--worlds W] [--board NAME]
       [--match ...] [--side blue|red]
"""

from __future__ import annotations

import argparse
import statistics
import time
from math import sqrt

from stats import wilson  # (bench/stats.py: the benches run from this folder)

from bere_tui.bots.board import make_board_bot, strong
from bere_tui.bots.board.strong import StrongBot
from bere_tui.systems import make_game

MATCHES = {
    "strong-heuristic": ("strong", "heuristic"),
    "strong-random": ("strong", "random"),
    "heuristic-random": ("heuristic", "random"),
}
#: the table of game g: (side, luck cards), in turn
TABLES = (("blue", False), ("red", False), ("blue", True), ("red", True))




def play(match: str, g: int, seed: int, players: int, worlds: int | None, board: str, tables=TABLES):
    """One game: whether the tested bot won, its score less the others' mean, its decision times (wall and
    CPU), the side."""
    tested, other = MATCHES[match]
    seat = g % players
    side, luck = tables[(g // players) % len(tables)]
    names = [tested if p == seat else other for p in range(players)]
    game = make_game("board", [{"name": f"{b} {p}", "bot": b} for p, b in enumerate(names)], seed=seed,
                     options={"side": side, "luck": luck, "board": board})
    bots = {}
    for p, name in enumerate(names):
        if name == "strong" and worlds is not None:
            bots[p] = StrongBot(seed * 1000 + p, worlds=worlds)
        else:
            bots[p] = make_board_bot(name, seed * 1000 + p)
    times, cpu = [], []
    while not game.finished:
        for p in game.deciders():
            view, legal = game.view(p), game.legal(p)
            start, start_cpu = time.perf_counter(), time.process_time()
            action = bots[p].choose(view, legal)
            if p == seat and len(legal) > 1:
                times.append((time.perf_counter() - start) * 1000.0)
                cpu.append((time.process_time() - start_cpu) * 1000.0)
            game.apply(action)
    scores = game.scores
    others = [s for p, s in enumerate(scores) if p != seat]
    return seat in game.winners, scores[seat] - statistics.mean(others), times, cpu, side


def spread(values: list[float]) -> str:
    ordered = sorted(values)
    p95 = ordered[min(len(ordered) - 1, int(0.95 * len(ordered)))]
    return f"median {statistics.median(ordered):.2f} p95 {p95:.1f} max {ordered[-1]:.1f}"


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=int, default=200)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--players", type=int, default=4)
    ap.add_argument("--worlds", type=int, default=None, help="the strong bot's worlds per decision (both sides)")
    ap.add_argument("--board", default="standard")
    ap.add_argument("--match", nargs="*", choices=list(MATCHES), default=list(MATCHES))
    ap.add_argument("--side", choices=("blue", "red"), default=None, help="play one side only")
    args = ap.parse_args()
    tables = tuple(t for t in TABLES if args.side in (None, t[0]))
    worlds = args.worlds if args.worlds is not None else StrongBot.default_worlds
    pro_worlds = args.worlds if args.worlds is not None else StrongBot.default_pro_worlds
    print(f"Board game ({args.board}), {args.players} players, {args.games} games per match (sides and luck "
          f"cards in turn), seeds {args.seed}.., strong: {worlds} worlds ({pro_worlds} on the red side) x "
          f"{StrongBot.default_shortlist} options per decision, {StrongBot.default_turns} turn(s) beyond the "
          f"current one, the others' hands read from their choices: {StrongBot.read_hands}, a win worth "
          f"{strong.WIN_WEIGHT:g} points")
    for match in args.match:
        results: dict[str, list] = {}  # side -> [(won, diff)]
        times, cpu = [], []
        start = time.perf_counter()
        for g in range(args.games):
            won, diff, t, c, side = play(match, g, args.seed + g, args.players, args.worlds, args.board, tables)
            results.setdefault(side, []).append((won, diff))
            times += t
            cpu += c
        every = [r for side in results for r in results[side]]
        print(f"{match:<17} {figures(every, args.players)}; decision ms wall {spread(times)}, "
              f"CPU {spread(cpu)}; {time.perf_counter() - start:.0f} s", flush=True)
        if len(results) > 1:
            for side, got in results.items():
                print(f"  {side + ' side':<15} {figures(got, args.players)}", flush=True)


def figures(results: list, players: int) -> str:
    """Won games with a 95% Wilson interval, and the mean score difference with a 95% normal interval."""
    n = len(results)
    wins = sum(w for w, _d in results)
    diffs = [d for _w, d in results]
    lo, hi = wilson(wins, n)
    half = 1.96 * statistics.stdev(diffs) / sqrt(n) if n > 1 else 0.0
    return (f"won {wins}/{n} = {wins / n:6.1%} (95% CI {lo:5.1%}-{hi:5.1%}; fair share {1 / players:.0%}), "
            f"score vs others' mean {statistics.mean(diffs):+.1f} +-{half:.1f}")


if __name__ == "__main__":
    main()
