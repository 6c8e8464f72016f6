"""Issue 31: no stream of keys passes a hand-off, in any game; a pause, then one Enter, always moves the game on.

A person takes the keyboard (one Enter, let in at once), and then taps Enter at one pace, or holds it down
(auto-repeat: a key every 0.03 s), for four seconds: through their own prompt (the first Enter past its gate
chooses), the placements, and into the next person's hand-off. The hand-off must still be there at the end of
the stream, with no decision of anybody else made, and one Enter after a pause must then open the next
person's prompt. The keys carry the gate's virtual clock (tests/gate_clock.py): no real waiting, no outcome
that depends on the machine's speed. On today's code before issue 31, every stream longer than half a second
passed the hand-off.
"""

from __future__ import annotations

import pytest
from gate_clock import PACES, until_idle, virtual_gate_clock
from uitools import screen_text, wait_for

from bere_tui.systems import make_game
from bere_tui.ui.app import BereApp, Start
from bere_tui.ui.gate import GATE_SECONDS
from bere_tui.ui.prompts.base import PromptScreen
from bere_tui.ui.screens.handoff import HandoffScreen
from bere_tui.ui.session import Session

GAMES = [("base", {"rounds": 1}), ("anniversary", None), ("bullenparty", None), ("board", {"side": "blue"})]
NAMES = ("Ann", "Ben", "Cid")


def prompt_of(app):
    """The person whose private screen is on top (a prompt of any game), or None."""
    from bere_tui.ui.board.prompts import BoardPrompt

    screen = app.screen
    if isinstance(screen, (PromptScreen, BoardPrompt)):
        return screen.player
    return None


@pytest.mark.real_gate
@pytest.mark.parametrize(("variant", "options"), GAMES, ids=[g for g, _o in GAMES])
@pytest.mark.parametrize("pace", PACES)
async def test_a_stream_of_enter_never_passes_the_next_persons_hand_off(monkeypatch, variant, options, pace):
    clock = virtual_gate_clock(monkeypatch)
    game = make_game(variant, [{"name": n} for n in NAMES], seed=3, options=options)
    app = BereApp(Start("game", session=Session(game)), speed="off", remember=False)
    async with app.run_test(size=(80, 24)) as pilot:
        await wait_for(pilot, lambda: isinstance(app.screen, HandoffScreen))
        first = NAMES.index(app.screen.who)
        clock.now += 5.0
        app.post_message(clock.enter())  # a person sits down and presses Enter once: let in at once
        await wait_for(pilot, lambda: prompt_of(app) == first)
        seen = []  # (whose private screen, whose hand-off) after each key of the stream

        def note() -> None:
            seen.append((prompt_of(app), app.screen.who if isinstance(app.screen, HandoffScreen) else None))

        end = clock.now + 4.0
        while clock.now < end:
            clock.now += pace
            app.post_message(clock.enter())
            await until_idle(app, note)
        await wait_for(pilot, lambda: isinstance(app.screen, HandoffScreen))
        handoff = app.screen
        assert handoff.who != NAMES[first]  # the stream chose for the first person (their prompt took an Enter)
        assert {p for p, _h in seen if p is not None} <= {first}, "another person's private screen was shown"
        assert {a["player"] for a in game.actions} == {first}, "the stream decided for somebody else"
        assert "Keys are still coming in." in screen_text(app)
        clock.now += GATE_SECONDS["handoff"] + 0.01
        app.post_message(clock.enter())  # a pause, then Enter once: the next person's prompt
        await wait_for(pilot, lambda: prompt_of(app) == NAMES.index(handoff.who))


@pytest.mark.real_gate
async def test_a_whole_bullenparty_game_by_streams_of_enter_opens_no_hand_before_its_hand_off(monkeypatch):
    """Every kind of Bullenparty hand-off (the bid, the take, the zero card's row, laying out) and the scores
    screens, under streams of Enter at every pace from a held key to slow taps, with pauses between them: on
    every frame sampled a prompt belongs to the person whose hand-off came last, and no pause gate let in a key
    that came less than its pause after the one before (the 6 nimmt! and board-game whole-game tests:
    tests/ui/test_handoff_gate.py, tests/board/test_board_ui.py)."""
    import random

    from gate_clock import streams_of_enter, watch_gate_openings

    from bere_tui.ui.screens.scores import ResultsScreen

    clock = virtual_gate_clock(monkeypatch)
    early = watch_gate_openings(monkeypatch, clock)
    game = make_game("bullenparty", [{"name": n} for n in NAMES], seed=5)
    app = BereApp(Start("game", session=Session(game)), speed="off", remember=False)
    holder: list[int | None] = [None]
    failures: list[str] = []
    kinds: set[str] = set()
    original = HandoffScreen.dismiss

    def dismiss(screen, result=None):
        if not screen._dismissed and screen.app.screen is screen:
            holder[0] = NAMES.index(screen.who)
        return original(screen, result)

    monkeypatch.setattr(HandoffScreen, "dismiss", dismiss)

    def check() -> None:
        owner = prompt_of(app)
        if owner is not None:
            kinds.add(game.pending["do"] if game.pending else "")
            if owner != holder[0]:
                failures.append(f"the prompt of {NAMES[owner]} while {holder[0]} held the keyboard")

    async with app.run_test(size=(80, 24)) as pilot:
        await streams_of_enter(pilot, clock, random.Random(5), check,
                               done=lambda: isinstance(app.screen, ResultsScreen) or failures or early)
        assert not failures, failures[0]
        assert not early, early[0]
        assert isinstance(app.screen, ResultsScreen) and game.finished
    assert {"bid", "take", "lay"} <= kinds, kinds
