"""Test-wide set-up: no test reads or writes the real user folders (storage honours these variables)."""

import os
import tempfile

import pytest

_ROOT = tempfile.mkdtemp(prefix="bere-tests-")
os.environ.setdefault("BERE_DATA_DIR", os.path.join(_ROOT, "data"))
os.environ.setdefault("BERE_CONFIG", os.path.join(_ROOT, "config", "settings.json"))


@pytest.fixture(autouse=True)
def _own_data_folder(tmp_path, monkeypatch):
    """Each test its own data folder and settings file: an unfinished game autosaved by one test must not be
    found by the next (a new game would ask what becomes of it)."""
    monkeypatch.setenv("BERE_DATA_DIR", str(tmp_path / "bere-data"))
    monkeypatch.setenv("BERE_CONFIG", str(tmp_path / "bere-config" / "settings.json"))
