"""Issue 35, point 12: `g` opens the whole log during play, in every game and in lessons, over the table or over
the prompt that waits; Esc comes back to exactly where the player was (the prompt, its highlight), also when
the keys come typed ahead; a hand-off has no such key (nothing to peek at), and at a hot-seat table the whole
log is the table's public log, nothing more. All at 80x24, by keys."""

from __future__ import annotations

import pytest
from textual.widgets import OptionList
from uitools import screen_text, type_ahead, wait_for

from bere_tui.systems import make_game
from bere_tui.ui.app import BereApp, Start
from bere_tui.ui.prompts.base import PromptScreen
from bere_tui.ui.screens.handoff import HandoffScreen
from bere_tui.ui.screens.table import TableScreen
from bere_tui.ui.screens.whole_log import WholeLogScreen
from bere_tui.ui.session import Session
from bere_tui.ui.widgets.log import GameLog
from bere_tui.ui.widgets.picker import CardPicker

GAMES = [("base", {"rounds": 1}), ("pro", {"rounds": 1}), ("anniversary", None), ("even-odd", {"rounds": 1}),
         ("bullenparty", None), ("board", {"side": "blue"})]


def app_for(variant: str, options, people=("Ann",), bots=("heuristic", "heuristic"), seed: int = 3) -> BereApp:
    seats = [{"name": n} for n in people] + [{"name": n, "bot": b} for n, b in zip(("Cid", "Dot"), bots)]
    game = make_game(variant, seats, seed=seed, options=options)
    return BereApp(Start("game", session=Session(game)), speed="off", remember=False)


def prompt_on_top(app) -> bool:
    from bere_tui.ui.board.prompts import BoardPrompt

    return isinstance(app.screen, (PromptScreen, BoardPrompt))


def highlight(screen) -> tuple:
    """What Enter would choose now: each card picker's cursor, each list's highlighted line."""
    return (tuple(p.cursor for p in screen.query(CardPicker)), tuple(o.highlighted for o in screen.query(OptionList)))


def table_log(app) -> list[str]:
    table = next(s for s in app.screen_stack if isinstance(s, TableScreen))
    return [line.plain for line in table.query_one(GameLog).lines]


@pytest.mark.parametrize(("variant", "options"), GAMES, ids=[g for g, _o in GAMES])
async def test_g_opens_the_whole_log_over_the_prompt_and_esc_comes_back_to_it_as_it_was(variant, options):
    app = app_for(variant, options)
    async with app.run_test(size=(80, 24)) as pilot:
        await wait_for(pilot, lambda: prompt_on_top(app))
        prompt = app.screen
        assert " g log" in screen_text(app).splitlines()[-1]  # the key bar names it
        await pilot.press("down", "right")  # the highlight moves off its default
        before = highlight(prompt)
        await pilot.press("g")
        await wait_for(pilot, lambda: isinstance(app.screen, WholeLogScreen))
        log = app.screen
        assert log.text().splitlines() == table_log(app)  # the table's log, from its first line
        assert log.text() and log.text().splitlines()[-1] in screen_text(app)  # opened on the newest line
        await pilot.press("escape")
        await wait_for(pilot, lambda: not isinstance(app.screen, WholeLogScreen))
        assert app.screen is prompt and highlight(prompt) == before


@pytest.mark.parametrize(("variant", "options"), GAMES, ids=[g for g, _o in GAMES])
async def test_g_at_the_table_between_prompts_opens_the_log_too(variant, options):
    """Only bots: the table alone is on top, its key bar names `g`."""
    app = app_for(variant, options, people=(), bots=("heuristic", "heuristic"))
    app.speed = "slow"  # (the table stays on top while it shows the bots' moves)
    async with app.run_test(size=(80, 24)) as pilot:
        await wait_for(pilot, lambda: isinstance(app.screen, TableScreen) and table_log(app))
        assert " g log" in screen_text(app).splitlines()[-1]
        await pilot.press("g")
        await wait_for(pilot, lambda: isinstance(app.screen, WholeLogScreen))
        assert app.screen.text().splitlines() == table_log(app)
        await pilot.press("escape")
        await wait_for(pilot, lambda: not isinstance(app.screen, WholeLogScreen))
        assert isinstance(app.screen, TableScreen)


