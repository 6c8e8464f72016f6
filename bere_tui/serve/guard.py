"""Failed logins per address: an address whose keys were refused too often in the last minute is refused at
once for the rest of that minute, whatever key it offers (`bere serve --max-failed-logins`)."""

from __future__ import annotations

import time
from collections import deque
from collections.abc import Callable

WINDOW_SECONDS = 60.0


class FailedLogins:
    def __init__(self, limit: int, clock: Callable[[], float] = time.monotonic,
                 window: float = WINDOW_SECONDS) -> None:
        self.limit = limit
        self.clock = clock
        self.window = window
        self._failures: dict[str, deque[float]] = {}

    def _recent(self, address: str) -> deque[float]:
        times = self._failures.get(address)
        if times is None:
            return deque()
        now = self.clock()
        while times and now - times[0] >= self.window:
            times.popleft()
        if not times:
            del self._failures[address]
        return times

    def blocked(self, address: str) -> bool:
        """Whether `address` has had `limit` failed logins within the last minute."""
        return len(self._recent(address)) >= self.limit

    def failed(self, address: str) -> None:
        self._recent(address)
        self._failures.setdefault(address, deque()).append(self.clock())
        if len(self._failures) > 10_000:  # (many addresses: the oldest are forgotten first)
            self._failures.pop(next(iter(self._failures)))


__all__ = ["FailedLogins"]
