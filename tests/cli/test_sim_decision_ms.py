"""`bere sim --json`'s per-seat decision_ms (issue 17): median, 95th percentile (nearest rank) and maximum of
that seat's decision times, in milliseconds."""

from __future__ import annotations

import random

from hypothesis import given
from hypothesis import strategies as st

from bere_tui.sim import decision_ms


def by_sorting(times: list[float]) -> dict:
    """The plain definition: sort them all, pick the ranks."""
    times = sorted(times)
    k = len(times)
    median = times[k // 2] if k % 2 else (times[k // 2 - 1] + times[k // 2]) / 2
    p95 = times[-(-95 * k // 100) - 1]
    return {"median": round(median * 1000, 3), "p95": round(p95 * 1000, 3), "max": round(times[-1] * 1000, 3)}


@given(st.lists(st.sampled_from([1e-7, 2e-7, 2e-7, 3.5e-6, 0.01, 0.25]) | st.floats(0, 2), min_size=1,
                max_size=300))
def test_the_figures_are_those_of_the_sorted_times(times):
    assert decision_ms(times) == by_sorting(times)


def test_known_figures_and_no_decisions():
    assert decision_ms([0.001, 0.003, 0.002, 0.010]) == {"median": 2.5, "p95": 10.0, "max": 10.0}
    assert decision_ms([0.004]) == {"median": 4.0, "p95": 4.0, "max": 4.0}
    assert decision_ms([]) == {"median": 0.0, "p95": 0.0, "max": 0.0}
    rng = random.Random(1)
    many = [rng.choice([1e-6, 2e-6, 3e-6]) for _ in range(10_001)]
    assert decision_ms(many) == by_sorting(many)
