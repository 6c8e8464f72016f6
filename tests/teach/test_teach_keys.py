"""Keys typed ahead in a lesson (issue 31, issue 32 item 4): streams of Enter, at every pace from a held key to
slow taps, go through a whole lesson of each game as one Enter at a time would. No narration is skipped unread
(its Enter counts only from a moment after it showed), no key chooses on a prompt before it showed, and Enter
alone takes the lesson's move (the highlight starts on it), so nothing is explained and taken back. In a practice
game the bots decide in worker threads meanwhile, and no pause gate (the round's scores) lets in a key that came
less than its pause after the one before. The keys carry the gate's virtual clock (tests/gate_clock.py)."""

from __future__ import annotations

import random
import threading

import pytest
from gate_clock import streams_of_enter, virtual_gate_clock, watch_gate_openings

from bere_tui.table.beats import Ask, BotTurn, GameEnd, Say
from bere_tui.teach.catalogue import load_catalogue
from bere_tui.teach.runner import LessonRun
from bere_tui.ui.app import BereApp, Start
from bere_tui.ui.gate import GATE_SECONDS
from bere_tui.ui.screens.lesson import ExplainScreen, LessonDoneScreen, LessonScreen, TeachScreen
from bere_tui.ui.teach_prompt import NarrationPanel, guide_of


async def wait_for(pilot, done) -> None:
    """Let the app run until `done()` holds."""
    for _ in range(3000):
        if done():
            return
        await pilot.pause(0.02)
    raise AssertionError("the app never got there")


def narrations(lesson_id: str) -> list[str]:
    """The lesson's words that wait for Enter, in order, as its run says them."""
    run = LessonRun(load_catalogue("en").find(lesson_id))
    said = []
    while not isinstance(beat := run.next_beat(), GameEnd):
        if isinstance(beat, Say):
            said.append(beat.text)
        elif isinstance(beat, Ask):
            assert run.submit(run.expected()).accepted
        assert not isinstance(beat, BotTurn)
    return said


@pytest.mark.real_gate
@pytest.mark.parametrize("lesson_id", ["sixth", "bp_zero", "bg_luck"])
async def test_streams_of_enter_read_every_narration_and_make_the_lessons_moves(monkeypatch, lesson_id):
    clock = virtual_gate_clock(monkeypatch)
    failures = watch_gate_openings(monkeypatch, clock)
    rng = random.Random(lesson_id)
    app = BereApp(Start("teach", lesson=lesson_id), speed="off", remember=False)
    read: list[str] = []  # each narration that waited for Enter, as the screen showed it
    shown: list[tuple[float, float]] = []  # when each showed, and the time of the key that took it away
    explained: list[str] = []
    asked = []

    def note() -> None:
        screen = app.screen
        waiting = isinstance(screen, LessonScreen) and screen.waiting
        text = screen.query_one(NarrationPanel).text if waiting else None
        if shown and shown[-1][1] < 0 and (text is None or text != read[-1]):
            shown[-1] = (shown[-1][0], max(clock.quiet))  # gone: the last key took it away
        if waiting and (not read or read[-1] != text or shown[-1][1] >= 0):
            read.append(text)
            shown.append((clock.now, -1.0))  # (the gate's clock reads the time of the next key to come)
        if isinstance(screen, ExplainScreen):
            explained.append(screen.text)
        elif guide_of(screen) and (not asked or asked[-1] is not screen):
            asked.append(screen)

    async with app.run_test(size=(80, 24)) as pilot:
        await wait_for(pilot, lambda: isinstance(app.screen, LessonScreen) and app.screen.waiting)
        await streams_of_enter(pilot, clock, rng, note, lambda: isinstance(app.screen, LessonDoneScreen))
        run = next(s for s in app.screen_stack if isinstance(s, LessonScreen)).run
        assert run.step is None and run.wrong_moves == 0
    assert read == narrations(lesson_id)
    assert all(gone - came >= GATE_SECONDS["prompt"] - 1e-9 for came, gone in shown[:-1]), shown  # each was read
    assert explained == [] and failures == []
    assert len(asked) == sum(s.expect is not None for s in load_catalogue("en").find(lesson_id).steps)


@pytest.mark.real_gate
async def test_streams_of_enter_play_a_practice_game_to_its_end(monkeypatch):
    """6 nimmt!'s practice game (a short deal, as in tests/teach/test_teach_screen.py): the bots decide in worker
    threads, never on the app's own thread; the round's scores take only a key after a pause; the game ends."""
    clock = virtual_gate_clock(monkeypatch)
    failures = watch_gate_openings(monkeypatch, clock)
    rng = random.Random(8)
    app = BereApp(Start("teach"), speed="off", remember=False)
    seen: set[str] = set()
    async with app.run_test(size=(80, 24)) as pilot:
        await wait_for(pilot, lambda: isinstance(app.screen, TeachScreen))
        menu = app.screen
        menu.seed = 39
        menu.open(menu.catalogue.find("practice"))
        await wait_for(pilot, lambda: isinstance(app.screen, LessonScreen) and app.screen.waiting)
        lesson = app.screen
        threads = []  # where each bot decided: never the app's own thread (the keys keep answering)
        for bot in lesson.run.bots.values():
            def choose(view, legal, _choose=bot.choose):
                threads.append(threading.current_thread() is threading.main_thread())
                return _choose(view, legal)

            bot.choose = choose
        await streams_of_enter(pilot, clock, rng, lambda: seen.add(type(app.screen).__name__),
                               lambda: isinstance(app.screen, LessonDoneScreen))
        assert lesson.run.game.finished and lesson.run.wrong_moves == 0
    assert {"SelectPrompt", "RoundSummaryScreen"} <= seen and failures == []
    assert len(threads) >= 27 and not any(threads)  # three bots, ten turns a round
