"""The setup screen by keys: variant and seats change with the arrows, Enter starts, bad names are refused,
and the last setup is remembered for next time. The focus is on the variant from the start, Down and Up go
through every field shown in order, also when the keys come faster than the screen is drawn (typed ahead)."""

from __future__ import annotations

import pytest
from uitools import focus_trail, screen_text, type_ahead, wait_for

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
        await pilot.press("right")  # the focus is on the variant: base -> Pro
        await pilot.press("down", "right")  # seats: 2 -> 3
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
        await pilot.press("down")  # the variant -> the seat count
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


# ---------------------------------------------------------------------- moving by keys (a play-test's findings)


def field_order(n: int, variant: str = "base") -> list[str]:
    """The fields of the setup in the order Down visits them, with `n` seats."""
    seats = [field for i in range(n) for field in (f"kind-{i}", f"name-{i}")]
    options = {"board": ["side", "luck"], "base": ["target"], "pro": ["target"], "even-odd": ["target"]}
    return ["variant", "seat-count", *seats, *options.get(variant, []), "seed", "start"]


def key_bar(app) -> str:
    return screen_text(app).splitlines()[-1]


async def test_new_game_opens_with_the_focus_on_the_variant_and_the_arrows_change_it(tmp_path):
    """It opened with the focus on the Start button at the bottom: left and right changed nothing."""
    app = BereApp(Start("title"), speed="off", config=str(tmp_path / "settings.json"))
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("enter")  # New game
        await wait_for(pilot, lambda: isinstance(app.screen, SetupScreen))
        screen = app.screen
        assert app.focused is screen.query_one("#variant")
        assert "> Variant" in screen_text(app)  # the focus shows without colour
        assert "Enter start" in key_bar(app) and "change" in key_bar(app)
        await pilot.press("right")
        assert screen.setup.variant == "pro" and "2 to 6 players" in screen_text(app)
        await pilot.press("space")  # space changes a choice too
        assert screen.setup.variant == "anniversary"
        await pilot.press("left", "left", "down", "right")
        assert screen.setup.variant == "base" and len(screen.setup.seats) == 3
        assert "> Seats" in screen_text(app) and "> Variant" not in screen_text(app)


async def test_keys_typed_while_the_setup_opens_act_on_it(tmp_path):
    app = BereApp(Start("title"), speed="off", config=str(tmp_path / "settings.json"))
    async with app.run_test(size=(80, 24)) as pilot:
        app.open_setup()
        await type_ahead(pilot, "right", "down", "right")  # before the setup was drawn
        screen = app.screen
        assert isinstance(screen, SetupScreen)
        assert screen.setup.variant == "pro" and len(screen.setup.seats) == 3 and app.focused.id == "seat-count"


@pytest.mark.parametrize("n", range(2, 11))
async def test_down_and_up_go_through_every_seat_in_order_also_typed_ahead(tmp_path, n):
    """Right on the seat count, then Down at once: each seat's kind and name in turn, none skipped (rows made
    anew a moment after the change, and the focus order taken from where widgets were last drawn, made Down
    jump over seats, go back or stay), round at the end; then Up the same way back."""
    app = setup_app(tmp_path / "settings.json")
    async with app.run_test(size=(80, 24)) as pilot:
        screen = app.screen
        screen.set_focus(screen.query_one("#seat-count"))
        await pilot.pause()
        trail = focus_trail(screen)
        order = field_order(n)
        await type_ahead(pilot, *["right"] * (n - 2), *["down"] * (len(order) - 1))
        assert len(screen.setup.seats) == n
        assert trail == [*order[2:], "variant"]
        trail.clear()
        await type_ahead(pilot, *["up"] * len(order))
        assert trail == list(reversed(order))
        assert all(f"Seat {i + 1}" in screen_text(app) for i in range(n)) and f"Seat {n + 1}" not in screen_text(app)


