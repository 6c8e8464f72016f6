"""Pilot tests of the Anniversary prompts in isolation: special card (A3, A-ORD-1), Negative = Positive
(A-NP-1, A-ORD-3) and swap (A5, A-ORD-4). Each prompt gets a view and the legal actions of a real Game built
with a hand-made table; the keys pressed must dismiss it with an action the engine accepts."""

from __future__ import annotations

import pytest
from textual.app import App

from bere_tui.engine.cards import HEADS
from bere_tui.engine.nimmt.game import Game
from bere_tui.engine.nimmt.row import Row
from bere_tui.engine.nimmt.specials import full_special_deck
from bere_tui.engine.nimmt.variants import SPECIAL_NAMES
from bere_tui.ui.prompts.cancel import CancelPrompt
from bere_tui.ui.prompts.special import SpecialPrompt, StepPrompt
from bere_tui.ui.prompts.swap import SwapPrompt
from bere_tui.ui.prompts.take_row import TakeRowPrompt

PENDING = object()

HANDS = [[3, 8, 15, 22, 37, 50, 51, 52, 53, 54, 56, 57],
         [60, 61, 62, 63, 64, 65, 66, 68, 69, 71, 72, 73],
         [80, 81, 82, 83, 84, 85, 86, 87, 88, 89, 91, 92]]


def table(rows: list[Row], ann_specials: list[str], ann_card: int, pile: list[int] = ()) -> Game:
    """A 3-player Anniversary game at Ann's placement of `ann_card` (the lowest card revealed), with the rows,
    Ann's special cards and Ann's bull pile of this round made by hand."""
    specials = [["insert", "stop", "shift"], ["replace", "seven_nimmt", "negative_positive"],
                ["fifth_row", "insert", "insert"]]
    special_pile = full_special_deck()
    for hand in specials:
        for c in hand:
            special_pile.remove(c)
    deal = {"rows": [r.cards[0] for r in rows[:4]], "hands": HANDS, "specials": specials,
            "special_pile": special_pile}
    game = Game("anniversary", ["Ann", "Ben", "Cid"], seed=7, deals=[deal])
    game.rows = rows
    game.specials[0] = list(ann_specials)
    game.piles[0] = list(pile)
    game.apply({"player": 1, "do": "select", "card": 60})
    game.apply({"player": 2, "do": "select", "card": 80})
    game.apply({"player": 0, "do": "select", "card": ann_card})
    return game


def busy_table(**kw) -> Game:
    """Row 3 stopped, row 4 with 7 nimmt!, row 1 full; Ann's 37 is lower than every open row's end (B6)."""
    rows = [Row([12, 17, 23, 31, 44]), Row([40]), Row([67, 70, 76], stop=True), Row([90, 95], seven=True)]
    return table(rows, kw.get("specials", list(SPECIAL_NAMES)), 37)


class PromptApp(App):
    def __init__(self, screen: StepPrompt) -> None:
        super().__init__()
        self.prompt = screen
        self.result = PENDING

    def on_mount(self) -> None:
        self.push_screen(self.prompt, self.done)

    def done(self, result: dict) -> None:
        self.result = result


def screen_text(app: App) -> str:
    return "\n".join("".join(seg.text for seg in strip) for strip in app.screen._compositor.render_strips())


async def run(game: Game, prompt_class, keys, ascii: bool = False, texts: list | None = None):
    """Push the prompt for the pending player, press `keys` ("|" records the screen text), return the action
    after checking it is accepted by the engine."""
    p = game.pending["player"]
    app = PromptApp(prompt_class(game.view(p), game.legal(p), ascii=ascii))
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        for key in keys:
            if key == "|":
                texts.append(screen_text(app))
            else:
                await pilot.press(key)
        await pilot.pause()
        if texts is not None and app.result is PENDING:
            texts.append(screen_text(app))
    if app.result is not PENDING:
        game.copy().apply(app.result)  # raises IllegalAction if the prompt made up an action
    return app.result


