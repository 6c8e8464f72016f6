"""The remote seat's screen for every game that can be seated at a shared table (issue 32 item 3, issue 33 item 1),
by key presses at 80x24 against the real hub on a Unix socket: the one table screen hosts the game's own face (the
face the table at one keyboard hosts, not a copy of its drawing), its prompts take the seat's answers, the game
is played to its end and the results show. The seat's terminal closes partway and joins again: the log shows the
game so far (it was empty after a reconnect).
"""

from __future__ import annotations

import re
import sys
from pathlib import Path

import pytest
from rich.cells import cell_len

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "serve"))  # (the hub tests' helpers)
from hubtools import CODE, Clock, served, table_of, wait_for

from bere_tui.serve.hub import TableHub
from bere_tui.serve.tables import TableSettings
from bere_tui.systems import GAMES, SYSTEMS, make_game, system_of
from bere_tui.ui.app import BereApp
from bere_tui.ui.remote import RemoteTableScreen, join_table
from bere_tui.ui.screens.scores import ResultsScreen
from bere_tui.ui.widgets.log import GameLog

SHORT = {"base": {"rounds": 1}, "pro": {"rounds": 1}, "even-odd": {"rounds": 1}}
#: every variant of a system that says it can be seated at a shared table
SEATED = [v for v in GAMES if system_of(v).shared_tables]


def log_lines(table: RemoteTableScreen) -> list[str]:
    return [line.plain for line in table.query_one(GameLog).lines]


def test_every_shipped_game_can_be_seated_at_a_shared_table():
    assert {system_of(v).name for v in SEATED} == {"nimmt", "bullenparty", "board"} <= set(SYSTEMS)


async def play(app, pilot, hub: TableHub, presses: int) -> bool:
    """Enter at every prompt (its first choice) until the results show; True if they did."""
    for _ in range(presses):
        if isinstance(app.screen, ResultsScreen):
            return True
        await pilot.press("enter")
        await pilot.pause(0.01)
    return isinstance(app.screen, ResultsScreen)


@pytest.mark.parametrize("variant", SEATED)
async def test_a_remote_seat_plays_the_game_through_its_face_and_comes_back_to_the_log(variant, tmp_path, monkeypatch):
    monkeypatch.setenv("BERE_TABLES", ".")
    monkeypatch.setenv("BERE_PLAYER", "ann-key")
    players = [{"name": "Ann"}, {"name": "Ben", "bot": "random"}, {"name": "Cid", "bot": "random"}]
    game = make_game(variant, players, seed=6, options=SHORT.get(variant))
    hub = TableHub(game, CODE, tmp_path, clock=Clock())
    face = system_of(variant).part("face")
    async with served(hub, tmp_path, monkeypatch, linger=60.0):
        app = BereApp(remember=False)
        async with app.run_test(size=(80, 24)) as pilot:
            assert await join_table(app, CODE)
            table = table_of(app)
            assert type(table.face) is face  # the game's own face
            await wait_for(pilot, lambda: app.screen is not table)  # its first prompt
            assert await play(app, pilot, hub, 12) is False
            before = log_lines(table)
            assert before
        assert not hub.game.finished
        app = BereApp(remember=False)  # the same key joins again: the same seat, the log so far
        async with app.run_test(size=(80, 24)) as pilot:
            assert await join_table(app, CODE)
            table = table_of(app)
            await pilot.pause()
            assert table.session.seat == 0
            assert log_lines(table)[:len(before)] == before
            assert await play(app, pilot, hub, 3000)
            assert hub.game.finished and app.screen.outcome == hub.game.outcome()


#: the longest header of each game: the board's red side with luck cards
LONGEST = {**SHORT, "board": {"side": "red", "luck": True}}


@pytest.mark.parametrize("variant", SEATED)
async def test_every_games_header_shows_the_decisions_countdown_and_the_tables_code(variant, tmp_path, monkeypatch):
    """Issue 33 item 3: the countdown is shown in every game's header (it was in 6 nimmt!'s alone), with the
    table's code, and the header still fits 80 columns: the parts that name the game give way first."""
    monkeypatch.setenv("BERE_TABLES", ".")
    monkeypatch.setenv("BERE_PLAYER", "ann-key")
    players = [{"name": "Ann"}, {"name": "Ben", "bot": "random"}, {"name": "Cid", "bot": "random"}]
    game = make_game(variant, players, seed=6, options=LONGEST.get(variant))
    hub = TableHub(game, CODE, tmp_path, TableSettings(clock=120), clock=Clock())
    async with served(hub, tmp_path, monkeypatch):
        app = BereApp(remember=False)
        async with app.run_test(size=(80, 24)) as pilot:
            assert await join_table(app, CODE)
            table = table_of(app)
            await wait_for(pilot, lambda: app.screen is not table)  # its first prompt: the clock runs
            header = table.header_text().plain
            assert re.search(r"time [12]:\d\d", header), header
            assert f"table {CODE}" in header, header
            assert cell_len(header.rstrip()) <= 80, header
