"""The card tracker (`t`): built from one View only, it never shows a card of a hidden hand (B10) or a secret
selection (B3); it lists what was seen this round and the unseen cards with their bullheads; in Pro every
card's place (P1, P3)."""

from __future__ import annotations

import pytest
from uitools import press_until, screen_text, table_app

from bere_tui.bots import make_bot
from bere_tui.bots.runner import deciders
from bere_tui.engine import HEADS
from bere_tui.engine.nimmt import Game
from bere_tui.ui.prompts.select import SelectPrompt
from bere_tui.ui.screens.handoff import HandoffScreen
from bere_tui.ui.screens.tracker import TrackerScreen, card_places, keyboard_view
from bere_tui.ui.session import Session


def hidden_from(game: Game, viewer: int | None) -> set[int]:
    """Cards the viewer may not know: other players' hands (unless Pro; a card revealed this turn and taken
    back into a hand, A-REP-1, was shown to all) and their secret selections."""
    hidden = set()
    for p in range(game.n):
        if p == viewer:
            continue
        if game.variant != "pro":
            hidden.update(set(game.hands[p]) - {c for c, _owner in game.revealed})
        # a secret selection is hidden; in Pro the card still shows in its owner's public hand until the
        # reveal (B3 over P3), so only WHICH card was chosen is secret there, not where the card is
        if game.variant != "pro" and p in game.selected and game.pending is not None \
                and game.pending["do"] == "select":
            hidden.add(game.selected[p])
    return hidden


@pytest.mark.parametrize("variant", ["base", "anniversary", "even-odd", "pro"])
def test_seen_cards_never_include_a_hidden_card_and_seen_plus_unseen_is_the_deck(variant):
    for seed in range(3):
        game = Game(variant, ["Ann", "Ben", "Cid"], seed=seed, options=None if variant == "anniversary"
                    else {"rounds": 1})
        movers = {p: make_bot("random", seed * 10 + p) for p in range(3)}
        step = 0
        while not game.finished:
            if step % 3 == 0:
                for viewer in (None, 0, 1, 2):
                    view = game.view(viewer)
                    places = card_places(view)
                    seen = places.seen_cards()
                    assert not seen & hidden_from(game, viewer), (variant, seed, step, viewer)
                    assert seen == view.seen_cards()  # the engine's own account of what this viewer saw
                    assert seen.isdisjoint(places.unseen)
                    assert seen | set(places.unseen) == set(range(1, places.in_play + 1))
            p = deciders(game)[-1]
            game.apply(movers[p].choose(game.view(p), game.legal(p)))
            step += 1


def test_in_pro_every_card_of_the_game_has_a_place():
    game = Game("pro", ["Ann", "Ben", "Cid"], seed=2)
    movers = {p: make_bot("random", p) for p in range(3)}
    while game.pending["do"] == "draft" or game.turn < 3:
        p = deciders(game)[0]
        game.apply(movers[p].choose(game.view(p), game.legal(p)))
    places = card_places(game.view(None))
    assert places.in_play == 34 and places.unseen == () and places.secret == ()  # P1: 10 x 3 + 4
    labels = [label for label, _cards in places.seen]
    assert {"Ann's hand", "Ben's hand", "Cid's hand", "rows"} <= set(labels)
    assert dict(places.seen)["Ben's hand"] == tuple(game.hands[1])
    game.apply({"player": 0, "do": "select", "card": game.hands[0][0]})
    assert card_places(game.view(1)).secret == ("Ann",)  # chosen, not yet revealed (B3)


def test_the_keyboard_view_is_public_at_a_hot_seat_table():
    game = Game("base", [{"name": "Ann"}, {"name": "Ben"}, {"name": "Cid", "bot": "random"}], seed=1)
    assert keyboard_view(Session(game)).me is None
    solo = Game("base", [{"name": "Ann"}, {"name": "Ben", "bot": "random"}], seed=1)
    assert keyboard_view(Session(solo)).me == 0


def seen_part(text: str) -> str:
    return text.split("SEEN THIS ROUND", 1)[1].split("UNSEEN", 1)[0]


async def test_t_in_a_hot_seat_prompt_shows_only_that_persons_cards():
    app = table_app("base", players=("Ann", "Ben"), seed=4)
    async with app.run_test(size=(80, 24)) as pilot:
        game = app.game
        await press_until(pilot, lambda: isinstance(app.screen, SelectPrompt))
        me = app.screen.player
        await pilot.press("t")
        assert isinstance(app.screen, TrackerScreen)
        text = screen_text(app)
        seen = seen_part(text)
        other = game.hands[1 - me]
        assert "your hand" in seen
        # no card of the other person's hand shows among the seen ones (numbers as whole words)
        words = set(seen.split())
        assert not {str(c) for c in other} & words
        assert {str(c) for c in game.hands[me]} <= words
        # the unseen list gives the bullheads of what is left
        heads = sum(HEADS[c] for c in range(1, 105)) - sum(
            HEADS[c] for c in card_places(game.view(me)).seen_cards())
        assert f"{heads} bullheads" in text
        await pilot.press("escape")
        assert isinstance(app.screen, SelectPrompt)
        await pilot.press("enter")  # Ann chooses; the hand-off for Ben comes
        await press_until(pilot, lambda: isinstance(app.screen, HandoffScreen), key="wait:50", limit=40)
        await pilot.press("t")  # the hand-off shows nothing, and t does not open anything there
        assert isinstance(app.screen, HandoffScreen)


async def test_t_at_the_table_against_bots_uses_the_persons_view():
    app = table_app("base", players=("Ann",), bots=("random", "random"), seed=6, speed="slow")
    async with app.run_test(size=(80, 24)) as pilot:
        await press_until(pilot, lambda: isinstance(app.screen, SelectPrompt))
        await pilot.press("enter")  # the placements are shown slowly, with the table on top
        assert type(app.screen).__name__ == "TableScreen"
        await pilot.press("t")
        assert isinstance(app.screen, TrackerScreen)
        assert app.screen.view.me == 0
        seen = seen_part(screen_text(app))
        hidden = {str(c) for p in (1, 2) for c in app.game.hands[p]}
        assert not hidden & set(seen.split())
        assert {str(c) for c in app.game.hands[0]} <= set(seen.split())
