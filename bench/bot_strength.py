"""How strong and how fast the `strong` bot is. Prints figures; asserts nothing.

Matches (4 players; the seats move round the table from game to game):
  base-random      base game to 66, strong vs three `random`      (target: >= 90% of games won)
  base-heuristic   base game to 66, strong vs three `heuristic`   (target: >= 55%; a fair share is 25%)
  anniv-heuristic  Anniversary,     strong vs three `heuristic`   (target: >= 40%)
  base-flatmc      base game to 66, strong and `flatmc` vs two `heuristic`: the published baseline, flat Monte
                   Carlo with determinization (random rollouts, own bullheads, every option in every world),
                   with the same number of simulations, seated at the same table
  base-mcs         base game to 66, strong vs three `mcs`: the peer's kind of bot (ThingsAI-io/6-nimmt-agent's
                   `mcs:mcPerCard=N`, as its src/engine/strategies/mcs.ts plays): flat Monte Carlo, N random
                   rollouts over the round per card (and per row when taking one), each in a world dealt afresh
                   (in-round card counting: the unseen cards dealt to the others), own bullheads only. Equal
                   time: unless --mc-per-card is given, N is calibrated first in this run (a few games, strong
                   and mcs timed in this process, CPU time) so that mcs's median decision time equals strong's,
                   or its mean where that gives mcs more time; both bots' medians and means are printed with
                   the match (target: strong >= 35% of games, a fair share is 25%, over >= 200)
  base-mcs-crn     the same with `mcs-crn`: a stronger peer than the peer's own code, each world dealt once and
                   played with every card (common random numbers, as strong does), so that the cards' means are
                   compared on the same deals; calibrated to equal time in the same way (only with --match)
  pro-heuristic, evenodd-heuristic: strong vs three `heuristic` in Pro and Even/Odd (only with --match)
A shared victory counts as won (as in `bere sim`). Win rates carry a 95% Wilson interval.

Speed (issue 17: median <= 100 ms and maximum <= 500 ms per decision; issue 34: at most 300 ms at 4 seats):
per match, median and maximum wall time (and CPU time) of the strong bot's decisions (forced ones, with a single
legal action, are counted apart), rollouts per second inside decisions; and `--speed` tables, a few games
each in one process: base at 4 and 10 seats (vs `random`), Anniversary and Even/Odd at 4 (vs `heuristic`), every decision of the strong seat timed (wall and CPU time:
median, 95th percentile, maximum). Also the raw rate of fastsim (whole 4-player base rounds, random cards, as
the naive loop plays them) beside /work/shared/bench/naive_round.py, both in CPU time in this process, and the
naive script's own output, all in the same run. The bot's effort is a number of
simulations (rollouts) per decision, never a time, so the games and the win rates are the same on any machine;
only the times depend on it (and on the load average, printed: other processes slow the wall clock).

Usage: python bench/bot_strength.py [--games N] [--simulations S] [--iterations W] [--workers W] [--match ...]
                                   [--speed-games G] [--speed TABLE ...]
"""

from __future__ import annotations

import argparse
import importlib.util
import json
import os
import random
import statistics
import subprocess
import sys
import time
from multiprocessing import Pool
from pathlib import Path

from stats import wilson  # (bench/stats.py: the benches run from this folder)

from bere_tui.bots import make_bot
from bere_tui.bots.nimmt.fastsim import Table, pick_random, play_turns
from bere_tui.bots.nimmt.strong import DEFAULT_POLICY, POLICY_EFFORT, VARIANT_POLICY, StrongBot
from bere_tui.bots.runner import deciders
from bere_tui.engine.nimmt import Game

NAIVE = Path("/work/shared/bench/naive_round.py")

