"""The game review and the coach (issue 34): each decision of a person scored by the strong bot from what that
person knew then, and the strong bot's suggestion at the table.

`review_game(game)` plays the record again (table/replay.py `decisions`) and, before each action of a person
(a seat with no bot; every seat when none is a person), asks the game system's evaluator (its "evaluate" part,
bots/<game>/evaluate.py: the strong bot's search) for the expected points of the options from that person's
view: the information set at that decision, never the hidden hands. A decision scored gives the chosen move's
expected points against the best move's, the few best moves, and a one-line reason in the game's own words
(its "review_words" part, teach/). The turns where the most was lost are marked; each player gets a summary
(the points lost to choices, and an accuracy figure: the share of decisions within ACCURATE of the best).

Deterministic: each decision's search is seeded from the record's seed and the action's index, with a fixed
number of worlds (no clock is read), so the same record gives the same review. `progress(done, total)` is
called after each decision and `cancelled()` asked before each one (a worker's Esc): then None is returned.

`advise(game, player)` is the coach: the best move for `player` now, from their view, with its expected points
and what the move the player is about to consider would cost against it.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field, replace

from bere_tui.i18n import _, number
from bere_tui.systems import system_of
from bere_tui.table.replay import decisions

#: a decision within this many points of the best counts as accurate
ACCURATE = 0.5
#: a decision marked as a big loss loses at least this many points, and at most MARKS are marked per player
MARK_AT = 1.0
MARKS = 3
#: the best moves listed for a decision (the chosen one is listed too when it is not among them)
BEST_LISTED = 3


@dataclass(frozen=True)
class Option:
    words: str  # the move in a few words ("your 62", "row 2")
    value: float  # its expected points


@dataclass(frozen=True)
class Decision:
    """One scored decision of one player."""

    index: int  # the action's index in the record
    player: int
    round: int | None
    turn: int
    move: str  # the chosen move in a few words
    value: float  # its expected points
    best: float  # the best move's
    options: tuple[Option, ...]  # the best few, best first (and the chosen one)
    reason: str  # one line: why the move did worse ("" when it was the best)
    marked: bool = False  # among the player's biggest losses

    @property
    def loss(self) -> float:
        return abs(self.best - self.value)


@dataclass(frozen=True)
class Summary:
    player: int
    name: str
    decisions: int
    lost: float  # points lost to choices, summed
    accuracy: int  # percent of the decisions within ACCURATE of the best


@dataclass
class Review:
    variant: str
    names: list[str]
    unit: str  # what the figures count ("bullheads", "points")
    higher_better: bool
    decisions: list[Decision] = field(default_factory=list)
    summaries: list[Summary] = field(default_factory=list)


def _seed(game_seed: int, index: int) -> int:
    return (int(game_seed) * 1_000_003 + index * 7919 + 1) % (1 << 62)


def _persons(players: list[dict]) -> list[int]:
    people = [p for p, seat in enumerate(players) if not seat.get("bot")]
    return people or list(range(len(players)))


def _ranked(system, values: dict[int, float], chosen: int | None = None) -> list[int]:
    """The options scored, best first (the highest or the lowest figure, as the game counts: B9, BP10, BG9); on
    a tie the chosen one first (a move as good as the best loses nothing)."""
    sign = -1.0 if system.highest_wins else 1.0
    return sorted(values, key=lambda i: (sign * values[i], i != chosen, i))


def _score(system, view, legal: list[dict], chosen: int, seed: int):
    """(values, the options best first) of one decision, or None when the game does not score it."""
    values = system.part("evaluate").evaluate(view, legal, chosen, seed)
    if chosen not in values or len(values) < 2:
        return None
    return values, _ranked(system, values, chosen)


def _option_words(words, action: dict) -> str:
    return str(words.move_words(action))


def count_decisions(game) -> int:
    """How many actions of the persons the review looks at (the progress bar's total)."""
    people = set(_persons(game.players))
    return sum(1 for a in game.record()["actions"] if a.get("player") in people)


def review_game(game, progress: Callable[[int, int], None] | None = None,
                cancelled: Callable[[], bool] | None = None) -> Review | None:
    """The review of the finished (or unfinished) `game`; None when `cancelled()` said so."""
    system = system_of(game.variant)
    words = system.part("review_words")
    names = [p["name"] for p in game.players]
    people = set(_persons(game.players))
    review = Review(game.variant, names, words.unit(), system.highest_wins)
    total = count_decisions(game)
    done = 0
    for index, state, action in decisions(game):
        player = action.get("player")
        if player not in people:
            continue
        if cancelled is not None and cancelled():
            return None
        decision = score(state, action, index)
        if decision is not None:
            review.decisions.append(decision)
        done += 1
        if progress is not None:
            progress(done, total)
    _mark(review)
    review.summaries = [_summary(review, p) for p in sorted(people)]
    return review


def score(state, action: dict, index: int) -> Decision | None:
    """The decision `action` taken in the game `state` (the record's action `index`, which seeds the search),
    scored from its player's view; None when there was no choice or the game does not score this decision."""
    player = action["player"]
    system = system_of(state.variant)
    legal = state.legal(player)
    chosen = next((i for i, a in enumerate(legal) if a == action), None)
    if chosen is None or len(legal) < 2:
        return None
    view = state.view(player)
    scored = _score(system, view, legal, chosen, _seed(state.seed, index))
    if scored is None:
        return None
    words = system.part("review_words")
    values, ranked = scored
    best = ranked[0]
    listed = ranked[:BEST_LISTED] + ([chosen] if chosen not in ranked[:BEST_LISTED] else [])
    loss = abs(values[best] - values[chosen])
    reason = ""
    if best != chosen and loss >= ACCURATE:
        reason = words.reason(view, legal, chosen, best) or _(
            "The best move was {best}: expected {loss} {unit} better.").format(
                best=_option_words(words, legal[best]), loss=number(loss), unit=words.unit())
    return Decision(index, player, getattr(state, "round", None), state.turn, _option_words(words, legal[chosen]),
                    values[chosen], values[best],
                    tuple(Option(_option_words(words, legal[i]), values[i]) for i in listed), reason)


def _mark(review: Review) -> None:
    """Mark each player's MARKS biggest losses of at least MARK_AT."""
    marked: set[int] = set()
    for p in {d.player for d in review.decisions}:
        mine = sorted((k for k, d in enumerate(review.decisions) if d.player == p and d.loss >= MARK_AT),
                      key=lambda k: (-review.decisions[k].loss, k))
        marked.update(mine[:MARKS])
    review.decisions = [replace(d, marked=True) if k in marked else d for k, d in enumerate(review.decisions)]


def _summary(review: Review, player: int) -> Summary:
    mine = [d for d in review.decisions if d.player == player]
    lost = sum(d.loss for d in mine)
    good = sum(1 for d in mine if d.loss < ACCURATE)
    accuracy = round(100 * good / len(mine)) if mine else 100
    return Summary(player, review.names[player], len(mine), lost, accuracy)


# ---------------------------------------------------------------------- the coach


@dataclass(frozen=True)
class Advice:
    action: dict  # the best move
    words: str
    value: float  # its expected points
    unit: str
    options: tuple[Option, ...]  # the best few, best first


def advise(view, legal: list[dict], seed: int = 0) -> Advice | None:
    """The strong bot's suggestion for the player whose `view` it is, from that view only (at a hot-seat table
    that person's; never the hidden hands); None when there is nothing to decide (one legal move) or the game
    does not score this decision."""
    if len(legal) < 2:
        return None
    system = system_of(view.variant)
    words = system.part("review_words")
    values = system.part("evaluate").evaluate(view, legal, 0, seed)
    if len(values) < 2:
        return None
    ranked = _ranked(system, values)
    best = ranked[0]
    return Advice(legal[best], _option_words(words, legal[best]), values[best], words.unit(),
                  tuple(Option(_option_words(words, legal[i]), values[i]) for i in ranked[:BEST_LISTED]))


__all__ = ["ACCURATE", "Advice", "Decision", "Option", "Review", "Summary", "advise", "count_decisions",
           "review_game", "score"]
