"""A virtual clock for the input gate (bere_tui.ui.gate), for the tests that press keys in bursts.

The gate reads its clock when a screen shows and compares it with the time each key carries (the moment it
was pressed). Here that clock is `VirtualClock.now`, which only the test moves, and every key the test posts
is stamped with it: the gate keeps its delays (0.5 s hand-off, 0.3 s prompt), in virtual seconds that cost no
real time, and no outcome depends on how fast the machine is. Between two keys the test moves the clock on by
10-100 ms and lets the app run a random few turns of the event loop (sometimes until it has nothing left to
do), so keys still land at every moment of a change of screens: while a screen is being pushed, just after it
showed, inside its gate, past it.

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

    def __call__(self) -> float:
        return self.now

    def enter(self) -> events.Key:
        """Enter, pressed now."""
        key = events.Key("enter", "\r")
        key.time = self.now  # (Message.time, set by Textual from its own clock when the key is made)
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
    if any(not handle.cancelled() for handle in asyncio.get_running_loop()._ready):
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


async def between_keys(app, clock: VirtualClock, rng, check) -> None:
    """The moments between two keys of a burst: 10-100 ms of virtual time, and 0 to 3 turns of the event loop
    (and one time in five, as many as the app needs until it is idle), `check()` (the sampler) after each."""
    clock.now += rng.uniform(0.01, 0.1)
    for _ in range(rng.randint(0, 3)):
        await asyncio.sleep(0)
        check()
    if rng.random() < 0.2:
        await until_idle(app, check)


async def bursts_of_enter(pilot, clock: VirtualClock, rng, check, done, bursts: int = 20000) -> None:
    """Enter in bursts of 1 to 5 keys until `done()` holds (checked before each key: no key goes on past the
    game-over screen into a new game); then the app is let finish what it was doing (showing that screen)."""
    check()
    for _burst in range(bursts):
        for _key in range(rng.randint(1, 5)):
            if done():
                await until_idle(pilot.app, check)
                return
            pilot.app.post_message(clock.enter())
            await between_keys(pilot.app, clock, rng, check)
    raise AssertionError(f"not done after {bursts} bursts of Enter")