# ---------------------------------------------------------------- SpecialPrompt (A-ORD-1)

async def test_enter_alone_plays_no_special_card():
    game = busy_table()
    assert await run(game, SpecialPrompt, ["enter"]) == {"player": 0, "do": "special", "card": None}


# the held cards are listed in the order of the rules (A1), each with the digit of its place: here Ann holds
# all seven, 0 none, 1 5th Row, 2 7 nimmt!, 3 Insert, 4 Replace, 5 Shift, 6 Stop, 7 Negative = Positive.
# Digits (a row's number, a card's number) move the highlight; Enter confirms, in every step.
@pytest.mark.parametrize("keys, expected", [
    (["1", "enter"], {"card": "fifth_row"}),  # A-5TH-1
    (["2", "enter", "3", "4", "2", "enter"], {"card": "seven_nimmt", "row": 1}),  # A-7N-1: rows 3, 4 greyed
    (["3", "enter", "down", "enter"], {"card": "insert", "row": 1}),  # A-INS-1
    (["3", "enter", "3", "4", "enter"], {"card": "insert", "row": 3}),  # the stopped row is greyed (A-STOP-2)
    (["4", "enter", "j", "enter"], {"card": "replace", "with": 8}),  # A-REP-1, hjkl move
    (["4", "enter", "1", "5", "enter"], {"card": "replace", "with": 15}),  # the card's number goes to it
    (["5", "enter", "4", "0", "enter", "4", "enter"], {"card": "shift", "move": 40, "to_row": 3}),  # A-SHI-1
    (["5", "enter", "1", "2", "enter", "1", "2", "enter"], {"card": "shift", "move": 12, "to_row": 1}),  # own row
    (["6", "enter", "enter"], {"card": "stop", "row": 0}),  # A-STOP-1
    (["6", "enter", "3", "2", "enter"], {"card": "stop", "row": 1}),
    (["7", "enter"], {"card": "negative_positive"}),  # A-NP-1: 37 is about to take a row (B6)
])
async def test_each_special_card_through_its_steps(keys, expected):
    action = await run(busy_table(), SpecialPrompt, keys)
    assert action == {"player": 0, "do": "special", **expected}


async def test_a_digit_only_moves_the_highlight_and_shows_beside_its_choice():
    """Issue 12: digits confirmed at once here and only moved the highlight elsewhere; now they move it everywhere."""
    texts: list[str] = []
    assert await run(busy_table(), SpecialPrompt, ["|", "6"], texts=texts) is PENDING
    assert "> 6 Stop" in texts[1] and "  1 5th Row" in texts[1] and "  0 No special card" in texts[1]

async def test_esc_goes_back_one_step_and_is_harmless_on_the_first():
    game = busy_table()
    texts: list[str] = []
    assert await run(game, SpecialPrompt, ["escape", "escape", "|"], texts=texts) is PENDING
    assert "Play a special card" in texts[0]
    # Shift: card, destination; Esc twice returns to the first step, Shift still highlighted
    action = await run(game, SpecialPrompt, ["5", "enter", "1", "2", "enter", "escape", "escape", "up", "up", "enter",
                                             "enter"])
    assert action == {"player": 0, "do": "special", "card": "insert", "row": 0}
    action = await run(game, SpecialPrompt, ["5", "enter", "1", "2", "enter", "escape", "1", "7", "enter", "2",
                                             "enter"])
    assert action == {"player": 0, "do": "special", "card": "shift", "move": 17, "to_row": 1}


async def test_cards_without_a_legal_choice_are_greyed_with_the_reason():
    rows = [Row([12, 17], stop=True), Row([40]), Row([67, 70, 76], stop=True), Row([90, 95])]
    game = table(rows, ["stop", "negative_positive", "insert"], 50)  # 50 goes to row 2: no take
    texts: list[str] = []
    # 1 Insert, the only playable card; 2 Stop and 3 Negative = Positive cannot be picked
    assert await run(game, SpecialPrompt, ["|", "2", "3"], texts=texts) is PENDING
    assert "2 Stop - two Stop cards already lie out" in texts[0]  # A-STOP-1
    assert "3 Negative = Positive - your card will not take a row" in texts[0]  # A-NP-1
    assert await run(game, SpecialPrompt, ["down", "enter", "enter"]) == {
        "player": 0, "do": "special", "card": "insert", "row": 1}


