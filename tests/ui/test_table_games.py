"""Whole games played through key presses only (pilot, 80x24): the hot-seat base game with two people, so
hand-offs happen, and a 4-player Pro game with its open draft (P2). Enter alone must move every screen on."""

from __future__ import annotations

from uitools import asking, press_on, press_until, screen_text, shown_cards, table_app, wait_for

from bere_tui.engine import HEADS
from bere_tui.ui.prompts.draft import DraftPrompt
from bere_tui.ui.prompts.select import SelectPrompt
from bere_tui.ui.prompts.take_row import TakeRowPrompt
from bere_tui.ui.screens.handoff import HandoffScreen
from bere_tui.ui.screens.scores import ResultsScreen


async def test_two_people_play_a_whole_base_game_with_enter_alone():
    app = table_app("base", players=("Ann", "Ben"), seed=11, options={"rounds": 1})
    seen: list[str] = []
    async with app.run_test(size=(80, 24)) as pilot:
        game = app.game
        for _ in range(200):
            await wait_for(pilot, lambda: asking(app))
            if isinstance(app.screen, ResultsScreen):
                break
            name = type(app.screen).__name__
            if not seen or seen[-1] != name:
                seen.append(name)
            if isinstance(app.screen, HandoffScreen):
                # B10: the hand-off names who must take the keyboard and shows no card of any hand
                text = screen_text(app)
                heading = "{name} takes the keyboard again" if app.screen.again else "Pass the keyboard to {name}"
                assert heading.format(name=app.screen.who) in text  # (again: after a take everyone watched)
                assert shown_cards(text, [c for hand in game.hands for c in hand]) == set()
            await pilot.press("enter")
        assert isinstance(app.screen, ResultsScreen)
        # the engine: one round of 10 turns, both people chose every turn, and the bullheads add up (B8)
        assert game.finished and game.round == 1
        selects = [a for a in game.actions if a["do"] == "select"]
        assert sorted(a["player"] for a in selects) == [0] * 10 + [1] * 10
        assert game.totals() == [sum(HEADS[c] for c in pile) for pile in game.piles]
        # a hand-off before each person's secret choice, every turn but the last, whose one card in each hand
        # is played by itself (issue 12.15)
        assert seen.count("SelectPrompt") == 18
        assert all(seen[i - 1] == "HandoffScreen" for i, name in enumerate(seen) if name == "SelectPrompt")
        winner = game.players[game.winners[0]]["name"]
        text = screen_text(app)
        assert f"{winner} wins" in text or "share the win" in text
        # Enter on the results starts a new game with the same seats
        await pilot.press("enter")
        await wait_for(pilot, lambda: app.game is not game)
        assert app.game is not game and [p["name"] for p in app.game.players] == ["Ann", "Ben"]


async def test_a_four_player_pro_game_drafts_and_plays_to_the_end():
    app = table_app("pro", players=("Ann",), bots=("heuristic", "random", "heuristic"), seed=4,
                    options={"rounds": 1})
    async with app.run_test(size=(80, 24)) as pilot:
        game = app.game
        await press_until(pilot, lambda: isinstance(app.screen, DraftPrompt))
        text = screen_text(app)
        assert "DRAFT" in text and "OPEN POOL" in text
        assert shown_cards(text, range(1, 45)) == set(game.pool)  # P1, P3: the whole pool is public
        prompts = set()

        def over() -> bool:
            prompts.add(type(app.screen).__name__)
            return isinstance(app.screen, ResultsScreen)

        await press_until(pilot, over, limit=150)
        drafts = [a for a in game.actions if a["do"] == "draft"]
        assert len(drafts) == 40 and [a["player"] for a in drafts[:8]] == [0, 1, 2, 3] * 2  # P2: seat order
        assert game.finished and len(game.scores[0]) == 1
        assert "SelectPrompt" in prompts and "HandoffScreen" not in prompts  # one person: no hand-off
        assert "wins" in screen_text(app) or "share the win" in screen_text(app)


async def test_the_low_card_prompt_offers_every_row_with_the_cheapest_highlighted():
    app = table_app("base", players=("Ann",), bots=("random",), seed=2)
    async with app.run_test(size=(80, 24)) as pilot:
        await press_until(pilot, lambda: isinstance(app.screen, TakeRowPrompt))
        prompt = app.screen
        rows = app.game.rows
        assert prompt.choices == [0, 1, 2, 3]  # B6: any row may be chosen
        cheapest = min(range(4), key=lambda r: (sum(HEADS[c] for c in rows[r].cards), r))
        assert prompt.query_one("#take-row-list").highlighted == cheapest
        text = screen_text(app)
        assert "lower than every row" in text and "Take which row?" in text
        await pilot.press("4", "enter")  # digits pick a row directly
        taken = [a for a in app.game.actions if a["do"] == "take_row"]
        assert taken[-1] == {"player": 0, "do": "take_row", "row": 3}
        await press_until(pilot, lambda: isinstance(app.screen, SelectPrompt))
        # the table under the next prompt is drawn up to date: the log names the take
        assert "Ann takes row 4" in screen_text(app)


async def test_esc_hides_the_hand_and_goes_back_to_the_hand_off():
    app = table_app("base", players=("Ann", "Ben"), seed=5)
    async with app.run_test(size=(80, 24)) as pilot:
        await press_on(pilot, HandoffScreen, "enter")
        await wait_for(pilot, lambda: isinstance(app.screen, SelectPrompt))
        ann = list(app.game.hands[0])
        assert shown_cards(screen_text(app), ann) == set(ann)
        await pilot.press("escape")
        await wait_for(pilot, lambda: isinstance(app.screen, HandoffScreen))
        assert shown_cards(screen_text(app), ann) == set()
        assert app.game.actions == []


async def test_between_turns_the_last_reveal_says_it_is_the_last_one():
    """Play-test: at turn 2's hand-off the cards of turn 1 still show; they read as the last reveal (B3)."""
    from uitools import press_until

    app = table_app("base", players=("Ann", "Ben"), seed=5, options={"rounds": 1})
    async with app.run_test(size=(80, 24)) as pilot:
        await press_until(pilot, lambda: isinstance(app.screen, HandoffScreen) and app.game.turn == 2)
        text = screen_text(app)
        assert "LAST REVEAL, lowest first, all placed" in text and "REVEALED, lowest first" not in text
