"""A board file that narrows `players` (docs/board.md; issue 36 item 3): `bere play` with more seats than the
board seats is one `error:` line, and the setup screen offers only the board's player counts, says why when a
count is out of its range, and starts a game the board can seat (it crashed with a SetupError before)."""

from __future__ import annotations

import time

from bere_cli import real_bere
from board_rec_helpers import assert_one_error, small_board, write_board

from bere_tui.ui.app import BereApp, Start
from bere_tui.ui.screens.setup import SetupScreen
from bere_tui.ui.screens.table import TableScreen
from bere_tui.ui.seating import Seat, TableSetup


def screen_text(app) -> str:
    return " ".join("\n".join(strip.text for strip in app.screen._compositor.render_strips()).split())


async def wait_for(pilot, done, timeout: float = 20.0) -> None:
    end = time.monotonic() + timeout
    while not done():
        assert time.monotonic() < end, "timed out waiting for the app"
        await pilot.pause(0.02)
    await pilot.pause()


def test_play_with_more_seats_than_the_board_seats_is_one_line(tmp_path):
    board = write_board(tmp_path, small_board())  # 2 to 3 players
    done = real_bere("play", "--variant", "board", "--board", str(board), "--players", "Ann,Ben", "--bots",
                     "random,random")
    assert_one_error(done, str(board), "2 to 3 players, not 4")


def test_the_setup_of_a_narrow_board_knows_its_player_counts(tmp_path):
    board = str(write_board(tmp_path, small_board()))
    setup = TableSetup("board", [Seat(n) for n in ("Ann", "Ben", "Cid", "Dot")], board=board)
    assert setup.limits() == (2, 3)
    assert any("2 to 3 players, not 4" in p and board in p for p in setup.problems())
    assert TableSetup("board", board=board).problems() == []
    broken = str(write_board(tmp_path, "{", name="broken.json"))
    assert any(p.startswith(f"board file '{broken}'") for p in TableSetup("board", board=broken).problems())


async def test_the_setup_offers_only_the_board_s_player_counts_and_says_why(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)  # a short name: the message on screen does not depend on the path's length
    write_board(tmp_path, small_board())  # 2 to 3 players
    board = "./board.json"
    seats = [Seat("Ann"), Seat("Ben", "random"), Seat("Cid", "random"), Seat("Dot", "random")]
    app = BereApp(Start("setup", setup=TableSetup("board", seats, board=board)), remember=False)
    async with app.run_test(size=(80, 24)) as pilot:
        await wait_for(pilot, lambda: isinstance(app.screen, SetupScreen))
        screen = app.screen
        assert len(screen.setup.seats) == 3
        text = screen_text(app)
        assert "2 to 3 players" in text and f"the board '{board}' seats at most 3 players" in text
        assert screen.query_one("#seat-count").values == [2, 3]
        await pilot.press("plus")
        assert len(screen.setup.seats) == 3 and "seats at most 3 players" in screen_text(app)
        await pilot.press("minus", "minus")
        assert len(screen.setup.seats) == 2 and "seats at least 2 players" in screen_text(app)
        await pilot.press("plus", "enter")
        await wait_for(pilot, lambda: any(isinstance(s, TableScreen) for s in app.screen_stack))
        assert app.game.n == 3 and app.game.board.max_players == 3
