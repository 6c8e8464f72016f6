"""Pass-the-laptop privacy under fast fingers (B10, issue 11): the input gate and the hand-off before every
decision of a person who does not hold the keyboard.

The whole-game tests press Enter in streams at every pace from a held key to slow taps, with the gate's real
delays, and check on every frame they sample (after every turn of the event loop they give the app) that no
person's hand or private decision is drawn unless that person's hand-off came after anyone else's hand was last
shown, and that no hand-off, score screen or prompt that changed hands let in a key that came less than the
pause after the key before it (issue 31). The time is the gate's virtual clock (tests/gate_clock.py): the keys
and the gate's delays cost no real time.
"""

from __future__ import annotations

import random

import pytest
from gate_clock import streams_of_enter, virtual_gate_clock, watch_gate_openings
from textual import events
from uitools import last_turn, press_on, screen_text, shown_cards, table_app, wait_for

from bere_tui.ui.gate import GATE_SECONDS
from bere_tui.ui.prompts.base import PromptScreen
from bere_tui.ui.prompts.select import SelectPrompt
from bere_tui.ui.prompts.take_row import TakeRowPrompt
from bere_tui.ui.screens.handoff import HandoffScreen
from bere_tui.ui.screens.scores import ResultsScreen
from bere_tui.ui.screens.table import TableScreen
from bere_tui.ui.screens.tracker import TrackerScreen


def enter() -> events.Key:
    return events.Key("enter", "\r")


def without_log(text: str) -> str:
    """The screen without the log column (right of the first │): the log lists cards played in earlier
    rounds, which a later deal may put in a hand."""
    return "\n".join(line.split("│")[0] for line in text.split("\n"))


class PrivacyWatch:
    """Samples the screen while a game runs. `holder`: the person whose hand-off was the last one taken."""

    def __init__(self, app) -> None:
        self.app = app
        self.holder: int | None = None
        self.frames = 0
        self.private_frames = 0
        self.reads = 0  # texts read (not blank)
        self.failures: list[str] = []
        self.last_read = None
        original = HandoffScreen.dismiss

        watch = self

        def dismiss(screen, result=None):
            if not screen._dismissed and screen.app.screen is screen:
                watch.holder = screen.app.game.players.index(
                    next(p for p in screen.app.game.players if p["name"] == screen.who))
            return original(screen, result)

        self._patch = (HandoffScreen, "dismiss", dismiss)

    def check_frame(self) -> None:
        app, game = self.app, self.app.game
        screen = app.screen
        self.frames += 1
        owner = None
        if isinstance(screen, PromptScreen):
            owner = screen.player
        elif isinstance(screen, TrackerScreen):
            owner = screen.view.me
        if owner is not None and game.players[owner].get("bot") is None:
            self.private_frames += 1
            if owner != self.holder:
                self.failures.append(f"{type(screen).__name__} of player {owner} drawn while the keyboard was "
                                     f"last handed to {self.holder}")
        # the text is read once per screen, state and layout (reading it is slow): again after each reflow of
        # the screen (a new map of its widgets), and until the screen has drawn anything (read just after it
        # was pushed, before its widgets were laid out, it is blank)
        moment = (id(screen), len(game.actions), screen._dismissed if hasattr(screen, "_dismissed") else None,
                  id(screen._compositor._full_map))
        if isinstance(screen, (PromptScreen, HandoffScreen, TrackerScreen)) and moment != self.last_read:
            text = screen_text(app)
            if text.strip():
                self.last_read = moment
                self.reads += 1
            # cards of hands other than the owner's (and unrevealed selections) never show
            secret = [c for p, hand in enumerate(game.hands) if p != owner for c in hand]
            if game.pending is not None and game.pending["do"] == "select":  # chosen, not yet revealed
                secret += [c for p, c in game.selected.items() if p != owner]
            seen = shown_cards(without_log(text), secret)
            if seen:
                self.failures.append(f"{type(screen).__name__} (owner {owner}) shows {sorted(seen)}:\n"
                                     + text)


async def play_in_bursts(monkeypatch, variant: str, options, seed: int, until=None) -> PrivacyWatch:
    rng = random.Random(seed)
    clock = virtual_gate_clock(monkeypatch)
    app = table_app(variant, players=("Ann", "Ben", "Cid"), seed=seed, options=options, until=until)
    watch = PrivacyWatch(app)
    monkeypatch.setattr(*watch._patch)
    early = watch_gate_openings(monkeypatch, clock)
    async with app.run_test(size=(80, 24)) as pilot:
        await streams_of_enter(pilot, clock, rng, watch.check_frame,
                               done=lambda: isinstance(app.screen, ResultsScreen) or watch.failures or early)
        assert not watch.failures, watch.failures[0]
        assert not early, early[0]
        assert isinstance(app.screen, ResultsScreen) and app.game.finished
    return watch


@pytest.mark.real_gate
async def test_a_three_person_base_game_by_streams_of_enter_never_shows_a_hand_before_its_hand_off(monkeypatch):
    watch = await play_in_bursts(monkeypatch, "base", {"rounds": 1}, seed=5)
    assert watch.private_frames > 50 and watch.frames > watch.private_frames
    assert watch.reads > 50  # the check of the text is not blind


@pytest.mark.real_gate
async def test_a_three_person_anniversary_game_by_streams_of_enter_never_shows_a_hand_before_its_hand_off(
        monkeypatch):
    """From the last turn of round 1 to the end: the change of rounds and the whole second round, with its
    special cards given (A6) and played, about 150 hand-offs and prompts (the base game's test plays round 1
    from the start)."""
    watch = await play_in_bursts(monkeypatch, "anniversary", None, seed=7, until=last_turn)
    assert watch.private_frames > 50 and watch.reads > 50


