"""The table director without a screen (issue 11): who decides, hand-offs (B10), forced moves, bots that think
ahead or fail, round summaries (B8) and the end (B9)."""

from __future__ import annotations

import random

import pytest

from bere_tui.engine import IllegalAction
from bere_tui.engine.nimmt import Game
from bere_tui.engine.nimmt.events import Revealed, RoundScored
from bere_tui.table.beats import Ask, BotTurn, GameEnd, HandOff, RoundSummary, ShowEvents
from bere_tui.table.director import TableDirector


def people(n: int) -> list[dict]:
    return [{"name": name} for name in ["Ann", "Ben", "Cid", "Dot", "Eve"][:n]]


def play(director: TableDirector, rng: random.Random, on_beat=None, think_ahead: bool = False) -> list:
    """Answer every beat as a player would: take the hand-off, choose any legal action, let bots think."""
    beats = []
    while True:
        beat = director.next_beat()
        beats.append(beat)
        if on_beat is not None:
            on_beat(beat)
        if isinstance(beat, GameEnd):
            return beats
        if isinstance(beat, HandOff):
            director.handed_off(beat.player)
        elif isinstance(beat, Ask):
            if think_ahead:
                director.think_ahead()
            director.decide(beat.player, rng.choice(director.game.legal(beat.player)))
        elif isinstance(beat, BotTurn):
            action, notice = director.think(beat.player)
            director.decide(beat.player, action, notice)


@pytest.mark.parametrize("variant", ["base", "anniversary", "even-odd", "pro"])
def test_b10_every_decision_of_a_person_who_does_not_hold_the_keyboard_comes_after_their_hand_off(variant):
    options = {"rounds": 1} if variant != "anniversary" else None
    director = TableDirector(Game(variant, people(3), seed=11, options=options))
    holder = None
    asked_kinds = set()

    def check(beat) -> None:
        nonlocal holder
        if isinstance(beat, HandOff):
            holder = beat.player
        elif isinstance(beat, Ask):
            asked_kinds.add(beat.do)
            if director.private_decision():  # (the Pro draft is public: P3, issue 31)
                assert beat.player == holder, beat

    play(director, random.Random(3), check)
    assert "select" in asked_kinds or "draft" in asked_kinds


def test_b10_no_hand_offs_with_one_person_and_bots():
    game = Game("base", [{"name": "Ann"}, {"name": "Ben", "bot": "random"}, {"name": "Cid", "bot": "heuristic"}],
                seed=4, options={"rounds": 1})
    beats = play(TableDirector(game), random.Random(1))
    assert not any(isinstance(b, HandOff) for b in beats)
    assert any(isinstance(b, Ask) and b.player == 0 for b in beats)
    assert any(isinstance(b, BotTurn) and b.player == 2 for b in beats)


def test_a_person_who_went_back_is_handed_the_keyboard_again():
    director = TableDirector(Game("base", people(2), seed=2))
    assert director.next_beat() == HandOff(0, "select")
    director.handed_off(0)
    assert director.next_beat() == Ask(0, "select")
    director.went_back()  # Esc: the hand is hidden again
    assert director.next_beat() == HandOff(0, "select", again=True)


def test_b10_an_action_of_a_person_who_does_not_hold_the_keyboard_is_refused_and_changes_nothing():
    game = Game("base", people(2), seed=2)
    director = TableDirector(game)
    director.next_beat()
    with pytest.raises(IllegalAction):
        director.decide(0, game.legal(0)[0])
    director.handed_off(0)
    with pytest.raises(IllegalAction):
        director.decide(0, game.legal(1)[0] | {"player": 1})  # not Ann's to make
    assert game.actions == []


def test_b3_the_last_card_of_each_hand_is_played_by_itself_and_shown():
    """Issue 12.15: with one card left in every hand there is no choice: no hand-off, no prompt."""
    director = TableDirector(Game("base", people(2), seed=8, options={"rounds": 1}))
    beats = play(director, random.Random(5))
    forced = [b for b in beats if isinstance(b, ShowEvents) and b.forced is not None]
    assert [b.forced for b in forced] == [0, 1]  # turn 10: Ann's last card, then Ben's (which reveals)
    assert any(isinstance(e, Revealed) and e.turn == 10 for e in forced[-1].events)
    last_asks = [b for b in beats if isinstance(b, Ask) and b.do == "select"]
    assert len(last_asks) == 18  # 9 turns of choices for each of two people