async def test_keys_typed_ahead_through_the_log_reach_the_prompt():
    """Right, g, Esc, Right, Enter all at once: the log opens and closes, and the third card is played."""
    app = app_for("base", {"rounds": 1})
    async with app.run_test(size=(80, 24)) as pilot:
        await wait_for(pilot, lambda: prompt_on_top(app))
        hand = list(app.game.view(0).hand)
        await type_ahead(pilot, "right", "g", "escape", "right", "enter")
        await wait_for(pilot, lambda: app.game.turn > 1 or app.game.view(None).revealed)
        assert hand[2] not in app.game.view(0).hand  # the card two to the right of the first was chosen
        assert not isinstance(app.screen, WholeLogScreen)


@pytest.mark.parametrize(("variant", "options"), [("base", {"rounds": 1}), ("bullenparty", None),
                                                  ("board", {"side": "blue"})], ids=["base", "bullenparty", "board"])
async def test_no_log_opens_over_a_hand_off_and_the_hot_seat_log_is_the_public_one(variant, options):
    app = app_for(variant, options, people=("Ann", "Ben"), bots=("heuristic",))
    async with app.run_test(size=(80, 24)) as pilot:
        await wait_for(pilot, lambda: isinstance(app.screen, HandoffScreen))
        await pilot.press("g")
        await pilot.pause()
        assert isinstance(app.screen, HandoffScreen) and not any(isinstance(s, WholeLogScreen)
                                                                 for s in app.screen_stack)
        assert " g " not in screen_text(app).splitlines()[-1]
        for _ in range(3):  # Ann's decision, then Ben's hand-off again
            await wait_for(pilot, lambda: isinstance(app.screen, HandoffScreen) or prompt_on_top(app))
            await pilot.press("enter")
        await wait_for(pilot, lambda: isinstance(app.screen, HandoffScreen) or prompt_on_top(app))
        if isinstance(app.screen, HandoffScreen):
            await pilot.press("g")
            await pilot.pause()
            assert isinstance(app.screen, HandoffScreen)
            await pilot.press("enter")
            await wait_for(pilot, lambda: prompt_on_top(app))
        await pilot.press("g")
        await wait_for(pilot, lambda: isinstance(app.screen, WholeLogScreen))
        # what the table's log showed to everybody, nothing more (the log tells public events only)
        assert app.screen.text().splitlines() == table_log(app)
        await pilot.press("escape")
        await wait_for(pilot, lambda: prompt_on_top(app))


async def test_g_opens_the_whole_log_in_a_lesson_and_over_its_prompt():
    from bere_tui.ui.screens.lesson import LessonScreen

    app = BereApp(Start("teach", lesson="rows"), speed="off", remember=False)
    async with app.run_test(size=(80, 24)) as pilot:
        await wait_for(pilot, lambda: isinstance(app.screen, LessonScreen))
        assert " g log" in screen_text(app).splitlines()[-1]
        await pilot.press("g")
        await wait_for(pilot, lambda: isinstance(app.screen, WholeLogScreen))
        await pilot.press("escape")
        await wait_for(pilot, lambda: isinstance(app.screen, LessonScreen))
        for _ in range(60):  # on to the lesson's first question
            if prompt_on_top(app):
                break
            await pilot.press("enter")
            await pilot.pause()
        assert prompt_on_top(app)
        prompt = app.screen
        before = highlight(prompt)
        await pilot.press("g")
        await wait_for(pilot, lambda: isinstance(app.screen, WholeLogScreen))
        await pilot.press("escape")
        await wait_for(pilot, lambda: app.screen is prompt)
        assert highlight(prompt) == before
