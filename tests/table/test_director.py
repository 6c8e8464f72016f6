"""The table director without a screen (issue 11): who decides, hand-offs (B10), forced moves, bots that think
ahead or fail, round summaries (B8) and the end (B9)."""

from __future__ import annotations

import random

import pytest

from bere_tui.engine import Game, IllegalAction
from bere_tui.engine.events import Revealed, RoundScored
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
    assert director.next_beat() == HandOff(0, "select")


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
    from bere_tui.bots.strong import StrongBot

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
    assert notices and all("Ben" in n for n in notices)