async def test_insert_shows_the_card_at_its_place_and_what_a_full_row_costs():
    texts: list[str] = []
    await run(busy_table(), SpecialPrompt, ["3", "enter", "|"], texts=texts)
    lines = texts[0].splitlines()
    full = next(line for line in lines if "12" in line and "44" in line)
    assert "31• [37•]  44•••••" in full and "full: you take 5 bullheads" in full  # A-INS-3: 44 stays
    assert any("[37•]  40•••" in line and "fits" in line for line in lines)  # A-INS-2
    assert any("stopped" in line and "67" in line for line in lines)


async def test_ascii_prompt_has_no_box_drawing_and_fits_80x24():
    texts: list[str] = []
    await run(busy_table(), SpecialPrompt, ["|", "3", "enter", "|", "escape", "5", "enter", "|", "1", "2", "enter",
                                            "|", "escape", "escape", "4", "enter", "|"], ascii=True, texts=texts)
    for text in texts:
        assert text.isascii(), text
        assert len(text.splitlines()) == 24
        assert text.count("-" * 80) == 1, text  # the whole box is on screen: its top border, at the bottom
        assert "Enter" in text.splitlines()[-1]  # the footer shows the keys
    assert "[37.]" in texts[1]


async def test_a_long_list_scrolls_inside_the_box_at_80x24():
    """Five rows of four cards (a 5th row out): Shift lists 20 cards; the box, its help line and the footer
    stay on screen, and the list scrolls (A-SHI-1)."""
    rows = [Row([10, 11, 12, 13]), Row([20, 21, 23, 24]), Row([30, 31, 32, 33]), Row([40, 41, 42, 43], seven=True),
            Row([93, 94, 95, 96], fifth=True)]
    game = table(rows, list(SPECIAL_NAMES), 37)
    texts: list[str] = []
    # Shift is the 5th card held (5th Row is greyed: five rows lie out; N=P too: 37 takes nothing)
    action = await run(game, SpecialPrompt, ["5", "enter", "|", "end", "|", "enter", "enter"], ascii=True,
                       texts=texts)
    for text in texts:
        assert text.isascii() and text.count("-" * 80) == 1, text
        assert "where its number fits" in text and "Enter" in text.splitlines()[-1]  # A-SHI-1, A-SHI-2
    assert "96.        from row 5" not in texts[0]  # below the fold at first
    assert "96.        from row 5" in texts[1]
    assert action == {"player": 0, "do": "special", "card": "shift", "move": 96, "to_row": 0}


# ---------------------------------------------------------------- TakeRowPrompt (B6, A-STOP-2)

async def test_take_row_digits_are_row_numbers_and_a_stopped_row_is_greyed():
    """Issue 12: a row's digit was its place among the rows offered; a stopped row left out moved the digits."""
    game = busy_table()
    game.apply({"player": 0, "do": "special", "card": None})
    assert game.pending == {"do": "take_row", "player": 0, "card": 37}
    texts: list[str] = []
    action = await run(game, TakeRowPrompt, ["|", "3", "4", "enter"], texts=texts)
    assert action == {"player": 0, "do": "take_row", "row": 3}
    assert "is lower than every row that may take it." in texts[0]  # the engine says row 3 refuses it
    assert any("stopped" in line and "67" in line for line in texts[0].splitlines())


