"""6 nimmt!'s bots: random, heuristic and strong (a Monte Carlo search over the hidden cards)."""