# ---------------------------------------------------------------------- the gate, key by key


@pytest.mark.real_gate
async def test_a_double_enter_on_your_card_does_not_open_the_next_hand(monkeypatch):
    """Issue 11: Enter twice on Ann's hand chose her card and then opened Ben's hand without his hand-off.
    (The gate's virtual clock, tests/gate_clock.py: its delays are passed without waiting.)"""
    clock = virtual_gate_clock(monkeypatch)
    app = table_app(players=("Ann", "Ben", "Cid"), seed=5)
    async with app.run_test(size=(80, 24)) as pilot:
        await wait_for(pilot, lambda: isinstance(app.screen, HandoffScreen))
        app.post_message(clock.enter())  # Ann sits down and presses Enter once: she is let in at once
        await wait_for(pilot, lambda: isinstance(app.screen, SelectPrompt))
        clock.now += GATE_SECONDS["prompt"] + 0.01
        app.post_message(clock.enter())  # Ann's card
        await wait_for(pilot, lambda: isinstance(app.screen, HandoffScreen))
        clock.now += 0.2
        app.post_message(clock.enter())  # the second tap lands just as Ben's hand-off shows
        clock.now += 0.6
        app.post_message(clock.enter())  # and a third: the keys are still coming
        await pilot.pause()
        assert isinstance(app.screen, HandoffScreen) and app.screen.who == "Ben"
        assert len(app.game.actions) == 1
        assert "Keys are still coming in." in screen_text(app)  # (it says what it waits for)
        clock.now += GATE_SECONDS["handoff"] + 0.01
        app.post_message(clock.enter())  # a pause, then Enter once: Ben's hand
        await wait_for(pilot, lambda: isinstance(app.screen, SelectPrompt) and app.screen.player == 1)


def enter_at(time: float) -> events.Key:
    """An Enter stamped as pressed at `time` (the clock the gate reads): a burst without real waiting."""
    key = enter()
    key.time = time
    return key


@pytest.mark.real_gate
async def test_enter_pressed_fast_through_the_last_placements_does_not_pass_the_game_over_screen():
    """Enter pressed fast to hurry the last placements went on into the game-over screen, and a moment later
    its first choice started a new game: nobody saw who won. Keys that keep coming hold its gate shut (issue 31:
    it takes a key only after a pause); Enter after a pause chooses. The keys carry their press times, so the
    test does not depend on how fast the machine is."""
    app = table_app(players=("Ann",), bots=("random", "random"), seed=3, options={"rounds": 1},
                    until=last_turn, speed="fast")
    async with app.run_test(size=(80, 24)) as pilot:
        await wait_for(pilot, lambda: isinstance(app.screen, ResultsScreen))  # (Ann's last card plays itself)
        results = app.screen
        gate = GATE_SECONDS["results"]
        shown = results._shown_at
        presses = [shown - 1.0 + 0.4 * k for k in range(10)]  # 0.4 s apart: from before the results to 2.6 s after
        for t in presses:
            app.post_message(enter_at(t))
            await pilot.pause()
        assert app.game.finished and app.screen is results
        assert not results.accepts(enter_at(presses[-1] + gate - 0.05), quiet=gate - 0.05)
        assert results.accepts(enter_at(presses[-1] + gate + 0.05), quiet=gate + 0.05)  # Enter after a pause


async def test_keys_pressed_before_a_prompt_showed_are_dropped():
    """Even with the gate's delays at 0, a key stamped before the prompt showed never acts on it (typed
    ahead: dropped, never queued). With one person and bots, Enter to hurry the placements plays no card."""
    app = table_app(players=("Ann",), bots=("random", "random"), seed=4, speed="slow")
    async with app.run_test(size=(80, 24)) as pilot:
        await press_on(pilot, SelectPrompt, "enter")
        pressed = [enter() for _ in range(8)]  # pressed now, while the placements are being shown
        await wait_for(pilot, lambda: isinstance(app.screen, TableScreen))
        for key in pressed:
            app.post_message(key)
        await wait_for(pilot, lambda: isinstance(app.screen, SelectPrompt), timeout=20)
        for key in pressed:  # the same presses reach the prompt late (as keys queued behind a busy screen do)
            late = enter()
            late.time = key.time
            app.post_message(late)
        await pilot.pause(0.2)
        assert len([a for a in app.game.actions if a["player"] == 0]) == 1
        assert app.game.turn == 2


async def test_a_low_card_take_of_another_person_gets_a_hand_off_first():
    """Issue 11: Ben's low-card prompt appeared while Cid held the keyboard. Every decision of a person who
    does not hold the keyboard (not only the secret choice) comes after their hand-off."""
    app = table_app(players=("Ann", "Ben", "Cid"), seed=5, options={"rounds": 1})
    order: list[tuple[str, int]] = []
    async with app.run_test(size=(80, 24)) as pilot:
        for _ in range(400):
            await wait_for(pilot, lambda: not isinstance(app.screen, TableScreen))
            screen = app.screen
            if isinstance(screen, ResultsScreen):
                break
            if isinstance(screen, HandoffScreen):
                order.append(("handoff", [p["name"] for p in app.game.players].index(screen.who)))
            elif isinstance(screen, PromptScreen):
                order.append((type(screen).__name__, screen.player))
            await pilot.press("enter")
    takes = [i for i, (kind, _p) in enumerate(order) if kind == TakeRowPrompt.__name__]
    assert takes, "seed 5 has a low-card take"
    holder = None
    for kind, p in order:
        if kind == "handoff":
            holder = p
        else:
            assert holder == p, order
