"""Bullenparty's lessons (issue 13, item 5): a bid, a take, the zero card, the hand limit with piles and the final
count (RULES BP1-BP10), each a wrong move explained from what it does, from the learner's view only."""

from __future__ import annotations

from functools import cache

from bere_tui.engine.bullenparty import events as bp
from bere_tui.table.beats import Ask, BotTurn, GameEnd
from bere_tui.teach.bullenparty.hint import practice_hint
from bere_tui.teach.catalogue import load_catalogue
from bere_tui.teach.runner import LessonRun, events_of, same_action
from bere_tui.teach.validate import play_through

BP_LESSONS = [x for x in load_catalogue("en").lessons if x.variant == "bullenparty"]


@cache
def wrong_moves() -> tuple:
    """(lesson id, step, game before, wrong action, lesson's action, verdict) for every other legal move."""
    out = []
    for lesson in BP_LESSONS:
        if lesson.practice is not None:
            continue
        run = LessonRun(lesson)
        while not isinstance(beat := run.next_beat(), GameEnd):
            if not isinstance(beat, Ask):
                continue
            want = run.expected()
            for action in run.game.legal(run.learner):
                if not same_action(action, want):
                    out.append((lesson.id, run.index, run.game.copy(), action, want, run.submit(action)))
            assert run.submit(want).accepted
    return tuple(out)


def test_the_lessons_walk_through_every_decision_and_the_final_count():
    """BP5 bid and take, the zero card's row (BP5), the hand limit's lays (BP8), a row closed with its Bull card
    (BP6), the draw pile running out (BP9) and the final count (BP10); then a practice game."""
    ids = [x.id for x in BP_LESSONS]
    assert ids == ["bp_bid", "bp_zero", "bp_piles", "bp_end", "bp_practice"]
    kinds, events = set(), []
    for lesson in BP_LESSONS[:-1]:
        run = play_through(lesson)
        kinds |= {s.expect["do"] for s in lesson.steps if s.expect}
        events += [type(e) for e in run.prelude]
        assert run.script_pos == len(run.script)
    assert kinds == {"bid", "take", "zero_row", "lay"}
    end = play_through(load_catalogue("en").find("bp_end"))
    assert end.game.finished and end.game.winners == (0,)
    assert any(isinstance(e, bp.Reshuffled) for e in end.prelude)  # BP9: in the lesson's prelude
    zero = play_through(load_catalogue("en").find("bp_zero"))
    assert zero.game.view(0).players[0].bulls == (4,)  # BP6: the closed row's Bull card came with it


def test_every_kind_of_decision_with_a_choice_has_wrong_moves():
    """(The zero card's row has one open row to choose in these lessons: no other move.)"""
    assert {case[3]["do"] for case in wrong_moves()} == {"bid", "take", "lay"}
    assert len(wrong_moves()) > 40


def test_a_wrong_move_is_explained_by_what_it_does():
    """A bid is secret until the reveal (BP5): what a bid does, never the others' bids. Any other decision is
    applied to a copy: its score for the learner (BP10) is the one the explanation gives."""
    for lesson_id, i, game, action, want, verdict in wrong_moves():
        where = (lesson_id, i, action)
        text = verdict.explanation
        assert not verdict.accepted and verdict.explained is not None, where
        if action["do"] == "bid":
            if action["card"] == "zero":
                assert "Your zero card would take no row" in text, where
            else:
                assert f"Your {action['card']} would take a row into your hand" in text, where
            assert "This lesson asks for" in text, where
            continue
        trial = game.copy()
        trial.apply(action)
        before, after = game.scores()[0], trial.scores()[0]
        if before == after:
            assert f"Your score would stay {after}." in text, (where, text)
        else:
            assert f"Your score would go from {before} to {after}." in text, (where, text)
        theirs = game.copy()
        theirs.apply(want)
        diff = theirs.scores()[0] - after
        if diff > 0:
            assert f"{diff} points more than" in text, (where, text)
        elif diff == 0:
            assert "Either would leave you the same score now" in text, (where, text)


def test_nothing_secret_is_told():
    """The others' hands (other than cards everybody saw come in from a row) stay secret (BP5, docs)."""
    for lesson_id, i, game, action, _want, verdict in wrong_moves():
        view = game.view(0)
        secret = set()
        for q in (1, 2):
            secret |= set(game.view(q).players[q].hand) - set(view.players[q].known)
        told = verdict.explained.cards
        assert not told & secret, (lesson_id, i, action, told & secret)


def test_two_moves_never_get_the_same_text():
    seen: dict = {}
    for lesson_id, i, _game, action, _want, verdict in wrong_moves():
        texts = seen.setdefault((lesson_id, i), {})
        assert verdict.explanation not in texts, (lesson_id, i, action, texts.get(verdict.explanation))
        texts[verdict.explanation] = action


def test_each_event_is_drawn_with_the_game_as_it_was_then():
    """A table drawn from the game (Bullenparty's) shows an event with the game right after its action, not the
    game as it is once later actions are in: Ben's take in round 1 shows round 1's rows (BP7)."""
    lesson = load_catalogue("en").find("bp_bid")
    run = LessonRun(lesson, snapshots=True)
    while not isinstance(beat := run.next_beat(), GameEnd):
        if isinstance(beat, Ask):
            assert run.submit(run.expected()).accepted
        elif any(isinstance(e, bp.RowTaken) and e.player == 2 for e in events_of(beat)):
            shown = run.shown.view(0)
            assert shown.round == 1 and shown.rows[1].taken_by == 2
            assert run.game.view(0).round == 2  # the game itself has gone on
            return
    raise AssertionError("Ben's take was not shown")


def test_the_practice_hint_is_a_legal_move_with_a_reason():
    lesson = load_catalogue("en").find("bp_practice")
    for seed in range(3):
        run = LessonRun(lesson, seed=seed)
        asked = 0
        while not isinstance(beat := run.next_beat(), GameEnd):
            if isinstance(beat, BotTurn):  # (the screen asks the bot in a worker thread)
                run.decide(beat.player, *run.think(beat.player))
            if isinstance(beat, Ask):
                text, action = practice_hint(run.game, run.learner)
                assert action in run.game.legal(run.learner) and text, (seed, action)
                assert "BP" not in text
                assert run.submit(action).accepted
                asked += 1
        assert run.game.finished and asked > 10
