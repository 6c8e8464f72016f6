"""Even/Odd at the table (E2, E4): the log says where the EVEN/ODD card lies and why, in words (no colour
needed); the setup screen offers the variant and the rules viewer explains it."""

from __future__ import annotations

import re

from test_setup_screen import setup_app
from uitools import Start, asking, press_until, screen_text, table_app, wait_for

from bere_tui.engine.nimmt import Game
from bere_tui.engine.nimmt import events as ev
from bere_tui.table.narrate import narrate
from bere_tui.ui.app import BereApp
from bere_tui.ui.prompts.take_row import TakeRowPrompt
from bere_tui.ui.rules_screen import load_sections
from bere_tui.ui.screens.setup import SetupScreen
from bere_tui.ui.screens.table import TableScreen
from bere_tui.ui.session import Session

DEAL = re.compile(r"EVEN/ODD card beside row (\d), whose first card (\d+) is the lowest: (EVEN|ODD)")
MOVE = re.compile(r"EVEN/ODD card moves to row (\d) \(lowest last card (\d+)\): (EVEN|ODD)")


def test_the_log_lines_say_why():
    names = ["Ann", "Ben"]
    assert narrate(ev.ParityMoved(1, "odd", 7), names).plain == \
        "EVEN/ODD card beside row 2, whose first card 7 is the lowest: ODD"
    assert narrate(ev.ParityMoved(2, "even", 24, True), names).plain == \
        "EVEN/ODD card moves to row 3 (lowest last card 24): EVEN"


async def test_an_even_odd_game_logs_the_card_at_the_deal_and_after_each_take():
    app = table_app("even-odd", players=("Ann",), bots=("random", "random"), seed=5, options={"rounds": 1})
    async with app.run_test(size=(80, 24)) as pilot:
        game = app.game
        await wait_for(pilot, lambda: any(isinstance(s, TableScreen) for s in app.screen_stack))
        table = next(s for s in app.screen_stack if isinstance(s, TableScreen))
        log = table.query_one("GameLog")
        first = next(e for e in game.opening_events if isinstance(e, ev.ParityMoved))
        deal = [DEAL.search(line.plain) for line in log.lines]
        deal = [m.groups() for m in deal if m]
        assert deal == [(str(first.row + 1), str(game.rows[first.row].cards[0]), "EVEN" if first.parity == "even"
                         else "ODD")]
        for _ in range(300):  # Ann presses Enter on every screen until a take has moved the card
            if any(MOVE.search(line.plain) for line in log.lines):
                break
            await wait_for(pilot, lambda: asking(app))
            await pilot.press("enter")
        moves = [MOVE.search(line.plain).groups() for line in log.lines if MOVE.search(line.plain)]
        assert moves
        _row, card, parity = moves[0]
        assert parity == ("ODD" if int(card) % 2 else "EVEN")


async def test_setup_offers_even_odd_and_the_rules_explain_it(tmp_path):
    app = setup_app(tmp_path / "settings.json")
    async with app.run_test(size=(80, 24)) as pilot:
        assert isinstance(app.screen, SetupScreen)
        await pilot.press("right", "right", "right")  # the variant (focused): Pro, Anniversary, Even/Odd
        await pilot.pause()
        await pilot.press("enter")
        await wait_for(pilot, lambda: isinstance(app.screen_stack[-1], TableScreen) or asking(app))
        assert app.game.variant == "even-odd"
    text = " ".join(" ".join(s.body.split()) for s in load_sections("even-odd"))
    assert "EVEN side up if that card is even" in text and "moves to one of the other rows" in text  # E2, E4


async def test_a_card_refused_by_the_marked_row_is_told_as_lower_than_every_row_that_may_take_it():
    # E3: the 10 is even; row 1 (7, ODD) refuses it and the other rows end higher, so B6 asks for a row
    deal = {"rows": [7, 20, 40, 60], "hands": [list(range(10, 20)), list(range(80, 90))]}
    game = Game("even-odd", [{"name": "Ann"}, {"name": "Ben", "bot": "random"}], seed=1, deals=[deal])
    app = BereApp(Start("game", session=Session(game)), speed="off", remember=False)
    async with app.run_test(size=(80, 24)) as pilot:
        await press_until(pilot, lambda: isinstance(app.screen, TakeRowPrompt))
        text = screen_text(app)
        assert "lower than every row that may take it" in text
        assert app.screen.choices == [0, 1, 2, 3]  # E3: any row may be chosen
