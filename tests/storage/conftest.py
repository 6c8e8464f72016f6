"""Every storage test gets its own data folder (BERE_DATA_DIR) and settings file (BERE_CONFIG)."""

from __future__ import annotations

import pytest

from bere_tui.bots import make_bot
from bere_tui.bots.runner import bot_step, deciders
from bere_tui.engine.nimmt import Game


@pytest.fixture(autouse=True)
def data(tmp_path, monkeypatch):
    folder = tmp_path / "data"
    monkeypatch.setenv("BERE_DATA_DIR", str(folder))
    monkeypatch.setenv("BERE_CONFIG", str(tmp_path / "config" / "settings.json"))
    return folder


def play(variant: str = "base", names=("Ann", "Ben", "Cid"), seed: int = 1, decisions: int | None = None,
         bot: str = "heuristic") -> Game:
    """A game of people named `names`, every decision made by bots; stop after `decisions` decisions."""
    game = Game(variant, [{"name": n} for n in names], seed=seed)
    bots = {p: make_bot(bot, seed * 1000 + p) for p in range(len(names))}
    done = 0
    while not game.finished and (decisions is None or done < decisions):
        bot_step(game, bots, deciders(game)[0])
        done += 1
    return game


@pytest.fixture
def game_of():
    return play
