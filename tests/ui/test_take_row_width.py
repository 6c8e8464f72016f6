"""The low-card prompt at 80x24 (issue 12.13): with the widest row there is (six cards beside 7 nimmt!) every
row's cost stays whole on its line; the costs then read as numbers, as on the table."""

from __future__ import annotations

import re

from test_special_prompts import PromptApp
from uitools import screen_text

from bere_tui.engine.nimmt import Game
from bere_tui.ui.prompts.take_row import TakeRowPrompt


def low_card_game(wide: bool) -> Game:
    """Ann's 1 is lower than every row (B6); row 1 holds five cards, or six beside 7 nimmt! when `wide`."""
    rows = [[11, 22, 33, 44, 55], [77, 88, 99, 100], [3, 5], [60, 70, 80, 90]]
    hands = [[1, 6, 7, 8, 9, 10, 12, 13, 14, 15], [2, 16, 17, 18, 19, 20, 21, 23, 24, 25]]
    g = Game("anniversary" if wide else "base", ["Ann", "Ben"], seed=1,
             deals=[] if wide else [{"rows": [r[0] for r in rows], "hands": hands}])
    if wide:  # Anniversary hands hold 12 cards (A2)
        g.hands = [hands[0] + [26, 27], hands[1] + [28, 29]]
    g.specials = [[], []]
    for row, cards in zip(g.rows, rows):
        row.cards = list(cards)
    if wide:
        g.rows[0].seven = True  # A-7N: a sixth card fits beside 7 nimmt!
        g.rows[0].cards.append(66)
    for p, card in ((0, 1), (1, 2)):
        g.apply({"player": p, "do": "select", "card": card})
    assert g.pending["do"] == "take_row"  # B6
    return g


async def costs_shown(wide: bool) -> list[str]:
    g = low_card_game(wide)
    app = PromptApp(TakeRowPrompt(g.view(0), g.legal(0)))
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        text = screen_text(app)
    return [line for line in text.splitlines() if re.match(r"\W*>?\s*[1-4]\s{2}\d", line)]


async def test_the_cost_of_every_row_stays_whole_beside_the_widest_row():
    lines = await costs_shown(wide=True)
    assert len(lines) == 4
    assert [int(re.search(r"(\d+)\s*\W*$", line).group(1)) for line in lines] == [32, 18, 3, 12]


async def test_costs_read_in_words_where_they_fit():
    lines = await costs_shown(wide=False)
    assert all(line.rstrip(" ▎").endswith("bullheads") for line in lines), lines
