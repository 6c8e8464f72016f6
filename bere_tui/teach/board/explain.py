"""What a board-game move the lesson did not ask for would do (RULES section 6), told from the learner's seat.

The same contract as teach.explain for 6 nimmt!: the explanation is computed from the move, never written for a
kind of mistake, and tells only what the learner may know.

- A secret choice (`select`) shows only at the reveal, with the others' tiles: the explanation says where each
  tile would land on the rows as they are now (the engine's rule, `view.landings`: on a play-two turn the
  learner's higher tile after the lower one has landed) and what that space does (the table's own words,
  table/board/words.py), and that lower tiles of the others could land first.
- Any other decision (a STOP token, a row for place-anywhere or swap, a luck card's space) is applied to a copy
  of the game; its events are told until the turn ends or the learner decides again, with the learner's score
  before and after.

The lesson's move is worked out the same way and compared by the score each leaves the learner with.
"""

from __future__ import annotations

from bere_tui.engine.board import events as bg
from bere_tui.i18n import _
from bere_tui.table.board.words import card_help, card_name, space_effect
from bere_tui.table.sentence import Sentence, say
from bere_tui.teach.outcome import Explanation, Outcome, compare_points, explained, points_outcome


def tiles_words(tiles) -> str:
    return " + ".join(str(t) for t in tiles)


def move_words(action: dict) -> Sentence:
    """The move in a few words: "your tile 17", "row 2", "row 2, space 4"."""
    if action["do"] == "select":
        return say(_("your tile {tile}"), tile=tiles_words(action["tiles"]))
    if action["do"] == "luck":
        return say(_("row {row}, space {space}"), row=action["row"] + 1, space=action["space"] + 1)
    return say(_("row {row}"), row=action["row"] + 1)


def landing(view, tile: int, tiles=()) -> Sentence:
    """Where `tile` would land on the rows as they are now, and what that space would do; with `tiles` (the
    learner's tiles of a play-two turn, `tile` among them) after the lower ones of them have landed."""
    r, i, how, overlay = view.landings(tiles or [tile])[tile]
    row = view.rows[r]
    effect = space_effect(row.spec, i, overlay)
    if how == "lowest":
        return say(_("Your {tile} is lower than every row end: on the rows as they are now it would go after the "
                     "highest one, to row {row}, space {space}: {effect}."),
                   tile=tile, row=r + 1, space=i + 1, effect=effect)
    return say(_("Your {tile} would go to row {row}, space {space}, on the rows as they are now: {effect}."),
               tile=tile, row=r + 1, space=i + 1, effect=effect)


def _select(game, learner: int, action: dict) -> Outcome:
    """A secret choice: where each tile would land now, never what the others chose."""
    view = game.view(learner)
    out = Outcome(by_rows_now=True)
    for tile in sorted(action["tiles"]):
        out.sentences.append(landing(view, tile, action["tiles"]))
    if action["card"]:
        out.sentences.append(say(_("With it, your action card {card}: {help}."), card=card_name(action["card"]),
                                 help=card_help(action["card"])))
    if any(t < max(action["tiles"]) for t in view.unseen_tiles()):
        out.sentences.append(say(_("Lower tiles of the others are placed first and could land there before "
                                   "yours.")))
    return out


def _applied(game, learner: int, action: dict) -> Outcome:
    """Applied to a copy; told until the turn ends or someone decides."""
    return points_outcome(game, learner, action, (bg.TurnEnded, bg.GameOver))


def outcome(game, learner: int, action: dict) -> Outcome:
    if action["do"] == "select":
        return _select(game, learner, action)
    return _applied(game, learner, action)


def explain(game, learner: int, action: dict, want_action: dict | None, aim: str | None,
            script=None) -> Explanation:
    """`action` (not the lesson's move `want_action`) explained from the learner's seat. Raises IllegalAction.
    (`script`, the others' scripted moves, is for 6 nimmt!'s secret card: here a choice is told from the game.)"""
    if action["do"] == "select":
        game.copy().apply(action)  # only to check it (IllegalAction); nothing of a secret choice is told
    return explained(lambda a: outcome(game, learner, a), action, want_action, aim,
                     lambda wrong, want: compare(wrong, want, action, want_action, game, learner))


def compare(wrong: Outcome, want: Outcome, action: dict, want_action: dict, game, learner: int) -> Sentence:
    """The lesson's move beside the other one: for a secret choice where its tiles would land; otherwise by the
    score each leaves the learner with (higher is better)."""
    ours = move_words(want_action)
    if action["do"] == "select":
        view = game.view(learner)
        out = say(_("This lesson asks for {ours}."), ours=ours)
        for tile in sorted(want_action["tiles"]):
            out = out + say(" ") + landing(view, tile, want_action["tiles"])
        return out
    return compare_points(wrong, want, ours, move_words(action))


__all__ = ["compare", "explain", "landing", "move_words", "outcome"]