async def test_take_row_a_digit_is_the_row_printed_beside_it_and_a_stopped_row_says_why():
    """Issue 35.1: digits counted only the rows that may be chosen: 2 (the stopped row here is 3) went to row 2,
    3 to row 4, 4 did nothing. Now 2 is row 2, 4 is row 4, and 3 (stopped) moves nothing and says why."""
    game = busy_table()
    game.apply({"player": 0, "do": "special", "card": None})
    texts: list[str] = []
    assert await run(game, TakeRowPrompt, ["2", "enter"]) == {"player": 0, "do": "take_row", "row": 1}
    assert await run(game, TakeRowPrompt, ["4", "enter"]) == {"player": 0, "do": "take_row", "row": 3}
    action = await run(game, TakeRowPrompt, ["2", "3", "|", "enter"], texts=texts)
    assert action == {"player": 0, "do": "take_row", "row": 1}  # 3 left row 2 highlighted
    assert "Row 3 is stopped: nobody may take it until the next row is taken." in texts[0]


async def test_seven_nimmt_a_greyed_row_digit_says_why_in_the_help_line():
    """Issue 35.1 in the special-card steps: the digit of a greyed row moves nothing and says why."""
    game = busy_table()
    texts: list[str] = []
    action = await run(game, SpecialPrompt, ["2", "enter", "1", "3", "|", "enter"], texts=texts)
    assert action == {"player": 0, "do": "special", "card": "seven_nimmt", "row": 0}
    help_line = [line for line in texts[0].splitlines() if "67" not in line and "stopped" in line.lower()]
    assert help_line, texts[0]


async def test_the_stop_help_says_what_is_true_for_any_row():
    """Issue 35.4: "Your card goes to another row" is only true when you stop your own card's row."""
    texts: list[str] = []
    await run(busy_table(), SpecialPrompt, ["6", "|"], texts=texts)
    help_text = " ".join(line.strip() for line in texts[0].splitlines())
    assert "Your card goes to another row" not in help_text
    assert "Then your card is placed by the ordinary rules among the other rows." in help_text


def fifth_row_table() -> Game:
    """Ann's 37 is lower than every row (B6) while a 5th Row lies out: taking any row collects the 37 too."""
    rows = [Row([40, 41]), Row([45]), Row([58]), Row([59]), Row([95], fifth=True)]
    game = table(rows, [], 37)
    assert game.pending == {"do": "take_row", "player": 0, "card": 37}
    return game


async def test_take_row_prices_a_row_with_the_card_the_5th_row_adds():
    """Issue 35.3, A-5TH-2: row 1 (40, 41: 3 + 1) costs 4 + the placed 37's 1 = 5 bullheads, as the engine takes."""
    game = fifth_row_table()
    texts: list[str] = []
    action = await run(game, TakeRowPrompt, ["|", "1", "enter"], texts=texts)
    row1 = next(line for line in texts[0].splitlines() if "40" in line and "41" in line)
    assert row1.rstrip(" ▎│").endswith("5 bullheads"), row1
    events = game.apply(action)
    assert sum(HEADS[c] for c in game.piles[0]) == 5, events


# ---------------------------------------------------------------- CancelPrompt (A-NP-1, A-ORD-3)

def cancel_table() -> Game:
    """Ann's 3 takes the row 11, 13 (B6) with Negative = Positive; her pile already holds 55, 20, 45, 2."""
    rows = [Row([11, 13]), Row([40]), Row([67, 70, 76]), Row([90, 95], seven=True)]
    game = table(rows, ["negative_positive", "stop", "shift"], 3, pile=[55, 20, 45, 2])
    game.apply({"player": 0, "do": "special", "card": "negative_positive"})
    game.apply({"player": 0, "do": "take_row", "row": 0})
    assert game.pending["do"] == "cancel"
    return game


async def test_cancel_enter_enter_plays_the_best_cancellation():
    game = cancel_table()
    best = max(game.legal(0), key=lambda a: HEADS[a["positive"]] + sum(HEADS[c] for c in a["cancel"]))
    action = await run(game, CancelPrompt, ["enter", "enter"])
    assert action == best == {"player": 0, "do": "cancel", "positive": 11, "cancel": [20, 45]}


