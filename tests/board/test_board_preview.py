"""Issue 35, items 10 and 11, on the board game by keys at 80x24: each tile's line says what it would score at
once, from the engine's rules.points (BG4, BG-D4, BG-D5), in view at 80 columns; a row whose next tile lands
on its final space is marked `END!` on the board (BG-D4)."""

from __future__ import annotations

from board_table import board, game
from test_board_ui import board_app, screen_text, wait_for

from bere_tui.ui.board.prompts import BoardPrompt


def at_limit_game():
    """Row 1 holds 5 of its 6 spaces (the next tile finishes it, BG-D4); Ann's 15 goes there (BG3), 45 to row
    4, which has room. Bullheads: t % 5 + 1 (board_table)."""
    g = game(board(hand=3), [10, 20, 30, 40], [[15, 45, 50], [51, 52, 53]],
             names=[{"name": "Ann"}, {"name": "Ben", "bot": "random"}])
    g.rows[0] = [1, 2, 3, 4, 10]
    return g


async def test_a_tiles_line_says_what_it_scores_and_a_row_at_its_limit_is_marked():
    app = board_app(at_limit_game())
    async with app.run_test(size=(80, 24)) as pilot:
        await wait_for(pilot, lambda: isinstance(app.screen, BoardPrompt))
        lines = screen_text(app).splitlines()
        row1 = next(line for line in lines if line.startswith(" * 1 1•"))
        assert "END!" in row1  # BG-D4: the next tile here finishes the row
        row4 = next(line for line in lines if line.startswith(" * 4 40"))
        assert "END!" not in row4
        tile15 = next(line for line in lines if line.lstrip(" >").startswith("15"))
        # the final space loses the other tiles' bullheads: 2 + 3 + 4 + 5 + 1 (BG-D4)
        assert "row 1, space 6: -15 points, the final space" in tile15, tile15
        tile45 = next(line for line in lines if line.lstrip(" >").startswith("45"))
        assert "row 4, space 2: a plain space" in tile45 and "points" not in tile45
        await pilot.press("down")
        assert app.screen.query_one("#bg-choices").highlighted == 1
