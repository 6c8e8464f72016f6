"""Names show as written, everywhere (issue 36 item 6): a player's name (from `--players`, the setup or a shared
record) is never read as Textual or Rich markup. `[b]Ann[/b]` shows its brackets, `[@click=app.quit]Ann` binds
no click, `Ann[` and `\\[x]` show as typed.

Every game's table, its hand-offs and prompts, the end-of-round and end-of-game tables, the replay viewer, the
title's Continue and history lines, the replay list, the history screen and the setup screen are driven with
keys while a watch on the two markup parsers (Textual's Content.from_markup and Rich's markup.render) fails the
test as soon as a name reaches either of them; each screen is also read: every name shows (a score panel cuts a
long name: its first characters as written), and no character on screen carries a click.
"""

from __future__ import annotations

import traceback

import pytest
import rich.console
import rich.markup
from textual.content import Content
from uitools import last_turn, press_until, screen_text, table_app, wait_for

from bere_tui.systems import make_game
from bere_tui.ui.app import BereApp, Start
from bere_tui.ui.screens.handoff import HandoffScreen
from bere_tui.ui.screens.history import HistoryScreen
from bere_tui.ui.screens.replay import ReplayScreen
from bere_tui.ui.screens.replay_list import ReplayListScreen
from bere_tui.ui.screens.scores import ResultsScreen, RoundSummaryScreen
from bere_tui.ui.screens.setup import SetupScreen
from bere_tui.ui.screens.title import TitleScreen
from bere_tui.ui.seating import Seat, TableSetup
from bere_tui.ui.session import Session
from bere_tui.ui.widgets.choices import ChoiceList

NAMES = ("[@click=app.quit]Ann", "[b]Ben[/b]", "Cid[", "\\[x]")
#: a name's characters that a score panel shows at the least (it cuts longer names)
SHOWN_AT_LEAST = 8


@pytest.fixture
def markup_watch(monkeypatch):
    """Fails the test (at its end, with where it happened) when text holding a name is parsed as markup."""
    seen: list[str] = []

    def parsed(text) -> None:
        if isinstance(text, str) and any(name in text for name in NAMES):
            seen.append(f"{text!r}\n" + "".join(traceback.format_stack(limit=8)[:-2]))

    from_markup = Content.from_markup.__func__

    def content_from_markup(cls, markup, **variables):
        parsed(markup)
        return from_markup(cls, markup, **variables)

    render = rich.markup.render

    def rich_render(markup, *args, **kwargs):
        parsed(markup)
        return render(markup, *args, **kwargs)

    monkeypatch.setattr(Content, "from_markup", classmethod(content_from_markup))
    monkeypatch.setattr(rich.markup, "render", rich_render)
    monkeypatch.setattr(rich.console, "render_markup", rich_render)
    yield seen
    assert not seen, "a name was read as markup:\n" + "\n".join(seen)


def clicks(app) -> list:
    """The characters on screen that a click would act on (markup's @click)."""
    return [(seg.text, seg.style.meta) for strip in app.screen._compositor.render_strips() for seg in strip
            if seg.style is not None and seg.style.meta and "@click" in seg.style.meta]


def check(app, names=NAMES, full=()) -> str:
    """Every name shows as written (its first characters at least; the names in `full` whole), nothing on
    screen can be clicked into an app action, and no name was parsed on the way (markup_watch)."""
    text = screen_text(app)
    for name in names:
        assert name[:SHOWN_AT_LEAST] in text, (name, text)
    for name in full:
        assert name in text, (name, text)
    assert clicks(app) == []
    return text


async def handoff_then_prompt(pilot, app) -> None:
    await wait_for(pilot, lambda: isinstance(app.screen, HandoffScreen))
    who = app.screen.who
    text = check(app, full=[who])
    assert f"Pass the keyboard to {who}" in text and f"{who}, when nobody else" in " ".join(text.split())
    await pilot.press("enter")
    await wait_for(pilot, lambda: not isinstance(app.screen, HandoffScreen))
    check(app, full=[who])  # the prompt's heading names its player


def game_app(variant: str, people=NAMES, bots: int = 0, seed: int = 1) -> BereApp:
    seats = [{"name": n} for n in people] + [{"name": f"Bot{i}", "bot": "random"} for i in range(bots)]
    game = make_game(variant, seats, seed=seed)
    return BereApp(Start("game", session=Session(game)), speed="off", remember=False)