MATCHES = {  # variant, the bots (seat i in game g: bots[(i - g) % 4]), the strong bot's target
    "base-random": ("base", ["strong", "random", "random", "random"], 0.90),
    "base-heuristic": ("base", ["strong", "heuristic", "heuristic", "heuristic"], 0.55),
    "anniv-heuristic": ("anniversary", ["strong", "heuristic", "heuristic", "heuristic"], 0.40),
    "base-flatmc": ("base", ["strong", "flatmc", "heuristic", "heuristic"], None),
    "base-mcs": ("base", ["strong", "mcs", "mcs", "mcs"], 0.35),
    "base-mcs-crn": ("base", ["strong", "mcs-crn", "mcs-crn", "mcs-crn"], 0.35),
    "pro-heuristic": ("pro", ["strong", "heuristic", "heuristic", "heuristic"], None),
    "evenodd-heuristic": ("even-odd", ["strong", "heuristic", "heuristic", "heuristic"], None),
}
DEFAULT_MATCHES = ["base-random", "base-heuristic", "anniv-heuristic", "base-flatmc"]
SPEED_TABLES = {  # variant, the bots (the strong bot in seat 0)
    "base-4": ("base", ["strong"] + ["random"] * 3),
    "base-10": ("base", ["strong"] + ["random"] * 9),
    "anniversary-4": ("anniversary", ["strong"] + ["heuristic"] * 3),
    "even-odd-4": ("even-odd", ["strong"] + ["heuristic"] * 3),
}
#: the baseline of the issue, built from the same parts
FLAT_MC = {"policy": "random", "others_weight": 0.0, "end_weight": 0.0, "racing": False, "objective": "round",
           "first": "rollout", "hand_scale": 0.0}
#: the peer's rollouts per card before the calibration (its own leaderboard's top: mcPerCard=100)
MC_PER_CARD = 100


class PeerMcs(StrongBot):
    """The peer's bot as its code plays (ThingsAI-io/6-nimmt-agent, src/engine/strategies/mcs.ts): each card
    (each row, when taking one) is played out in `iterations` worlds of its own, each dealt afresh from the
    unseen cards, with random rollouts to the end of the round; the card of the lowest mean own bullheads wins.
    No world is shared between the cards (StrongBot's search, with `racing` off, plays every card in the same
    worlds: `mcs-crn`)."""

    def _search(self, n_options: int, make_world, value) -> int:
        seed = self.rng.getrandbits(60)
        means = []
        for o in range(n_options):
            means.append(sum(value(make_world(random.Random(seed + o * 1_000_003 + k)), o)
                             for k in range(self.iterations)))
        self.worlds = self.iterations * n_options
        return min(range(n_options), key=lambda o: (means[o], o))


def mcs_bot(seed: int, per_card: int, shared_worlds: bool = False) -> StrongBot:
    """The peer's bot (issue 34): every card played out in `per_card` dealt worlds (card counting: the unseen
    cards of this round dealt to the others), random rollouts to the end of the round, own bullheads; each card
    in worlds of its own (PeerMcs), or with `shared_worlds` every card in the same worlds."""
    kind = StrongBot if shared_worlds else PeerMcs
    return kind(seed, simulations=None, iterations=per_card, **FLAT_MC)




def play_one(job: tuple) -> dict:
    """One game: each seat's bot, whether it won and its score, and the strong bot's decision timings."""
    match, g, seed, simulations, iterations, per_card, options = job
    variant, lineup, _target = MATCHES[match]
    names = [lineup[(i - g) % 4] for i in range(4)]
    game = Game(variant, [{"name": f"{b} {i}", "bot": b} for i, b in enumerate(names)], seed=seed)
    bots = {}
    for p, name in enumerate(names):
        if name in ("mcs", "mcs-crn"):
            bots[p] = mcs_bot(seed * 1000 + p, per_card, shared_worlds=name == "mcs-crn")
        elif name in ("strong", "flatmc"):
            extra = FLAT_MC if name == "flatmc" else options
            bots[p] = StrongBot(seed * 1000 + p, simulations=simulations, iterations=iterations, **extra)
        else:
            bots[p] = make_bot(name, seed * 1000 + p)
    seat = names.index("strong")
    times, forced, rollouts, search_time, search_cpu = [], 0, 0, 0.0, 0.0
    other_times, cpu_times = [], []  # the other seats' searched decisions (mcs's, equal time); strong's CPU
    other_cpu = []  # the other seats' searched decisions, CPU time
    while not game.finished:
        for p in deciders(game):
            view, legal = game.view(p), game.legal(p)
            if p == seat:
                start, cpu = time.perf_counter(), time.process_time()
                action = bots[p].choose(view, legal)
                spent, cpu = time.perf_counter() - start, time.process_time() - cpu
                if len(legal) == 1:
                    forced += 1
                else:
                    times.append(spent)
                    cpu_times.append(cpu)
                    rollouts += bots[p].rollouts
                    search_time += spent
                    search_cpu += cpu
            else:
                start, cpu = time.perf_counter(), time.process_time()
                action = bots[p].choose(view, legal)
                if len(legal) > 1:
                    other_times.append(time.perf_counter() - start)
                    other_cpu.append(time.process_time() - cpu)
            game.apply(action)
    totals = game.totals()
    return {"names": names, "winners": game.winners, "totals": totals, "times": times, "forced": forced,
            "rollouts": rollouts, "search_time": search_time, "search_cpu": search_cpu, "other_times": other_times,
            "cpu_times": cpu_times, "other_cpu": other_cpu}


