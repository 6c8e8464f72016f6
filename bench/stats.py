"""What the strength benches share: the 95% Wilson interval of a win rate."""

from __future__ import annotations

from math import sqrt


def wilson(wins: int, n: int, z: float = 1.96) -> tuple[float, float]:
    """The Wilson score interval of `wins` out of `n` (95% with the default z)."""
    if n == 0:
        return 0.0, 1.0
    p = wins / n
    d = 1 + z * z / n
    mid = (p + z * z / (2 * n)) / d
    half = z * sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / d
    return mid - half, mid + half
