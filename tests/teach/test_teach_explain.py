"""Wrong moves in lessons: every explanation is computed from the move itself and tells only what the learner may
know (issue 18).

Each test replays every lesson and tries, at every decision the lesson asks for, every other legal move:

- what the explanation says the move does is checked against an independent working-out of that move: for a
  secret card choice (B3) the turn played by the engine with the lesson's own cards for the others (the lesson
  knows them; they are not told); for any other decision the move applied to a copy of the game (its takes,
  A-ORD);
- the lesson's move is set beside it, with the difference in bullheads computed the same way;
- nothing secret is told: no card the learner has not seen (the others' chosen cards before the reveal, B3; their
  hands outside Pro, B10, P3), no decision of another player (their special cards are secret, A2);
- no text is the same for two different moves (no fixed text for a class of moves).
"""

from __future__ import annotations

import re
from functools import cache

import pytest

from bere_tui.bots.nimmt.tactics import rows_of
from bere_tui.bots.runner import deciders
from bere_tui.engine.cards import HEADS
from bere_tui.engine.nimmt import events as ev
from bere_tui.table.beats import Ask, GameEnd
from bere_tui.table.words import heads_text
from bere_tui.teach.catalogue import load_catalogue
from bere_tui.teach.lesson import wrap
from bere_tui.teach.runner import LessonRun, same_action

#: the explanation dialog at 80x24 (ui/screens/lesson.tcss #explain-box): 22 rows, less its title, the line that
#: says how to take it back, borders and padding; 72 cells wide
EXPLAIN_LINES, EXPLAIN_WIDTH = 17, 72
#: decisions another player makes: an event of theirs of this kind would tell a secret or guess a choice
DECIDED_BY_THEM = (ev.SpecialPlayed, ev.Moved, ev.Swapped, ev.Cancelled, ev.Drafted, ev.Revealed)


@cache
def wrong_moves() -> tuple:
    """(lesson, step index, view, game copy, wrong action, expected action, verdict, the others' scripted moves
    still to come) for every wrong move."""
    out = []
    for lesson in load_catalogue("en").lessons:
        if lesson.practice is not None or lesson.variant in ("bullenparty", "board"):  # their own tests
            continue
        run = LessonRun(lesson)
        while True:
            beat = run.next_beat()
            if isinstance(beat, GameEnd):
                break
            if not isinstance(beat, Ask):
                continue
            want = run.expected()
            for action in run.game.legal(run.learner):
                if same_action(action, want):
                    continue
                verdict = run.submit(action)
                out.append((lesson, run.index, run.game.view(run.learner), run.game.copy(), action, want, verdict,
                            tuple(run.script[run.script_pos:])))
            assert run.submit(want).accepted
    return tuple(out)


def test_there_are_wrong_moves_of_every_kind():
    kinds = {case[4]["do"] for case in wrong_moves()}
    assert kinds == {"select", "take_row", "special", "cancel", "swap", "draft"}
    assert len(wrong_moves()) > 300


def in_this_turn(game, learner: int, action: dict, script) -> tuple[int | None, bool]:
    """A secret card in a scripted lesson, by the engine itself: the turn played on a copy with the others'
    scripted moves; what the learner's card costs (None: the learner decides on a special card first), and
    whether that is only the cheapest of a row still to choose."""
    trial = game.copy()
    turn = (trial.round, trial.turn)
    trial.apply(action)
    for other in script:
        if trial.pending is None or (trial.round, trial.turn) != turn:
            break
        if other["player"] not in [p for p in deciders(trial) if p != learner]:
            break
        trial.apply(other)
    cost = trial.totals()[learner] - game.totals()[learner]
    pend = trial.pending
    if pend is None or (trial.round, trial.turn) != turn or pend.get("player") != learner:
        return cost, False
    if pend["do"] == "special":
        return None, False
    if pend["do"] == "take_row":  # B6: the cheapest row that may take it (with a fifth row out, the card too)
        view = trial.view(learner)
        rows = rows_of(view)
        fifth = any(r.fifth for r in view.rows)
        cost += min(rows[i].heads for i in range(len(rows)) if not rows[i].stop) + (HEADS[pend["card"]] if fifth
                                                                                   else 0)
    return cost, pend["do"] == "take_row"


def applied(game, learner: int, action: dict) -> tuple[list, int]:
    """The move applied to a copy: its events and what this placement costs the learner (a take it already made
    counts; a cancellation comes after it, A-ORD-3)."""
    trial = game.copy()
    events = trial.apply(action)
    before = game.totals()[learner]
    if game.placing is not None and game.placing.player == learner and game.placing.taken:
        before -= sum(HEADS[c] for c in game.placing.taken)
    return events, trial.totals()[learner] - before


