"""The time `bere replay FILE` spends before it shows anything, per MB of record (issue 36: about 9 s per MB).

Plays a long bot game (a high target), writes its record, then times what the viewer does before its first
screen: reading the record (storage.load_file) and building its steps (table.replay.Replay).

    python bench/replay_viewer.py [--target 3000]
"""

from __future__ import annotations

import argparse
import json
import tempfile
import time
from pathlib import Path


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--target", type=int, default=3000)
    args = parser.parse_args()
    from bere_tui.bots.runner import play_bot_game
    from bere_tui.storage import load_file
    from bere_tui.table.replay import Replay

    game = play_bot_game("base", ["random", "random", "random", "random"], seed=1, options={"target": args.target})
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "long.json"
        path.write_text(json.dumps(game.record(), indent=1), encoding="utf-8")
        mb = path.stat().st_size / 2**20
        start = time.perf_counter()
        loaded = load_file(path, pipe=True)
        read = time.perf_counter()
        steps = Replay(loaded).steps
        built = time.perf_counter()
    print(f"record {mb:.2f} MB, {len(game.actions)} actions, {len(steps)} steps")
    print(f"load {read - start:.2f} s, steps {built - read:.2f} s, total {built - start:.2f} s, "
          f"{(built - start) / mb:.2f} s per MB")


if __name__ == "__main__":
    main()