async def test_cancel_toggles_any_set_within_the_positive_value():
    """Issue 12: a set other than the engine's best one was not accepted. Any set within the value is (A-NP-1);
    one beyond it stays on screen with the engine's reason."""
    game = cancel_table()
    texts: list[str] = []
    # 11 gives +5; the best set is 20, 45: take 45 out (value left 2), put 2 in (left 1), put 55 in (7: -6)
    keys = ["enter", "|", "4", "5", "space", "|", "2", "space", "|", "5", "5", "space", "enter", "|",
            "5", "5", "space", "enter"]
    action = await run(game, CancelPrompt, keys, texts=texts)
    assert action == {"player": 0, "do": "cancel", "positive": 11, "cancel": [2, 20]}
    assert action not in game.legal(0)  # not the engine's suggestion, and still accepted
    assert "Value left: 0 of 5" in texts[0]
    assert "Value left: 2 of 5" in texts[1]
    assert "Value left: 1 of 5" in texts[2] and "[ ]  55" in texts[2]
    assert "Value left: -6 of 5" in texts[3]
    assert "those cards have 11 bullheads; the positive card gives only 5" in texts[3]


async def test_cancel_other_positive_card_and_nothing_cancelled():
    game = cancel_table()
    texts: list[str] = []
    # 13 gives +1; 55 (first) is too dear: the engine says so, and the prompt stays until it is taken out
    action = await run(game, CancelPrompt, ["1", "3", "enter", "space", "enter", "|", "space", "enter"], texts=texts)
    assert "the positive card gives only 1" in texts[0]
    assert action == {"player": 0, "do": "cancel", "positive": 13, "cancel": [2]}
    # the cards by bullheads: 55, 11, 20, 45, 2; the fifth is on, Space takes it out
    action = await run(game, CancelPrompt, ["down", "enter", "down", "down", "down", "down", "space", "enter"])
    assert action == {"player": 0, "do": "cancel", "positive": 13, "cancel": []}


async def test_cancel_esc_returns_to_the_positive_card():
    action = await run(cancel_table(), CancelPrompt, ["enter", "space", "escape", "1", "3", "enter", "enter"])
    assert action == {"player": 0, "do": "cancel", "positive": 13, "cancel": [2]}


async def test_the_table_accepts_a_cancellation_other_than_the_suggested_one():
    """Issue 12: the table took only the engine's suggested set and asked "which card becomes positive?" again.
    It now asks the engine (Game.check): any set within the value is played (A-NP-1)."""
    from bere_tui.ui.app import BereApp, Start
    from bere_tui.ui.session import Session

    game = cancel_table()
    for p in (1, 2):
        game.players[p]["bot"] = "random"  # Ann alone at the keyboard
    app = BereApp(Start("game", session=Session(game)), speed="off", remember=False)
    async with app.run_test(size=(80, 24)) as pilot:
        for _i in range(200):
            if isinstance(app.screen, CancelPrompt) and app.screen.steps:
                break
            await pilot.pause()
        await pilot.press("enter", "4", "5", "space", "enter")  # 11 (+5): the suggested 20, 45 without the 45
        for _i in range(200):
            if game.pending is None or game.pending["do"] != "cancel":
                break
            await pilot.pause()
    cancels = [a for a in game.actions if a["do"] == "cancel"]
    assert cancels == [{"player": 0, "do": "cancel", "positive": 11, "cancel": [20]}]


async def test_cancel_ascii():
    texts: list[str] = []
    await run(cancel_table(), CancelPrompt, ["|", "enter", "|"], ascii=True, texts=texts)
    for text in texts:
        assert text.isascii() and text.count("-" * 80) == 1
    assert "11..... gives +5" in texts[1]


# ---------------------------------------------------------------- SwapPrompt (A5, A-ORD-4)

def swap_table() -> Game:
    game = cancel_table()
    game.apply(game.legal(0)[0])
    assert game.pending["do"] == "swap"
    return game


async def test_swap_keeps_all_by_default():
    assert await run(swap_table(), SwapPrompt, ["enter"]) == {"player": 0, "do": "swap", "discard": None}


