"""An unfinished game in the autosave is never replaced silently (issue 12, items 3 and 10): the title's
Continue names it; a new game (New game, `bere play`, `bere play --load`) first asks whether to keep it in the
saves folder, discard it or cancel; an autosave that can be neither read nor moved aside is said to stay where
it is, once, and is not offered again."""

from __future__ import annotations

import json
import os
from datetime import datetime

import pytest
from test_resume import game_in_progress, menu_ids
from uitools import screen_text

from bere_tui.cli import build_parser
from bere_tui.storage import autosave, autosave_path, load_file, saves_dir
from bere_tui.ui.app import BereApp, start_from_args
from bere_tui.ui.screens.dialogs import NoticeScreen, ReplaceGameScreen
from bere_tui.ui.screens.setup import SetupScreen
from bere_tui.ui.screens.table import TableScreen
from bere_tui.ui.screens.title import TitleScreen


def flat(app) -> str:
    return " ".join(screen_text(app).split())


def on_table(app) -> bool:
    return any(isinstance(s, TableScreen) for s in app.screen_stack)


async def new_game_from_the_title(app, pilot) -> None:
    assert menu_ids(app)[:2] == ["continue", "new"]
    await pilot.press("down", "enter")  # New game
    assert isinstance(app.screen, SetupScreen)
    await pilot.press("enter")  # Start the game
    await pilot.pause()


async def test_continue_names_the_game():
    old = game_in_progress()
    autosave(old)
    app = BereApp(remember=False)
    async with app.run_test(size=(80, 24)):
        text = flat(app)
        assert "Continue the unfinished game" in text
        assert f"Base game, round {old.round}: Ann and 2 bots" in text
        assert f"saved {datetime.now():%Y-%m-%d}" in text


async def test_new_game_asks_first_and_keeps_the_old_one_as_a_save():
    old = game_in_progress()
    autosave(old)
    app = BereApp(remember=False)
    async with app.run_test(size=(80, 24)) as pilot:
        await new_game_from_the_title(app, pilot)
        assert isinstance(app.screen, ReplaceGameScreen)
        assert f"Base game, round {old.round}: Ann and 2 bots" in flat(app)
        assert not on_table(app)
        await pilot.press("enter")  # the highlighted choice: keep it
        await pilot.pause()
        assert on_table(app) and app.game.record() != old.record()
        kept = list(saves_dir().glob("game-*.json"))
        assert len(kept) == 1 and load_file(kept[0]).record() == old.record()
        assert any(f"kept as {kept[0]}" in n.message for n in app._notifications)
        assert not autosave_path().exists() or load_file(autosave_path()).record() != old.record()


async def test_new_game_can_discard_the_old_one():
    autosave(game_in_progress())
    app = BereApp(remember=False)
    async with app.run_test(size=(80, 24)) as pilot:
        await new_game_from_the_title(app, pilot)
        await pilot.press("down", "enter")  # discard it
        await pilot.pause()
        assert on_table(app)
        assert not autosave_path().exists() and not saves_dir().exists()


async def test_cancel_starts_nothing_and_the_old_game_can_still_be_continued():
    old = game_in_progress()
    autosave(old)
    before = autosave_path().read_bytes()
    app = BereApp(remember=False)
    async with app.run_test(size=(80, 24)) as pilot:
        await new_game_from_the_title(app, pilot)
        await pilot.press("escape")
        await pilot.pause()
        assert isinstance(app.screen, TitleScreen) and not on_table(app)
        assert menu_ids(app)[0] == "continue"
    assert autosave_path().read_bytes() == before


@pytest.mark.parametrize("argv", ["play --players Ann --bots random --seed 4", "play --load {other}"],
                         ids=["play", "load"])
async def test_the_command_line_asks_in_the_app_before_the_table_opens(tmp_path, argv):
    old = game_in_progress()
    autosave(old)
    other = tmp_path / "other.json"
    other.write_text(json.dumps(game_in_progress(turns=2).record()), encoding="utf-8")
    app = BereApp(start_from_args(build_parser().parse_args(argv.format(other=other).split())), remember=False)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, ReplaceGameScreen) and not on_table(app)
        await pilot.press("escape")
        await pilot.pause()
        assert isinstance(app.screen, TitleScreen)
    assert load_file(autosave_path()).record() == old.record()


async def test_loading_the_autosaved_game_itself_asks_nothing():
    autosave(game_in_progress())
    start = start_from_args(build_parser().parse_args(["play", "--load", str(autosave_path())]))
    app = BereApp(start, remember=False)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        assert on_table(app) and not isinstance(app.screen, ReplaceGameScreen)


async def test_an_autosave_that_cannot_be_read_nor_moved_is_said_to_stay_and_not_offered_again(monkeypatch):
    path = autosave_path()
    path.parent.mkdir(parents=True)
    path.write_text('{"format": "bere-record/1", "variant": ', encoding="utf-8")

    def read_only(*args, **kwargs):  # a data folder that cannot be written (chmod does not stop root)
        raise PermissionError(13, "Permission denied")

    monkeypatch.setattr(os, "replace", read_only)
    app = BereApp(remember=False)
    async with app.run_test(size=(80, 24)) as pilot:
        assert menu_ids(app)[0] == "continue"
        await pilot.press("enter")
        assert isinstance(app.screen, NoticeScreen)
        text = " ".join(app.screen.message.split())  # (not the screen: where a long path wraps varies)
        assert "autosave.json cannot be loaded" in text and "not valid JSON" in text
        assert "stays where it is" in text and "not offered again" in text
        assert "The saved game cannot be continued" in flat(app)
        await pilot.press("enter")
        assert isinstance(app.screen, TitleScreen) and menu_ids(app)[0] == "new"
    assert path.read_text(encoding="utf-8") == '{"format": "bere-record/1", "variant": '


# ---------------------------------------------------------------- issue 36, item 5: two bere on one data folder
# (the fixture `other_bere`: tests/conftest.py)


async def test_a_game_started_while_another_bere_plays_autosaves_to_its_own_file(other_bere):
    """Two bere on one data folder overwrote each other's autosave, losing turns without a word."""
    old = game_in_progress()
    autosave(old)
    before = autosave_path().read_text(encoding="utf-8")
    app = BereApp(remember=False)
    async with app.run_test(size=(80, 24)) as pilot:
        assert "being played in another bere window" in flat(app)
        await new_game_from_the_title(app, pilot)
        assert on_table(app) and not isinstance(app.screen, ReplaceGameScreen)  # nothing to ask: it is not touched
        assert any("autosaves to" in n.message and "saves" in n.message for n in app._notifications)
        await pilot.press("enter")  # a card; the game autosaves
        await pilot.pause()
    own = list(saves_dir().glob("game-*.json"))
    assert len(own) == 1 and load_file(own[0]).record() == app.game.record()
    assert autosave_path().read_text(encoding="utf-8") == before


async def test_continue_waits_while_another_bere_plays_the_autosaved_game(other_bere):
    old = game_in_progress()
    autosave(old)
    app = BereApp(remember=False)
    async with app.run_test(size=(80, 24)) as pilot:
        assert menu_ids(app)[0] == "continue"
        await pilot.press("enter")
        assert isinstance(app.screen, TitleScreen) and app.game is None
        assert any("being played in another bere window" in n.message for n in app._notifications)
    assert load_file(autosave_path()).record() == old.record()
