"""Issue 35, items 10 and 11, by keys at 80x24: each card prompt says where the highlighted card would go and
what it would cost, from the engine's own rules, and follows the highlight (6 nimmt!'s four variants, the
special-card steps, Bullenparty's bid); the table marks full rows, keeps the last reveal in view until the next
one and sums each round up (who took what).

The positions are made by hand (rows set on a real Game), so each line's words are known exactly.
"""

from __future__ import annotations

import re

from test_special_prompts import PromptApp, table
from uitools import press_until, screen_text, wait_for

from bere_tui.engine.bullenparty import Game as PartyGame
from bere_tui.engine.nimmt.game import Game
from bere_tui.engine.nimmt.row import Row
from bere_tui.engine.nimmt.variants import SPECIAL_NAMES
from bere_tui.ui.app import BereApp, Start
from bere_tui.ui.bullenparty.prompts import BullenpartyPrompt
from bere_tui.ui.prompts.select import SelectPrompt
from bere_tui.ui.prompts.special import SpecialPrompt
from bere_tui.ui.screens.scores import RoundSummaryScreen
from bere_tui.ui.session import Session
from bere_tui.ui.widgets.log import GameLog

#: rows 1-4 of the hand-made base game: row 2 is full (B5), row 4 starts at 90
ROWS = [[10], [20, 21, 22, 23, 24], [40, 41], [90]]


def base_app(variant: str = "base", rows=ROWS, hand=(5, 25, 45, 95, 96, 97, 98, 99, 100, 101)) -> BereApp:
    """Ann against a bot, at the first selection, with these rows and Ann's hand (10 cards)."""
    g = Game(variant, [{"name": "Ann"}, {"name": "Ben", "bot": "random"}], seed=3)
    g.rows = [Row(list(cards)) for cards in rows]
    other = [c for c in range(1, 105) if c not in hand and all(c not in r for r in rows)]
    g.hands = [sorted(hand), other[:10]]
    if variant == "pro":  # past the draft (P2): the hands as drafted, the first turn
        g.pool, g.turn = [], 0
        g.start_turn()
    if variant == "even-odd":
        for row in g.rows:
            row.parity = None
        g.rows[2].parity = 1  # E3: row 3 takes odd cards only
    return BereApp(Start("game", session=Session(g)), speed="off", remember=False)


def preview_line(app) -> str:
    return next(line for line in screen_text(app).splitlines() if " → " in line).strip()


async def select_prompt(pilot):
    await wait_for(pilot, lambda: isinstance(pilot.app.screen, SelectPrompt))
    return pilot.app.screen


async def test_the_card_prompt_says_where_the_highlighted_card_goes_and_follows_the_highlight():
    app = base_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await select_prompt(pilot)
        assert preview_line(app) == "5•• → lower than every row: you take one (cheapest 3 bullheads)"  # B6: rows 1 and 4 cost 3
        await pilot.press("right")  # 25: row 2 holds 5 cards (B5)
        assert preview_line(app) == "25•• → row 2, card 6: full, you take 11 bullheads"
        await pilot.press("4", "5")  # typed: 45 follows 41 in row 3 (B4)
        assert preview_line(app) == "45•• → row 3, card 3 of 5"
        await pilot.press("end")
        assert preview_line(app) == "101• → row 4, card 2 of 5"
        assert all(len(line) <= 80 for line in screen_text(app).splitlines())


async def test_even_odd_and_pro_previews_follow_their_rules():
    app = base_app("even-odd", hand=(4, 25, 44, 95, 96, 97, 98, 99, 100, 101))
    async with app.run_test(size=(80, 24)) as pilot:
        await select_prompt(pilot)
        await pilot.press("4", "4")  # E3: 44 is even, row 3 takes odd cards: it follows 24 in row 2, full
        assert preview_line(app) == "44••••• → row 2, card 6: full, you take 11 bullheads"
        await pilot.press("home")  # E3: 4 is even, row 3 refuses it
        assert preview_line(app).startswith("4• → lower than every row it may join: you take one")
    app = base_app("pro")
    async with app.run_test(size=(80, 24)) as pilot:
        await select_prompt(pilot)
        await pilot.press("end")
        assert preview_line(app) == "101• → row 4, card 2 of 5"


