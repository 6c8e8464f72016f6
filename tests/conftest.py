"""Test-wide set-up: no test reads or writes the real user folders (storage honours these variables)."""

import os
import tempfile

_ROOT = tempfile.mkdtemp(prefix="bere-tests-")
os.environ.setdefault("BERE_DATA_DIR", os.path.join(_ROOT, "data"))
os.environ.setdefault("BERE_CONFIG", os.path.join(_ROOT, "config", "settings.json"))
