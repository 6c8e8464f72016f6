"""SVG snapshots at 80x24 in Czech (issue 16: snapshot tests for one language besides English), with the
project's own Czech catalogue and lessons: the setup, the table asking for a card, the table asking which row
to take, and a lesson. Animation off, fixed seeds, as tests/ui/test_snapshots.py. Regenerate with
`pytest tests/i18n/test_snapshots_cs.py --snapshot-update` after a deliberate change of the look or of a Czech
text, and look at the new files before committing them."""

from __future__ import annotations

import pytest
from uitools import press_on, press_until, screen_text, table_app, wait_for

from bere_tui import i18n
from bere_tui.ui.app import BereApp, Start
from bere_tui.ui.prompts.select import SelectPrompt
from bere_tui.ui.prompts.take_row import TakeRowPrompt
from bere_tui.ui.screens.handoff import HandoffScreen
from bere_tui.ui.seating import Seat, TableSetup


@pytest.fixture(autouse=True)
def czech(monkeypatch):
    for variable in i18n.LANGUAGE_VARIABLES:
        monkeypatch.delenv(variable, raising=False)
    assert i18n.install("cs") == "cs"
    yield
    i18n.install(i18n.ENGLISH)


def test_setup_in_czech(snap_compare):
    setup = TableSetup("base", [Seat("Ann"), Seat("Ben"), Seat("Cid", "heuristic")])
    app = BereApp(Start("setup", setup=setup), speed="off", remember=False)

    async def czech_on_screen(pilot):
        await wait_for(pilot, lambda: "NOVÁ HRA" in screen_text(pilot.app))

    assert snap_compare(app, run_before=czech_on_screen)


def test_table_asking_for_a_card_in_czech(snap_compare):
    async def show_hand(pilot):
        await press_on(pilot, HandoffScreen, "enter")
        await wait_for(pilot, lambda: isinstance(pilot.app.screen, SelectPrompt))

    assert snap_compare(table_app(players=("Ann", "Ben"), bots=("heuristic",), seed=3), run_before=show_hand)


def test_table_asking_which_row_to_take_in_czech(snap_compare):
    app = table_app(players=("Ann",), bots=("random",), seed=2)

    async def to_prompt(pilot):
        await press_until(pilot, lambda: isinstance(app.screen, TakeRowPrompt))

    assert snap_compare(app, run_before=to_prompt)


def test_lesson_in_czech(snap_compare):
    app = BereApp(Start("teach", lesson="rows"), speed="off", remember=False)

    async def lesson_open(pilot):
        await wait_for(pilot, lambda: type(pilot.app.screen).__name__ == "LessonScreen")
        await pilot.pause()

    assert snap_compare(app, run_before=lesson_open)
