"""What a move would do, as far as the learner can know it (`Outcome`), and a move the lesson did not ask for,
explained (`Explanation`, put together by `explained`): shared by every game's explainer (teach/<game>/explain.py).
`points_outcome` works it out for the points games (Bullenparty, the board game), whose moves are told event by
event on a copy, and `compare_points` sets the lesson's move beside another by the score each leaves."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field

from bere_tui.engine.events import Event
from bere_tui.i18n import _
from bere_tui.table.narrate import narrate
from bere_tui.table.sentence import Sentence, say


@dataclass
class Outcome:
    """What one move would do, as far as the learner can know it."""

    sentences: list[Sentence] = field(default_factory=list)
    events: list[Event] = field(default_factory=list)
    cost: int | None = None  # bullheads the learner would take (None: a decision that takes none: draft, swap)
    at_least: bool = False  # the learner would still choose a row to take: `cost` is the cheapest choice
    before_cancel: bool = False  # Negative = Positive may still cancel some of `cost`
    by_rows_now: bool = False  # worked out on the rows as they are now (a secret choice before the reveal)
    scripted: bool = False  # worked out with the lesson's own cards for the others (a scripted lesson)

    @property
    def exact(self) -> bool:
        return self.cost is not None and not self.at_least and not self.before_cancel


def points_outcome(game, learner: int, action: dict, stop_at: tuple[type, ...]) -> Outcome:
    """A move of a points game (Bullenparty, the board game) applied to a copy and told event by event, until
    an event of `stop_at` (the round's or turn's end); then the learner's score before and after, and whether
    the learner would decide again at once (a decision other than the secret one, `game.SECRET`)."""
    trial = game.copy()
    events = trial.apply(action)
    names = [p["name"] for p in game.players]
    out = Outcome()
    for e in events:
        if isinstance(e, stop_at):
            break
        out.events.append(e)
        told = narrate(e, names, you=learner, why=True)
        if told is not None:
            out.sentences.append(told if told.plain.endswith(".") else told + say("."))
    before, after = game.totals()[learner], trial.totals()[learner]
    out.cost = after
    out.sentences.append(say(_("Your score would go from {before} to {after}.") if before != after else
                             _("Your score would stay {after}."), before=before, after=after))
    pend = trial.pending
    if pend is not None and pend["do"] != game.SECRET and pend["player"] == learner:
        out.sentences.append(say(_("Then you would decide again.")))
    return out


@dataclass
class Explanation:
    """A wrong move explained: what it would do, the lesson's move beside it, and the step's aim."""

    sentences: list[Sentence]
    events: list[Event]
    wrong: Outcome
    want: Outcome | None

    @property
    def text(self) -> str:
        return "\n".join(s.plain for s in self.sentences)

    @property
    def cards(self) -> set[int]:
        """Every card the explanation names."""
        return {c for s in self.sentences for _a, _b, c in s.cards}


def explained(outcome: Callable[[dict], Outcome], action: dict, want_action: dict | None, aim: str | None,
              compare: Callable[[Outcome, Outcome], Sentence],
              notes: Callable[[Outcome, Outcome | None], list[Sentence]] = lambda wrong, want: []) -> Explanation:
    """`action` explained by its `outcome`, beside the lesson's move `want_action` (`compare(wrong, want)`), then
    what the game adds (`notes(wrong, want)`: how it was worked out) and the step's `aim`."""
    wrong = outcome(action)
    sentences = list(wrong.sentences)
    want = None
    if want_action is not None:
        want = outcome(want_action)
        sentences.append(say("\n") + compare(wrong, want))
    sentences += notes(wrong, want)
    if aim:
        sentences.append(say(aim))
    return Explanation(sentences, wrong.events, wrong, want)


def compare_points(wrong: Outcome, want: Outcome, ours: Sentence, theirs: Sentence) -> Sentence:
    """The lesson's move (`ours`) beside another (`theirs`) in a points game, by the score each leaves the learner
    with (higher is better: BP10, BG9); where either has no score worked out, only which move the lesson asks
    for."""
    if wrong.cost is None or want.cost is None:
        return say(_("This lesson asks for {ours}."), ours=ours)
    if want.cost > wrong.cost:
        return say(_("This lesson asks for {ours}: it would leave you {more} points more than {theirs}."),
                   ours=ours, theirs=theirs, more=want.cost - wrong.cost)
    if want.cost == wrong.cost:
        return say(_("Either would leave you the same score now; this lesson asks for {ours}."), ours=ours)
    return say(_("This lesson asks for {ours}, for what it prepares; {theirs} scores more right now."),
               ours=ours, theirs=theirs)


__all__ = ["Explanation", "Outcome", "compare_points", "explained", "points_outcome"]
