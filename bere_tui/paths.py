"""Where the package's data lives: the rules text, the lessons and the translations (`assets/`).

An install carries them as the package `bere_tui.assets` (pyproject.toml maps the top-level `assets/` folder
there). Run from a clone instead (tests in a clone beside a non-editable install, `python -m bere_tui`), the
clone's `bere_tui/` comes first on the path and has no such sub-package: then the `assets/` folder beside the
source tree is used.
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from importlib.abc import Traversable

#: the `assets/` folder of an installed package (pyproject.toml maps the top-level folder there)
PACKAGE_ASSETS = Path(__file__).resolve().parent / "assets"
#: the `assets/` folder of a source tree, beside the `bere_tui/` package folder
SOURCE_ASSETS = PACKAGE_ASSETS.parent.parent / "assets"


def assets() -> Traversable:
    """The root of the package data, installed or in a source tree. A folder on disk is looked for first
    (importlib.resources costs a good part of `bere sim`'s start-up); a package in an archive is found by
    importlib.resources."""
    for folder in (PACKAGE_ASSETS, SOURCE_ASSETS):
        if folder.is_dir():
            return folder
    from importlib import resources

    try:
        return resources.files("bere_tui.assets")
    except ModuleNotFoundError:
        return SOURCE_ASSETS
