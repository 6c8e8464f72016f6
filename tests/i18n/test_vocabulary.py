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
    "pl": ("6 bierze!", ("1 bycza głowa", "2 bycze głowy", "5 byczych głów"), "RZĘDY"),
}


@pytest.mark.parametrize("lang", sorted(EDITIONS))
def test_each_language_speaks_as_its_printed_edition(lang):
    name, heads, rows = EDITIONS[lang]
    assert i18n.install(lang) == lang
    assert _("6 bere!") == name
    assert [ngettext("{n} bullhead", "{n} bullheads", n).format(n=n) for n in (1, 2, 5)] == list(heads)
    assert _("ROWS") == rows
