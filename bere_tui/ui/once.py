"""DismissOnce: a screen that answers once, and only while it is the screen on top.

Two quick Enters can queue two answers before the screen is gone, and a key can open help over a prompt while
the prompt's answer is still queued. Textual's dismiss() pops whatever screen is on top, so an answer given
from under another screen would close that one instead; such an answer is dropped (the prompt stays open).
"""

from __future__ import annotations


class DismissOnce:
    _dismissed = False

    def dismiss(self, result=None):
        if self._dismissed or self.app.screen is not self:  # type: ignore[attr-defined]
            return None
        self._dismissed = True
        return super().dismiss(result)  # type: ignore[misc]
