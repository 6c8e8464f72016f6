"""The board game uses the room there is (issue 35.7): the tile list shows as many tiles as fit between the
scores and the prompt (every tile of a hand of 12 at 120x40, where it showed 6 with 14 free lines); a lesson's
prompt leaves every row and the scores in view (it hid rows 8-10 and the scores); a notice at the start of a
game covers neither the prompt nor the hand."""

from __future__ import annotations

import re

import pytest
from test_board_ui import board_app, board_game, screen_text, shown_tiles, wait_for

from bere_tui.cli import build_parser
from bere_tui.storage import autosave
from bere_tui.ui.app import BereApp, Start, start_from_args
from bere_tui.ui.board.prompts import BoardPrompt
from bere_tui.ui.screens.dialogs import ReplaceGameScreen
from bere_tui.ui.screens.lesson import LessonScreen
from bere_tui.ui.teach_prompt import guide_of


def flat(app) -> str:
    return " ".join(screen_text(app).split())


def tile_lines(text: str) -> list[str]:
    """The lines of the prompt's list of tiles: `> 12•      row 4, space 3: a plain space`."""
    return [line for line in prompt_lines(text) if re.match(r" [> ] \d+•+ +row \d+, space \d+", line)]


def prompt_lines(text: str) -> list[str]:
    """The prompt's lines: under its rule (the first line drawn with ━), the key bar left out."""
    lines = text.splitlines()
    rule = max(i for i, line in enumerate(lines) if line.startswith("━━━"))
    return lines[rule + 1:-1]


@pytest.mark.parametrize(("size", "tiles"), [((80, 24), 5), ((120, 40), 12)])
async def test_the_tile_list_shows_as_many_tiles_as_fit(size, tiles):
    game = board_game(("Ann",), 1, seed=5)
    app = board_app(game)
    async with app.run_test(size=size) as pilot:
        await wait_for(pilot, lambda: isinstance(app.screen, BoardPrompt))
        hand = game.view(0).hand
        assert len(hand) == 12
        text = screen_text(app)
        shown = shown_tiles("\n".join(tile_lines(text)), hand, game.board.heads)
        assert len(shown) == tiles, text
        assert "SCORES" in text  # the board and the scores stay in view above the prompt
        lines = text.splitlines()
        scores = next(i for i, line in enumerate(lines) if "SCORES" in line)
        rule = max(i for i, line in enumerate(lines) if line.startswith("━━━"))
        between = "\n".join(lines[scores + 1:rule])  # (the status line may stand there too, once it is drawn)
        assert "4 start tiles" in between or "Hand 1" in between, text  # the log's last lines too


async def test_a_lessons_prompt_leaves_every_row_and_the_scores_in_view():
    """Lesson 33 at 80x24: at each of the learner's tiles (one, then two on a play-two space), rows 1-10 and
    the scores show above the prompt."""
    app = BereApp(Start("teach", lesson="bg_take_two"), speed="off", remember=False)
    prompts = 0
    async with app.run_test(size=(80, 24)) as pilot:
        for _step in range(60):
            await pilot.pause()
            screen = app.screen
            if guide_of(screen):
                await wait_for(pilot, lambda screen=screen: screen.query_one("#bg-choices").region.height > 0)
                lines = screen_text(app).splitlines()
                for n in range(1, 11):
                    assert any(re.match(rf" [* ] *{n} ", line) for line in lines), (n, "\n".join(lines))
                assert any(line.lstrip().startswith("SCORES") for line in lines), "\n".join(lines)
                prompts += 1
                if prompts == 3:
                    break
                await pilot.press("enter")
            elif isinstance(screen, LessonScreen) and screen.waiting:
                await pilot.press("enter")
    assert prompts == 3  # the first tile, then the two tiles of the play-two space


async def test_a_notice_at_the_start_of_a_game_covers_neither_the_prompt_nor_the_hand():
    autosave(board_game(("Ann",), 1, seed=9))
    start = start_from_args(build_parser().parse_args(["play", "--variant", "board", "--players", "Ann", "--bots",
                                                       "random", "--seed", "4"]))
    app = BereApp(start, speed="off", remember=False)
    async with app.run_test(size=(80, 24), notifications=True) as pilot:
        await wait_for(pilot, lambda: isinstance(app.screen, ReplaceGameScreen))
        await pilot.press("enter")  # keep the unfinished game: a notice says where
        await wait_for(pilot, lambda: isinstance(app.screen, BoardPrompt) and "kept as" in flat(app))
        game = app.game
        text = screen_text(app)
        lines = prompt_lines(text)
        assert lines[0].rstrip().endswith("choose a tile in secret"), text
        hand = game.view(0).hand
        shown = shown_tiles("\n".join(tile_lines(text)), hand, game.board.heads)
        assert len(shown) == 5, text
        for line in tile_lines(text):  # each tile's whole line: where it goes and what the space does
            assert "▌" not in line and re.search(r"row \d, space \d.*: [a-z]", line), text