async def test_the_anniversary_card_prompt_and_special_steps_preview_the_placement():
    rows = [Row([12, 17, 23, 31, 44]), Row([40]), Row([49, 70, 76]), Row([90, 95])]
    g = table(rows, list(SPECIAL_NAMES), 50)  # Ann's 50 follows 44 in row 1, which is full (B5)
    app = PromptApp(SpecialPrompt(g.view(0), g.legal(0)))
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        assert preview_line(app) == "50••• → row 1, card 6: full, you take 9 bullheads"  # no special card
        await pilot.press("6", "enter")  # Stop: which row? (A-STOP-2)
        await pilot.pause()
        assert preview_line(app) == "50••• → row 2, card 2 of 5"  # row 1 stopped: 50 follows 40
        await pilot.press("2")  # row 2 stopped: 50 still goes to row 1
        assert preview_line(app) == "50••• → row 1, card 6: full, you take 9 bullheads"
        await pilot.press("escape", "4", "enter")  # Replace: the card placed instead (A-REP-1)
        await pilot.pause()
        assert preview_line(app) == "3• → lower than every row: you take one (cheapest 3 bullheads)"
        await pilot.press("5", "1")
        assert preview_line(app) == "51• → row 1, card 6: full, you take 9 bullheads"


async def test_the_bid_says_what_the_card_does():
    g = PartyGame(["Ann", "Ben", "Cid"], seed=1)  # rows 43 69 (2), 96 22 (6), 8 68 (2)
    prompt = BullenpartyPrompt(g.view(0), g.legal(0))
    async with PromptApp(prompt).run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        card = g.hands[0][0]
        text = screen_text(prompt.app)
        assert re.search(rf"> {card}•+ +1 bullhead +→ take 1 of 3 rows, best 6 bullheads; lower bids first",
                         text), text
        assert text.count("→") == 1  # on the highlighted line only
        await pilot.press("0")  # the zero card (BP5)
        text = screen_text(prompt.app)
        assert "> zero card" in text and "→ a pile card to 1 of 3 open rows, then it comes back" in text
        assert text.count("→") == 1 and all(len(line) <= 80 for line in text.splitlines())


async def test_a_full_row_is_marked_on_the_table():
    app = base_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await select_prompt(pilot)
        lines = screen_text(app).splitlines()
        row2 = next(line for line in lines if line.startswith(" 2  20"))
        assert re.search(r"full\s+11$", row2), row2  # B5: the next card here takes it
        row3 = next(line for line in lines if line.startswith(" 3  40"))
        assert "full" not in row3


async def test_the_last_reveal_stays_after_the_deal_and_the_round_is_summed_up():
    g = Game("base", [{"name": "Ann"}, {"name": "Ben", "bot": "random"}], seed=8, options={"rounds": 2})
    app = BereApp(Start("game", session=Session(g)), speed="off", remember=False)
    async with app.run_test(size=(80, 24)) as pilot:
        await press_until(pilot, lambda: isinstance(app.screen, RoundSummaryScreen))
        text = screen_text(app)
        assert "cards taken" in text
        summary = app.screen
        assert len(summary.cards) == 2 and summary.this_round == [g.scores[p][0] for p in range(2)]
        assert sum(summary.cards) >= (sum(summary.this_round) > 0)  # who took what: cards of each bull pile
        last = list(g.revealed)
        await pilot.press("enter")
        await select_prompt(pilot)
        assert g.round == 2 and g.turn == 1
        text = screen_text(app)
        assert "LAST REVEAL, lowest first, all placed" in text  # round 1's last turn, until the next reveal
        assert all(re.search(rf"(?<!\d){card}•", text) for card, _p in last)
        log = "\n".join(line.plain for line in app.screen_stack[-2].query_one(GameLog).lines)
        assert re.search(r"Round 1 scored: Ann -?\d+ bullheads? \(\d+ cards?\), Ben", log), log


async def test_at_a_hot_seat_table_the_preview_comes_after_the_hand_off_from_that_persons_view():
    """B10: nothing before the hand-off; then the line is the engine's answer for that person's view alone."""
    from bere_tui.engine.nimmt.preview import Preview
    from bere_tui.table.words import outcome_text
    from bere_tui.ui.screens.handoff import HandoffScreen

    g = Game("base", ["Ann", "Ben"], seed=21)
    app = BereApp(Start("game", session=Session(g)), speed="off", remember=False)
    async with app.run_test(size=(80, 24)) as pilot:
        await wait_for(pilot, lambda: isinstance(app.screen, HandoffScreen))
        assert " → " not in screen_text(app)
        await pilot.press("enter")
        prompt = await select_prompt(pilot)
        p = prompt.player
        card = min(g.hands[p])
        words = outcome_text(Preview(g.view(p)).outcome(card))
        assert preview_line(app).endswith("→ " + words)
