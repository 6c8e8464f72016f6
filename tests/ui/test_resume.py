"""Saving and resuming (issue 7): the autosave after every decision, Continue on the title screen, a bad
autosave set aside with a message, `bere play --load FILE`, the save dialog (ctrl+s), and SIGHUP/SIGTERM
saving the game before the app stops (a real `bere play` process under a pseudo-terminal)."""

from __future__ import annotations

import json
import os
import pty
import select
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest
from uitools import press_until, screen_text, table_app

from bere_tui.bots import make_bot
from bere_tui.bots.runner import deciders
from bere_tui.cli import build_parser, main
from bere_tui.engine.nimmt import Game
from bere_tui.record import result
from bere_tui.storage import autosave, autosave_path, load_file
from bere_tui.ui.app import BereApp, StartError, start_from_args
from bere_tui.ui.prompts.select import SelectPrompt
from bere_tui.ui.screens.dialogs import NoticeScreen, QuitScreen, TooSmallScreen
from bere_tui.ui.screens.save_dialog import SaveScreen
from bere_tui.ui.screens.table import TableScreen
from bere_tui.ui.screens.title import TitleScreen


@pytest.fixture(autouse=True)
def own_folders(tmp_path, monkeypatch):
    monkeypatch.setenv("BERE_DATA_DIR", str(tmp_path / "data"))
    monkeypatch.setenv("BERE_CONFIG", str(tmp_path / "config" / "settings.json"))


def game_in_progress(turns: int = 4) -> Game:
    """Ann (a person) and two bots, `turns` turns into the game, the bots' cards chosen and Ann's not (so a
    resumed game waits for Ann and nothing moves on by itself)."""
    game = Game("base", [{"name": "Ann"}, {"name": "Ben", "bot": "random"}, {"name": "Cid", "bot": "random"}],
                seed=21)
    movers = {p: make_bot("random", p) for p in range(3)}
    while not (game.turn > turns and deciders(game) == [0]):
        p = deciders(game)[-1]
        game.apply(movers[p].choose(game.view(p), game.legal(p)))
    return game


def finished_game() -> Game:
    game = game_in_progress(0)
    movers = {p: make_bot("random", p) for p in range(3)}
    while not game.finished:
        p = deciders(game)[0]
        game.apply(movers[p].choose(game.view(p), game.legal(p)))
    return game


def menu_ids(app) -> list[str]:
    menu = app.screen.query_one("#title-menu")
    return [menu.get_option_at_index(i).id for i in range(menu.option_count)]


async def test_every_decision_at_the_table_is_autosaved():
    app = table_app("base", players=("Ann",), bots=("random",), seed=3)
    async with app.run_test(size=(80, 24)) as pilot:
        assert not autosave_path().exists()
        await press_until(pilot, lambda: isinstance(app.screen, SelectPrompt))
        await pilot.press("enter")  # Ann chooses; the bot chooses; the turn resolves
        await press_until(pilot, lambda: len(app.game.actions) >= 2 and isinstance(app.screen, SelectPrompt))
        saved = json.loads(autosave_path().read_text(encoding="utf-8"))
        assert saved == app.game.record()


async def test_continue_resumes_the_autosaved_game_in_the_same_state():
    game = game_in_progress()
    autosave(game)
    app = BereApp(remember=False)
    async with app.run_test(size=(80, 24)) as pilot:
        assert isinstance(app.screen, TitleScreen)
        assert menu_ids(app)[0] == "continue"  # offered first, so Enter alone continues
        await pilot.press("enter")
        await press_until(pilot, lambda: isinstance(app.screen, SelectPrompt), key="wait:50")
        assert app.game is not game
        assert app.game.record() == game.record()
        assert result(app.game) == result(game)
        # the log has the game so far, not only the deal
        table = next(s for s in app.screen_stack if isinstance(s, TableScreen))
        log = [getattr(line, "text", None) or line.plain for line in table.query_one("#log").lines]
        assert sum("cards revealed" in line for line in log) == game.turn - 1


async def test_a_finished_or_missing_autosave_offers_no_continue():
    app = BereApp(remember=False)
    async with app.run_test(size=(80, 24)):
        assert "continue" not in menu_ids(app)
    finished = finished_game()
    autosave(finished)
    app = BereApp(remember=False)
    async with app.run_test(size=(80, 24)):
        assert "continue" not in menu_ids(app)