async def test_down_goes_through_every_seat_by_single_presses(tmp_path):
    app = setup_app(tmp_path / "settings.json")
    async with app.run_test(size=(80, 24)) as pilot:
        screen = app.screen
        await pilot.press(*["plus"] * 8)  # 10 seats
        trail = focus_trail(screen)
        for _ in field_order(10)[1:]:
            await pilot.press("down")
        assert trail == field_order(10)[1:]


async def test_seats_added_and_taken_by_keys_typed_ahead_keep_the_focus_and_come_back_as_they_were(tmp_path):
    app = setup_app(tmp_path / "settings.json")
    async with app.run_test(size=(80, 24)) as pilot:
        screen = app.screen
        screen.set_focus(screen.query_one("#kind-1"))
        await type_ahead(pilot, "plus", "plus", "down")
        assert len(screen.setup.seats) == 4 and app.focused.id == "name-1"
        screen.set_focus(screen.query_one("#kind-2"))
        await type_ahead(pilot, "left", "down", "down", "minus", "minus")  # Cid easy; the focus on seat 4 goes
        assert len(screen.setup.seats) == 2 and app.focused.id == "kind-1"
        assert "> Seat 2" in screen_text(app) and "Seat 3" not in screen_text(app)
        await type_ahead(pilot, "plus", "plus")
        assert [(s.name, s.bot) for s in screen.setup.seats] == [
            ("Ann", None), ("Ben", "heuristic"), ("Cid", "random"), ("Dot", "heuristic")]
        assert "bot: easy" in screen_text(app)


async def test_a_variant_changed_by_keys_typed_ahead_shows_its_own_seats_and_fields(tmp_path):
    """From ten seats of the base game to the board game (a side and luck cards, no target) and back, in
    bursts: each variant keeps the seats within its limits (Pro 6, Bullenparty 5), Down meets exactly the
    fields shown, and seats taken away come back with their names when the count goes up again."""
    app = setup_app(tmp_path / "settings.json")
    async with app.run_test(size=(80, 24)) as pilot:
        screen = app.screen
        await pilot.press(*["plus"] * 8)  # (the focus is on the variant)
        names = [s.name for s in screen.setup.seats]
        trail = focus_trail(screen)
        order = field_order(5, "board")
        await type_ahead(pilot, *["right"] * 5, *["down"] * (len(order) - 1))  # Pro ... Bullenparty, the board
        assert screen.setup.variant == "board" and len(screen.setup.seats) == 5
        assert trail == order[1:]
        text = screen_text(app)
        assert "Side" in text and "Luck" in text and "Target" not in text and "Seat 6" not in text
        assert "the same seed deals the same tiles" in text
        trail.clear()
        await type_ahead(pilot, "down", *["left"] * 5, "down", *["right"] * 5)  # back to base, 10 seats again
        assert screen.setup.variant == "base" and [s.name for s in screen.setup.seats] == names
        trail.clear()
        await type_ahead(pilot, *["down"] * (len(field_order(10)) - 2))
        assert trail == field_order(10)[2:]
        assert "Seat 10" in screen_text(app) and "Side" not in screen_text(app)


async def test_enter_starts_from_every_field_and_the_key_bar_says_so(tmp_path):
    """On the Start button and in a text field Enter started too, but the key bar did not say so there."""
    app = setup_app(tmp_path / "settings.json")
    async with app.run_test(size=(80, 24)) as pilot:
        screen = app.screen
        for field in field_order(2):
            screen.set_focus(screen.query_one(f"#{field}"))
            await pilot.pause()
            bar = key_bar(app)
            assert "Enter start" in bar, (field, bar)
            assert ("+ - seats" in bar) == (field not in ("name-0", "name-1", "target", "seed")), (field, bar)
        screen.set_focus(screen.query_one("#name-1"))
        await pilot.pause()
        await type_ahead(pilot, "Z", "o", "e", "enter")  # the name is chosen on the focus: typing replaces it
        await wait_for(pilot, lambda: isinstance(app.screen_stack[1], TableScreen))
        assert [p["name"] for p in app.game.players] == ["Ann", "Zoe"]


