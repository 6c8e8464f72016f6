"""Numbers with decimals as each language writes them (i18n.number, through Babel): a decimal comma in Czech,
German, French and Polish, a point in English, never "-0.0". By keys at 80x24, in Czech and in English: the
game review's figures and the coach's expected cost."""

from __future__ import annotations

import re

import pytest
from uitools import screen_text, table_app, wait_for

from bere_tui import i18n
from bere_tui.bots import make_bot
from bere_tui.systems import make_game
from bere_tui.ui.app import BereApp, Start
from bere_tui.ui.prompts.base import PromptScreen
from bere_tui.ui.screens.review import ReviewScreen

#: a figure with one decimal as each language writes it
DECIMAL = {"en": re.compile(r"\b\d+\.\d\b"), "cs": re.compile(r"\b\d+,\d\b")}


@pytest.fixture
def language(request, monkeypatch):
    """The project's own catalogue of the language `request.param` installed; English again after."""
    for variable in i18n.LANGUAGE_VARIABLES:
        monkeypatch.delenv(variable, raising=False)
    assert i18n.install(request.param) == request.param
    yield request.param
    i18n.install(i18n.ENGLISH)


@pytest.fixture(autouse=True)
def few_worlds(monkeypatch):
    """Fewer worlds per decision, for the time of the suite (as tests/ui/test_review_screen.py)."""
    from bere_tui.bots.nimmt import evaluate

    monkeypatch.setattr(evaluate, "WORLDS", 8)


@pytest.mark.parametrize(("language", "written"), [
    ("en", ["12.5", "0.0", "3.0", "1,234.57", "7"]), ("cs", ["12,5", "0,0", "3,0", "1\xa0234,57", "7"]),
    ("de", ["12,5", "0,0", "3,0", "1.234,57", "7"]), ("fr", ["12,5", "0,0", "3,0", "1\u202f234,57", "7"]),
    ("pl", ["12,5", "0,0", "3,0", "1\xa0234,57", "7"])], indirect=["language"])
def test_a_number_is_written_as_the_language_writes_it(language, written):
    assert [i18n.number(12.5), i18n.number(-0.04), i18n.number(3), i18n.number(1234.567, 2),
            i18n.number(7.2, 0)] == written


def test_a_language_babel_does_not_know_writes_as_english(monkeypatch):
    monkeypatch.setattr(i18n, "_current", "xx")  # (a test's pseudo-language)
    assert i18n.number(2.25, 1) == "2.2"


def _finished_base_game():
    players = [{"name": "Ann"}, {"name": "Bob", "bot": "heuristic"}, {"name": "Cid", "bot": "heuristic"}]
    game = make_game("base", players, seed=3, options={"rounds": 1})
    bots = [make_bot("heuristic", 3 + p) for p in range(3)]
    while game.pending is not None:
        p = game.deciders()[0]
        game.apply(bots[p].choose(game.view(p), game.legal(p)))
    return game


@pytest.mark.parametrize("language", ["en", "cs"], indirect=True)
async def test_the_review_writes_its_figures_in_the_players_language(language):
    app = BereApp(Start("replay", game=_finished_base_game(), note="test"), speed="off", remember=False)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await pilot.press("r")
        await wait_for(pilot, lambda: isinstance(app.screen, ReviewScreen))
        screen = app.screen
        await wait_for(pilot, lambda: screen.review is not None)
        text = screen_text(app)
        summary = next(line for line in text.splitlines() if line.lstrip().startswith("Ann:"))
        assert DECIMAL[language].search(summary), summary  # the points lost to choices
        detail = text[text.index("(", text.index("Ann:") + len(summary)):]  # the options' expected points
        assert DECIMAL[language].search(detail), detail
        other = DECIMAL["cs" if language == "en" else "en"]
        assert not other.search(summary) and not other.search(detail)


@pytest.mark.parametrize("language", ["en", "cs"], indirect=True)
async def test_the_coach_tells_the_expected_cost_in_the_players_language(language):
    app = table_app("base", players=("Ann",), bots=("heuristic",), seed=4)
    async with app.run_test(size=(80, 24)) as pilot:
        app.settings.coach = True
        await wait_for(pilot, lambda: isinstance(app.screen, PromptScreen))
        await pilot.press("c")
        await wait_for(pilot, lambda: app._notifications)
        told = next(iter(app._notifications)).message
        # "Best: your 14, expected 1.4 bullheads. Next: your 32 (1.6), ...": the best and the next best
        assert len(DECIMAL[language].findall(told)) >= 2, told
        assert not DECIMAL["cs" if language == "en" else "en"].search(told), told
