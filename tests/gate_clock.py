"""A virtual clock for the input gate (bere_tui.ui.gate), for the tests that press keys in bursts.

The gate reads its clock when a screen shows and compares it with the time each key carries (the moment it
was pressed). Here that clock is `VirtualClock.now`, which only the test moves, and every key the test posts
is stamped with it: the gate keeps its delays (the 1 s pause of a hand-off, the 0.3 s of a prompt), in virtual
seconds that cost no real time, and no outcome depends on how fast the machine is. Keys come in streams at the
paces people press them (PACES) and the test lets the app run a random few turns of the event loop between two
keys (sometimes until it has nothing left to do), so keys still land at every moment of a change of screens:
while a screen is being pushed, just after it showed, inside its gate, past it.

Nothing else in the app reads the gate's clock: the gate imports `monotonic` into its own module and only that
name is replaced (Textual's timers, the pilot's wait and the app's other clocks keep the real one).
"""

from __future__ import annotations

import asyncio

from textual import events


class VirtualClock:
    """The gate's clock: `now` in seconds, moved on by the test alone."""

    def __init__(self, start: float = 1000.0) -> None:
        self.now = start
        self.quiet: dict[float, float] = {}  # a key's time -> seconds since the key before it (the test's count)
        self._last = float("-inf")

    def __call__(self) -> float:
        return self.now

    def enter(self) -> events.Key:
        """Enter, pressed now."""
        key = events.Key("enter", "\r")
        key.time = self.now  # (Message.time, set by Textual from its own clock when the key is made)
        self.quiet[self.now] = self.now - self._last
        self._last = self.now
        return key


def virtual_gate_clock(monkeypatch) -> VirtualClock:
    """The gate reads a virtual clock for the rest of the test."""
    from bere_tui.ui import gate

    clock = VirtualClock()
    monkeypatch.setattr(gate, "monotonic", clock)
    return clock


def busy(app) -> bool:
    """Something of the app is ready to run on the event loop, or a message waits for the app or for a node of
    the screen on top."""
    if any(not handle.cancelled() for handle in tuple(asyncio.get_running_loop()._ready)):
        return True
    nodes = [app, *app.screen.walk_children(with_self=True)] if app._screen_stack else [app]
    return any(not node._message_queue.empty() for node in nodes)


async def until_idle(app, check, turns: int = 10000) -> None:
    """Turns of the event loop, `check()` after each, until the app has nothing left to run; then the screen
    on top draws what changed (as at its next frame: what Pilot.pause does after its wait, without waiting
    for the frame's timer). No thread is waited for: the burst tests seat no bot."""
    for _ in range(turns):
        await asyncio.sleep(0)
        check()
        if not busy(app):
            break
    else:
        raise AssertionError(f"the app was still busy after {turns} turns of the event loop")
    if app._screen_stack:
        app.screen._on_timer_update()
        check()


#: seconds between two keys of a stream: a held key's auto-repeat (about 30 a second) and taps from fast to
#: hurried-but-slow (issue 31: every pace from 0.03 to 0.5 s, none of which may pass a hand-off)
PACES = (0.03, 0.05, 0.1, 0.16, 0.3, 0.5)


async def turns_between_keys(app, rng, check) -> None:
    """0 to 3 turns of the event loop (and one time in five, as many as the app needs until it is idle),
    `check()` (the sampler) after each: keys land at every moment of a change of screens."""
    for _ in range(rng.randint(0, 3)):
        await asyncio.sleep(0)
        check()
    if rng.random() < 0.2:
        await until_idle(app, check)


async def streams_of_enter(pilot, clock: VirtualClock, rng, check, done, streams: int = 20000) -> None:
    """Enter in streams until `done()` holds (checked before each key: no key goes on past the game-over
    screen into a new game); then the app is let finish what it was doing (showing that screen). Each stream
    is 1 to 12 keys at one pace of PACES (give or take 10%); after it, half the time a pause a little longer
    than the pause gates' (the keys stop, so the next Enter may take the keyboard), else the stream goes on at
    a new pace. `clock.quiet` keeps, for each key's time, how long it came after the key before it."""
    from bere_tui.ui.gate import GATE_SECONDS

    pause = max(GATE_SECONDS["handoff"], GATE_SECONDS["results"])
    check()
    for _stream in range(streams):
        pace = rng.choice(PACES)
        for _key in range(rng.randint(1, 12)):
            if done():
                await until_idle(pilot.app, check)
                return
            pilot.app.post_message(clock.enter())
            clock.now += pace * rng.uniform(0.9, 1.1)
            await turns_between_keys(pilot.app, rng, check)
        if rng.random() < 0.5:
            clock.now += pause * rng.uniform(1.0, 1.3)
    raise AssertionError(f"not done after {streams} streams of Enter")


def watch_gate_openings(monkeypatch, clock: VirtualClock) -> list[str]:
    """Failures, as they happen: a pause gate (a hand-off, the scores, a prompt that came to another person)
    let in a key that came, by the test's own count of time, less than the pause after the key before it."""
    from bere_tui.ui import gate

    failures: list[str] = []
    original = gate.Gated.accepts

    def accepts(screen, event, quiet=float("inf")):
        was_open = screen._open
        taken = original(screen, event, quiet)
        if taken and not was_open and screen.waits_for_a_pause:
            before = clock.quiet.get(getattr(event, "time", None), float("inf"))
            if before < gate.GATE_SECONDS[screen.gate_kind]:
                failures.append(f"{type(screen).__name__} let in a key {before:.2f} s after the one before it")
        return taken

    monkeypatch.setattr(gate.Gated, "accepts", accepts)
    return failures
