"""Where the package's data lives: the rules text, the lessons, the boards and the translations
(`bere_tui/assets/`, the package `bere_tui.assets`, installed with the code by every kind of install)."""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from importlib.abc import Traversable

#: the `assets/` folder of the package, in a clone and in an install alike
PACKAGE_ASSETS = Path(__file__).resolve().parent / "assets"


def assets() -> Traversable:
    """The root of the package data. The folder on disk is used when there (importlib.resources costs a good
    part of `bere sim`'s start-up); a package in an archive is found by importlib.resources."""
    if PACKAGE_ASSETS.is_dir():
        return PACKAGE_ASSETS
    from importlib import resources

    return resources.files("bere_tui.assets")