async def test_swap_discards_one_card():
    assert await run(swap_table(), SwapPrompt, ["2", "enter"]) == {"player": 0, "do": "swap", "discard": "stop"}
    assert await run(swap_table(), SwapPrompt, ["k", "enter"]) == {"player": 0, "do": "swap", "discard": "stop"}
    texts: list[str] = []
    await run(swap_table(), SwapPrompt, ["escape", "|"], ascii=True, texts=texts)
    assert texts[0].isascii() and "Discard Shift, draw the top special card" in texts[0]


# ---------------------------------------------------------------- SVG snapshots at 80x24
# Regenerate with `pytest tests/ui/test_special_prompts.py --snapshot-update`, then look at them.

def prompt_app(game: Game, prompt_class) -> PromptApp:
    p = game.pending["player"]
    return PromptApp(prompt_class(game.view(p), game.legal(p)))


def test_insert_prompt_snapshot(snap_compare):
    assert snap_compare(prompt_app(busy_table(), SpecialPrompt), press=["3", "enter"], terminal_size=(80, 24))


def test_negative_positive_prompt_snapshot(snap_compare):
    assert snap_compare(prompt_app(cancel_table(), CancelPrompt), press=["enter"], terminal_size=(80, 24))


# ---------------------------------------------------------------- keys of every prompt

async def test_s_changes_the_placement_speed_inside_a_prompt():
    """Issue 35.9: `s` (speed) did nothing while a prompt waited; now it works as at the table."""
    from uitools import wait_for

    from bere_tui.ui.app import BereApp, Start
    from bere_tui.ui.prompts.select import SelectPrompt
    from bere_tui.ui.session import Session

    game = Game("base", [{"name": "Ann"}, {"name": "Ben", "bot": "random"}], seed=1)
    app = BereApp(Start("game", session=Session(game)), speed="off", remember=False)
    async with app.run_test(size=(80, 24)) as pilot:
        await wait_for(pilot, lambda: isinstance(app.screen, SelectPrompt))
        await pilot.press("s")
        assert app.speed != "off"
        assert isinstance(app.screen, SelectPrompt)  # the prompt still waits


async def test_the_special_card_steps_price_a_row_with_the_card_the_5th_row_adds():
    """Issue 35 (the row lines of the special-card steps, as the take prompt): with a 5th Row out, row 1 (40, 41:
    3 + 1 bullheads) costs 5 with Ann's 37, which taking it collects too (A-5TH-2)."""
    rows = [Row([40, 41]), Row([45]), Row([58]), Row([59]), Row([95], fifth=True)]
    game = table(rows, ["seven_nimmt", "stop"], 37)
    assert game.pending["do"] == "special"
    texts: list[str] = []
    await run(game, SpecialPrompt, ["2", "enter", "|"], texts=texts)  # 7 nimmt!: which row?
    row1 = next(line for line in texts[0].splitlines() if "40" in line and "41" in line)
    assert "cost 5" in row1 and "cost 4" not in row1, row1


async def test_s_at_the_table_changes_the_speed_through_the_apps_one_action():
    """`s` at the bare table (bots playing) goes to BereApp.action_speed, as inside a prompt and in a lesson:
    the table has no copy of it (issue 35); the key bar still names it."""
    from uitools import screen_text, wait_for

    from bere_tui.ui.app import BereApp, Start
    from bere_tui.ui.screens.table import TableScreen
    from bere_tui.ui.session import Session

    game = Game("base", [{"name": "Ann", "bot": "random"}, {"name": "Ben", "bot": "random"}], seed=1)
    app = BereApp(Start("game", session=Session(game)), speed="slow", remember=False)
    async with app.run_test(size=(80, 24)) as pilot:
        await wait_for(pilot, lambda: isinstance(app.screen, TableScreen))
        assert not hasattr(app.screen, "action_speed")
        assert "s speed" in screen_text(app).splitlines()[-1]
        await pilot.press("s")
        assert app.speed == "normal" and isinstance(app.screen, TableScreen)
