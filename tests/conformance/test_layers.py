"""The layers' import contracts (pyproject.toml, [tool.importlinter]), checked by import-linter (issue 32, item 6):
the engine, bots, records, table and lessons import no Textual and no UI code; the engine reads no files (board
files and storage are read at the edge, bere_tui/systems.py); each layer imports only the layers below it."""

from __future__ import annotations

import os
from pathlib import Path

from importlinter.cli import lint_imports

ROOT = Path(__file__).resolve().parents[2]


def test_every_import_contract_is_kept(monkeypatch, capsys):
    monkeypatch.chdir(ROOT)
    code = lint_imports(config_filename=os.fspath(ROOT / "pyproject.toml"), no_cache=True)
    out = capsys.readouterr().out
    assert code == 0, out
    assert "0 broken" in out and "3 kept" in out, out
