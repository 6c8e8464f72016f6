"""Engine speed: random 4-player base rounds per second through the public API, beside the naive floor.

The naive loop (../shared/bench/naive_round.py) is the pure-Python floor for one round with no validation,
no events and no abstraction; the engine plays the same rounds through `Game`, `legal` and `apply`
(every action validated, every event built). Both run in this process for the same CPU time, in
alternating slices, so that a busy machine slows both alike.

Usage: python bench/engine_speed.py [PLAYERS] [SECONDS]   (defaults 4 and 3.0)
Prints engine rounds/s, naive rounds/s and their ratio (target: >= 0.5 for 4 players).
"""

from __future__ import annotations

import importlib.util
import random
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from bere_tui.engine import Game

NAIVE = Path(__file__).resolve().parents[1] / ".." / "shared" / "bench" / "naive_round.py"
NAIVE_FALLBACK = Path("/work/shared/bench/naive_round.py")


def play_game(n: int, rng: random.Random, seed: int) -> int:
    """One random-bot base game through the public API; returns the number of rounds played."""
    game = Game("base", [f"P{i}" for i in range(n)], seed=seed)
    choice = rng.choice
    while game.pending is not None:
        pend = game.pending
        deciders = list(pend["players"]) if pend["do"] == "select" else [pend["player"]]
        for p in deciders:
            game.apply(choice(game.legal(p)))
    return game.round


def load_naive():
    """The shared naive loop's play_round, or None (with a message) when the file is missing."""
    for path in (NAIVE, NAIVE_FALLBACK):
        if path.is_file():
            spec = importlib.util.spec_from_file_location("naive_round", path)
            module = importlib.util.module_from_spec(spec)
            spec.loader.exec_module(module)
            return module.play_round
    print(f"naive loop not found at {NAIVE.resolve()} or {NAIVE_FALLBACK}: engine figure only", file=sys.stderr)
    return None


class Runner:
    """Counts rounds of one loop over slices of CPU time (process time: other load on the machine is not ours)."""

    def __init__(self, step) -> None:
        self.step = step  # plays some rounds, returns how many
        self.rounds = 0
        self.seconds = 0.0

    def run_for(self, seconds: float) -> None:
        start = time.process_time()
        while time.process_time() - start < seconds:
            self.rounds += self.step()
        self.seconds += time.process_time() - start

    @property
    def rate(self) -> float:
        return self.rounds / self.seconds


def main() -> None:
    n = int(sys.argv[1]) if len(sys.argv) > 1 else 4
    seconds = float(sys.argv[2]) if len(sys.argv) > 2 else 3.0
    engine_rng, games = random.Random(1), iter(range(10**9))
    engine = Runner(lambda: play_game(n, engine_rng, next(games)))
    play_round = load_naive()
    naive = None
    if play_round is not None:
        naive_rng = random.Random(1)

        def naive_step() -> int:
            play_round(n, naive_rng)
            return 1

        naive = Runner(naive_step)
    slices = 10  # alternate the two loops so that both see the same machine
    for _ in range(slices):
        engine.run_for(seconds / slices)
        if naive is not None:
            naive.run_for(seconds / slices)
    print(f"engine rounds/s {engine.rate:.0f}  ({n} players, base, random legal actions, validation and events)")
    if naive is None:
        return
    print(f"naive  rounds/s {naive.rate:.0f}  ({NAIVE.name})")
    print(f"ratio  {engine.rate / naive.rate:.2f}  (target >= 0.5)")


if __name__ == "__main__":
    main()
