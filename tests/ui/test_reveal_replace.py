"""The reveal strip after Replace (issue 35.5, A-REP-1): it stays lowest first and shows the card replaced,
struck through, with the card placed instead beside it (it had put the replacement in the replaced card's
place, out of order, and the replaced card was gone)."""

from __future__ import annotations

import re

from uitools import screen_text, wait_for

from bere_tui.engine.nimmt.game import Game
from bere_tui.engine.nimmt.specials import full_special_deck
from bere_tui.ui.app import BereApp, Start
from bere_tui.ui.prompts.select import SelectPrompt
from bere_tui.ui.prompts.special import SpecialPrompt
from bere_tui.ui.session import Session

HANDS = [[3, 8, 15, 22, 37, 50, 51, 52, 53, 54, 56, 70],
         [60, 61, 62, 63, 64, 65, 66, 68, 69, 71, 72, 73],
         [80, 81, 82, 83, 84, 85, 86, 87, 88, 89, 91, 92]]


class FirstChoiceBot:
    def choose(self, view, legal: list[dict]) -> dict:
        return legal[0]


def replace_game() -> Game:
    """Ann holds Replace; her 37 is revealed with Ben's 60 and Cid's 80; she will place her 70 instead, higher than Ben's 60."""
    specials = [["replace", "shift", "stop"], ["insert", "insert", "stop"], ["seven_nimmt", "fifth_row", "shift"]]
    pile = full_special_deck()
    for hand in specials:
        for card in hand:
            pile.remove(card)
    deal = {"rows": [10, 20, 30, 40], "hands": HANDS, "specials": specials, "special_pile": pile}
    seats = [{"name": "Ann"}, {"name": "Ben", "bot": "random"}, {"name": "Cid", "bot": "random"}]
    return Game("anniversary", seats, seed=3, deals=[deal])


async def test_after_replace_the_reveal_is_lowest_first_and_shows_the_replaced_card():
    session = Session(replace_game())
    session.bots[1] = session.bots[2] = FirstChoiceBot()
    app = BereApp(Start("game", session=session), speed="off", remember=False)
    async with app.run_test(size=(80, 24)) as pilot:
        await wait_for(pilot, lambda: isinstance(app.screen, SelectPrompt))
        await pilot.press("3", "7", "enter")
        await wait_for(pilot, lambda: isinstance(app.screen, SpecialPrompt))
        await pilot.press("1", "enter", "7", "0", "enter")  # Replace, with the 70
        await wait_for(pilot, lambda: isinstance(app.screen, SelectPrompt) and app.screen.view.turn == 2)
        text = screen_text(app)
    strip = next(line for line in text.splitlines()  # (the reveal's line: names and cards)
                 if "Ann" in line and "Ben" in line and "Cid" in line and "•" in line)
    cards = [int(n) for n in re.findall(r"(\d+)•", strip)]
    assert cards == [37, 70, 60, 80], strip  # 37 (replaced by 70), then Ben's 60 and Cid's 80: lowest first
    assert "37•→70•••" in strip, strip
