"""Issue 35, point 13 (Bullenparty, RULES section 7): laying out cards (BP8, BP9) is chosen at the table by keys
at 80x24, the card first, then the pile; each pile shows its top card and its bullheads and the score the
choice leaves (BP10, the engine's), a pile whose top card is higher is greyed (BP8); at the game's end, where
every way of laying out the rest scores the same, "lay out the rest" does it in one go."""

from __future__ import annotations

from uitools import screen_text, wait_for

from bere_tui.engine.bullenparty import Game, rules
from bere_tui.ui.app import BereApp, Start
from bere_tui.ui.bullenparty.lay import LayPrompt
from bere_tui.ui.session import Session
from bere_tui.ui.widgets.choices import ChoiceList

SEATS = [{"name": "Ann"}, {"name": "Ben", "bot": "random"}, {"name": "Cid", "bot": "random"}]


def app_after(actions: int, seed: int = 1, seats=SEATS) -> BereApp:
    """The table of a game whose first `actions` were made by random moves (Ann's lay-out comes next)."""
    from bere_tui.bots import make_bot

    game = Game(seats, seed=seed)
    movers = {p: make_bot("random", 100 + p) for p in range(game.n)}
    for _ in range(actions):
        p = game.deciders()[0]
        game.apply(movers[p].choose(game.view(p), game.legal(p)))
    return BereApp(Start("game", session=Session(game)), speed="off", remember=False)


async def test_the_card_then_the_pile_each_pile_by_its_top_card_bullheads_and_the_score_it_leaves():
    app = app_after(37)  # Ann took a row: 29 may go on some of her piles, not on all (BP8)
    async with app.run_test(size=(80, 24)) as pilot:
        game = app.game
        await wait_for(pilot, lambda: isinstance(app.screen, LayPrompt))
        prompt = app.screen
        assert prompt.card is None and "keep 5 number cards" in screen_text(app)
        await pilot.press("2", "9", "enter")  # the card, by its number
        assert prompt.card == 29
        text = screen_text(app)
        assert "Ann, lay 29" in text and "on which pile?" in text
        me = game.view(0).players[0]
        allowed = {a["pile"] for a in game.legal(0) if a["card"] == 29}
        for i, pile in enumerate(me.piles):
            line = next(x for x in text.splitlines() if x.lstrip(" >").startswith(f"{i + 1} top {pile[-1]}"))
            assert f"{rules.heads(pile)} bullhead" in line  # its top card and its bullheads
            if i in allowed:
                assert f"score {rules.score_after_lay(me.piles, me.bulls, 29, i)}" in line
            else:
                assert "(its top card is higher)" in line and "score" not in line
        assert any("a new pile" in x and f"score {rules.score_after_lay(me.piles, me.bulls, 29, None)}" in x
                   for x in text.splitlines())
        greyed = next(i for i in range(len(me.piles)) if i not in allowed)
        choices = prompt.query_one(ChoiceList)
        before = choices.highlighted
        await pilot.press(str(greyed + 1))  # a greyed pile's number moves nothing
        assert choices.highlighted == before
        await pilot.press("escape")  # back to the card, highlighted
        assert prompt.card is None and prompt.lines[choices.highlighted] == {"card": 29}
        await pilot.press("enter")
        target = max(allowed, key=lambda i: -1 if i is None else i)
        await pilot.press("0" if target is None else str(target + 1))
        expected = rules.score_after_lay(me.piles, me.bulls, 29, target)
        done = len(game.actions)
        await pilot.press("enter")
        await wait_for(pilot, lambda: len(game.actions) > done)
        assert game.actions[done] == {"player": 0, "do": "lay", "card": 29, "pile": target}
        after = Game(SEATS, seed=1)  # the game as it was right after the lay (the bots may have moved on)
        for action in game.actions[:done + 1]:
            after.apply(action)
        assert after.scores()[0] == expected  # the score the line showed is the engine's


def test_the_pile_stage_at_80x24(snap_compare):
    """The layout is the point: the heading, the hand, each pile by its top card and bullheads, the scores."""
    async def to_piles(pilot):
        await wait_for(pilot, lambda: isinstance(pilot.app.screen, LayPrompt))
        await pilot.press("2", "9", "enter")

    assert snap_compare(app_after(37), run_before=to_piles, terminal_size=(80, 24))


async def test_lay_out_the_rest_where_every_way_scores_the_same():
    app = app_after(103)  # the game is over: Ann lays out her whole hand, and every way scores the same (BP9)
    async with app.run_test(size=(80, 24)) as pilot:
        game = app.game
        await wait_for(pilot, lambda: isinstance(app.screen, LayPrompt))
        me, hand = game.view(0).players[0], list(game.view(0).hand)
        low, high = rules.lay_out_scores(me.piles, me.bulls, hand)
        assert low == high and len(hand) >= 2
        assert f"lay out the rest: every way scores {low}" in screen_text(app)
        done = len(game.actions)
        await pilot.press("enter")  # the highlighted line: the rest, in one go
        await wait_for(pilot, lambda: not game.hands[0])
        assert [a["do"] for a in game.actions[done:done + len(hand)]] == ["lay"] * len(hand)
        assert game.scores()[0] == low


async def test_esc_at_the_card_hides_the_hand_again_at_a_hot_seat_table():
    """B10: at a hot-seat table, Esc at the card hides the hand and brings the hand-off back, as at every prompt
    that shows a hand (at the pile it goes back to the card, above)."""
    from bere_tui.ui.screens.handoff import HandoffScreen

    app = app_after(37, seats=[{"name": "Ann"}, {"name": "Ben"}, {"name": "Cid", "bot": "random"}])
    async with app.run_test(size=(80, 24)) as pilot:
        game = app.game
        await wait_for(pilot, lambda: isinstance(app.screen, HandoffScreen) and app.screen.who == "Ann")
        await pilot.press("enter")
        await wait_for(pilot, lambda: isinstance(app.screen, LayPrompt))
        assert "Esc hide hand" in screen_text(app)
        done = len(game.actions)
        await pilot.press("escape")
        await wait_for(pilot, lambda: isinstance(app.screen, HandoffScreen) and app.screen.who == "Ann")
        assert len(game.actions) == done and "29" not in screen_text(app)  # the hand is hidden, nothing laid
