"""Bot-only games of the board game: the loop `bere sim --variant board`, tests and bench/ share.

The board file is read once (bere_tui/boards.py) and every game is played on it; a bad one is a
BoardFileError naming the file and the field, for the caller to show.
"""

from __future__ import annotations

import time

from bere_tui.boards import DEFAULT_BOARD, load_board
from bere_tui.engine.board import Board, Game


def board_for(options: dict | None) -> Board:
    """The board `options["board"]` names (default: the shipped `standard`)."""
    return load_board((options or {}).get("board") or DEFAULT_BOARD)


def play_bot_game(bot_names: list[str], seed: int, options: dict | None = None, board: Board | None = None,
                  times: list[list[int]] | None = None) -> Game:
    """A whole game with one bot per seat (make_bot's seeds as for the other games: seed * 1000 + seat).
    `times`, one list per seat: each decision's wall time (whole nanoseconds) is added to its seat's list."""
    from bere_tui.bots import make_bot

    if board is None:
        board = board_for(options)
    players = [{"name": f"{name} {i + 1}", "bot": name} for i, name in enumerate(bot_names)]
    game = Game(players, seed=seed, options=options, board=board)
    bots = [make_bot(name, seed * 1000 + p) for p, name in enumerate(bot_names)]
    clock = time.perf_counter_ns
    while not game.finished:
        for p in game.deciders():
            view, legal = game.view(p), game.legal(p)
            start = clock()
            action = bots[p].choose(view, legal)
            if times is not None:
                times[p].append(clock() - start)
            game.apply(action)
    return game


def bot_games(variant: str, options: dict | None = None):
    """`bere sim`'s games (its system's "sim" part, bere_tui/sim.py): `play(bot_names, seed, times)` -> a
    finished game on the board, side and luck setting `options` give (the board read once)."""
    board = board_for(options)
    return lambda bot_names, seed, times: play_bot_game(bot_names, seed, options, board, times)


__all__ = ["board_for", "bot_games", "play_bot_game"]
