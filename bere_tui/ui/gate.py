"""The input gate: no key acts on a hand-off or a prompt that was not on screen when the key was pressed.

A key carries the time it was pressed. A gated screen takes keys pressed from a moment after it showed: a
hand-off from 0.5 s on, a prompt from 0.3 s on. Keys pressed earlier (typed ahead, or the Enter that hurried
the placements before the prompt came) are dropped, never queued, so a fast finger cannot skip a hand-off or
choose a card it has not seen.

The screens between rounds and at the end of the game also hold their gate shut while keys keep coming: each
key dropped keeps it shut for the gate's time from that key. Enter pressed fast to hurry the last placements
(or held down) would otherwise go on past the game-over screen into a new game before anyone read who won.
"""

from __future__ import annotations

from math import inf
from time import monotonic  # the clock Textual stamps messages with (textual._time on this platform)
from typing import ClassVar

from textual import events

#: seconds a newly shown screen of each kind ignores keys (tests may set them to 0)
GATE_SECONDS: dict[str, float] = {"handoff": 0.5, "prompt": 0.3, "results": 0.5}


class Gated:
    """Mixin for a screen that asks something: it ignores keys pressed before it showed or in its first
    GATE_SECONDS[gate_kind] seconds. The app asks `accepts(event)` before it passes a key or a click on."""

    gate_kind: ClassVar[str] = "prompt"
    #: keys that keep coming hold the gate shut (see the module's text): the round and game summaries
    holds_while_typed: ClassVar[bool] = False
    _open_from: float = inf  # keys pressed before this moment are dropped (never, while not shown)

    def on_screen_resume(self) -> None:
        self._open_from = monotonic() + GATE_SECONDS.get(self.gate_kind, 0.0)

    def on_screen_suspend(self) -> None:
        self._open_from = inf

    def accepts(self, event) -> bool:
        """Whether a key or click event may act here: pressed while this screen was shown and past its gate."""
        return getattr(event, "time", inf) >= self._open_from

    def dropped(self, event) -> None:
        """The app dropped `event` at this gate: a key keeps a holding gate shut for its time from that key."""
        pressed = getattr(event, "time", None)
        if self.holds_while_typed and isinstance(event, events.Key) and pressed is not None \
                and self._open_from != inf:
            self._open_from = max(self._open_from, pressed + GATE_SECONDS.get(self.gate_kind, 0.0))


def accepts(screen, event) -> bool:
    """Whether `event` may reach `screen` (screens without a gate take every key)."""
    check = getattr(screen, "accepts", None)
    return check is None or check(event)


def dropped(screen, event) -> None:
    """Tell `screen` that the app dropped `event` at its gate."""
    tell = getattr(screen, "dropped", None)
    if tell is not None:
        tell(event)


__all__ = ["GATE_SECONDS", "Gated", "accepts", "dropped"]
