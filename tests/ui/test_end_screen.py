"""The one end-of-game screen of every game (issue 32), by key presses at 80x24: who wins first, why the game
ended, each player's score broken into its parts as the engine's outcome says (6 nimmt!: bullheads by round, B8;
Bullenparty: the plus pile, the Bull cards, the minus piles, BP10; the board game: points by kind, BG4, BG6,
BG-D4, BG-D5, and on the red side the tiles left in hand, BG7), ten players fitting; and its choices: a new game
with the same seats, the replay, the title screen, quit. Snapshots of it for each game."""

from __future__ import annotations

import random

import pytest
from uitools import screen_text, wait_for

from bere_tui.systems import make_game
from bere_tui.table.outcome import words_of
from bere_tui.ui.app import BereApp, Start
from bere_tui.ui.screens.scores import ResultsScreen
from bere_tui.ui.screens.title import TitleScreen
from bere_tui.ui.session import Session

NAMES = ["Ann", "Ben", "Cid", "Dot", "Eve", "Fay", "Gus", "Hal", "Ivy", "Jon"]

#: a game of each system (and each board side), with its options and number of players
CASES = {
    "base-10": ("base", {"rounds": 2}, 10),
    "anniversary": ("anniversary", {}, 4),
    "bullenparty": ("bullenparty", None, 4),
    "board-blue": ("board", {"side": "blue"}, 3),
    "board-red": ("board", {"side": "red", "luck": True}, 4),
}


def random_moves(game, rng: random.Random, moves: int | None = None) -> int:
    """Random legal actions (all of them until the game ends, or `moves`); how many were made."""
    made = 0
    while not game.finished and (moves is None or made < moves):
        game.apply(rng.choice(game.legal(game.deciders()[0])))
        made += 1
    return made


def near_the_end(case: str, seed: int = 3) -> BereApp:
    """Ann and bots at the table of a game played on by random moves until a few decisions are left."""
    variant, options, n = CASES[case]
    seats = [{"name": NAMES[0]}] + [{"name": name, "bot": "random"} for name in NAMES[1:n]]
    game = make_game(variant, seats, seed=seed, options=options)
    left = random_moves(game.copy(), random.Random(seed))
    random_moves(game, random.Random(seed), max(0, left - 8))
    return BereApp(Start("game", session=Session(game)), speed="off", remember=False)


async def to_the_results(pilot) -> None:
    app = pilot.app
    for _ in range(400):
        await wait_for(pilot, lambda: not type(app.screen).__name__.endswith("TableScreen"))
        if isinstance(app.screen, ResultsScreen):
            return
        await pilot.press("enter")
    raise AssertionError("the game did not end")


def words_of_line(line: str) -> list[str]:
    """A line's words inside the dialog's border."""
    return line.replace("│", " ").replace("|", " ").split()


def shown_rows(text: str, names) -> dict[str, list[str]]:
    """Each player's row of the results table (its words), in the order the table lists them."""
    rows: dict[str, list[str]] = {}
    lines = text.splitlines()
    header = next(i for i, line in enumerate(lines) if words_of_line(line)[:1] == ["player"])
    for line in lines[header + 1:]:
        words = words_of_line(line)
        if words and words[0] in names and words[0] not in rows:
            rows[words[0]] = words
    return rows


@pytest.mark.parametrize("case", list(CASES))
async def test_the_end_screen_shows_each_score_in_its_parts_winners_first_and_the_replay_comes_back(case):
    app = near_the_end(case)
    async with app.run_test(size=(80, 24)) as pilot:
        await to_the_results(pilot)
        game = app.game
        outcome = game.outcome()
        names = [p["name"] for p in game.players]
        text = screen_text(app)
        words = words_of(game.variant)
        # who wins and how, as the engine says
        if len(outcome.winners) == 1:
            assert f"{names[outcome.winners[0]]} wins!" in text
        else:
            assert "share the win" in text
        assert ("the highest score wins" if outcome.highest_wins else "the lowest total wins") in text
        ended = words.end_line(outcome, names)
        assert ended and ended.split(":")[0].split(".")[0] in text
        # every player, the winners first, then the best total first
        rows = shown_rows(text, names)
        assert list(rows) == [names[p] for p in outcome.ranking()]
        for p in outcome.ranking():
            row = rows[names[p]]
            assert row[-1] == str(outcome.totals[p])
            shown = [int(w) for w in row[1:-1] if w.lstrip("-").isdigit()]
            counted = [part.points for part in outcome.scores[p].parts if part.counted]
            assert sum(shown) == sum(counted) == outcome.totals[p]  # the parts shown add up to the total
        # the part names head their columns (those somebody scored in)
        for kind, n in outcome.kinds():
            if n is not None or any(part.points for s in outcome.scores for part in s.parts
                                    if (part.kind, part.n) == (kind, n)):
                assert words.part_label(kind, n, len(outcome.kinds()) > 4).split()[0] in text
        assert "New game with the same seats" in text and "Watch the replay" in text and "Quit" in text
        # the replay of the game just played, and back
        await pilot.press("down", "enter")
        await wait_for(pilot, lambda: type(app.screen).__name__.endswith("ReplayScreen"))
        await pilot.press("escape")
        await wait_for(pilot, lambda: isinstance(app.screen, ResultsScreen))
        assert app.game is game
        # Enter: a new game of the same game with the same seats
        await pilot.press("up", "enter")
        await wait_for(pilot, lambda: app.game is not game)
        assert app.game.variant == game.variant and [p["name"] for p in app.game.players] == names
        assert not app.game.finished


@pytest.mark.parametrize(("case", "keys"), [("bullenparty", ("down", "down", "enter")),
                                            ("board-red", ("end", "up", "enter"))])
async def test_the_title_screen_from_the_end_screen(case, keys):
    app = near_the_end(case)
    async with app.run_test(size=(80, 24)) as pilot:
        await to_the_results(pilot)
        await pilot.press(*keys)
        await wait_for(pilot, lambda: isinstance(app.screen, TitleScreen))


async def test_quit_from_the_end_screen_and_pgdn_scrolls_the_scores_not_the_choices():
    from bere_tui.ui.widgets.choices import ChoiceList

    app = near_the_end("board-blue")
    async with app.run_test(size=(80, 24)) as pilot:
        await to_the_results(pilot)
        choices = app.screen.query_one(ChoiceList)
        await pilot.press("pagedown", "pageup")
        assert choices.highlighted == 0
        await pilot.press("end", "enter")
        await wait_for(pilot, lambda: app.return_code == 0)


@pytest.mark.parametrize("case", ["base-10", "bullenparty", "board-red"])
def test_snapshot_of_the_end_screen(snap_compare, case):
    assert snap_compare(near_the_end(case), terminal_size=(80, 24), run_before=to_the_results)