async def test_a_bad_autosave_on_continue_is_named_kept_aside_and_a_new_game_can_start():
    path = autosave_path()
    path.parent.mkdir(parents=True)
    path.write_text('{"format": "bere-record/1", "variant": "base", "players": [', encoding="utf-8")
    app = BereApp(remember=False)
    async with app.run_test(size=(80, 24)) as pilot:
        assert menu_ids(app)[0] == "continue"
        await pilot.press("enter")
        assert isinstance(app.screen, NoticeScreen)
        message = app.screen.message  # (the screen wraps it where the data folder's path makes it long)
        assert "autosave.json" in message and "not valid JSON" in message and "kept as autosave.bad-" in message
        assert "The saved game cannot be continued" in screen_text(app)
        kept = list(path.parent.glob("autosave.bad-*.json"))
        assert not path.exists() and len(kept) == 1
        assert kept[0].read_text(encoding="utf-8").startswith('{"format": "bere-record/1"')
        await pilot.press("enter")
        assert isinstance(app.screen, TitleScreen) and menu_ids(app)[0] == "new"
        await pilot.press("enter")
        assert type(app.screen).__name__ == "SetupScreen"


def test_load_opens_any_record_and_a_bad_file_is_one_clear_line(tmp_path, capsys):
    game = game_in_progress()
    good = tmp_path / "mine.json"
    good.write_text(json.dumps(game.record()), encoding="utf-8")
    start = start_from_args(build_parser().parse_args(["play", "--load", str(good)]))
    assert start.kind == "game" and result(start.session.game) == result(game)
    assert len(start.session.history) == len(game.actions)  # the log is rebuilt from the record
    bad = tmp_path / "bad.json"
    bad.write_text(json.dumps({**game.record(), "seed": "x"}), encoding="utf-8")
    with pytest.raises(StartError, match="bad.json"):
        start_from_args(build_parser().parse_args(["play", "--load", str(bad)]))
    assert main(["play", "--load", str(bad)]) == 2
    err = capsys.readouterr().err
    assert err.startswith("error: ") and err.count("\n") == 1 and "Traceback" not in err


async def test_ctrl_s_saves_to_the_chosen_file_and_asks_before_replacing(tmp_path):
    app = table_app("base", players=("Ann",), bots=("random",), seed=5)
    target = tmp_path / "kept" / "my game.json"
    async with app.run_test(size=(80, 24)) as pilot:
        await press_until(pilot, lambda: isinstance(app.screen, SelectPrompt))
        await pilot.press("ctrl+s")
        assert isinstance(app.screen, SaveScreen)
        field = app.screen.query_one("#save-path")
        assert field.value.startswith(str(tmp_path / "data" / "saves"))
        field.value = str(target)
        await pilot.press("enter")
        assert isinstance(app.screen, SelectPrompt)
        assert load_file(target).record() == app.game.record()
        await pilot.press("ctrl+s")
        app.screen.query_one("#save-path").value = str(target)
        target.write_text("precious", encoding="utf-8")
        await pilot.press("enter")  # the file exists: a second Enter replaces it
        assert isinstance(app.screen, SaveScreen) and "exists" in screen_text(app)
        assert target.read_text(encoding="utf-8") == "precious"
        await pilot.press("enter")
        assert isinstance(app.screen, SelectPrompt)
        assert load_file(target).record() == app.game.record()


async def at_the_second_card(pilot, app) -> dict:
    """Ann plays her first card, and the prompt for her second shows: the record at that moment."""
    await press_until(pilot, lambda: isinstance(app.screen, SelectPrompt))
    await pilot.press("enter")
    await press_until(pilot, lambda: len(app.game.actions) >= 2 and isinstance(app.screen, SelectPrompt))
    return app.game.record()


async def test_ctrl_c_at_the_table_asks_as_q_does_and_a_second_ctrl_c_quits_with_the_game_kept():
    """Issue 36: Ctrl+C at the table did nothing at all (Textual takes it as a key and only says how to quit)."""
    app = table_app("base", players=("Ann",), bots=("random",), seed=3)
    async with app.run_test(size=(80, 24)) as pilot:
        record = await at_the_second_card(pilot, app)
        await pilot.press("ctrl+c")
        assert isinstance(app.screen, QuitScreen) and "Quit bere-tui?" in screen_text(app)
        await pilot.press("n")  # keep playing: the prompt is back, nothing changed
        assert isinstance(app.screen, SelectPrompt) and app.game.record() == record
        await pilot.press("ctrl+c", "ctrl+c")
        await pilot.pause()
    assert app.return_code == 0
    assert load_file(autosave_path()).record() == record


