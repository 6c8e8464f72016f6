"""Child process for test_storage_signals.py (not a test module): plays a bot game and autosaves.

    python signal_child.py kill VARIANT SEED         autosave after every decision, print the action count
    python signal_child.py term VARIANT SEED SAVED EXTRA
        play SAVED decisions with autosave, EXTRA more without, install the signal save, print "ready", sleep
"""

from __future__ import annotations

import sys
import time

from bere_tui.bots import make_bot
from bere_tui.bots.runner import bot_step, deciders
from bere_tui.engine.nimmt import Game
from bere_tui.storage import autosave, install_signal_save

BOTS = ["heuristic", "random", "heuristic", "random"]


def decisions(variant: str, seed: int):
    """The game, yielded after each decision: the same sequence in every process."""
    game = Game(variant, [{"name": f"P{i}", "bot": b} for i, b in enumerate(BOTS)], seed=seed)
    bots = {p: make_bot(b, seed * 1000 + p) for p, b in enumerate(BOTS)}
    while not game.finished:
        bot_step(game, bots, deciders(game)[0])
        yield game


def main(mode: str, variant: str, seed: str, *counts: str) -> None:
    steps = decisions(variant, int(seed))
    if mode == "kill":
        for game in steps:
            autosave(game)
            print(len(game.actions), flush=True)
            time.sleep(0.002)
        print("finished", flush=True)
        return
    saved, extra = int(counts[0]), int(counts[1])
    for _ in range(saved):
        game = next(steps)
        autosave(game)
    for _ in range(extra):
        game = next(steps)
    install_signal_save(lambda: game)
    print("ready", len(game.actions), flush=True)
    time.sleep(60)


if __name__ == "__main__":
    main(*sys.argv[1:])
