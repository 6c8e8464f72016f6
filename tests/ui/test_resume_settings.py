"""Settings that persist between starts (issue 7): the Settings screen writes speed, theme, ASCII default and
asking before quitting; the next start uses them; the last table set up is offered again."""

from __future__ import annotations

import pytest
from uitools import screen_text

from bere_tui.storage import LastSeats, Seat, Settings, load_settings
from bere_tui.ui.app import BereApp
from bere_tui.ui.screens.dialogs import QuitScreen
from bere_tui.ui.screens.settings_screen import SettingsScreen
from bere_tui.ui.screens.title import TitleScreen


@pytest.fixture(autouse=True)
def own_folders(tmp_path, monkeypatch):
    monkeypatch.setenv("BERE_DATA_DIR", str(tmp_path / "data"))
    monkeypatch.setenv("BERE_CONFIG", str(tmp_path / "config" / "settings.json"))


async def test_the_settings_screen_saves_each_change_and_the_next_start_uses_it():
    app = BereApp(settings=load_settings()[0])
    async with app.run_test(size=(80, 24)) as pilot:
        menu = app.screen.query_one("#title-menu")
        menu.highlighted = [menu.get_option_at_index(i).id for i in range(menu.option_count)].index("settings")
        await pilot.press("enter")
        assert isinstance(app.screen, SettingsScreen)
        assert "SETTINGS" in screen_text(app)
        await pilot.press("right")  # speed: normal -> fast
        await pilot.press("down", "right")  # colours: the next theme
        theme = app.theme
        await pilot.press("down", "right")  # ASCII cards: yes -> no, or no -> yes
        await pilot.press("down", "right")  # ask before quitting: no
        await pilot.press("escape")
        assert isinstance(app.screen, TitleScreen)
    saved, warning = load_settings()
    assert warning is None
    assert (saved.animation, saved.theme, saved.ascii, saved.confirm_quit) == ("fast", theme, True, False)
    assert theme != "textual-dark"
    again = BereApp(settings=saved, remember=False)
    async with again.run_test(size=(80, 24)) as pilot:
        assert again.theme == theme and again.speed == "fast" and again.ascii
        await pilot.press("q")  # no question asked
        assert not isinstance(again.screen, QuitScreen)
    assert again.return_code == 0


async def test_q_asks_first_by_default():
    app = BereApp(remember=False)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("q")
        assert isinstance(app.screen, QuitScreen)


async def test_the_setup_screen_offers_the_last_seats_again():
    last = LastSeats(variant="even-odd", seats=[Seat(name="Zoe"), Seat(name="Max", bot="random"),
                                                Seat(name="Ida")])
    app = BereApp(settings=Settings(last_seats=last), remember=False)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("enter")  # New game
        screen = app.screen
        assert type(screen).__name__ == "SetupScreen"
        assert screen.setup.variant == "even-odd"
        assert [(s.name, s.bot) for s in screen.setup.seats] == [("Zoe", None), ("Max", "random"), ("Ida", None)]


async def test_the_colour_themes_have_readable_names():
    app = BereApp(remember=False)
    async with app.run_test(size=(80, 24)) as pilot:
        app.push_screen(SettingsScreen())
        await pilot.pause()
        await pilot.press("down")  # colours
        assert "Dark (default)" in screen_text(app) and "textual-dark" not in screen_text(app)
        await pilot.press("right", "right")
        assert app.theme not in screen_text(app)  # e.g. "nord" is shown as "Nord"