def calibrate(match: str, games: int, simulations, iterations, seed: int, options: dict) -> int:
    """The peer's rollouts per card at which its median decision time equals strong's (issue 34): a few games of
    base-mcs at MC_PER_CARD in this process, then MC_PER_CARD scaled by the ratio of the medians (a decision's
    time is its number of rollouts times a rollout's), or by the ratio of the means where that is larger (a bot
    that is quick on easy decisions and slow on hard ones would otherwise be given a peer with less time in all
    than itself). The times are CPU times of this process: the wall clock
    of a shared machine counts the other processes' work too, and would favour whichever bot ran at a quiet
    moment."""
    results = [play_one((match, g, seed * 100_000 + 90_000 + g, simulations, iterations, MC_PER_CARD, options))
               for g in range(games)]
    strong = [t for r in results for t in r["cpu_times"]]
    mcs = [t for r in results for t in r["other_cpu"]]
    by_median = statistics.median(strong) / statistics.median(mcs)
    by_mean = statistics.mean(strong) / statistics.mean(mcs)
    per_card = max(1, round(MC_PER_CARD * max(by_median, by_mean)))
    print(f"{match} calibration, {games} games, CPU time: strong median {statistics.median(strong) * 1000:.0f} ms,"
          f" mean {statistics.mean(strong) * 1000:.0f} ms; mcs at {MC_PER_CARD} per card median"
          f" {statistics.median(mcs) * 1000:.0f} ms, mean {statistics.mean(mcs) * 1000:.0f} ms -> mcs at {per_card}"
          f" rollouts per card (the larger of the two ratios: equal medians, and equal means where that gives"
          f" mcs more time)")
    return per_card


def speed_one(job: tuple) -> list[tuple[float, float, bool]]:
    """One game of a speed table: (wall, CPU, forced) of each decision of the strong seat (seat 0)."""
    table, seed, simulations, iterations = job
    variant, names = SPEED_TABLES[table]
    game = Game(variant, [{"name": f"{b} {i}", "bot": b} for i, b in enumerate(names)], seed=seed)
    bots = {p: StrongBot(seed * 1000 + p, simulations=simulations, iterations=iterations) if name == "strong"
            else make_bot(name, seed * 1000 + p) for p, name in enumerate(names)}
    out = []
    while not game.finished:
        for p in deciders(game):
            view, legal = game.view(p), game.legal(p)
            if p == 0:
                start, cpu = time.perf_counter(), time.process_time()
                action = bots[p].choose(view, legal)
                out.append((time.perf_counter() - start, time.process_time() - cpu, len(legal) == 1))
            else:
                action = bots[p].choose(view, legal)
            game.apply(action)
    return out


