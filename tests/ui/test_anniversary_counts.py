"""Issue 35, point 13 (Anniversary, RULES section 4): the table shows each player's count of special cards in
hand (A2: which ones stays secret), the special draw and discard piles' sizes (A2, A5), and what your own swap
drew (A5), at 80x24, by keys. The numbers are the engine's at every decision."""

from __future__ import annotations

import re

from uitools import screen_text, table_app, wait_for

from bere_tui.table.words import special_name
from bere_tui.ui.prompts.base import PromptScreen
from bere_tui.ui.prompts.select import SelectPrompt
from bere_tui.ui.prompts.swap import SwapPrompt


def counts_shown(text: str) -> tuple[int, int, dict[str, int]]:
    """The piles' sizes and each name's count as the table shows them."""
    piles = re.search(r"SPECIAL CARDS  draw pile (\d+)  discard pile (\d+)", text)
    assert piles, text
    block = text[text.index("in hand:"):]
    block = "\n".join(line.split("│")[0].split("▌")[0] for line in block.splitlines()[:3])
    return int(piles[1]), int(piles[2]), {name: int(n) for name, n in re.findall(r"([A-Z][a-z]+) (\d+)", block)}


async def test_the_table_shows_the_special_piles_and_every_hands_count_as_the_engine_has_them():
    app = table_app("anniversary", players=("Ann",), bots=("heuristic", "heuristic", "random"), seed=3)
    async with app.run_test(size=(80, 24)) as pilot:
        game = app.game
        checked = 0
        while checked < 12:
            await wait_for(pilot, lambda: isinstance(app.screen, PromptScreen))
            view = game.view(None)
            draw, discard, counts = counts_shown(screen_text(app))
            assert (draw, discard) == (view.draw_pile_size, len(view.discard_pile))  # A2, A5
            assert counts == {pv.name: pv.special_count for pv in view.players}  # A2: counts, never names
            checked += 1
            await pilot.press("enter")
        assert view.draw_pile_size < 16 or any(pv.special_count != 3 for pv in view.players)  # things moved


async def test_after_a_swap_the_person_sees_what_it_drew():
    """A5: Ann took a row and swaps one special card; her next prompt names the card drawn."""
    def ann_swaps(game) -> bool:
        pend = game.pending
        return pend is not None and pend["do"] == "swap" and pend["player"] == 0

    app = table_app("anniversary", players=("Ann",), bots=("random", "random"), seed=1, until=ann_swaps)
    async with app.run_test(size=(80, 24)) as pilot:
        game = app.game
        await wait_for(pilot, lambda: isinstance(app.screen, SwapPrompt))
        before = list(game.view(0).my_specials)
        await pilot.press("1", "enter")  # discard the first kind, draw the top card
        await wait_for(pilot, lambda: isinstance(app.screen, SelectPrompt) or game.finished)
        after = list(game.view(0).my_specials)
        for name in set(before):
            while name in before and name in after:
                before.remove(name)
                after.remove(name)
        assert len(after) == 1  # the one card drawn
        assert f"(your swap drew {special_name(after[0])})" in screen_text(app)


def test_eight_players_fit_at_80x24(snap_compare):
    """The layout is the point: the piles, eight counts and the reveal under the rows, the scores beside."""
    from uitools import press_on

    app = table_app("anniversary", players=("Ann",), bots=("heuristic",) * 7, seed=3)

    async def to_prompt(pilot):
        await press_on(pilot, SelectPrompt)

    assert snap_compare(app, run_before=to_prompt, terminal_size=(80, 24))