async def test_names_take_the_keys_that_move_and_add_seats(tmp_path):
    """j, k, + and - are letters in a name (Up and Down still move on)."""
    app = setup_app(tmp_path / "settings.json")
    async with app.run_test(size=(80, 24)) as pilot:
        screen = app.screen
        screen.set_focus(screen.query_one("#name-0"))
        await pilot.press("end", "j", "k", "-", "+")
        assert screen.setup.seats[0].name == "Annjk-+" and len(screen.setup.seats) == 2
        await pilot.press("down")
        assert app.focused.id == "kind-1" and "> Seat 2" in screen_text(app)


async def test_down_moves_on_when_the_form_is_taller_than_the_window(tmp_path):
    """The form scrolls when it does not fit (a long message, a long translation); its scroll view took Down
    and Up to scroll instead of moving to the next field."""
    app = setup_app(tmp_path / "settings.json")
    async with app.run_test(size=(80, 24)) as pilot:
        screen = app.screen
        await pilot.press(*["plus"] * 8)
        screen.query_one("#setup-problems").update("\n".join(["a long message"] * 20))
        await pilot.pause()
        assert screen.query_one("#setup-form").allow_vertical_scroll
        trail = focus_trail(screen)
        await pilot.press("down", "down", "down", "up")
        assert trail == ["seat-count", "kind-0", "name-0", "kind-0"]
        screen.set_focus(screen.query_one("#start"))
        await pilot.pause()
        assert screen.query_one("#start").region.bottom <= 23  # scrolled into view


async def test_down_into_a_seats_name_says_so_and_left_right_change_the_seat_there_too(tmp_path):
    """Issue 35.9: Down from a person's seat goes into its name field: a hint under the form says what the
    keys do there; Left and Right change who sits at the seat (seat 1 as every other row), letters edit."""
    app = setup_app(tmp_path / "settings.json")
    async with app.run_test(size=(80, 24)) as pilot:
        screen = app.screen
        await pilot.press("down", "down", "down")  # variant, seats, seat 1's kind, seat 1's name
        assert app.focused.id == "name-0"
        flat = " ".join(screen_text(app).split())
        assert "Seat 1: type the name; Left and Right change who sits there" in flat, flat
        assert "<- -> change" in screen_text(app).splitlines()[-1]
        await pilot.press("right")
        assert screen.setup.seats[0].bot == "random" and app.focused.id == "name-0"
        await pilot.press("left")
        assert screen.setup.seats[0].bot is None
        await pilot.press("end", "x", "backspace", "y")
        assert screen.setup.seats[0].name == "Anny"
        await pilot.press("down")  # out of the name: the hint goes
        assert "type the name" not in screen_text(app)


async def test_a_coached_seat_is_remembered_for_the_next_setup(tmp_path):
    """Issue 34 item 4: "person, coached" comes back the next time the setup opens, as the other kinds do."""
    config = tmp_path / "settings.json"
    app = BereApp(speed="off", config=str(config))
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("enter")  # the title's New game
        await wait_for(pilot, lambda: isinstance(app.screen, SetupScreen))
        await pilot.press("down", "down", "left")  # seat 1's kind: person -> (round) person, coached
        assert app.screen.setup.seats[0].coach and app.screen.setup.seats[0].bot is None
        await pilot.press("enter")
        await wait_for(pilot, lambda: isinstance(app.screen_stack[-1], TableScreen) or app.game is not None)
    remembered, _warning = load_settings(config)
    assert [s.coach for s in remembered.last_seats.seats] == [True, False]
    again = BereApp(speed="off", config=str(config), settings=remembered)  # as `bere` reads them (cli.py)
    async with again.run_test(size=(80, 24)) as pilot:
        await pilot.press("enter")
        await wait_for(pilot, lambda: isinstance(again.screen, SetupScreen))
        screen = again.screen
        assert [(s.bot, s.coach) for s in screen.setup.seats] == [(None, True), ("heuristic", False)]
        assert "person, coached" in screen_text(again)
        await pilot.press("down", "down", "right")  # back to a plain person: remembered too
        await pilot.press("enter")
        await wait_for(pilot, lambda: again.game is not None)
    assert not load_settings(config)[0].last_seats.seats[0].coach
