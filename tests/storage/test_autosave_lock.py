"""Two bere processes on one data folder (issue 36, item 5): the one that plays first holds the autosave; a game
started by the other autosaves to a file of its own in the saves folder, and the autosave is left alone."""

from __future__ import annotations

import json

import pytest

from bere_tui.engine.nimmt import Game
from bere_tui.storage import (
    autosave,
    autosave_path,
    claim_autosave,
    held_elsewhere,
    load_file,
    release_autosave,
    saves_dir,
)


@pytest.fixture(autouse=True)
def _released():
    yield
    release_autosave()


def a_game(seed: int) -> Game:
    return Game("base", [{"name": "Ann"}, {"name": "Ben", "bot": "random"}], seed=seed)


def test_the_first_bere_holds_the_autosave_and_writes_it():
    assert claim_autosave() is None and not held_elsewhere()
    game = a_game(1)
    assert autosave(game) == autosave_path()
    assert load_file(autosave_path()).record() == game.record()


def test_a_second_bere_autosaves_to_a_file_of_its_own_and_leaves_the_autosave(other_bere):
    first = a_game(1)
    autosave(first)  # (the other bere's game)
    assert held_elsewhere()
    own = claim_autosave()
    assert own is not None and own.parent == saves_dir()
    second = a_game(2)
    assert autosave(second) == own
    assert json.loads(autosave_path().read_text(encoding="utf-8")) == first.record()
    assert load_file(own).record() == second.record()


def test_the_autosave_is_free_again_once_the_other_bere_ends(other_bere):
    assert claim_autosave() is not None
    release_autosave()
    other_bere.close()  # the other bere ends (the system releases its lock)
    assert not held_elsewhere() and claim_autosave() is None
    assert autosave(a_game(3)) == autosave_path()
