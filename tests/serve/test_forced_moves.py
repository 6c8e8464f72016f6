"""A forced move at a shared table (issue 33): in a secret choice (B3, BG3) every person is asked at once, but a
person whose only move the table makes for them (table.director FORCED) is never asked it. Asked it, their
answer could come after the table had made the move once the others had chosen: the hub then refused it,
asked the same question again, and waited for ever for that seat (the board game, three people over SSH:
the seat's first prompt of the next hand took no key). A question the table no longer asks is withdrawn,
and the seat's prompt closes.

Through the real hub on a Unix socket (hubtools), with raw seats and, by key presses, a seat's own screen.
"""

from __future__ import annotations

from contextlib import asynccontextmanager

from hubtools import CODE, Clock, join, served, table_of, wait_for

from bere_tui.record import load
from bere_tui.serve.hub import TableHub
from bere_tui.systems import make_game
from bere_tui.table.director import TableDirector
from bere_tui.ui.app import BereApp
from bere_tui.ui.remote import join_table

NAMES = ("Ann", "Ben", "Cid")


def board_at_a_forced_choice():
    """The board game (seed 4, three people each playing their first legal move) at the first secret choice of a
    tile (BG3) in which Cid has one tile left while Ann and Ben still choose between tiles: hand 1, turn 11."""
    game = make_game("board", [{"name": name} for name in NAMES], seed=4)
    while not (game.pending["do"] == "select" and game.deciders() == [0, 1, 2]
               and [len(game.legal(p)) > 1 for p in range(3)] == [True, True, False]):
        game.apply(game.legal(game.deciders()[0])[0])
    assert (game.hand_no, game.turn) == (1, 11)
    return game


def answer(question: dict) -> dict:
    return {"t": "action", "action": question["legal"][0], "decision": question["decision"]}


def cids(record) -> list[dict]:
    return [a for a in load(str(record)).actions if a["player"] == 2]


async def seated(*keys: str) -> list:
    links = []
    for seat, key in enumerate(keys):
        link = await join(key)
        assert (await link.next("hello"))["seat"] == seat
        links.append(link)
    return links


async def test_a_forced_move_in_a_secret_choice_is_made_for_the_person_never_asked(tmp_path, monkeypatch):
    game = board_at_a_forced_choice()
    hub = TableHub(game, CODE, tmp_path, clock=Clock())
    async with served(hub, tmp_path, monkeypatch):
        ann, ben, cid = await seated("ann-key", "ben-key", "cid-key")
        for link in (ann, ben):  # Ann and Ben choose (before Cid could have answered anything)
            link.send(answer(await link.next("ask")))
        question = await cid.next("ask")  # Cid's first question: the first tile of hand 2
        assert len(question["legal"]) > 1 and hub.game.hand_no == 2
        cid.send(answer(question))
        for _ in range(10):  # (the hub says who it waits for after each answer; bounded)
            if cids(hub.record_path)[-1] == question["legal"][0]:
                break
            await cid.next("waiting")
        assert cids(hub.record_path)[-1] == question["legal"][0]  # the table went on with his answer
        assert not any(m["t"] == "ask" and len(m["legal"]) == 1 for m in cid.seen)


async def test_a_question_the_table_no_longer_asks_is_withdrawn_never_waited_for(tmp_path, monkeypatch):
    """Whatever makes a seat's move without its answer: here the hub asks the forced move as it did before, and
    the table makes it first. The question is withdrawn; the seat's late answer is dropped, not refused and
    asked again; the seat is asked the next hand's first tile."""
    monkeypatch.setattr(TableDirector, "to_ask", lambda self: [p for p in self.game.deciders() if not self.is_bot(p)])
    game = board_at_a_forced_choice()
    forced = game.legal(2)[0]
    hub = TableHub(game, CODE, tmp_path, clock=Clock())
    async with served(hub, tmp_path, monkeypatch):
        ann, ben, cid = await seated("ann-key", "ben-key", "cid-key")
        stale = await cid.next("ask")
        assert stale["legal"] == [forced]
        for link in (ann, ben):
            link.send(answer(await link.next("ask")))
        assert (await cid.next("withdrawn"))["decision"] == stale["decision"]
        cid.send(answer(stale))  # his late answer to it: dropped
        question = await cid.next("ask")
        assert question["decision"] != stale["decision"] and len(question["legal"]) > 1
        assert cids(hub.record_path)[-1] == forced  # the move the table made for him
        assert not any(m["t"] == "error" for m in cid.seen)


@asynccontextmanager
async def cid_at_his_screen(tmp_path, monkeypatch):
    """The table at the forced choice, Ann and Ben as raw seats, Cid's app joined with his key (his seat):
    (hub, Ann's link, Ben's link, app, pilot)."""
    hub = TableHub(board_at_a_forced_choice(), CODE, tmp_path, clock=Clock())
    async with served(hub, tmp_path, monkeypatch):
        ann, ben = await seated("ann-key", "ben-key")
        app = BereApp(remember=False)
        async with app.run_test(size=(80, 24)) as pilot:
            monkeypatch.setenv("BERE_TABLES", ".")
            monkeypatch.setenv("BERE_PLAYER", "cid-key")
            assert await join_table(app, CODE)
            assert table_of(app).session.seat == 2
            yield hub, ann, ben, app, pilot


def prompt_of(app):
    screen = app.screen
    return screen if type(screen).__name__ == "BoardPrompt" else None


async def test_at_his_own_screen_the_next_hands_first_tile_takes_his_enter(tmp_path, monkeypatch):
    """Cid at his screen, by key presses: Ann and Ben choose first; he is shown no prompt for his last tile of
    the hand, and the next hand's first prompt takes his Enter (typed fast)."""
    async with cid_at_his_screen(tmp_path, monkeypatch) as (hub, ann, ben, app, pilot):
        for link in (ann, ben):
            link.send(answer(await link.next("ask")))
        await ann.next("ask")  # the table has gone on: hand 2's first tile
        await wait_for(pilot, lambda: prompt_of(app) is not None)
        prompt = prompt_of(app)
        assert len(prompt.legal) > 1 and prompt.view.hand_no == 2
        await pilot.press("enter", "enter", "enter")  # fast: the first Enter after the gate chooses
        await wait_for(pilot, lambda: cids(hub.record_path)[-1] in prompt.legal)


async def test_a_withdrawn_question_closes_the_prompt_on_his_screen(tmp_path, monkeypatch):
    """The hub asks the forced move as it did before and makes it first: his prompt for it closes, and the next
    hand's first prompt takes his Enter."""
    monkeypatch.setattr(TableDirector, "to_ask", lambda self: [p for p in self.game.deciders() if not self.is_bot(p)])
    async with cid_at_his_screen(tmp_path, monkeypatch) as (hub, ann, ben, app, pilot):
        await wait_for(pilot, lambda: prompt_of(app) is not None)
        stale = prompt_of(app)
        assert len(stale.legal) == 1  # his last tile of the hand
        for link in (ann, ben):
            link.send(answer(await link.next("ask")))
        await wait_for(pilot, lambda: prompt_of(app) not in (None, stale))
        prompt = prompt_of(app)
        assert stale not in app.screen_stack and len(prompt.legal) > 1
        await pilot.press("enter", "enter", "enter")
        await wait_for(pilot, lambda: cids(hub.record_path)[-1] in prompt.legal)
