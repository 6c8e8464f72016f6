"""Hosting a shared table from the title (bere serve, issue 15): Host a table, the setup, the table with its
code; then a friend's Join a table with that code sits at the second person's seat."""

from __future__ import annotations

import pytest
from uitools import screen_text, wait_for

from bere_tui.serve.hub import stop_hubs
from bere_tui.ui.app import BereApp
from bere_tui.ui.remote import RemoteTableScreen
from bere_tui.ui.screens.dialogs import PickScreen
from bere_tui.ui.screens.setup import SetupScreen
from bere_tui.ui.seating import Seat, TableSetup


@pytest.fixture
def tables(tmp_path, monkeypatch):
    folder = tmp_path / "tables"
    monkeypatch.setenv("BERE_TABLES", str(folder))
    monkeypatch.setenv("BERE_PLAYER", "ann-key")
    yield folder
    stop_hubs(folder)


def options(app) -> list[str]:
    from bere_tui.ui.widgets.choices import ChoiceList

    menu = app.screen.query_one(ChoiceList)
    return [menu.get_option_at_index(i).id for i in range(menu.option_count)]


async def no_clock(pilot, app) -> None:
    """The host's choice of a clock for each decision: the first, no clock; then who may find the table: the
    first, everyone (it is listed in the lobby)."""
    await wait_for(pilot, lambda: isinstance(app.screen, PickScreen))
    assert "A clock for each decision?" in screen_text(app)
    await pilot.press("enter")
    await wait_for(pilot, lambda: isinstance(app.screen, PickScreen) and "Who may find" in screen_text(app))
    await pilot.press("enter")


async def test_host_a_table_then_a_friend_joins_it(tables, monkeypatch):
    app = BereApp(remember=False)
    async with app.run_test(size=(80, 24)) as pilot:
        assert "host" in options(app) and "join" in options(app)
        app.open_setup(TableSetup("base", [Seat("Ann"), Seat("Ben"), Seat("Cid", "heuristic")]), hosting=True)
        await wait_for(pilot, lambda: isinstance(app.screen, SetupScreen))
        assert "HOST A TABLE" in screen_text(app)
        await pilot.press("enter")
        await no_clock(pilot, app)
        await wait_for(pilot, lambda: type(app.screen).__name__ == "SelectPrompt", timeout=20)  # Ann's card
        code = next(p.stem for p in tables.glob("*.sock"))
        table = next(s for s in app.screen_stack if isinstance(s, RemoteTableScreen))
        assert table.session.seat == 0 and f"table {code}" in table.header_text().plain
    friend = BereApp(remember=False)
    monkeypatch.setenv("BERE_PLAYER", "ben-key")
    async with friend.run_test(size=(80, 24)) as pilot:
        friend.ask_join()
        await pilot.press(*code.lower(), "enter")
        await wait_for(pilot, lambda: any(isinstance(s, RemoteTableScreen) for s in friend.screen_stack),
                       timeout=20)
        table = next(s for s in friend.screen_stack if isinstance(s, RemoteTableScreen))
        assert table.session.seat == 1 and table.session.names[1] == "Ben"


async def test_joining_with_a_code_of_the_wrong_shape_says_so(tables):
    app = BereApp(remember=False)
    async with app.run_test(size=(80, 24)) as pilot:
        app.ask_join()
        await pilot.press("1", "2", "enter")
        assert "four letters" in screen_text(app)


async def test_a_new_connection_of_the_same_key_takes_the_seat_and_the_open_prompt_closes_with_a_message(
        tables):
    """Issue 31 item 4: the old session is told at once, without a key pressed, and answers nothing more."""
    import asyncio
    import json

    app = BereApp(remember=False)
    async with app.run_test(size=(80, 24)) as pilot:
        app.open_setup(TableSetup("base", [Seat("Ann"), Seat("Cid", "heuristic")]), hosting=True)
        await wait_for(pilot, lambda: isinstance(app.screen, SetupScreen))
        await pilot.press("enter")
        await no_clock(pilot, app)
        await wait_for(pilot, lambda: type(app.screen).__name__ == "SelectPrompt", timeout=20)
        code = next(p.stem for p in tables.glob("*.sock"))
        reader, writer = await asyncio.open_unix_connection(str(tables / f"{code}.sock"))
        writer.write(json.dumps({"t": "join", "player": "ann-key"}).encode() + b"\n")  # Ann, from elsewhere
        hello = json.loads(await asyncio.wait_for(reader.readline(), 20))
        assert hello["seat"] == 0
        await wait_for(pilot, lambda: "taken over by a new connection" in screen_text(app), timeout=20)
        assert type(app.screen).__name__ != "SelectPrompt"
        writer.close()


@pytest.mark.parametrize("variant", ["bullenparty", "board"])
async def test_every_game_can_be_hosted_and_its_face_asks_the_first_decision(tables, variant):
    """Issue 33 item 1: the setup offers every game when hosting; the table opens with the game's own face."""
    from bere_tui.systems import system_of

    app = BereApp(remember=False)
    async with app.run_test(size=(80, 24)) as pilot:
        app.open_setup(TableSetup(variant, [Seat("Ann"), Seat("Ben"), Seat("Cid", "heuristic")]), hosting=True)
        await wait_for(pilot, lambda: isinstance(app.screen, SetupScreen))
        assert "HOST A TABLE" in screen_text(app) and app.screen.setup.variant == variant
        await pilot.press("enter")
        await no_clock(pilot, app)
        await wait_for(pilot, lambda: any(isinstance(s, RemoteTableScreen) for s in app.screen_stack)
                       and not isinstance(app.screen, RemoteTableScreen), timeout=20)
        table = next(s for s in app.screen_stack if isinstance(s, RemoteTableScreen))
        assert type(table.face) is system_of(variant).part("face") and table.session.seat == 0
        assert "Ann" in screen_text(app)  # the face's prompt for her first decision
