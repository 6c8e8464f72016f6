"""Engine speed: `bere sim` with random bots against the naive full-game loop, as whole processes, in one run.

1. Whole processes (the issue's figure): `bere sim --variant base --bots random x N --games G --json` and
   bench/naive_game.py (naive_round.py's loop of the base rules, played as whole games to 66) for the same
   number of games, each a fresh Python process timed from start to exit (interpreter start-up and imports
   included), alternating, REPEAT times each; the median time of each gives games/s and the ratio
   sim / naive (target: >= 1.0), at 4 and at 10 players.
   `--tree DIR` also times the `bere sim` of another checkout (e.g. the main branch before a change) in the
   same alternation, so a before/after ratio comes from one run.
2. In one process: random 4-player base rounds through the public API (`legal`, `apply`: every action
   validated, every event built), with `apply(action, trusted=True)`, and as `bere sim` plays them
   (Game.play_blind: no events, every decision timed; each game also seeds its 5 random generators), beside
   naive_round.py's round, in alternating slices of CPU time.

The machine is shared: only ratios measured in the same run mean anything.
Usage: python bench/engine_speed.py [--games G] [--players 4 10] [--repeat R] [--tree DIR] [--seconds S]
"""

from __future__ import annotations

import argparse
import importlib.util
import os
import random
import resource
import statistics
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from bere_tui.bots.nimmt.random_bot import RandomBot
from bere_tui.engine.nimmt import Game

NAIVE_GAME = ROOT / "bench" / "naive_game.py"
NAIVE_ROUND = [ROOT.parent / "shared" / "bench" / "naive_round.py", Path("/work/shared/bench/naive_round.py")]


# ---------------------------------------------------------------- 1. whole processes

def sim_command(n: int, games: int) -> list[str]:
    return [sys.executable, "-m", "bere_tui", "sim", "--variant", "base", "--bots", ",".join(["random"] * n),
            "--games", str(games), "--json"]


def timed(cmd: list[str], tree: Path | None = None) -> tuple[float, float]:
    """Wall time and CPU time (user + system) of one process, from start to exit, running the package of `tree`
    (default: this checkout). On a shared machine the CPU time is the steadier figure."""
    tree = tree or ROOT
    env = dict(os.environ, PYTHONPATH=str(tree))  # that checkout's package first on the path
    env.pop("PYTHONDONTWRITEBYTECODE", None)  # (as an installed package runs: from its compiled modules)
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    start = time.perf_counter()
    out = subprocess.run(cmd, env=env, cwd=tree, capture_output=True, text=True, check=False)
    seconds = time.perf_counter() - start
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    if out.returncode != 0:
        raise SystemExit(f"{' '.join(cmd)} failed: {out.stderr.strip()[-500:]}")
    return seconds, (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)


def compile_package(tree: Path) -> None:
    """Byte-compile the package of `tree` first: an installed package runs from compiled modules (pip compiles
    them), and a process that compiled its changed modules at each start would be timed for that too."""
    subprocess.run([sys.executable, "-m", "compileall", "-q", str(tree / "bere_tui")], check=True)


def whole_processes(n: int, games: int, repeat: int, tree: Path | None) -> None:
    for where in (ROOT, tree):
        if where is not None:
            compile_package(where)
    kinds = {"sim": (sim_command(n, games), None),
             "naive": ([sys.executable, str(NAIVE_GAME), str(n), str(games)], None)}
    if tree is not None:
        kinds["sim@tree"] = (sim_command(n, games), tree)
    times: dict[str, list[tuple[float, float]]] = {k: [] for k in kinds}
    for _ in range(repeat):
        for kind, (cmd, where) in kinds.items():
            times[kind].append(timed(cmd, where))
    print(f"{n} players, {games} games a process, median of {repeat} processes each, games/s by wall | CPU time:")
    for clock, label in ((0, "wall"), (1, "CPU")):
        rate = {k: games / statistics.median(t[clock] for t in v) for k, v in times.items()}
        line = (f"  {label:<4}  bere sim (random bots) {rate['sim']:7,.0f}   naive loop {rate['naive']:7,.0f}"
                f"   ratio sim / naive {rate['sim'] / rate['naive']:5.3f} (target >= 1.0)")
        if tree is not None:
            line += (f"   {tree.name}: {rate['sim@tree']:6,.0f} = {rate['sim@tree'] / rate['naive']:.3f} of naive,"
                     f" this tree {rate['sim'] / rate['sim@tree']:.2f}x")
        print(line)


