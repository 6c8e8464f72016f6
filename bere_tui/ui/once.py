"""DismissOnce: a screen that answers once. Two quick Enters can queue two answers before the screen is gone;
the second must not dismiss again (Textual would fail on a result already given)."""

from __future__ import annotations


class DismissOnce:
    _dismissed = False

    def dismiss(self, result=None):
        if self._dismissed:
            return None
        self._dismissed = True
        return super().dismiss(result)  # type: ignore[misc]
