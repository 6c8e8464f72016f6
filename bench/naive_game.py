"""The naive loop of the base rules (../shared/bench/naive_round.py), played as whole games: rounds until a
total reaches 66 (B9). No abstraction, no validation, no events, no record: the floor of pure-Python cost for a
game, to compare `bere sim` against as whole processes (bench/engine_speed.py runs both).

Usage: python bench/naive_game.py PLAYERS GAMES   -> prints 'games/s N' (this process's own loop only)
"""
import random
import sys
import time

HEADS = [0] + [7 if c == 55 else 5 if c % 11 == 0 else 3 if c % 10 == 0 else 2 if c % 5 == 0 else 1
               for c in range(1, 105)]


def play_round(n, rng):
    """naive_round.py's round, unchanged."""
    deck = list(range(1, 105))
    rng.shuffle(deck)
    hands = [deck[i * 10:(i + 1) * 10] for i in range(n)]
    rows = [[deck[n * 10 + i]] for i in range(4)]
    penalty = [0] * n
    for _ in range(10):
        plays = sorted((hand.pop(rng.randrange(len(hand))), p) for p, hand in enumerate(hands))
        for card, p in plays:
            best, best_tail = -1, -1
            for i, row in enumerate(rows):
                tail = row[-1]
                if best_tail < tail < card:
                    best, best_tail = i, tail
            if best < 0:
                best = min(range(4), key=lambda i: sum(HEADS[x] for x in rows[i]))
                penalty[p] += sum(HEADS[x] for x in rows[best])
                rows[best] = [card]
            elif len(rows[best]) == 5:
                penalty[p] += sum(HEADS[x] for x in rows[best])
                rows[best] = [card]
            else:
                rows[best].append(card)
    return penalty


def play_game(n, rng):
    """B9: rounds until a total reaches 66; the lowest totals win."""
    totals = [0] * n
    while max(totals) < 66:
        totals = [t + x for t, x in zip(totals, play_round(n, rng))]
    best = min(totals)
    return [p for p in range(n) if totals[p] == best]


def main():
    n = int(sys.argv[1]) if len(sys.argv) > 1 else 4
    games = int(sys.argv[2]) if len(sys.argv) > 2 else 1000
    rng = random.Random(1)
    start = time.perf_counter()
    wins = [0] * n
    for _ in range(games):
        for p in play_game(n, rng):
            wins[p] += 1
    print(f"games/s {games / (time.perf_counter() - start):.0f}")


if __name__ == "__main__":
    main()
