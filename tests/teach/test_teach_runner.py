"""The lesson runner: the learner's moves, wrong moves explained and not applied, hints, the practice game."""

import pytest

from bere_tui.bots.runner import deciders
from bere_tui.engine.nimmt.events import Placed, Revealed
from bere_tui.table.beats import Ask, BotTurn, GameEnd, Say
from bere_tui.teach.catalogue import load_catalogue
from bere_tui.teach.runner import LessonRun, event_matches, events_of, same_action


def lesson(key):
    return load_catalogue("en").find(key)


def advance_to_ask(run):
    while True:
        beat = run.next_beat()
        if isinstance(beat, (Ask, GameEnd)):
            return beat


def beat_aim(run):
    return run.step.aim


def test_beats_follow_the_steps_and_events():
    run = LessonRun(lesson("rows"))
    kinds = [type(run.next_beat()) for _ in range(2)]
    assert kinds == [Say, Say]
    beat = advance_to_ask(run)
    assert isinstance(beat, Ask) and beat.player == 0 and run.step.expect == {"do": "select", "card": 40}
    assert run.next_beat() == beat  # asking again changes nothing
    assert run.submit({"player": 0, "do": "select", "card": 40}).accepted
    beats = []
    while True:
        b = run.next_beat()
        beats.append(b)
        if isinstance(b, Say):
            break
    assert isinstance(beats[-1].event, Placed) and beats[-1].event.card == 40
    assert any(isinstance(e, Revealed) for b in beats for e in events_of(b))


def test_a_wrong_move_is_explained_and_not_applied():
    run = LessonRun(lesson("sixth"))
    advance_to_ask(run)
    assert run.submit({"player": 0, "do": "select", "card": 60}).accepted
    advance_to_ask(run)
    before = run.game.record()
    verdict = run.submit({"player": 0, "do": "select", "card": 38})  # the sixth card of row 2
    assert not verdict.accepted
    assert run.game.record() == before  # taken back: nothing happened
    assert run.wrong_moves == 1
    text = verdict.explanation
    # B5, worked out with the lesson's own cards for the others, which are not told (they show at the reveal)
    assert "Your 38 would take row 2: 5 cards, 11 bullheads." in text
    assert "The lesson's move, your 62, would cost nothing: 11 bullheads fewer than yours." in text
    assert "worked out with the cards the others play in this lesson, which show only at the reveal" in text
    assert beat_aim(run) in text  # the step's aim follows
    assert all(e.player == 0 for e in verdict.events)  # only what befalls the learner's card: no other card
    # the right move still works afterwards
    assert run.submit({"player": 0, "do": "select", "card": 62}).accepted


def test_a_wrong_low_card_explains_the_row_choice_to_come():
    run = LessonRun(lesson("rows"))
    advance_to_ask(run)
    verdict = run.submit({"player": 0, "do": "select", "card": 9})
    assert not verdict.accepted
    assert ("Your 9 would be lower than every row that may take it when its turn comes: you would choose a row to "
            "take; the cheapest, row 1, has 1 bullhead.") in verdict.explanation  # B6


def test_a_wrong_row_choice_is_explained():
    run = LessonRun(lesson("low"))
    advance_to_ask(run)
    run.submit({"player": 0, "do": "select", "card": 5})
    advance_to_ask(run)
    assert run.game.pending["do"] == "take_row"
    verdict = run.submit({"player": 0, "do": "take_row", "row": 2})
    assert not verdict.accepted
    assert "You take row 3 with 5: 7 bullheads." in verdict.explanation
    assert "The lesson's move, row 4, would cost 1 bullhead: 6 bullheads fewer than yours." in verdict.explanation
    assert run.step.aim in verdict.explanation


def test_the_hint_is_the_expected_move():
    run = LessonRun(lesson("low"))
    advance_to_ask(run)
    text, action = run.hint()
    assert action == {"player": 0, "do": "select", "card": 5}
    assert "5" in text


