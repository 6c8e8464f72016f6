"""The input gate: no key acts on a screen that was not on screen when the key was pressed, and no stream of
keys passes a screen where the keyboard changes hands.

Every key carries the time it was pressed, and the app notes the time of every key it receives (`KeyStream`),
whatever screen takes it. A gated screen drops every key pressed before it showed (typed ahead, or the Enter
that hurried the placements before it came): dropped, never queued. Past that, two kinds of gate:

- A pause gate (the hand-off, the round's scores, the results, a prompt that comes to another person with no
  hand-off): it takes its first key only when no other key came in the PAUSE before it. A key that arrives while
  keys are still coming is dropped and restarts the wait, so taps at any pace faster than the pause, and a held
  key (auto-repeat), never pass it; a person who sits down and presses Enter once is let in at once. Once a key
  has passed, the screen takes keys as any other (B10: the keyboard has changed hands).
- A delay gate (a prompt for the person who holds the keyboard): it takes keys pressed from a moment after it
  showed (the Enter of a double tap on the previous prompt does not choose here).

A screen opened over a gated one after `keep_gate()` (the whole log, `g`: the same person looks and comes back
with Esc) leaves its gate as it was: keys typed ahead after the Esc go on to it.

Tests set GATE_SECONDS to 0 (tests/conftest.py) except those that test the gate itself, which run on a virtual
clock (tests/gate_clock.py).
"""

from __future__ import annotations

from math import inf
from time import monotonic  # the clock Textual stamps messages with (textual._time on this platform)

from textual import events

#: seconds: the pause of a pause gate (no key for this long before the key it takes; auto-repeat sends a key
#: every 0.03-0.05 s and hurried taps come 0.1-0.5 s apart), and the delay of a delay gate
GATE_SECONDS: dict[str, float] = {"handoff": 1.0, "results": 1.0, "prompt": 0.3}
#: the kinds of gate that wait for the keys to stop (the others wait for a moment after the screen showed)
PAUSE_KINDS = frozenset({"handoff", "results"})


class KeyStream:
    """The app's note of the keys coming in: how long it was quiet before each key."""

    def __init__(self) -> None:
        self._last: float = -inf

    def quiet_before(self, event) -> float:
        """Seconds without a key before `event` (a key is noted; a click is not a key and is only measured)."""
        pressed = getattr(event, "time", inf)
        quiet = pressed - self._last
        if isinstance(event, events.Key):
            self._last = max(self._last, pressed)
        return quiet


class Gated:
    """Mixin for a screen that asks something. The app asks `accepts(event, quiet)` before it passes a key or a
    click on, and tells `dropped(event)` when it did not. `gate_kind` may be changed per screen before it shows
    (a prompt that comes to another person with no hand-off waits for the keys to stop, as a hand-off does)."""

    gate_kind: str = "prompt"
    _shown_at: float = inf  # keys pressed before this moment are dropped (all of them, while not shown)
    _open: bool = False  # a key has passed the gate: the screen takes keys as any other
    _peeked: bool = False  # under a screen that leaves this one's gate as it is (keep_gate)

    def on_screen_resume(self) -> None:
        if self._peeked:  # back from a screen that kept the gate (keep_gate): as it was
            self._peeked = False
            return
        self._shown_at = monotonic()

    def on_screen_suspend(self) -> None:
        if self._peeked:
            return
        self._shown_at = inf
        self._open = False  # (shown again later, e.g. after the help: the gate is shut again)

    def keep_gate(self) -> None:
        """The screen about to open over this one leaves its gate as it is, until this one shows again (the
        whole log, `g`: the same person looks and comes back with Esc). Set before that screen is pushed, so
        that it holds however fast the keys come."""
        self._peeked = True

    @property
    def waits_for_a_pause(self) -> bool:
        return self.gate_kind in PAUSE_KINDS

    def accepts(self, event, quiet: float = inf) -> bool:
        """Whether a key or click may act here. `quiet`: seconds without a key before it (KeyStream)."""
        pressed = getattr(event, "time", inf)
        if pressed < self._shown_at:
            return False
        if self._open:
            return True
        wait = GATE_SECONDS.get(self.gate_kind, 0.0)
        passed = quiet >= wait if self.waits_for_a_pause else pressed >= self._shown_at + wait
        self._open = passed
        return passed

    def dropped(self, event) -> None:
        """The app dropped `event` at this gate (a screen may say why: see `keys_still_coming`)."""
        if self.waits_for_a_pause and isinstance(event, events.Key) and getattr(event, "time", inf) >= self._shown_at:
            self.keys_still_coming()

    def keys_still_coming(self) -> None:
        """A key came while keys were still coming: a screen that changes hands says what it wants."""


def accepts(screen, event, quiet: float = inf) -> bool:
    """Whether `event` may reach `screen` (screens without a gate take every key)."""
    check = getattr(screen, "accepts", None)
    return check is None or check(event, quiet)


def dropped(screen, event) -> None:
    """Tell `screen` that the app dropped `event` at its gate."""
    tell = getattr(screen, "dropped", None)
    if tell is not None:
        tell(event)


__all__ = ["GATE_SECONDS", "PAUSE_KINDS", "Gated", "KeyStream", "accepts", "dropped"]
