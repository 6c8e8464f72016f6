"""Test-wide set-up: no test reads or writes the real user folders (storage honours these variables)."""

import os
import tempfile

import pytest

_ROOT = tempfile.mkdtemp(prefix="bere-tests-")
os.environ.setdefault("BERE_DATA_DIR", os.path.join(_ROOT, "data"))
os.environ.setdefault("BERE_CONFIG", os.path.join(_ROOT, "config", "settings.json"))


@pytest.fixture(autouse=True)
def _open_gates(request, monkeypatch):
    """Screens take keys as soon as they show (the input gate's first moments off), so a test need not wait;
    keys pressed before a screen showed are still dropped. Tests of the gate itself mark `real_gate`."""
    if request.node.get_closest_marker("real_gate") is None:
        from bere_tui.ui import gate

        monkeypatch.setattr(gate, "GATE_SECONDS", {kind: 0.0 for kind in gate.GATE_SECONDS})


@pytest.fixture(autouse=True)
def _no_fsync(request, monkeypatch):
    """Outside the storage tests, os.fsync returns at once: no test cuts the power, and an autosave after every
    decision waited on the disk (the writes, renames and their failures are all still real)."""
    if "storage" not in request.node.path.parts:
        monkeypatch.setattr(os, "fsync", lambda fd: None)


@pytest.fixture(autouse=True)
def _own_data_folder(tmp_path, monkeypatch):
    """Each test its own data folder and settings file: an unfinished game autosaved by one test must not be
    found by the next (a new game would ask what becomes of it)."""
    monkeypatch.setenv("BERE_DATA_DIR", str(tmp_path / "bere-data"))
    monkeypatch.setenv("BERE_CONFIG", str(tmp_path / "bere-config" / "settings.json"))

# The texts tests read are English whatever the machine's locale (a test of another language installs it).
os.environ["LANGUAGE"] = "en"
