"""The rules text, the lessons, the boards and the translations are found in the package itself
(`bere_tui/assets`), in a clone and in a non-editable install alike (issue 12, item 6; issue 36)."""

from __future__ import annotations

from bere_tui import i18n, paths
from bere_tui.teach.catalogue import lessons_root
from bere_tui.ui.rules_screen import read_part


def test_the_rules_lessons_and_locale_are_found_in_the_package():
    assert paths.assets() == paths.PACKAGE_ASSETS
    assert read_part("base") is not None
    assert (lessons_root() / "en").is_dir()
    assert (paths.assets() / "boards" / "standard.json").is_file()
    assert i18n.locale_dir() == paths.PACKAGE_ASSETS / "locale"
