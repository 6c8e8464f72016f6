"""The engine and the bots are type-checked (issue 32, item 6): mypy with the configuration in pyproject.toml
([tool.mypy]) finds no error in bere_tui/engine and bere_tui/bots. A `# type: ignore` there names its error code
and says why (warn_unused_ignores: one that is no longer needed is an error too)."""

from __future__ import annotations

import os
import re
import sys
from pathlib import Path

from mypy import api

ROOT = Path(__file__).resolve().parents[2]
CHECKED = ("bere_tui/engine", "bere_tui/bots")


def test_mypy_finds_no_error_in_the_engine_and_the_bots(tmp_path, monkeypatch):
    monkeypatch.chdir(ROOT)
    limit = sys.getrecursionlimit()
    try:
        out, err, status = api.run(["--config-file", os.fspath(ROOT / "pyproject.toml"),
                                    "--cache-dir", os.fspath(tmp_path), *CHECKED])
    finally:  # (mypy raises the interpreter's recursion limit: the tests of deeply nested JSON run after this one)
        sys.setrecursionlimit(limit)
    assert status == 0, out + err
    assert out.startswith("Success"), out


def test_every_type_ignore_names_its_error_code_and_why():
    for folder in CHECKED:
        for path in sorted((ROOT / folder).rglob("*.py")):
            for n, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
                if "type: ignore" not in line:
                    continue
                where = f"{path.relative_to(ROOT)}:{n}"
                assert re.search(r"type: ignore\[[a-z-]+(, *[a-z-]+)*\]", line), where
                before = path.read_text(encoding="utf-8").splitlines()[n - 2]
                assert before.strip().startswith("#") or "  # " in line.split("type: ignore", 1)[1], where
