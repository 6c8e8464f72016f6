"""A whole 3-player Anniversary game on the hot-seat table, played through key presses only (A1-A9,
A-ORD-1..4): every one of the seven special cards goes through its prompt, and Negative = Positive cancels
cards (A-NP-1).

Ann and Ben share the keyboard; Cid is a bot that always takes the first legal choice (no special card, keep
its special cards), so the special draw pile is touched only by the deal. One player cannot play all seven
kinds (a swap gives up one card for one), so Ann and Ben hold six kinds between them in round 1 and both get
a Negative = Positive from the top of the draw pile in round 2 (A6).

The test presses one key at a time, as a person reading the screen would: Enter on hand-offs, hands (the
lowest card is highlighted), rows to take (the cheapest), the Negative = Positive steps (the best set first),
swaps (keep) and summaries; at a special-card prompt it moves by its digit to a kind nobody has played yet when
one is allowed (Negative = Positive only when it will cancel a card) and confirms with Enter, then Enter
through the later steps.
"""

from __future__ import annotations

import random

from bere_tui.engine.cards import HEADS
from bere_tui.engine.nimmt.game import Game
from bere_tui.engine.nimmt.specials import full_special_deck
from bere_tui.engine.nimmt.variants import SPECIAL_NAMES
from bere_tui.ui.app import BereApp, Start
from bere_tui.ui.prompts.special import SpecialPrompt, StepList
from bere_tui.ui.screens.scores import ResultsScreen
from bere_tui.ui.screens.table import TableScreen
from bere_tui.ui.session import Session

SPECIALS = [["fifth_row", "seven_nimmt", "insert"],  # Ann
            ["replace", "shift", "stop"],  # Ben
            ["insert", "stop", "shift"]]  # Cid (never plays one)


class FirstChoiceBot:
    """Takes the first legal action: the lowest card, no special card, keep all special cards."""

    def choose(self, view, legal: list[dict]) -> dict:
        return legal[0]


def anniversary_session(seed: int = 3) -> Session:
    rng = random.Random(seed)
    deck = list(range(1, 105))
    rng.shuffle(deck)
    pile = full_special_deck()
    for hand in SPECIALS:
        for card in hand:
            pile.remove(card)
    pile.sort(key=lambda c: c != "negative_positive")  # A6: round 2 gives Ann and Ben one each
    deal = {"rows": deck[36:40], "hands": [deck[0:12], deck[12:24], deck[24:36]], "specials": SPECIALS,
            "special_pile": pile}
    game = Game("anniversary", [{"name": "Ann"}, {"name": "Ben"}, {"name": "Cid", "bot": "random"}],
                seed=seed, deals=[deal])
    session = Session(game)
    session.bots[2] = FirstChoiceBot()
    return session


def played_kinds(game: Game) -> set[str]:
    return {a["card"] for a in game.actions if a["do"] == "special" and a["card"] is not None}


def np_would_cancel(game: Game, p: int) -> bool:
    """Whether Negative = Positive now, then the prompts' defaults (the cheapest row, the best positive card),
    cancels at least one card (A-NP-1)."""
    g = game.copy()
    g.apply({"player": p, "do": "special", "card": "negative_positive"})
    if g.pending["do"] == "take_row":
        rows = g.view(p).rows
        g.apply(min(g.legal(p), key=lambda a: (rows[a["row"]].bullheads, a["row"])))
    best = max(g.legal(p), key=lambda a: HEADS[a["positive"]] + sum(HEADS[c] for c in a["cancel"]))
    return bool(best["cancel"])


def special_to_play(game: Game, p: int) -> str | None:
    """A kind of special card nobody has played yet, if one is allowed now."""
    allowed = {a["card"] for a in game.legal(p)}
    for name in SPECIAL_NAMES:
        if name in allowed and name not in played_kinds(game):
            if name == "negative_positive" and not np_would_cancel(game, p):
                continue
            return name
    return None


def key_for(prompt: SpecialPrompt) -> str:
    """At the first step the digit of the card to play (0: none) until it is highlighted, then Enter; Enter (the
    default) at later steps."""
    if len(prompt.steps) > 1:
        return "enter"
    name = special_to_play(prompt.app.game, prompt.player)
    index = next(i for i, c in enumerate(prompt.step.choices) if c.value == name)
    if prompt.query_one(StepList).highlighted != index:
        return prompt.step.choices[index].key
    return "enter"


async def test_a_whole_anniversary_game_through_the_keys():
    session = anniversary_session()
    game = session.game
    app = BereApp(Start("game", session=session), speed="off", remember=False)
    presses = 0
    async with app.run_test(size=(80, 24)) as pilot:
        while not isinstance(app.screen, ResultsScreen):
            screen = app.screen
            if isinstance(screen, TableScreen):
                await pilot.pause()  # the table shows events or Cid thinks: no key is wanted
                continue
            if isinstance(screen, SpecialPrompt):
                if not screen.steps:
                    await pilot.pause()
                    continue
                key = key_for(screen)
            else:
                key = "enter"  # hand-off, hand, row to take, N=P steps, swap (keep), round summary
            await pilot.press(key)
            presses += 1
            assert presses < 600, game.describe_pending()
        assert game.finished and game.round == 2  # A6, A7: exactly two rounds
        winners = str(app.screen.query_one("#winners").render())
        assert all(game.players[p]["name"] in winners for p in game.winners)

    assert played_kinds(game) == set(SPECIAL_NAMES)  # all seven, each through SpecialPrompt
    assert all(a["player"] in (0, 1) for a in game.actions if a["do"] == "special" and a["card"])
    assert any(a["cancel"] for a in game.actions if a["do"] == "cancel")  # A-NP-1: cards were cancelled