def ms(values: list[float]) -> str:
    values = sorted(values)
    p95 = values[min(len(values) - 1, -(-95 * len(values) // 100) - 1)]
    return (f"median {statistics.median(values) * 1000:4.0f} ms, p95 {p95 * 1000:4.0f} ms,"
            f" max {values[-1] * 1000:4.0f} ms")


def speed_tables(tables: list[str], games: int, simulations, iterations, seed: int) -> None:
    """Each table's decisions, played in this process one game after another (a worker would share the CPU)."""
    print(f"\nspeed (target: median <= 100 ms, max <= 500 ms per decision, 300 ms at 4 seats (issue 34), wall time);"
          f" {games} game(s) per table, load average {os.getloadavg()[0]:.1f}")
    for table in tables:
        rows = [r for g in range(games) for r in speed_one((table, seed * 100_000 + g, simulations, iterations))]
        searched = [r for r in rows if not r[2]]
        print(f"  {table:<14} {len(rows):4} decisions: wall {ms([r[0] for r in rows])}; CPU {ms([r[1] for r in rows])}")
        if searched:
            print(f"  {'':<14} {len(searched):4} searched:  wall {ms([r[0] for r in searched])};"
                  f" CPU {ms([r[1] for r in searched])}")


def seat_line(results: list[dict], name: str, target: float | None) -> str:
    """Games won by a seat of bot `name` (per seat, when it has several), its mean final score."""
    seats = [[p for p, b in enumerate(r["names"]) if b == name] for r in results]
    n = sum(len(s) for s in seats)
    wins = sum(p in r["winners"] for r, s in zip(results, seats) for p in s)
    alone = sum(r["winners"] == (p,) for r, s in zip(results, seats) for p in s)
    score = statistics.mean(r["totals"][p] for r, s in zip(results, seats) for p in s)
    lo, hi = wilson(wins, n)
    goal = f"; target >= {target:.0%}" if target is not None else ""
    each = f" (per seat, {len(seats[0])} seats)" if len(seats[0]) > 1 else ""
    return (f"  {name}{each}: won {wins}/{n} = {wins / n:.1%}  (95% CI {lo:.1%}..{hi:.1%}{goal}; alone {alone}/{n});"
            f" mean final score {score:.1f}")


def naive_rate(seconds: float) -> float:
    """naive_round.py's own loop, timed here in CPU time."""
    spec = importlib.util.spec_from_file_location("naive_round", NAIVE)
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    rng = random.Random(1)
    return _rate(lambda: mod.play_round(4, rng), seconds)


def fastsim_round(rng: random.Random) -> None:
    """One whole 4-player base round in fastsim, dealt and played like the naive loop (random cards)."""
    deck = list(range(1, 105))
    rng.shuffle(deck)
    t = Table(4, [[c] for c in deck[40:44]], [deck[i * 10:(i + 1) * 10] for i in range(4)])
    play_turns(t, rng.random, pick_random)


def _rate(play, seconds: float) -> float:
    count, start = 0, time.process_time()
    while time.process_time() - start < seconds:
        play()
        count += 1
    return count / (time.process_time() - start)


def naive_script() -> str:
    out = subprocess.run([sys.executable, str(NAIVE), "4", "2"], capture_output=True, text=True, check=False)
    return out.stdout.strip() or out.stderr.strip()


def _value(text: str):
    """A --strong value: a number, True/False, or a word."""
    for kind in (int, float):
        try:
            return kind(text)
        except ValueError:
            pass
    return {"True": True, "False": False}.get(text, text)


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=int, default=100, help="games per match (default 100)")
    ap.add_argument("--simulations", type=int, default=StrongBot.default_simulations,
                    help=f"strong bot's rollouts per decision (default {StrongBot.default_simulations})")
    ap.add_argument("--iterations", type=int, default=None, help="cap on worlds per decision (default none)")
    ap.add_argument("--workers", type=int, default=2, help="processes (default 2)")
    ap.add_argument("--match", nargs="*", choices=list(MATCHES), default=DEFAULT_MATCHES)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--speed", nargs="*", choices=list(SPEED_TABLES), default=list(SPEED_TABLES),
                    help="speed tables (default all; none: skip)")
    ap.add_argument("--speed-games", type=int, default=2, help="games per speed table (default 2)")
    ap.add_argument("--mc-per-card", type=int, default=None,
                    help="mcs's rollouts per card (default: calibrated to strong's median time in this run)")
    ap.add_argument("--calibration-games", type=int, default=4)
    ap.add_argument("--dump", default=None, help="write each game's result (JSON lines) to this file")
    ap.add_argument("--strong", nargs="*", default=[], metavar="KEY=VALUE",
                    help="keyword arguments of the strong bot in the matches (to compare settings), e.g. rival=min")
    args = ap.parse_args(argv)
    options = {k: _value(v) for k, v in (o.split("=", 1) for o in args.strong)}

    print(f"strong bot: {args.simulations} simulations per decision (x{POLICY_EFFORT['random']} with random"
          f" rollouts: {VARIANT_POLICY}, else {DEFAULT_POLICY}), at most {args.iterations or 'any number of'}"
          f" worlds; {args.workers} worker process(es); load average {os.getloadavg()[0]:.1f}"
          + (f"; options {options}" if options else ""))
    print(f"naive_round.py 4 2 (its own wall clock): {naive_script()}")
    rng = random.Random(1)
    print(f"CPU time, one process: naive loop {naive_rate(2.0):,.0f} rounds/s;"
          f" fastsim, same rounds {_rate(lambda: fastsim_round(rng), 2.0):,.0f} rounds/s")
    if args.speed:
        speed_tables(args.speed, args.speed_games, args.simulations, args.iterations, args.seed)
    for match in args.match:
        per_card = args.mc_per_card
        if per_card is None and match.startswith("base-mcs"):
            per_card = calibrate(match, args.calibration_games, args.simulations, args.iterations, args.seed,
                                 options)
        start = time.perf_counter()
        jobs = [(match, g, args.seed * 100_000 + g, args.simulations, args.iterations, per_card, options)
                for g in range(args.games)]
        if args.workers > 1:
            with Pool(args.workers) as pool:
                results = pool.map(play_one, jobs, chunksize=1)
        else:
            results = [play_one(j) for j in jobs]
        wall = time.perf_counter() - start
        if args.dump:
            with open(args.dump, "a", encoding="utf-8") as out:
                out.writelines(json.dumps({"match": match, "game": j[1], "names": r["names"], "winners": r["winners"],
                                          "totals": r["totals"], "options": options}) + "\n" for j, r in zip(jobs, results))
        variant, lineup, target = MATCHES[match]
        print(f"\n{match}: {variant}, {' + '.join(lineup)}, {len(results)} games in {wall:.0f} s"
              f" (load average {os.getloadavg()[0]:.1f})")
        for name in dict.fromkeys(lineup):
            print(seat_line(results, name, target if name == "strong" else None))
        times = [t for r in results for t in r["times"]]
        rollouts = sum(r["rollouts"] for r in results)
        search = sum(r["search_time"] for r in results)
        search_cpu = sum(r["search_cpu"] for r in results)
        if times:
            print(f"  strong's decisions searched: {len(times)} (+{sum(r['forced'] for r in results)} forced);"
                  f" median {statistics.median(times) * 1000:.0f} ms, max {max(times) * 1000:.0f} ms;"
                  f" {rollouts / search:,.0f} rollouts/s ({rollouts / search_cpu:,.0f} per CPU second);"
                  f" {rollouts / len(times):,.0f} rollouts per decision")
        cpu_times = [t for r in results for t in r["cpu_times"]]
        if cpu_times:
            print(f"  strong's decisions searched, CPU time: median {statistics.median(cpu_times) * 1000:.0f} ms,"
                  f" mean {statistics.mean(cpu_times) * 1000:.0f} ms, max {max(cpu_times) * 1000:.0f} ms")
        other = [t for r in results for t in r["other_times"]]
        if match.startswith("base-mcs") and other:
            other_cpu = [t for r in results for t in r["other_cpu"]]
            print(f"  {lineup[1]} ({per_card} rollouts per card): decisions searched {len(other)}, median"
                  f" {statistics.median(other) * 1000:.0f} ms, max {max(other) * 1000:.0f} ms; CPU time: median"
                  f" {statistics.median(other_cpu) * 1000:.0f} ms, mean {statistics.mean(other_cpu) * 1000:.0f} ms,"
                  f" max {max(other_cpu) * 1000:.0f} ms")
    return 0


if __name__ == "__main__":
    sys.exit(main())