@pytest.mark.parametrize("variant", ["base", "bullenparty", "board"])
async def test_every_game_s_table_hand_off_and_prompt_show_names_as_written(markup_watch, variant):
    app = game_app(variant)
    async with app.run_test(size=(100, 30)) as pilot:
        await handoff_then_prompt(pilot, app)
        await pilot.press("enter")  # the first person chooses; the next one's hand-off
        await handoff_then_prompt(pilot, app)


async def choose(pilot, app, option_id: str) -> None:
    """Pick an entry of the screen's menu by keys: Down until it is highlighted, then Enter."""
    menu = app.screen.query_one(ChoiceList)
    target = menu.get_option_index(option_id)
    for _step in range(menu.option_count):
        if menu.highlighted == target:
            break
        await pilot.press("down")
    await pilot.press("enter")


async def test_the_end_of_round_table_shows_names_as_written(markup_watch):
    app = table_app("base", players=NAMES[:2], bots=("random", "random"), until=last_turn)
    async with app.run_test(size=(100, 30)) as pilot:
        await press_until(pilot, lambda: isinstance(app.screen, RoundSummaryScreen))
        check(app, NAMES[:2], full=NAMES[:2])


async def test_the_end_of_game_table_replays_title_and_history_show_names_as_written(markup_watch):
    """Base game to 1 point: the first round ends it (B9). The results, the replay viewer, the title's
    history line, the replay list and the history screen show the names of the game just played."""
    app = table_app("base", players=NAMES[:2], bots=("random", "random"), options={"target": 1},
                    until=last_turn)
    async with app.run_test(size=(100, 30)) as pilot:
        await press_until(pilot, lambda: isinstance(app.screen, ResultsScreen))
        check(app, NAMES[:2], full=NAMES[:2])
        await choose(pilot, app, "watch")
        await wait_for(pilot, lambda: isinstance(app.screen, ReplayScreen))
        check(app, NAMES[:2])
        await pilot.press("end")
        check(app, NAMES[:2], full=NAMES[:2])
        await pilot.press("escape")
        await wait_for(pilot, lambda: isinstance(app.screen, ResultsScreen))
        await choose(pilot, app, "title")
        await wait_for(pilot, lambda: isinstance(app.screen, TitleScreen))
        check(app, NAMES[:2], full=NAMES[:2])  # the history line under the menu
        await choose(pilot, app, "replays")
        await wait_for(pilot, lambda: isinstance(app.screen, ReplayListScreen))
        check(app, NAMES[:2], full=NAMES[:2])
        await pilot.press("enter")
        await wait_for(pilot, lambda: isinstance(app.screen, ReplayScreen))
        check(app, NAMES[:2])
        await pilot.press("escape")
        await wait_for(pilot, lambda: isinstance(app.screen, ReplayListScreen))
        await pilot.press("escape")
        await wait_for(pilot, lambda: isinstance(app.screen, TitleScreen))
        await choose(pilot, app, "history")
        await wait_for(pilot, lambda: isinstance(app.screen, HistoryScreen))
        check(app, NAMES[:2], full=NAMES[:2])


async def test_the_setup_screen_shows_names_as_written(markup_watch):
    seats = [Seat(name) for name in NAMES] + [Seat(NAMES[0])]
    app = BereApp(Start("setup", setup=TableSetup("base", seats)), remember=False)
    async with app.run_test(size=(100, 30)) as pilot:
        await wait_for(pilot, lambda: isinstance(app.screen, SetupScreen))
        assert [app.screen.query_one(f"#name-{i}").value for i in range(5)] == [*NAMES, NAMES[0]]
        await pilot.press("enter")  # two seats with one name: refused, and the name shows in the reason
        text = check(app)
        assert f"two seats are called {NAMES[0]}" in " ".join(text.split())


async def test_a_notice_shows_a_name_or_a_file_as_written(markup_watch):
    """Notices name files, players and what a table sent (remote.py's notices, "Saved to FILE"): plain text."""
    app = game_app("base", people=NAMES[:1], bots=1)
    async with app.run_test(size=(100, 30), notifications=True) as pilot:
        app.notify(f"Saved to {NAMES[0]}.json")
        app.screen.notify(f"{NAMES[3]} left the table", severity="warning")
        await wait_for(pilot, lambda: "left the table" in screen_text(app))
        words = " ".join(check(app, NAMES[:1], full=[NAMES[3]]).replace("▌", " ").split())  # (a notice wraps)
        assert f"Saved to {NAMES[0]}.json" in words and f"{NAMES[3]} left the table" in words
