"""Flat Monte Carlo with racing: every option is played out in the same sampled worlds, and options that are
clearly worse than the best (a paired comparison over the worlds so far) stop being simulated.

Evaluating all options in the same world (common random numbers) removes most of the luck of the deal from
their differences, so far fewer worlds tell them apart than independent samples would.
"""

from __future__ import annotations

from math import sqrt

#: drop an option whose mean paired loss to the best is this many standard errors above zero
Z = 2.5
#: compare options after this many worlds, then every CHECK_EVERY worlds
MIN_WORLDS = 12
CHECK_EVERY = 4


def race(n_options: int, make_world, value, iterations: int | None, simulations: int | None = None,
         prune: bool = True) -> tuple[int, int]:
    """Index of the option with the lowest mean `value(world, option)` and the number of worlds played.

    `make_world(k)` builds the k-th world; stop when `iterations` worlds are played, when `simulations` calls of
    `value` are made (after the world that reaches it), or when one option is left. No clock is read: the same
    worlds give the same answer on any machine. Without `prune`, every option is played in every world (plain
    flat Monte Carlo).
    """
    if iterations is None and simulations is None:
        raise ValueError("a race needs a cap: iterations or simulations")
    if n_options == 1:
        return 0, 0
    live = list(range(n_options))
    results: list[list[float]] = [[] for _ in range(n_options)]
    k = played = 0
    while True:
        world = make_world(k)
        for o in live:
            results[o].append(value(world, o))
        k += 1
        played += len(live)
        if iterations is not None and k >= iterations:
            break
        if simulations is not None and played >= simulations:
            break
        if prune and k >= MIN_WORLDS and k % CHECK_EVERY == 0:
            live = _prune(live, results, k)
            if len(live) == 1:
                break
    best = min(live, key=lambda o: (sum(results[o]), o))
    return best, k


def _prune(live: list[int], results: list[list[float]], k: int) -> list[int]:
    best = min(live, key=lambda o: sum(results[o]))
    rb = results[best]
    keep = []
    for o in live:
        if o == best:
            keep.append(o)
            continue
        ro = results[o]
        d = [ro[i] - rb[i] for i in range(k)]
        mean = sum(d) / k
        var = sum((x - mean) ** 2 for x in d) / (k - 1)
        if mean <= Z * sqrt(var / k):
            keep.append(o)
    return keep
