"""A seat's screen at a shared table (issue 33 items 3 and 5), by key presses against the real hub on a Unix socket
with a clock the test moves: the decision's countdown in the header, `b` to give a seat that has been away long
enough to a bot (any player, not only the host), and the board showing that seat as a bot's."""

from __future__ import annotations

import re
from contextlib import asynccontextmanager

from hubtools import CODE, Clock, join, selections, served, table_of, wait_for

from bere_tui.engine.nimmt import Game
from bere_tui.serve.hub import TableHub
from bere_tui.serve.tables import TableSettings
from bere_tui.ui.app import BereApp
from bere_tui.ui.remote import join_table
from bere_tui.ui.screens.dialogs import PickScreen
from bere_tui.ui.widgets.scores import ScoreBoard


@asynccontextmanager
async def ben_deciding(tmp_path, monkeypatch):
    """Ann (a bare link, asked her card) and Ben (this app, his card prompt open) at a table with a bot, a
    2-minute clock and seats offered to a bot after a minute away: (hub, clock, Ann's link, app, pilot)."""
    monkeypatch.setenv("BERE_TABLES", ".")
    monkeypatch.setenv("BERE_PLAYER", "ben-key")
    clock = Clock()
    game = Game("base", [{"name": "Ann"}, {"name": "Ben"}, {"name": "Cid", "bot": "random"}], seed=4)
    hub = TableHub(game, CODE, tmp_path, TableSettings(away_offer=60, away_auto=0, clock=120), clock=clock)
    async with served(hub, tmp_path, monkeypatch):
        ann = await join("ann-key")
        await ann.next("ask")
        app = BereApp(remember=False)
        async with app.run_test(size=(80, 24)) as pilot:
            assert await join_table(app, CODE)
            await wait_for(pilot, lambda: type(app.screen).__name__ == "SelectPrompt")
            yield hub, clock, ann, app, pilot


async def test_a_player_reads_the_clock_and_gives_a_seat_away_for_a_minute_to_a_bot(tmp_path, monkeypatch):
    async with ben_deciding(tmp_path, monkeypatch) as (hub, clock, ann, app, pilot):
        table = table_of(app)
        assert table.session.seat == 1
        assert re.search(r"time [12]:\d\d", table.header_text().plain)  # the countdown, from 2:00
        await pilot.press("enter", "enter")  # Ben chooses his card
        await wait_for(pilot, lambda: app.screen is table)
        assert "time" not in table.header_text().plain  # no clock while nothing is asked of him
        await ann.close()
        await wait_for(pilot, lambda: 0 in table.session.away)
        assert not table.check_action("to_bot", ())  # not away long enough yet
        clock.now += 60  # (Ann's decision has 2 minutes: it is not played for her yet)
        hub.tick()
        await wait_for(pilot, lambda: table.session.offer == [0])
        await pilot.press("b")
        await wait_for(pilot, lambda: isinstance(app.screen, PickScreen))
        await pilot.press("enter")
        await wait_for(pilot, lambda: 0 in table.session.bots)
        board = table.query_one(ScoreBoard)
        assert board.bots[0] is not None
        ann_line = next(line for line in board.render().plain.splitlines() if "Ann" in line)
        assert "bot" in ann_line


async def test_b_under_the_own_open_prompt_gives_a_seat_away_to_a_bot_and_the_board_shows_it_at_once(
        tmp_path, monkeypatch):
    """A player deciding need not answer first: `b` is offered under the open card prompt once a seat has been away
    long enough; the seat handed to the bot shows on the board and in the log at once, the prompt and its
    highlight stay as they were, and the log says it once (not again when the draw loop reads it in its turn)."""
    from bere_tui.ui.widgets.log import GameLog
    from bere_tui.ui.widgets.picker import CardPicker

    async with ben_deciding(tmp_path, monkeypatch) as (hub, clock, ann, app, pilot):
        prompt, table = app.screen, table_of(app)
        await pilot.press("right", "right")
        assert not prompt.check_action("to_bot", ())  # nobody away: no `b`
        await ann.close()
        await wait_for(pilot, lambda: 0 in table.session.away)
        clock.now += 60
        hub.tick()
        await wait_for(pilot, lambda: table.session.offer == [0])
        assert app.screen is prompt and prompt.check_action("to_bot", ()) is True
        await pilot.press("b")
        await wait_for(pilot, lambda: isinstance(app.screen, PickScreen))
        await pilot.press("enter")
        await wait_for(pilot, lambda: 0 in table.session.bots)
        assert app.screen is prompt and prompt.query_one(CardPicker).cursor == 2
        ann_line = next(line for line in table.query_one(ScoreBoard).render().plain.splitlines() if "Ann" in line)
        assert "bot" in ann_line
        said = "A bot plays this seat now: Ann."

        def log():
            return [line.plain for line in table.query_one(GameLog).lines]

        assert log().count(said) == 1
        card = prompt.query_one(CardPicker).cards[2]
        await pilot.press("enter")  # Ben's card, as highlighted
        await wait_for(pilot, lambda: app.screen is table and hub.game.turn == 2)
        await wait_for(pilot, lambda: type(app.screen).__name__ == "SelectPrompt")  # turn 2 asked: all drawn
        assert selections(hub, 1) == [card] and log().count(said) == 1


