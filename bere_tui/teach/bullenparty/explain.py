"""What a Bullenparty move the lesson did not ask for would do (RULES section 7), told from the learner's seat.

The same contract as teach.explain for 6 nimmt!: the explanation is computed from the move, never written for a
kind of mistake, and tells only what the learner may know.

- A bid (BP5) is secret: what it would do depends on the others' bids, which show only at the reveal (when
  nobody else bids, BP7, the explanation says so). It says what a number card or the zero card does.
- Any other decision (take, zero_row, lay) is applied to a copy of the game; its events are told until someone
  else must decide or the learner decides again, with the learner's score (BP10) before and after.

The lesson's move is worked out the same way and compared by the score each leaves the learner with.
"""

from __future__ import annotations

from bere_tui.engine.bullenparty import events as bp
from bere_tui.engine.bullenparty.rules import ZERO
from bere_tui.i18n import _
from bere_tui.table.sentence import Card, Sentence, say
from bere_tui.teach.outcome import Explanation, Outcome, compare_points, explained, points_outcome


def move_words(action: dict) -> Sentence:
    """The move in a few words: "your 12", "your zero card", "row 2", "the 31 on a new pile"."""
    do = action["do"]
    if do == "bid":
        if action["card"] == ZERO:
            return say(_("your zero card"))
        return say(_("your {card}"), card=Card(action["card"]))
    if do in ("take", "zero_row"):
        return say(_("row {row}"), row=action["row"] + 1)
    if action["pile"] is None:
        return say(_("the {card} on a new pile"), card=Card(action["card"]))
    return say(_("the {card} on pile {pile}"), card=Card(action["card"]), pile=action["pile"] + 1)


def _bid(game, learner: int, action: dict) -> Outcome:
    """A secret bid: what it does, never what the others will bid."""
    out = Outcome()
    if action["card"] == ZERO:
        out.sentences.append(say(_("Your zero card would take no row: after the number cards it turns up the top "
                                   "card of the draw pile and adds it to an open row of your choice, and it comes "
                                   "back to your hand.")))
    elif game.pending.get("players") == [learner]:  # the others took their rows: nobody else bids (BP7)
        out.sentences.append(say(_("Your {card} would take a row into your hand: nobody else bids now, so you "
                                   "would choose any of the rows left."), card=Card(action["card"])))
    else:
        out.sentences.append(say(_("Your {card} would take a row into your hand; number cards act lowest first, "
                                   "so which rows are left for it depends on the others' bids, shown only at the "
                                   "reveal."), card=Card(action["card"])))
    return out


def _applied(game, learner: int, action: dict) -> Outcome:
    """Applied to a copy; told until someone else decides, the learner decides again, or the round is over."""
    return points_outcome(game, learner, action, (bp.RoundStarted, bp.GameOver))


def outcome(game, learner: int, action: dict) -> Outcome:
    if action["do"] == "bid":
        return _bid(game, learner, action)
    return _applied(game, learner, action)


def explain(game, learner: int, action: dict, want_action: dict | None, aim: str | None,
            script=None) -> Explanation:
    """`action` (not the lesson's move `want_action`) explained from the learner's seat. Raises IllegalAction.
    (`script`, the others' scripted moves, is for 6 nimmt!'s secret card: here a choice is told from the game.)"""
    return explained(lambda a: outcome(game, learner, a), action, want_action, aim,
                     lambda wrong, want: compare(wrong, want, action, want_action))


def compare(wrong: Outcome, want: Outcome, action: dict, want_action: dict) -> Sentence:
    """The lesson's move beside the other one, by the score each leaves the learner with (a bid has none yet)."""
    if action["do"] == "bid":  # a secret bid leaves no score yet (BP5)
        return say(_("This lesson asks for {ours}."), ours=move_words(want_action))
    return compare_points(wrong, want, move_words(want_action), move_words(action))


__all__ = ["compare", "explain", "move_words", "outcome"]
