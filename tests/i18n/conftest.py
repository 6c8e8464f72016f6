"""Fixtures of the translation tests: a locale folder of their own (made-up catalogues), English again after."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "ui"))  # uitools, shared with the UI tests


@pytest.fixture
def locale(tmp_path, monkeypatch):
    """An empty locale folder that i18n reads instead of the project's; English is installed again after."""
    from bere_tui import i18n

    folder = tmp_path / "locale"
    folder.mkdir()
    monkeypatch.setattr(i18n, "locale_dir", lambda: folder)
    for variable in i18n.LANGUAGE_VARIABLES:
        monkeypatch.delenv(variable, raising=False)
    yield folder
    i18n.install(i18n.ENGLISH)


@pytest.fixture
def pseudo(locale):
    """The pseudo-language `xx` installed (its folder: `locale`)."""
    from pseudo import PSEUDO, make_pseudo

    from bere_tui import i18n

    make_pseudo(locale)
    assert i18n.install(PSEUDO) == PSEUDO
    return locale
