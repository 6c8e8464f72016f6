"""The time `bere replay FILE` takes to show its first screen, whatever the record's size (issue 36: about
9 s per MB), and the time the 6 nimmt! viewer's steps take to build.

Writes three records of bot games: a long 6 nimmt! game (a high target, the only game whose record can grow
without bound), a Bullenparty game and a board game (their length is bounded by their rules). Then:

- steps (6 nimmt!): after reading the record (storage.load_file), the time to its first step (table.replay.
  Replay and its step 0: what the viewer needs to draw) and to every step (Replay.steps, built in the
  background while the viewer is open, or as the keys ask for them);
- first screen: the time from starting `bere replay FILE` to its first screen drawn, whole processes in a
  pseudo-terminal of 80x24 with BERE_FIRST_SCREEN_EXIT=1 (bench/startup.py), median of --runs each. With
  --tree DIR the `bere` of another checkout (e.g. main before a change) is timed in the same alternation.

    python bench/replay_viewer.py [--target 3000] [--runs 5] [--tree DIR]
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from startup import ROOT, run_once


def write_records(folder: Path, target: int) -> dict[str, Path]:
    from bere_tui.bots.board.runner import play_bot_game as board_game
    from bere_tui.bots.bullenparty.runner import play_bot_game as bullenparty_game
    from bere_tui.bots.runner import play_bot_game

    games = {"6 nimmt!": play_bot_game("base", ["random"] * 4, seed=1, options={"target": target}),
             "Bullenparty": bullenparty_game(["random"] * 5, seed=1),
             "board game": board_game(["random"] * 6, seed=1)}
    paths = {}
    for k, (name, game) in enumerate(games.items()):
        paths[name] = folder / f"record-{k}.json"
        paths[name].write_text(json.dumps(game.record(), indent=1), encoding="utf-8")
    return paths


def time_steps(path: Path) -> None:
    from bere_tui.storage import load_file
    from bere_tui.table.replay import Replay

    start = time.perf_counter()
    game = load_file(path, pipe=True)
    read = time.perf_counter()
    replay = Replay(game)
    first = getattr(replay, "step", lambda i: replay.steps[i])(0)
    shown = time.perf_counter()
    steps = replay.steps
    built = time.perf_counter()
    mb = path.stat().st_size / 2**20
    print(f"6 nimmt! record {mb:.2f} MB, {len(game.record()['actions'])} actions, {len(steps)} steps "
          f"(first: {type(first.event).__name__})")
    print(f"  read {read - start:.2f} s; first step {shown - read:.3f} s; every step {built - read:.2f} s "
          f"({(built - read) / mb:.2f} s per MB)")


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--target", type=int, default=3000, help="the 6 nimmt! game's target (default 3000)")
    ap.add_argument("--runs", type=int, default=5, help="runs of each first screen (default 5)")
    ap.add_argument("--tree", type=Path, default=None, help="another checkout whose `bere` to time too")
    args = ap.parse_args(argv)
    tmp = Path(tempfile.mkdtemp(prefix="bere-replay-"))
    paths = write_records(tmp, args.target)
    time_steps(paths["6 nimmt!"])
    trees = {"this tree": ROOT} if args.tree is None else {"this tree": ROOT, str(args.tree): args.tree.resolve()}
    env = dict(os.environ, TERM="xterm-256color", COLUMNS="80", LINES="24", BERE_FIRST_SCREEN_EXIT="1",
               BERE_DATA_DIR=str(tmp / "data"), BERE_CONFIG=str(tmp / "config" / "settings.json"))
    env.pop("NO_COLOR", None)
    runs = {(name, tree): [] for name in paths for tree in trees}
    for k in range(args.runs + 1):  # the first round warms the bytecode and the file cache, and is not counted
        for (name, tree), seconds in runs.items():
            cmd = [sys.executable, "-m", "bere_tui", "replay", str(paths[name])]
            took = run_once(cmd, dict(env, PYTHONPATH=str(trees[tree])), trees[tree])
            if k:
                seconds.append(took)
    print(f"first screen of `bere replay FILE`, median of {args.runs} (80x24):")
    for (name, tree), seconds in runs.items():
        mb = paths[name].stat().st_size / 2**20
        print(f"  {name:<12} {mb:5.2f} MB  {tree:<20} {statistics.median(seconds):.2f} s "
              f"(min {min(seconds):.2f}, max {max(seconds):.2f})")
    return 0


if __name__ == "__main__":
    sys.exit(main())
