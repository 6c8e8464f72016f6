"""The rules text, the lessons and the translations are found whether `bere_tui.assets` is installed or the
code runs from a clone whose `bere_tui/` shadows a non-editable install (issue 12, item 6)."""

from __future__ import annotations

import sys

import pytest

from bere_tui import i18n, paths
from bere_tui.teach.lesson import lessons_root
from bere_tui.ui.rules_screen import read_part


@pytest.fixture
def no_installed_assets(monkeypatch):
    """As in a clone beside a non-editable install: `import bere_tui.assets` fails."""
    monkeypatch.setitem(sys.modules, "bere_tui.assets", None)
    with pytest.raises(ModuleNotFoundError):
        __import__("bere_tui.assets")


def test_the_rules_lessons_and_locale_are_found_without_the_assets_package(no_installed_assets):
    assert paths.assets() == paths.SOURCE_ASSETS
    assert read_part("base") is not None
    assert (lessons_root() / "en").is_dir()
    assert i18n.locale_dir() == paths.SOURCE_ASSETS / "locale"


def test_the_installed_assets_are_used_when_there():
    assert (paths.assets() / "rules").is_dir()
    assert read_part("base") is not None
