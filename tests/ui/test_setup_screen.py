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


async def test_a_name_is_cut_at_the_limit_and_the_setup_says_so(tmp_path):
    from bere_tui.safetext import NAME_MAX

    app = setup_app(tmp_path / "settings.json")
    async with app.run_test(size=(80, 24)) as pilot:
        app.screen.query_one("#name-0").focus()
        await pilot.press("end", *"x" * (NAME_MAX - 3))  # "Ann" + 17 letters: exactly the limit
        assert app.screen.setup.seats[0].name == "Ann" + "x" * (NAME_MAX - 3)
        assert "cut" not in screen_text(app)
        await pilot.press("y")
        assert app.screen.setup.seats[0].name == "Ann" + "x" * (NAME_MAX - 3)
        assert app.screen.query_one("#name-0").value == "Ann" + "x" * (NAME_MAX - 3)
        assert f"A name has at most {NAME_MAX} characters: seat 1 is cut" in " ".join(screen_text(app).split())


async def test_the_seat_count_stops_at_the_limits_and_says_so(tmp_path):
    app = setup_app(tmp_path / "settings.json")
    async with app.run_test(size=(80, 24)) as pilot:
        screen = app.screen
        await pilot.press("tab", "tab")  # Start -> variant -> seat count
        assert app.focused.id == "seat-count"
        await pilot.press("left")  # 2 is the least: it stays 2 (it used to go round to 10)
        assert len(screen.setup.seats) == 2
        assert "Base game: at least 2 players" in screen_text(app)
        await pilot.press(*["right"] * 8)
        assert len(screen.setup.seats) == 10
        await pilot.press("right")
        assert len(screen.setup.seats) == 10
        assert "Base game: at most 10 players" in screen_text(app)
        await pilot.press("minus")
        assert len(screen.setup.seats) == 9
        await pilot.press("plus", "plus")
        assert len(screen.setup.seats) == 10 and "at most 10 players" in screen_text(app)
