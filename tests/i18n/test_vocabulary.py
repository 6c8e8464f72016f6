"""The vocabulary of the printed editions (issue 16), with the project's own catalogues: the game's name, the
bullheads (with each language's plural forms) and the rows, as the printed Czech, German, French and Polish
editions say them."""

from __future__ import annotations

import pytest

from bere_tui import i18n
from bere_tui.i18n import _, ngettext


@pytest.fixture(autouse=True)
def english_after():
    yield
    i18n.install(i18n.ENGLISH)


EDITIONS = {
    #       name            1 bullhead             2                      5                       the rows
    "cs": ("6 bere!", ("1 býčí hlava", "2 býčí hlavy", "5 býčích hlav"), "ŘADY"),
    "de": ("6 nimmt!", ("1 Hornochse", "2 Hornochsen", "5 Hornochsen"), "REIHEN"),
    "fr": ("6 qui prend !", ("1 tête de bœuf", "2 têtes de bœuf", "5 têtes de bœuf"), "RANGÉES"),
    "pl": ("6. bierze!",  # with its full stop, as the Polish box and seed 004 print it (issue 35)
           ("1 bycza głowa", "2 bycze głowy", "5 byczych głów"), "RZĘDY"),
}


@pytest.mark.parametrize("lang", sorted(EDITIONS))
def test_each_language_speaks_as_its_printed_edition(lang):
    name, heads, rows = EDITIONS[lang]
    assert i18n.install(lang) == lang
    assert _("6 nimmt!") == name
    assert [ngettext("{n} bullhead", "{n} bullheads", n).format(n=n) for n in (1, 2, 5)] == list(heads)
    assert _("ROWS") == rows


@pytest.mark.parametrize("lang", ["en", *sorted(EDITIONS)])
async def test_the_title_draws_the_name_of_the_languages_edition(lang, tmp_path):
    """Issue 35: the big logo said "6 bere!" in every language. It draws the catalogue's name of the game (English:
    6 nimmt!, as the project's English texts call it), and no other edition's."""
    from uitools import screen_text

    from bere_tui.ui.app import BereApp
    from bere_tui.ui.screens.title import LOGOS

    assert i18n.install(lang) == lang
    name = EDITIONS[lang][0] if lang in EDITIONS else "6 nimmt!"
    app = BereApp(config=str(tmp_path / "settings.json"))
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        text = screen_text(app)
    drawn = [other for other, art in LOGOS.items() if all(line.strip() in text for line in art.splitlines())]
    assert drawn == [name]