def test_an_illegal_move_is_refused_with_the_engine_message():
    run = LessonRun(lesson("rows"))
    advance_to_ask(run)
    verdict = run.submit({"player": 0, "do": "select", "card": 12})
    assert not verdict.accepted and "not in player 0's hand" in verdict.explanation


def test_event_matching_and_action_comparison():
    ev = Revealed(1, ((5, 0), (9, 1)))
    assert event_matches(ev, {"type": "Revealed"})
    assert event_matches(ev, {"type": "Revealed", "cards": [[5, 0], [9, 1]]})
    assert not event_matches(ev, {"type": "Revealed", "turn": 2})
    assert not event_matches(ev, {"type": "Placed"})
    assert not event_matches(ev, {"type": "Revealed", "nope": 1})
    assert same_action({"player": 0, "do": "cancel", "positive": 11, "cancel": [14, 12]},
                       {"player": 0, "do": "cancel", "positive": 11, "cancel": [12, 14]})
    assert not same_action({"player": 0, "do": "select", "card": 1}, {"player": 0, "do": "select", "card": 2})


def test_the_prelude_events_are_kept_for_the_log():
    run = LessonRun(lesson("sixth"))
    assert sum(isinstance(e, Revealed) for e in run.prelude) == 3  # three turns were played before


PRACTICE = [x.id for x in load_catalogue("en").lessons if x.practice is not None]


@pytest.mark.parametrize("key", PRACTICE)
def test_practice_game_with_hints_plays_to_the_end(key):
    """Every variant's practice game (base, Pro, Even/Odd, Anniversary) is played to its end (B9, A7) by a learner
    who follows the hints: each hint is a legal move with a reason, for every kind of decision."""
    run = LessonRun(lesson(key), seed=5)
    assert [type(run.next_beat()) for _ in range(2)] == [Say, Say]
    hints = 0
    kinds = set()
    while True:
        beat = run.next_beat()
        if isinstance(beat, GameEnd):
            break
        if isinstance(beat, BotTurn):  # (the screen asks the bot in a worker thread)
            run.decide(beat.player, *run.think(beat.player))
        if isinstance(beat, Ask):
            text, action = run.hint()
            assert action in run.game.legal(0) and text and "computer players would" not in text, (action, text)
            hints += 1
            kinds.add(action["do"])
            assert run.submit(action).accepted
    assert run.game.finished and hints >= 10
    assert run.game.variant == run.lesson.variant
    if run.game.variant == "pro":
        assert "draft" in kinds and run.game.round > 1  # a new draft every round, to 66 (P2, B9)
    if run.game.variant == "anniversary":
        assert "special" in kinds and run.game.round == 2  # two rounds exactly (A6)
    assert any(e.ends_game for events in run.history for e in events) and run.game.winners  # (B9, A7, BP9)


def test_practice_seeds_give_different_deals():
    a = LessonRun(lesson("practice"), seed=1).game.hands[0]
    b = LessonRun(lesson("practice"), seed=2).game.hands[0]
    assert a != b


def test_the_other_seats_wait_for_the_learner():
    run = LessonRun(lesson("rows"))
    assert deciders(run.game) == [0]  # the scripted seats have chosen already


def test_every_other_move_of_every_lesson_is_explained():
    """At each decision of each lesson, every legal move the lesson did not ask for gets an explanation from a
    copy of the game, and the game itself is unchanged."""
    checked = 0
    for lesson in load_catalogue("en").lessons:
        if lesson.practice is not None:
            continue
        run = LessonRun(lesson)
        while True:
            beat = run.next_beat()
            if isinstance(beat, GameEnd):
                break
            if not isinstance(beat, Ask):
                continue
            want = run.expected()
            before = run.game.record()
            for action in run.game.legal(run.learner)[:12]:
                if same_action(action, want):
                    continue
                verdict = run.submit(action)
                assert not verdict.accepted and verdict.explanation.strip(), (lesson.id, action)
                assert run.game.record() == before
                checked += 1
            assert run.submit(want).accepted
    assert checked > 100