def test_b8_a_round_summary_comes_between_rounds_and_none_after_the_last():
    director = TableDirector(Game("anniversary", people(3), seed=3))
    beats = play(director, random.Random(2))
    summaries = [b for b in beats if isinstance(b, RoundSummary)]
    assert [b.scored.round for b in summaries] == [1]
    assert isinstance(beats[-1], GameEnd) and beats[-1].winners == director.game.winners
    shown = [e for b in beats if isinstance(b, ShowEvents) for e in b.events]
    assert sum(isinstance(e, RoundScored) for e in shown) == 2


def test_every_action_is_saved_and_logged():
    saved = []
    director = TableDirector(Game("base", people(2), seed=9, options={"rounds": 1}),
                             on_action=lambda g: saved.append(len(g.actions)))
    play(director, random.Random(4))
    n = len(director.game.actions)
    assert saved == list(range(1, n + 1)) and len(director.history) == n


def bot_table(seed: int) -> Game:
    return Game("base", [{"name": "Ann"}, {"name": "Ben"}, {"name": "Cid", "bot": "strong"},
                         {"name": "Dot", "bot": "heuristic"}], seed=seed, options={"rounds": 1})


def test_bots_that_think_ahead_while_people_choose_choose_the_same_cards():
    """The same seed gives the same game whether the bots thought while the people chose or afterwards."""
    from bere_tui.bots.nimmt.strong import StrongBot

    records = []
    for ahead in (False, True):
        director = TableDirector(bot_table(21))
        director.bots[2] = StrongBot(21, iterations=60)
        play(director, random.Random(6), think_ahead=ahead)
        records.append(director.game.record())
    assert records[0] == records[1]


class Broken:
    def choose(self, view, legal):
        raise RuntimeError("no idea")


class Cheat:
    def choose(self, view, legal):
        return {"player": legal[0]["player"], "do": "select", "card": 999}


@pytest.mark.parametrize("bot", [Broken(), Cheat()])
def test_a_bot_that_fails_gets_a_notice_and_the_game_goes_on(bot):
    game = Game("base", [{"name": "Ann", "bot": "random"}, {"name": "Ben", "bot": "random"}], seed=1,
                options={"rounds": 1})
    director = TableDirector(game)
    director.bots[1] = bot
    beats = play(director, random.Random(0))
    assert game.finished
    notices = [b.notice for b in beats if isinstance(b, ShowEvents) and b.notice]
    assert notices and all("Ben" in str(n) for n in notices)


# ---------------------------------------------------------------------- issue 31: hand-offs over every game

EVERY_GAME = [("base", {"rounds": 1}), ("pro", {"rounds": 1}), ("anniversary", None), ("even-odd", {"rounds": 1}),
              ("bullenparty", None), ("board", {"side": "red", "luck": True}), ("board", {"side": "blue"})]


def every_game(variant: str, options, seed: int):
    from bere_tui.systems import make_game

    return make_game(variant, people(3), seed=seed, options=options)


@pytest.mark.parametrize(("variant", "options"), EVERY_GAME)
@pytest.mark.parametrize("seed", [1, 7])
def test_b10_after_anything_the_table_watched_the_next_private_decision_gets_a_hand_off(variant, options, seed):
    """Issue 31, item 2: once the whole table has watched something (a reveal, the placements, a take, a
    forced move, the round's scores), nobody holds the keyboard: the next private decision, even the same
    person's, comes after a hand-off, and the hand-off says when it is the same person again."""
    director = TableDirector(every_game(variant, options, seed))
    holder = None  # who holds the keyboard, by this test's own reading of the beats
    previous = None  # who took it last (also after the table watched something)
    asked = 0

    def check(beat) -> None:
        nonlocal holder, previous, asked
        if isinstance(beat, RoundSummary) or isinstance(beat, ShowEvents) and (
                beat.forced is not None or any(type(e).__name__ not in ("Selected", "BidMade") for e in beat.events)):
            holder = None
        elif isinstance(beat, HandOff):
            assert beat.again == (beat.player == previous), beat
            holder = previous = beat.player
        elif isinstance(beat, Ask) and director.private_decision():
            asked += 1
            assert beat.player == holder, (beat, holder)
            assert not beat.new_hands
        elif isinstance(beat, Ask):  # a public decision: whoever answers it holds the keyboard then
            assert beat.new_hands == (beat.player != holder), (beat, holder)
            holder = previous = beat.player

    play(director, random.Random(seed), check)
    assert asked > 10


