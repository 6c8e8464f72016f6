"""The engine-made outcome of a game (issue 32): who wins, each player's total and that total broken into its
parts, and why the game ended. Every game system's engine makes one (`game.outcome()`, engine/protocol.py); the
end-of-game screen, the shared table's wire and the tests read it, so no screen works out a winner or a total.

A part is a kind (the game's own word: "round", "plus_pile", "bull_plus", ...), its points and, for a part that
repeats (6 nimmt!'s rounds), its number. A part that is `counted` adds to the total; one that is not is told
beside it (the bullheads Negative = Positive set aside, A-NP-1). The counted parts of a player add up to their
total (tests/conformance).
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True, slots=True)
class Part:
    """One part of a player's score: `kind` (a game's own word), its `points`, `n` (the round) where it
    repeats, and whether it is `counted` in the total."""
    kind: str
    points: int
    n: int | None = None
    counted: bool = True


@dataclass(frozen=True, slots=True)
class Score:
    """One player's total and its parts."""
    total: int
    parts: tuple[Part, ...]


@dataclass(frozen=True, slots=True)
class Outcome:
    """Who wins (`winners`, empty while the game goes on), whether the highest or the lowest total wins,
    each player's score (by seat) and why the game ended (`ended`, a game's own word, "" while it goes on;
    `ended_by`: the players who ended it, where some did)."""
    highest_wins: bool
    winners: tuple[int, ...]
    scores: tuple[Score, ...]
    ended: str = ""
    ended_by: tuple[int, ...] = ()

    @property
    def totals(self) -> tuple[int, ...]:
        return tuple(s.total for s in self.scores)

    def ranking(self) -> list[int]:
        """The players in the order an end screen lists them: the winners first, then the best total first,
        seat order among equal totals."""
        sign = -1 if self.highest_wins else 1
        return sorted(range(len(self.scores)),
                      key=lambda p: (p not in self.winners, sign * self.scores[p].total, p))

    def places(self) -> list[int]:
        """Each player's place (by seat; 1 is first): the winners before the others, then the better total;
        players tied on both share a place, and the next place is skipped ("1, 2, 2, 4"). The ratings of shared
        tables read it (bere_tui/serve/ratings.py)."""
        sign = -1 if self.highest_wins else 1
        keys = [(p not in self.winners, sign * score.total) for p, score in enumerate(self.scores)]
        return [1 + sum(other < key for other in keys) for key in keys]

    def kinds(self) -> list[tuple[str, int | None]]:
        """Every (kind, n) some player's score has, in the order the parts come (one column each)."""
        seen: dict[tuple[str, int | None], None] = {}
        for score in self.scores:
            for part in score.parts:
                seen.setdefault((part.kind, part.n), None)
        return list(seen)

    def to_wire(self) -> dict:
        """The outcome as plain JSON data (the shared table's "over" message, bere_tui/serve/hub.py)."""
        return {"highest_wins": self.highest_wins, "winners": list(self.winners), "ended": self.ended,
                "ended_by": list(self.ended_by),
                "scores": [{"total": s.total, "parts": [[p.kind, p.points, p.n, p.counted] for p in s.parts]}
                           for s in self.scores]}

    @classmethod
    def from_wire(cls, data: dict) -> Outcome:
        """to_wire() read back (raises KeyError, TypeError or ValueError on data of another shape)."""
        scores = tuple(Score(int(s["total"]), tuple(Part(str(k), int(pts), None if n is None else int(n),
                                                         bool(counted))
                                                    for k, pts, n, counted in s["parts"]))
                       for s in data["scores"])
        return cls(bool(data["highest_wins"]), tuple(int(w) for w in data["winners"]), scores,
                   str(data.get("ended", "")), tuple(int(p) for p in data.get("ended_by", ())))


__all__ = ["Outcome", "Part", "Score"]
