"""Flat Monte Carlo with racing: every option is played out in the same sampled worlds, and options that are
clearly worse than the best (a paired comparison over the worlds so far) stop being simulated.

Evaluating all options in the same world (common random numbers) removes most of the luck of the deal from
their differences, so far fewer worlds tell them apart than independent samples would.

The paired comparison is kept in running sums (each option's sum and sum of squares, and each pair's sum of
products), so a check costs the same at the 500th world as at the 12th.
"""

from __future__ import annotations

from math import sqrt

#: drop an option whose mean paired loss to the best is this many standard errors above zero
Z = 2.5
#: compare options after this many worlds, then every CHECK_EVERY worlds
MIN_WORLDS = 12
CHECK_EVERY = 4


def race(n_options: int, make_world, value, iterations: int | None, simulations: int | None = None,
         prune: bool = True, z: float = Z, indifference: float = 0.0) -> tuple[int, int]:
    """Index of the option with the lowest mean `value(world, option)` and the number of worlds played.

    `make_world(k)` builds the k-th world; stop when `iterations` worlds are played, when `simulations` calls of
    `value` are made (after the world that reaches it), or when one option is left. No clock is read: the same
    worlds give the same answer on any machine. Without `prune`, every option is played in every world (plain
    flat Monte Carlo). `z`: the standard errors behind the best at which an option is dropped; `indifference`:
    an option is dropped too once it cannot be better than the best by more than this (the choice between them
    no longer matters), and the race ends when every option left is the best's equal in that sense.
    """
    if iterations is None and simulations is None:
        raise ValueError("a race needs a cap: iterations or simulations")
    if n_options == 1:
        return 0, 0
    live = list(range(n_options))
    sums = [0.0] * n_options
    squares = [0.0] * n_options
    # products[o][b] (o < b): the sum over the worlds of option o's value times option b's
    products = [[0.0] * n_options for _ in range(n_options)]
    k = played = 0
    while True:
        world = make_world(k)
        values = [value(world, o) for o in live]
        for o, v in zip(live, values):
            sums[o] += v
        if prune:
            for i, o in enumerate(live):
                v = values[i]
                squares[o] += v * v
                row = products[o]
                for j in range(i + 1, len(live)):
                    row[live[j]] += v * values[j]
        k += 1
        played += len(live)
        if iterations is not None and k >= iterations:
            break
        if simulations is not None and played >= simulations:
            break
        if prune and k >= MIN_WORLDS and k % CHECK_EVERY == 0:
            live = survivors(live, sums, squares, lambda o, b: products[min(o, b)][max(o, b)], k, z, indifference)
            if len(live) == 1:
                break
    best = min(live, key=lambda o: (sums[o], o))
    return best, k


def survivors(live: list[int], sums, squares, cross, k: int, z: float, indifference: float = 0.0) -> list[int]:
    """The options still in the race after `k` worlds: the best (lowest sum) and those whose mean paired loss to it
    is within `z` standard errors of zero, and (with `indifference`) that may still be better than it by more than
    that. `sums` and `squares` are each option's sums of its outcomes and of their squares, `cross(o, b)` the sum
    of the products of options o's and b's outcomes, world by world (batch.race keeps them in numpy arrays)."""
    best = min(live, key=lambda o: sums[o])
    keep = []
    for o in live:
        if o == best:
            keep.append(o)
            continue
        mean = (sums[o] - sums[best]) / k  # the mean paired difference
        var = max(0.0, (squares[o] + squares[best] - 2.0 * cross(o, best) - k * mean * mean) / (k - 1))
        if mean <= z * sqrt(var / k) - indifference:
            keep.append(o)
    return keep
