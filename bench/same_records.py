"""Records and `bere replay --json` results of bot games, every variant, as one digest per variant: run it in two
checkouts (e.g. before and after an engine change) and compare. The output must not change.

Usage: python bench/same_records.py [GAMES]   (PYTHONPATH=OTHER_CHECKOUT to run another checkout's package)
"""

from __future__ import annotations

import hashlib
import json
import sys

from bere_tui.bots.runner import play_bot_game
from bere_tui.record import replay, result

LINEUPS = {
    "base": [["random"] * 4, ["random"] * 10, ["heuristic", "random", "heuristic"], ["heuristic"] * 2],
    "pro": [["random"] * 4, ["heuristic", "random", "random"], ["random"] * 6],
    "anniversary": [["random"] * 4, ["random"] * 8, ["heuristic", "random", "heuristic"], ["random"] * 2],
    "even-odd": [["random"] * 4, ["random"] * 10, ["heuristic", "random", "heuristic", "random", "random"]],
}


def main() -> int:
    games = int(sys.argv[1]) if len(sys.argv) > 1 else 30
    for variant, lineups in LINEUPS.items():
        digest = hashlib.sha256()
        for lineup in lineups:
            for seed in range(games):
                game = play_bot_game(variant, lineup, seed)
                record = game.record()
                digest.update(json.dumps(record).encode())
                digest.update(json.dumps(result(replay(record))).encode())
        print(f"{variant:<12} {games * len(lineups)} games  {digest.hexdigest()[:16]}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