def test_b10_a_person_who_takes_a_row_gets_a_hand_off_before_their_next_hand():
    """Issue 31, seed 7: Ann takes a row with her 1 (everyone watched), then her next hand opened at once."""
    game = Game("base", people(3), seed=7, options={"rounds": 1})
    director = TableDirector(game)
    beats = play(director, random.Random(7))
    take = next(i for i, b in enumerate(beats) if isinstance(b, Ask) and b.do == "take_row")
    taker = beats[take].player
    after = next(b for b in beats[take + 1:] if isinstance(b, (HandOff, Ask)) and b.player == taker)
    assert after == HandOff(taker, "select", again=True)


def test_p3_the_pro_draft_and_a_take_with_open_hands_need_no_hand_off():
    """Issue 31, item 3: nothing is secret in the Pro draft (P3, every hand public) nor in a low-card take with
    every hand open: no hand-off, but a prompt that comes to another person says so (`new_hands`: it waits for
    the keys to stop); the secret selection (B3) still gets its hand-offs."""
    director = TableDirector(Game("pro", people(3), seed=5, options={"rounds": 1}))
    beats = play(director, random.Random(5))
    handoffs = {b.do for b in beats if isinstance(b, HandOff)}
    drafts = [b for b in beats if isinstance(b, Ask) and b.do == "draft"]
    assert handoffs == {"select"}
    assert len(drafts) > 10 and all(b.new_hands for b in drafts[1:])
    assert any(isinstance(b, Ask) and b.do == "take_row" for b in beats)  # (seed 5 has one, with no hand-off)


def test_p3_a_public_decision_answered_by_its_person_passes_the_keyboard():
    """A public decision needs no hand-off: its person's answer is taken (and they hold the keyboard after it),
    while a private decision of a person who does not hold the keyboard is still refused (B10)."""
    game = Game("pro", people(2), seed=2, options={"rounds": 1})
    director = TableDirector(game)
    beat = director.next_beat()
    assert isinstance(beat, Ask) and beat.do == "draft"
    director.decide(beat.player, game.legal(beat.player)[0])
    assert director.holder == beat.player


@pytest.mark.parametrize("name", ["nimmt", "bullenparty", "board"])
def test_the_director_keeps_a_finished_game_once_and_says_when_bots_may_think_ahead(name):
    """Issue 32 item 4: the end of a game (on_finish: the replays folder and the history) and the bots' thinking
    ahead during a secret choice (B3, BP5, BG3) are the director's, for the table screen and the shared table."""
    from bere_tui.systems import SYSTEMS, make_game

    game = make_game(SYSTEMS[name].variants[0], [{"name": "Ann"}, {"name": "Ben", "bot": "random"},
                                                 {"name": "Cid", "bot": "random"}], seed=4)
    director = TableDirector(game)
    kept = []
    director.on_finish = kept.append
    ahead = []

    def check(beat) -> None:
        assert not kept or isinstance(beat, GameEnd)  # kept when the game is over, not before
        if isinstance(beat, Ask):
            ahead.append(director.bots_think_ahead())
            assert ahead[-1] == (director.secret_choice() and any(director.is_bot(q) for q in game.deciders()))

    play(director, random.Random(2), check)
    assert kept == [game] and game.finished and True in ahead
    assert isinstance(director.next_beat(), GameEnd) and kept == [game]  # once
