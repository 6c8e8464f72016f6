"""The setup screen by keys: variant and seats change with the arrows, Enter starts, bad names are refused,
and the last setup is remembered for next time."""

from __future__ import annotations

from uitools import screen_text

from bere_tui.storage import load_settings
from bere_tui.ui.app import BereApp, Start
from bere_tui.ui.screens.setup import SetupScreen
from bere_tui.ui.screens.table import TableScreen
from bere_tui.ui.seating import Seat, TableSetup


def setup_app(config) -> BereApp:
    setup = TableSetup("base", [Seat("Ann"), Seat("Ben", "heuristic")])
    return BereApp(Start("setup", setup=setup), speed="off", config=str(config))


async def test_choose_pro_with_three_seats_and_start(tmp_path):
    app = setup_app(tmp_path / "settings.json")
    async with app.run_test(size=(80, 24)) as pilot:
        assert isinstance(app.screen, SetupScreen)
        await pilot.press("tab", "right")  # from Start the focus wraps to the variant: base -> Pro
        await pilot.press("tab", "right")  # seats: 2 -> 3
        assert "2 to 6 players" in screen_text(app)
        await pilot.press("enter")
        assert isinstance(app.screen_stack[1], TableScreen)
        game = app.game
        assert game.variant == "pro" and game.n == 3
        assert [p.get("bot") for p in game.players] == [None, "heuristic", "heuristic"]
    remembered, _warning = load_settings(tmp_path / "settings.json")
    assert remembered.last_seats.variant == "pro" and len(remembered.last_seats.seats) == 3


async def test_two_seats_with_one_name_are_refused(tmp_path):
    app = setup_app(tmp_path / "settings.json")
    async with app.run_test(size=(80, 24)) as pilot:
        name = app.screen.query_one("#name-1")
        name.focus()
        await pilot.press(*["backspace"] * 5, "a", "n", "n")
        await pilot.press("enter")
        assert isinstance(app.screen, SetupScreen)
        assert "two seats are called ann" in screen_text(app).lower()
        await pilot.press("escape")
        assert not isinstance(app.screen, SetupScreen)


async def test_plus_and_minus_add_and_remove_seats_within_the_variant_limits(tmp_path):
    app = setup_app(tmp_path / "settings.json")
    async with app.run_test(size=(80, 24)) as pilot:
        screen = app.screen
        await pilot.press("minus")
        assert len(screen.setup.seats) == 2  # B1: never below 2
        await pilot.press(*["plus"] * 12)
        assert len(screen.setup.seats) == 10  # B1: at most 10
        assert all(s in screen_text(app) for s in ("Seat 10", "Jon"))
