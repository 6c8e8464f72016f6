"""The table under stress: no hidden hand ever shows where it should not (B10), the too-small notice comes and
goes with the window, ten players fit at 80x24, and random key presses never break the app."""

from __future__ import annotations

import random

from textual import events
from uitools import asking, press_on, press_until, screen_text, shown_cards, table_app, wait_for

from bere_tui.ui.prompts.select import SelectPrompt
from bere_tui.ui.screens.dialogs import TooSmallScreen
from bere_tui.ui.screens.handoff import HandoffScreen
from bere_tui.ui.screens.table import TableScreen


async def test_no_hidden_hand_shows_outside_its_owners_prompt():
    """Three people and a bot for two turns: every screen shows at most the hand of the person whose
    selection prompt is open, and no bot's hand ever."""
    app = table_app(players=("Ann", "Ben", "Cid"), bots=("heuristic",), seed=21)
    async with app.run_test(size=(80, 24)) as pilot:
        game = app.game
        checked = 0
        while game.turn <= 2:
            await wait_for(pilot, lambda: asking(app))
            text = screen_text(app)
            owner = app.screen.player if isinstance(app.screen, SelectPrompt) else None
            hidden = [c for p, hand in enumerate(game.hands) if p != owner for c in hand]
            assert shown_cards(text, hidden) == set(), type(app.screen).__name__
            if owner is not None:
                assert shown_cards(text, game.hands[owner]) == set(game.hands[owner])
            checked += 1
            await pilot.press("enter")
        assert checked >= 12  # a hand-off and a choice per person per turn


async def test_one_person_sees_their_own_hand_on_the_table_and_no_bots_hand():
    app = table_app(players=("Ann",), bots=("random", "random"), seed=4)
    async with app.run_test(size=(80, 24)) as pilot:
        await press_on(pilot, SelectPrompt, "enter")  # Ann's first choice; the bots choose, the turn resolves
        await press_until(pilot, lambda: isinstance(app.screen, SelectPrompt))
        table = app.screen_stack[1]
        assert isinstance(table, TableScreen)
        text = screen_text(app)
        assert shown_cards(text, app.game.hands[0]) == set(app.game.hands[0])
        assert shown_cards(text, app.game.hands[1] + app.game.hands[2]) == set()
        assert not any(isinstance(s, HandoffScreen) for s in app.screen_stack)


async def test_too_small_notice_comes_and_goes_and_the_game_resumes():
    app = table_app(players=("Ann", "Ben"), seed=6)
    async with app.run_test(size=(80, 24)) as pilot:
        await press_on(pilot, HandoffScreen, "enter")
        await wait_for(pilot, lambda: isinstance(app.screen, SelectPrompt))
        await pilot.resize_terminal(40, 12)
        await pilot.pause()
        assert isinstance(app.screen, TooSmallScreen)
        assert "at least 80x24" in screen_text(app)
        await pilot.press("enter", "right", "enter")  # keys do nothing behind the notice
        assert app.game.actions == []
        await pilot.resize_terminal(79, 24)
        await pilot.pause()
        assert isinstance(app.screen, TooSmallScreen)
        await pilot.resize_terminal(80, 24)
        await pilot.pause()
        assert isinstance(app.screen, SelectPrompt)
        await pilot.press("enter")
        assert len(app.game.actions) == 1  # the game goes on where it stood
        await pilot.resize_terminal(100, 40)
        await wait_for(pilot, lambda: isinstance(app.screen, HandoffScreen))


async def test_ten_players_fit_at_80x24():
    names = ("Ann", "Ben", "Cid", "Dot", "Eve")
    app = table_app(players=names, bots=("random",) * 5, seed=9)
    async with app.run_test(size=(80, 24)) as pilot:
        # a hand-off and a choice for each person: then the reveal of ten cards
        await press_until(pilot, lambda: app.game.view(None).revealed)
        await pilot.pause(0.1)
        text = screen_text(app)
        for name in names + ("Fay", "Gus", "Hal", "Ivy", "Jon"):
            assert name in text
        revealed = [c for c, _ in app.game.view(None).revealed]
        assert len(revealed) == 10 and shown_cards(text, revealed) == set(revealed)


#: keys a person mashing the keyboard might press: mostly moves and digits, now and then one that changes screen
KEYS = (["left", "right", "up", "down", "h", "j", "k", "l", "home", "end", "tab", "space", "x", "z"] * 4
        + [str(d) for d in range(10)] + ["enter"] * 3
        + ["escape", "question_mark", "f1", "s", "plus", "minus", "n"])


async def test_two_thousand_random_keys_never_break_the_table():
    """Keys arrive as fast as they are typed (posted without waiting), so double presses and keys that land
    during a screen change happen too. `q` is left out (it would end the test by quitting), and so is `r`,
    which opens the rules from the help screen: the rules screen has tests of its own."""
    rng = random.Random(2026)
    app = table_app(players=("Ann", "Ben"), bots=("random",), seed=12, speed="fast")
    async with app.run_test(size=(80, 24)) as pilot:
        for i in range(2000):
            key = rng.choice(KEYS)
            char = {"space": " ", "tab": "\t", "enter": "\r", "escape": "\x1b", "question_mark": "?",
                    "plus": "+", "minus": "-"}.get(key, key if len(key) == 1 else None)
            app.post_message(events.Key(key, char))
            if i % 25 == 24:
                await pilot.pause()
        await pilot.pause()
        assert app.return_code is None  # still running
        assert app.game is not None and len(app.game.actions) > 4  # keys typed ahead are dropped (input gate)