async def test_new_game_with_the_same_seats_begins_a_new_deal_at_the_same_table(tmp_path, monkeypatch):
    """Issue 33 item 5, by key presses: the game played to its end, then the results' first choice."""
    from bere_tui.ui.screens.scores import ResultsScreen

    monkeypatch.setenv("BERE_TABLES", ".")
    monkeypatch.setenv("BERE_PLAYER", "ann-key")
    game = Game("base", [{"name": "Ann"}, {"name": "Cid", "bot": "random"}], seed=4, options={"rounds": 1})
    hub = TableHub(game, CODE, tmp_path, clock=Clock())
    async with served(hub, tmp_path, monkeypatch, linger=60.0):
        app = BereApp(remember=False)
        async with app.run_test(size=(80, 24)) as pilot:
            assert await join_table(app, CODE)
            first = table_of(app)
            for _ in range(400):
                if isinstance(app.screen, ResultsScreen):
                    break
                await pilot.press("enter")
                await pilot.pause(0.02)
            assert isinstance(app.screen, ResultsScreen) and hub.game.finished
            await pilot.press("enter")  # New game with the same seats
            await wait_for(pilot, lambda: table_of(app) not in (None, first)
                           and type(app.screen).__name__ == "SelectPrompt")
            table = table_of(app)
            assert table.session.code == CODE and table.session.seat == 0
            assert not hub.game.finished and hub.game.seed != game.seed and table.game.turn == 1


async def test_the_waiting_line_follows_the_others_under_an_open_prompt_and_keys_typed_meanwhile_count(
        tmp_path, monkeypatch):
    """Issue 33: while this seat's own card choice is open (B3: everyone chooses at once), the others choosing
    changes whom the table waits for; the line says so at once, under the prompt, whose highlight and the keys
    typed while the news arrives stay as they are."""

    from bere_tui.ui.widgets.picker import CardPicker

    monkeypatch.setenv("BERE_TABLES", ".")
    monkeypatch.setenv("BERE_PLAYER", "ann-key")
    game = Game("base", [{"name": "Ben"}, {"name": "Cyd"}, {"name": "Ann"}, {"name": "Cid", "bot": "random"}],
                seed=4)  # (the seats taken in the order of joining: Ann's screen joins last)
    hub = TableHub(game, CODE, tmp_path, clock=Clock())
    async with served(hub, tmp_path, monkeypatch):
        ben, cyd = await join("ben-key"), await join("cyd-key")
        asked = {link: await link.next("ask") for link in (ben, cyd)}
        app = BereApp(remember=False)
        async with app.run_test(size=(80, 24)) as pilot:
            assert await join_table(app, CODE)
            await wait_for(pilot, lambda: type(app.screen).__name__ == "SelectPrompt")
            prompt, table = app.screen, table_of(app)
            await wait_for(pilot, lambda: table._status == "Waiting for Ben, Cyd and Ann.")
            await pilot.press("right", "right")
            for link in (ben, cyd):  # Ben chooses, then Cyd, while Ann moves her highlight on
                link.send({"t": "action", "action": asked[link]["legal"][0], "decision": asked[link]["decision"]})
                await pilot.press("right")
            await wait_for(pilot, lambda: table._status == "Waiting for Ann.")
            assert app.screen is prompt and prompt.query_one(CardPicker).cursor == 4
            marked = [line for line in table.query_one(ScoreBoard).render().plain.splitlines() if line.startswith(">")]
            assert len(marked) == 1 and "Ann" in marked[0]  # (the board's mark: the one the table waits for)
            card = prompt.query_one(CardPicker).cards[4]
            said: list[str] = []
            monkeypatch.setattr(table, "set_status", lambda text: said.append(text))
            await pilot.press("enter")
            await wait_for(pilot, lambda: selections(hub, 2))
            assert selections(hub, 2) == [card]
            await wait_for(pilot, lambda: table.session.waiting not in ([], [2]))  # the hub's next news drawn
            sent = said.index("Sent. Waiting for the others.")
            assert "Waiting for Ann." not in said[sent:]  # (the news shown under the prompt is not said again)
