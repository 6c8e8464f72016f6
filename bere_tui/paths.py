"""Where the package's data lives: the rules text, the lessons and the translations (`assets/`).

An install carries them as the package `bere_tui.assets` (pyproject.toml maps the top-level `assets/` folder
there). Run from a clone instead (tests in a clone beside a non-editable install, `python -m bere_tui`), the
clone's `bere_tui/` comes first on the path and has no such sub-package: then the `assets/` folder beside the
source tree is used.
"""

from __future__ import annotations

from importlib import resources
from importlib.abc import Traversable
from pathlib import Path

#: the `assets/` folder of a source tree, beside the `bere_tui/` package folder
SOURCE_ASSETS = Path(__file__).resolve().parent.parent / "assets"


def assets() -> Traversable:
    """The root of the package data, installed or in a source tree."""
    try:
        return resources.files("bere_tui.assets")
    except ModuleNotFoundError:
        return SOURCE_ASSETS
