"""How strong and how fast the Bullenparty bots are. Prints figures; asserts nothing.

Matches (4 players; the bot under test moves one seat round the table from game to game):
  strong-random      `strong` vs three `random`
  strong-heuristic   `strong` vs three `heuristic`   (a fair share is 25%)
  heuristic-random   `heuristic` vs three `random`
A shared victory counts as won (as in `bere sim`). Win rates carry a 95% Wilson interval; the mean score
difference (the bot's score less the mean of the others') a 95% normal interval.

Speed: median and maximum wall time of the tested bot's decisions, and the same for its searched decisions
alone (bids, takes and zero-card rows with more than one option). The strong bot's work per decision is fixed
(worlds x options rollouts), so these times vary with the machine and its load, never the moves.

Usage: python bench/bullenparty_strength.py [--games N] [--seed S] [--players P] [--worlds W] [--match ...]
"""

from __future__ import annotations

import argparse
import statistics
import time
from math import sqrt

from stats import wilson  # (bench/stats.py: the benches run from this folder)

from bere_tui.bots.bullenparty import make_bullenparty_bot
from bere_tui.bots.bullenparty.strong import SEARCHED, StrongBot
from bere_tui.engine.bullenparty import Game

MATCHES = {
    "strong-random": ("strong", "random"),
    "strong-heuristic": ("strong", "heuristic"),
    "heuristic-random": ("heuristic", "random"),
}




def play(match: str, g: int, seed: int, players: int, worlds: int | None) -> tuple[bool, float, list, list]:
    """One game: whether the tested bot won, its score less the others' mean, its decision times (all, searched)."""
    tested, other = MATCHES[match]
    seat = g % players
    names = [tested if p == seat else other for p in range(players)]
    game = Game([{"name": f"{b} {p}", "bot": b} for p, b in enumerate(names)], seed=seed)
    bots = {}
    for p, name in enumerate(names):
        if name == "strong" and worlds is not None:
            bots[p] = StrongBot(seed * 1000 + p, worlds=worlds)
        else:
            bots[p] = make_bullenparty_bot(name, seed * 1000 + p)
    times, searched = [], []
    while not game.finished:
        for p in game.deciders():
            view, legal = game.view(p), game.legal(p)
            start = time.perf_counter()
            action = bots[p].choose(view, legal)
            ms = (time.perf_counter() - start) * 1000.0
            if p == seat:
                times.append(ms)
                if legal[0]["do"] in SEARCHED and len(legal) > 1:
                    searched.append(ms)
            game.apply(action)
    scores = game.scores()
    others = [s for p, s in enumerate(scores) if p != seat]
    return seat in game.winners, scores[seat] - statistics.mean(others), times, searched


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=int, default=100)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--players", type=int, default=4)
    ap.add_argument("--worlds", type=int, default=None, help="the strong bot's worlds per decision")
    ap.add_argument("--match", nargs="*", choices=list(MATCHES), default=list(MATCHES))
    args = ap.parse_args()
    worlds = args.worlds if args.worlds is not None else StrongBot.default_worlds
    print(f"Bullenparty, {args.players} players, {args.games} games per match, seeds {args.seed}.., "
          f"strong: {worlds} worlds per decision")
    for match in args.match:
        wins, diffs, times, searched = 0, [], [], []
        start = time.perf_counter()
        for g in range(args.games):
            won, diff, t, s = play(match, g, args.seed + g, args.players, args.worlds)
            wins += won
            diffs.append(diff)
            times += t
            searched += s
        lo, hi = wilson(wins, args.games)
        mean = statistics.mean(diffs)
        half = 1.96 * statistics.stdev(diffs) / sqrt(len(diffs)) if len(diffs) > 1 else 0.0
        line = (f"{match:<17} won {wins}/{args.games} = {wins / args.games:6.1%} "
                f"(95% CI {lo:5.1%}-{hi:5.1%}; fair share {1 / args.players:.0%}), "
                f"score vs others' mean {mean:+.1f} +-{half:.1f}; "
                f"decision ms median {statistics.median(times):.2f} max {max(times):.1f}")
        if searched:
            line += f"; searched median {statistics.median(searched):.1f} max {max(searched):.1f}"
        print(line + f"; {time.perf_counter() - start:.0f} s", flush=True)


if __name__ == "__main__":
    main()