def test_every_wrong_move_is_explained_by_what_it_does():
    for lesson, i, view, game, action, want, verdict, script in wrong_moves():
        where = (lesson.id, i, action)
        text = verdict.explanation
        assert not verdict.accepted, where
        told = verdict.explained
        assert told is not None, where
        if action["do"] == "select":  # B3: the lesson's own cards for the others, which show at the reveal
            cost, at_least = in_this_turn(game, lesson.learner, action, script)
            assert f"Your {action['card']} would" in text, (where, text)
            assert "worked out with the cards the others play in this lesson" in text, where
            assert told.wrong.cost == cost and told.wrong.at_least == at_least, (where, text)
            if not at_least and cost:
                assert heads_text(cost) in text, (where, text)
            want_cost = in_this_turn(game, lesson.learner, want, script)[0]
            if cost is None or want_cost is None:
                continue
        else:
            events, cost = applied(game, lesson.learner, action)
            for e in events:
                if isinstance(e, ev.RoundScored):
                    break
                if isinstance(e, ev.RowTaken) and e.player == lesson.learner:
                    assert f"You take row {e.row + 1} with {e.card}: {heads_text(e.bullheads)}" in text, (where, text)
            at_least = told.wrong.at_least or told.wrong.before_cancel
            want_cost = applied(game, lesson.learner, want)[1]
            if action["do"] not in ("draft", "swap"):  # a row still to choose adds the cheapest one
                assert told.wrong.cost == cost if not at_least else told.wrong.cost >= cost, where
        if action["do"] in ("draft", "swap"):
            continue
        # the lesson's move beside it, and the difference, from the same working-out
        exact = not at_least and told.want.exact
        if exact and cost > want_cost:
            assert f"{heads_text(cost - want_cost)} fewer than yours" in text, (where, text)
        elif exact and cost < want_cost:
            assert f"{heads_text(want_cost - cost)} more than yours" in text, (where, text)
        elif exact:
            assert " too" in text, (where, text)


def test_no_fixed_text_for_a_class_of_moves():
    """At one decision, two different moves never get the same explanation."""
    seen: dict = {}
    for lesson, i, _view, _game, action, _want, verdict, _script in wrong_moves():
        key = (lesson.id, i)
        texts = seen.setdefault(key, {})
        assert verdict.explanation not in texts, (key, action, texts.get(verdict.explanation))
        texts[verdict.explanation] = action


def test_a_wrong_move_tells_nothing_the_learner_cannot_know():
    """No card the learner has not seen, no reveal before the reveal (B3), no special card or choice of another
    player (A2): their coming decisions are said to be not known yet."""
    unknown = 0
    for lesson, i, view, game, action, _want, verdict, _script in wrong_moves():
        where = (lesson.id, i, action)
        visible = view.seen_cards() | set(view.out_of_play or ())
        named = verdict.explained.cards - {action.get("card"), action.get("with"), action.get("move")}
        assert named <= visible, (where, sorted(named - visible), verdict.explanation)
        assert not [e for e in verdict.events if isinstance(e, DECIDED_BY_THEM) and getattr(e, "player", None)
                    != lesson.learner], where
        # a low card of another player takes the row they choose: a decision, never guessed
        assert not [e for e in verdict.events if isinstance(e, ev.RowTaken) and e.player != lesson.learner
                    and e.reason == "low"], where
        others = [p.name for j, p in enumerate(view.players) if j != lesson.learner]
        for name in others:
            assert not re.search(rf"\b{name} (plays|moves|swaps|sets aside|drafts|chooses)\b", verdict.explanation), \
                (where, verdict.explanation)
        unknown += "not known yet" in verdict.explanation
    assert unknown > 50  # the others' decisions that follow a move are named as unknown


def test_the_special_card_of_a_bot_is_not_told():
    """Lesson 5th Row: the learner plays Insert instead; Ben, who holds Insert, Replace and Stop, places next.
    The explanation stops at his decision instead of playing it out."""
    for lesson, _i, _view, game, action, _want, verdict, _script in wrong_moves():
        if lesson.id == "fifth-row" and action == {"player": 0, "do": "special", "card": "insert", "row": 1}:
            assert game.specials[2] and game.players[2]["name"] == "Ben"
            assert "Then Ben may play a special card; that is not known yet." in verdict.explanation
            assert not [e for e in verdict.events if getattr(e, "player", 0) == 2]
            return
    pytest.fail("the case is not in the lesson any more")


def test_every_explanation_fits_its_dialog_at_80x24():
    for lesson, i, _view, _game, action, _want, verdict, _script in wrong_moves():
        lines = wrap(verdict.explanation, EXPLAIN_WIDTH)
        assert len(lines) <= EXPLAIN_LINES, (lesson.id, i, action, len(lines))


AIM_JUDGES = re.compile(r"\b(safe|safely|only|wrong|worse|better|best|instead|the card to|costs? more)\b", re.IGNORECASE)


def test_an_aim_is_about_the_lessons_move_so_it_holds_for_every_other_move():
    """A step's aim is shown after any other move alike: it says what the lesson's move is for, never what is
    wrong with another move (that part is computed)."""
    for lesson in load_catalogue("en").lessons:
        for i, step in enumerate(lesson.steps):
            if step.aim:
                assert "this lesson" in step.aim.lower(), (lesson.id, i, step.aim)
                assert not AIM_JUDGES.search(step.aim), (lesson.id, i, step.aim)
