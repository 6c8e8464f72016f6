"""Fixtures of the walkthrough's tests."""

import pytest


@pytest.fixture(autouse=True)
def data_dir(tmp_path, monkeypatch):
    """Progress files go to a temporary folder (BERE_DATA_DIR), never the user's."""
    monkeypatch.setenv("BERE_DATA_DIR", str(tmp_path / "data"))
    return tmp_path / "data"
