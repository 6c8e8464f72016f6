"""Every language's key bar shows every key the English one shows at 80x24 (issue 35, item 8: the Czech and German
bars dropped ctrl+s in the special-card prompts, their longer words pushing the spare keys out). Each prompt is
reached by keys in the real app, with bots in the other seats."""

from __future__ import annotations

import pytest
from test_special_prompts import busy_table, cancel_table, swap_table  # the hand-made tables (tests/ui)
from uitools import wait_for

from bere_tui import i18n
from bere_tui.catalogues import LOCALE, languages
from bere_tui.ui.app import BereApp, Start
from bere_tui.ui.prompts.cancel import CancelPrompt
from bere_tui.ui.prompts.special import SpecialPrompt
from bere_tui.ui.prompts.swap import SwapPrompt
from bere_tui.ui.session import Session
from bere_tui.ui.widgets.keybar import KeyBar

LANGUAGES = [lang for lang in languages(LOCALE) if lang != i18n.ENGLISH]

#: (a name, the table, the prompt, the keys pressed in it): the special card's first step, the Shift's second
#: one (Esc back), Negative = Positive's cards to cancel (Space toggles), the swap
PROMPTS = {
    "special card": (busy_table, SpecialPrompt, ()),
    "shift, the card to move": (busy_table, SpecialPrompt, ("5", "enter")),
    "cancel, the cards": (cancel_table, CancelPrompt, ("enter",)),
    "swap": (swap_table, SwapPrompt, ()),
}


@pytest.fixture(autouse=True)
def english_after():
    yield
    i18n.install(i18n.ENGLISH)


async def shown_keys(lang: str, prompt: str, size=(80, 24), coach: bool = False) -> list[str]:
    """The keys the key bar shows (by binding) in `lang`, at `size` (80x24), once `prompt` is reached by keys;
    with `coach`, the coach on (its key in the bar). Each key shown is shown whole on the screen's last line."""
    from uitools import screen_text

    make, screen, keys = PROMPTS[prompt]
    assert i18n.install(lang) == lang
    game = make()
    for p in (1, 2):
        game.players[p]["bot"] = "random"  # Ann alone at the keyboard
    app = BereApp(Start("game", session=Session(game)), speed="off", remember=False)
    app.settings.coach = coach
    async with app.run_test(size=size) as pilot:
        await wait_for(pilot, lambda: isinstance(app.screen, screen) and bool(app.screen.steps))
        for key in keys:
            await pilot.press(key)
        await pilot.pause()
        bar = app.screen.query_one(KeyBar)
        line = bar.render()
        assert line.cell_len <= size[0]
        shown = screen_text(app).splitlines()[-1]
        assert line.plain.rstrip() == shown.rstrip()  # nothing cut: the last entry too
        return [key for _start, _end, key in bar._spans]


@pytest.mark.parametrize("prompt", sorted(PROMPTS))
@pytest.mark.parametrize("lang", LANGUAGES)
async def test_every_language_shows_the_keys_english_shows(lang, prompt):
    english = await shown_keys(i18n.ENGLISH, prompt)
    assert "ctrl+s" in english or prompt.startswith(("shift", "cancel"))
    assert await shown_keys(lang, prompt) == english


@pytest.mark.parametrize("coach", [False, True])
@pytest.mark.parametrize("prompt", ["special card", "shift, the card to move"])
@pytest.mark.parametrize("lang", [i18n.ENGLISH, *LANGUAGES])
async def test_the_special_card_prompts_bar_keeps_its_last_entry_at_100_columns(lang, prompt, coach):
    """At 100x30 the special card's steps show every key up to the last, "0-9 go to" (with the coach's key
    too, where the line is fullest): the bar tightens its spacing or names the everywhere keys alone first."""
    keys = await shown_keys(lang, prompt, size=(100, 30), coach=coach)
    assert keys[-1] == "1"  # the digits' entry ("0-9 go to"), last and whole
    assert ("c" in keys) == coach and "ctrl+s" in keys
