"""Shared by the board game's record and command-line tests: a hand-made board file (so nothing assumes the
shipped layout), games of random legal actions, and the `bere` command (tests/bere_cli.py)."""

from __future__ import annotations

import json
import random
from pathlib import Path

from bere_cli import assert_one_error, run_bere

from bere_tui.systems import make_game

__all__ = ["assert_one_error", "random_game", "run_bere", "small_board", "write_board"]


def small_board() -> dict:
    """A hand-made bere-board/1 file: 30 tiles, 2-3 players, hands of 5, five short rows on each side."""
    blue = [{"length": 3, "spaces": [{"space": 2, "kind": "bull_minus"}]},
            {"length": 4, "spaces": [{"space": 2, "kind": "take_row"}, {"space": 3, "kind": "bull_plus", "value": 2}]},
            {"length": 5, "spaces": [{"space": 3, "kind": "play_two"}]},
            {"length": 4},
            {"length": 6, "spaces": [{"space": 5, "kind": "bull_minus", "value": 3}]}]
    red = [{"length": 4, "spaces": [{"space": 2, "kind": "draw_tile"}]},
           {"length": 3, "spaces": [{"space": 2, "kind": "action_card"}]},
           {"length": 5, "spaces": [{"space": 3, "kind": "row_to_hand"}, {"space": 4, "kind": "bull_minus"}]},
           {"length": 4, "spaces": [{"space": 3, "kind": "action_card"}]},
           {"length": 5, "spaces": [{"space": 2, "kind": "play_two"}]},
           {"length": 3}]
    return {
        "format": "bere-board/1",
        "name": "test board",
        "players": {"min": 2, "max": 3},
        "hand": 5,
        "second_hand_max_players": 2,
        "stop_tokens": 1,
        "tiles": {"bullheads": [1 + t % 5 for t in range(30)]},
        "luck_cards": {"cards": [{"kind": "plus5", "count": 2}, {"kind": "final_bonus", "count": 2}]},
        "action_cards": {"cards": [{"kind": k, "count": 2} for k in ("play_first", "place_anywhere", "swap", "stop")]},
        "sides": {"blue": {"pro": False, "rows": blue}, "red": {"pro": True, "rows": red}},
    }


def write_board(folder: Path, data, name: str = "board.json") -> Path:
    path = folder / name
    path.write_text(data if isinstance(data, str) else json.dumps(data), encoding="utf-8")
    return path


def random_game(n: int, seed: int, options: dict | None = None, stop_after: int | None = None):
    """A game of random legal actions (all of it, or its first `stop_after` actions)."""
    game = make_game("board", [f"P{i}" for i in range(n)], seed=seed, options=options)
    rng = random.Random(seed)
    while not game.finished and (stop_after is None or len(game.actions) < stop_after):
        p = rng.choice(game.deciders())
        game.apply(rng.choice(game.legal(p)))
    return game