async def test_ctrl_q_asks_as_q_does_and_a_second_ctrl_q_quits_with_the_game_kept():
    """Issue 33: Ctrl+Q quit at once, without the question q asks (Textual's own binding): over SSH a slip of
    the finger ended the session."""
    app = table_app("base", players=("Ann",), bots=("random",), seed=3)
    async with app.run_test(size=(80, 24)) as pilot:
        record = await at_the_second_card(pilot, app)
        await pilot.press("ctrl+q")
        assert isinstance(app.screen, QuitScreen) and app.is_running
        await pilot.press("escape")
        assert isinstance(app.screen, SelectPrompt) and app.game.record() == record
        await pilot.press("ctrl+q", "ctrl+q")
        await pilot.pause()
    assert app.return_code == 0
    assert load_file(autosave_path()).record() == record


async def test_ctrl_c_in_a_text_field_with_text_selected_copies_it_and_asks_nothing():
    app = table_app("base", players=("Ann",), bots=("random",), seed=5)
    async with app.run_test(size=(80, 24)) as pilot:
        await press_until(pilot, lambda: isinstance(app.screen, SelectPrompt))
        await pilot.press("ctrl+s")
        field = app.screen.query_one("#save-path")
        copied = []
        app.copy_to_clipboard = copied.append
        await pilot.press("ctrl+shift+a", "ctrl+c")  # select all, copy
        assert isinstance(app.screen, SaveScreen) and copied == [field.value]
        await pilot.press("end", "ctrl+c")  # nothing selected: Ctrl+C asks, as q would outside the field
        assert isinstance(app.screen, QuitScreen)


async def test_ctrl_c_in_a_window_too_small_for_the_question_quits_with_the_game_kept():
    app = table_app("base", players=("Ann",), bots=("random",), seed=3)
    async with app.run_test(size=(80, 24)) as pilot:
        record = await at_the_second_card(pilot, app)
        await pilot.resize_terminal(60, 20)
        await pilot.pause()
        assert isinstance(app.screen, TooSmallScreen)
        await pilot.press("ctrl+c")
        await pilot.pause()
    assert app.return_code == 0
    assert load_file(autosave_path()).record() == record


# ---------------------------------------------------------------------- signals, with a real process


def read_screen(fd: int, until: bytes, timeout: float) -> bytes:
    out = b""
    end = time.monotonic() + timeout
    while until not in out and time.monotonic() < end:
        ready, _w, _x = select.select([fd], [], [], 0.1)
        if ready:
            try:
                out += os.read(fd, 65536)
            except OSError:
                break
    return out


@pytest.mark.parametrize("signum", [signal.SIGHUP, signal.SIGTERM], ids=["SIGHUP", "SIGTERM"])
def test_a_signal_saves_the_game_and_stops_the_app_cleanly(tmp_path, signum):
    env = {**os.environ, "TERM": "xterm-256color", "COLUMNS": "80", "LINES": "24",
           "BERE_DATA_DIR": str(tmp_path / "data"), "BERE_CONFIG": str(tmp_path / "settings.json")}
    env.pop("NO_COLOR", None)
    master, slave = pty.openpty()
    proc = subprocess.Popen([sys.executable, "-m", "bere_tui", "play", "--players", "Ann", "--bots", "random",
                             "--seed", "1"], stdin=slave, stdout=slave, stderr=slave, env=env, close_fds=True,
                            start_new_session=True)
    os.close(slave)
    try:
        shown = read_screen(master, b"choose", timeout=30)
        assert b"choose" in shown, shown[-500:]
        saved = Path(env["BERE_DATA_DIR"]) / "autosave.json"
        assert not saved.exists()  # no decision yet: only the signal can write it
        proc.send_signal(signum)
        rest = read_screen(master, b"\x1b[?1049l", timeout=10)  # the app leaves the alternate screen
        assert proc.wait(timeout=10) == 128 + signum
        assert b"\x1b[?1049l" in rest and b"Traceback" not in rest
        record = json.loads(saved.read_text(encoding="utf-8"))
        assert [p["name"] for p in record["players"]] == ["Ann", "Ben"] and record["seed"] == 1
        assert record["actions"] == []
    finally:
        if proc.poll() is None:
            proc.kill()
            proc.wait()
        os.close(master)
