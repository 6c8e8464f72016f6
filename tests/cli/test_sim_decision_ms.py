"""`bere sim --json`'s per-seat decision_ms (issue 17): median, 95th percentile (nearest rank) and maximum of
that seat's decision times (given in whole nanoseconds), in milliseconds."""

from __future__ import annotations

import random

from hypothesis import given
from hypothesis import strategies as st

from bere_tui.sim import decision_ms


def by_sorting(times: list[int]) -> dict:
    """The plain definition: sort them all, pick the ranks."""
    times = sorted(times)
    k = len(times)
    median = times[k // 2] if k % 2 else (times[k // 2 - 1] + times[k // 2]) / 2
    p95 = times[-(-95 * k // 100) - 1]
    return {"median": round(median / 1e6, 3), "p95": round(p95 / 1e6, 3), "max": round(times[-1] / 1e6, 3)}


@given(st.lists(st.sampled_from([100, 200, 200, 3_500, 10_000_000, 250_000_000]) | st.integers(0, 2 * 10**9),
                min_size=1, max_size=300))
def test_the_figures_are_those_of_the_sorted_times(times):
    assert decision_ms(times) == by_sorting(times)


def test_known_figures_and_no_decisions():
    assert decision_ms([1_000_000, 3_000_000, 2_000_000, 10_000_000]) == {"median": 2.5, "p95": 10.0, "max": 10.0}
    assert decision_ms([4_000_000]) == {"median": 4.0, "p95": 4.0, "max": 4.0}
    assert decision_ms([1_234_567, 5]) == {"median": 0.617, "p95": 1.235, "max": 1.235}
    assert decision_ms([]) == {"median": 0.0, "p95": 0.0, "max": 0.0}
    rng = random.Random(1)
    many = [rng.choice([1_000, 2_000, 3_000]) for _ in range(10_001)]
    assert decision_ms(many) == by_sorting(many)
