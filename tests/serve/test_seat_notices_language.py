"""Each seat reads the table's notices in its own language (issue 33 item 6), by key presses against the real hub
on a Unix socket: the seat's screen runs in one language while the other seat joined in another, and every
notice the table sends it (its seat taken back from a bot, a bot that could not decide, who is not connected,
its clock run out, the offer of an absent seat to a bot, that seat given to a bot, the server going down) is
read in the screen's language, never the hub's or the other seat's. (The hub sends codes only:
test_hub_sends_codes.py.)"""

from __future__ import annotations

import asyncio

import pytest
from hubtools import CODE, Broken, Clock, Link, served, table_of, wait_for

from bere_tui import i18n
from bere_tui.engine.nimmt import Game
from bere_tui.serve.hub import TableHub
from bere_tui.serve.tables import TableSettings
from bere_tui.ui.app import BereApp
from bere_tui.ui.screens.dialogs import NoticeScreen, PickScreen
from bere_tui.ui.widgets.log import GameLog


async def answers(link: Link) -> None:
    """The other seat answers every question with its first legal action."""
    while True:
        message = await link.any()
        if message["t"] == "ask":
            link.send({"t": "action", "action": message["legal"][0], "decision": message["decision"]})


def notified(app) -> list[str]:
    return [str(n.message) for n in app._notifications]


def keybar(app) -> str:
    from bere_tui.ui.widgets.keybar import KeyBar

    return " ".join(str(bar.render()) for bar in app.screen.query(KeyBar))


def logged(table) -> list[str]:
    return [line.plain for line in table.query_one(GameLog).lines]


@pytest.fixture(params=[("cs", "en"), ("en", "cs")], ids=["czech-seat", "english-seat"])
def languages(request):
    """The language of the seat's screen, and the other seat's."""
    assert i18n.install(request.param[0]) == request.param[0]
    yield request.param
    i18n.install(i18n.ENGLISH)


async def test_every_notice_reaches_the_seat_in_the_language_of_its_screen(tmp_path, monkeypatch, languages):
    mine, other = languages

    def said(msgid: str, **args) -> str:
        text = i18n.translated(msgid, mine).format(**args)
        assert mine == "en" or text != msgid.format(**args), f"no {mine} translation of {msgid!r}"
        return text

    monkeypatch.setenv("BERE_TABLES", ".")
    monkeypatch.setenv("BERE_PLAYER", "ann-key")
    clock = Clock()
    game = Game("base", [{"name": "Ann"}, {"name": "Ben"}, {"name": "Cid", "bot": "random"}], seed=4)
    hub = TableHub(game, CODE, tmp_path, TableSettings(away_offer=60, away_auto=0, clock=30), clock=clock)
    hub.director.bots[2] = Broken()
    async with served(hub, tmp_path, monkeypatch):
        hub.owners[0] = "ann-key"
        hub.to_bot(0)  # Ann's seat is a bot's while she is away
        ben = Link(*await asyncio.open_unix_connection(f"{CODE}.sock"))
        ben.send({"t": "join", "player": "ben-key", "lang": other})
        await ben.next("ask")
        app = BereApp(speed="off", remember=False)  # (no pause between the cards shown)
        async with app.run_test(size=(80, 24)) as pilot:
            await wait_for(pilot, lambda: table_of(app) is not None)  # her key sits at her table again by itself
            table = table_of(app)
            back = said("A bot played your seat while you were away; you take it back at your next decision.")
            await wait_for(pilot, lambda: back in notified(app))
            await wait_for(pilot, lambda: type(app.screen).__name__ == "SelectPrompt")  # her seat is hers again
            await pilot.press("enter", "enter")  # her card
            asked = [m for m in ben.seen if m["t"] == "ask"][-1]
            ben.send({"t": "action", "action": asked["legal"][0], "decision": asked["decision"]})
            plays = asyncio.ensure_future(answers(ben))
            failed = said("{name} (bot) could not decide ({problem}); a simple move was made for it.", name="Cid",
                          problem="RuntimeError")
            await wait_for(pilot, lambda: failed in notified(app))
            assert said("Back at the table: {name}.", name="Ann") in logged(table)
            await wait_for(pilot, lambda: type(app.screen).__name__ == "SelectPrompt")  # the next turn
            plays.cancel()
            await ben.close()
            await wait_for(pilot, lambda: 1 in hub.away_since)  # (the hub has seen him go)
            clock.now += 60  # Ben away for a minute; Ann's clock has run out
            hub.tick()
            ran_out = said("Your time ran out: a bot's move was played for you.")
            await wait_for(pilot, lambda: ran_out in notified(app))
            await wait_for(pilot, lambda: type(app.screen).__name__ == "SelectPrompt")  # the turn after
            await pilot.press("enter", "enter")
            await wait_for(pilot, lambda: table.session.offer == [1] and app.screen is table)
            assert said("Not connected: {names}.", names="Ben") in table._status
            assert table.check_action("to_bot", ()) and said("a bot for a missing player") in keybar(app)
            await pilot.press("b")
            await wait_for(pilot, lambda: isinstance(app.screen, PickScreen))
            await pilot.press("enter")
            await wait_for(pilot, lambda: said("A bot plays this seat now: {name}.", name="Ben") in logged(table))
            await wait_for(pilot, lambda: type(app.screen).__name__ == "SelectPrompt")  # the turn after
            hub.shut_down()  # (her prompt closes: no answer could count any more)
            await wait_for(pilot, lambda: isinstance(app.screen, NoticeScreen))
            assert app.screen.title_text == said("The server is going down")
            assert app.screen.message == said(
                "This table will be there after the restart: join it again with its code, {code}.", code=CODE)