# ---------------------------------------------------------------- 2. one process, rounds through the API

def play_game(n: int, rng: random.Random, seed: int, trusted: bool) -> int:
    """One random-action base game through the public API; returns the number of rounds played."""
    game = Game("base", [f"P{i}" for i in range(n)], seed=seed)
    randrange = rng.randrange
    while game.pending is not None:
        for p in game.deciders():
            legal = game.legal(p)
            game.apply(legal[randrange(len(legal))], trusted=trusted)
    return game.round


def play_blind_game(n: int, seed: int, clock=time.perf_counter_ns) -> int:
    """One game of `random` bots as `bere sim` plays it (bots/runner.py: Game.play_blind, no events, each decision
    timed by `clock`); returns the number of rounds played."""
    game = Game("base", [f"P{i}" for i in range(n)], seed=seed, events=False)
    bots = [RandomBot(seed * 1000 + p) for p in range(n)]
    game.play_blind([b.pick for b in bots], [[] for _ in range(n)], clock)
    return game.round


def load_naive_round():
    for path in NAIVE_ROUND:
        if path.is_file():
            spec = importlib.util.spec_from_file_location("naive_round", path)
            module = importlib.util.module_from_spec(spec)
            spec.loader.exec_module(module)
            return module.play_round
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


def in_process(n: int, seconds: float) -> None:
    games = iter(range(10**9))
    checked_rng, trusted_rng = random.Random(1), random.Random(1)
    runners = {
        "apply (validated)": Runner(lambda: play_game(n, checked_rng, next(games), False)),
        "apply (trusted)": Runner(lambda: play_game(n, trusted_rng, next(games), True)),
        "play_blind (bere sim)": Runner(lambda: play_blind_game(n, next(games))),
        "  the same, no clock": Runner(lambda: play_blind_game(n, next(games), int)),  # (int() is 0: no timing)
    }
    play_round = load_naive_round()
    if play_round is not None:
        naive_rng = random.Random(1)
        runners["naive_round.py"] = Runner(lambda: play_round(n, naive_rng) and 1)
    slices = 10  # alternate the loops so that all see the same machine
    for _ in range(slices):
        for r in runners.values():
            r.run_for(seconds / slices)
    print(f"{n} players, rounds/s in one process (CPU time, {seconds:.0f} s each, alternating slices):")
    naive = runners.get("naive_round.py")
    for name, r in runners.items():
        ratio = f"  = {r.rate / naive.rate:.2f} of naive" if naive is not None and r is not naive else ""
        print(f"  {name:<22} {r.rate:8,.0f}{ratio}")


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=int, default=6000, help="games per process (default 6000, as the issue measured)")
    ap.add_argument("--players", type=int, nargs="*", default=[4, 10])
    ap.add_argument("--repeat", type=int, default=3, help="processes of each kind (default 3)")
    ap.add_argument("--tree", type=Path, default=None, help="another checkout whose `bere sim` to time too")
    ap.add_argument("--seconds", type=float, default=3.0, help="CPU seconds of each in-process loop (0: skip)")
    args = ap.parse_args(argv)
    print(f"load average {os.getloadavg()[0]:.1f}; {sys.executable}")
    for n in args.players:
        whole_processes(n, args.games, args.repeat, args.tree)
    if args.seconds > 0:
        in_process(4, args.seconds)
    return 0


if __name__ == "__main__":
    sys.exit(main())
