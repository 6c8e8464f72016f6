"""Test-wide set-up: no test reads or writes the real user folders (storage honours these variables)."""

import os
import tempfile

_ROOT = tempfile.mkdtemp(prefix="bere-tests-")
os.environ.setdefault("BERE_DATA_DIR", os.path.join(_ROOT, "data"))
os.environ.setdefault("BERE_CONFIG", os.path.join(_ROOT, "config", "settings.json"))


import pytest  # noqa: E402


@pytest.fixture(autouse=True)
def _open_gates(request, monkeypatch):
    """Screens take keys as soon as they show (the input gate's first moments off), so a test need not wait;
    keys pressed before a screen showed are still dropped. Tests of the gate itself mark `real_gate`."""
    if request.node.get_closest_marker("real_gate") is None:
        from bere_tui.ui import gate

        monkeypatch.setattr(gate, "GATE_SECONDS", {kind: 0.0 for kind in gate.GATE_SECONDS})
