"""SVG snapshots at 80x24 of the screens a person sees (pytest-textual-snapshot; Textual is pinned exactly).
Animation off, no cursor blink, fixed seeds. Regenerate with `pytest tests/ui/test_snapshots.py --snapshot-update`
after a deliberate change of the look, and look at the new files before committing them."""

from __future__ import annotations

import pytest
from uitools import last_turn, press_on, press_until, table_app, wait_for

from bere_tui.ui.app import BereApp, Start
from bere_tui.ui.prompts.select import SelectPrompt
from bere_tui.ui.prompts.take_row import TakeRowPrompt
from bere_tui.ui.screens import table as table_module
from bere_tui.ui.screens.handoff import HandoffScreen
from bere_tui.ui.screens.scores import ResultsScreen, RoundSummaryScreen
from bere_tui.ui.seating import Seat, TableSetup


def test_title(snap_compare, monkeypatch, tmp_path):
    monkeypatch.setenv("BERE_DATA_DIR", str(tmp_path))  # no autosave, no history: the first start
    assert snap_compare(BereApp(Start("title"), speed="off", remember=False))


def test_setup(snap_compare):
    setup = TableSetup("base", [Seat("Ann"), Seat("Ben"), Seat("Cid", "heuristic")])
    assert snap_compare(BereApp(Start("setup", setup=setup), speed="off", remember=False))


def test_hand_off(snap_compare):
    async def handed_off(pilot):
        await wait_for(pilot, lambda: isinstance(pilot.app.screen, HandoffScreen))

    assert snap_compare(table_app(players=("Ann", "Ben"), bots=("heuristic",), seed=3), run_before=handed_off)


def test_selection(snap_compare):
    async def show_hand(pilot):
        await press_on(pilot, HandoffScreen, "enter")
        await wait_for(pilot, lambda: isinstance(pilot.app.screen, SelectPrompt))

    assert snap_compare(table_app(players=("Ann", "Ben"), bots=("heuristic",), seed=3), run_before=show_hand)


def test_reveal(snap_compare, monkeypatch):
    # The reveal stays on screen for a long step, so the snapshot catches it before the first placement.
    monkeypatch.setitem(table_module.STEP_SECONDS, "slow", 1000.0)
    app = table_app(players=("Ann",), bots=("heuristic", "random"), seed=3, speed="slow")

    async def revealed(pilot):
        await press_on(pilot, SelectPrompt, "right", "enter")
        await wait_for(pilot, lambda: app.game.view(None).revealed)

    assert snap_compare(app, run_before=revealed)


def test_low_card_row_choice(snap_compare):
    app = table_app(players=("Ann",), bots=("random",), seed=2)

    async def to_prompt(pilot):
        await press_until(pilot, lambda: isinstance(app.screen, TakeRowPrompt))

    assert snap_compare(app, run_before=to_prompt)


def test_round_summary(snap_compare):
    app = table_app(players=("Ann",), bots=("random", "heuristic"), seed=8, until=last_turn)

    async def to_summary(pilot):
        await press_until(pilot, lambda: isinstance(app.screen, RoundSummaryScreen))

    assert snap_compare(app, run_before=to_summary)


def test_final_results(snap_compare):
    app = table_app(players=("Ann",), bots=("random", "heuristic"), seed=8, options={"rounds": 2},
                    until=lambda game: game.round == 2 and last_turn(game))

    async def to_results(pilot):
        await press_until(pilot, lambda: isinstance(app.screen, ResultsScreen))

    assert snap_compare(app, run_before=to_results)


@pytest.mark.parametrize("size", [(60, 20)])
def test_too_small(snap_compare, size):
    assert snap_compare(table_app(players=("Ann", "Ben"), seed=3), terminal_size=size)
