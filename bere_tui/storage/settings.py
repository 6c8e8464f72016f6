"""The player's settings: a small JSON file in the user config folder.

Where it is: `--config PATH`, else the environment variable BERE_CONFIG, else
platformdirs' user_config_dir("bere-tui")/settings.json. A file that cannot be read gives a message and the
defaults (a setting with a bad value alone falls back to its default); unknown keys are ignored, so a newer
version's file still loads. Before a save would replace a file that could not be read, that file is set aside.
"""

from __future__ import annotations

import os
from pathlib import Path
from typing import Literal

import platformdirs
from pydantic import BaseModel, ConfigDict, Field, StrictBool, StrictInt, StrictStr, ValidationError

from bere_tui.i18n import _
from bere_tui.jsonfile import JSONFileError, read_json
from bere_tui.safetext import escape
from bere_tui.storage.files import APP_NAME, atomic_write_text, set_aside

CONFIG_ENV = "BERE_CONFIG"
SETTINGS_NAME = "settings.json"

Animation = Literal["off", "slow", "normal", "fast"]
ANIMATION_SPEEDS: tuple[str, ...] = ("off", "slow", "normal", "fast")


class _Model(BaseModel):
    model_config = ConfigDict(extra="ignore", strict=True, validate_assignment=True)


class Seat(_Model):
    """One seat at the last table: a person (bot None) or a bot level."""

    name: StrictStr = Field(min_length=1)
    bot: StrictStr | None = None


class LastSeats(_Model):
    """The setup screen's last choices, offered again next time."""

    variant: Literal["base", "pro", "anniversary", "even-odd", "bullenparty"] = "base"
    seats: list[Seat] = []
    options: dict[str, StrictInt | None] = {}


class Settings(_Model):
    animation: Animation = "normal"
    theme: StrictStr = "textual-dark"
    ascii: StrictBool = False
    confirm_quit: StrictBool = True
    last_seats: LastSeats | None = None


def settings_path(cli_path: str | Path | None = None) -> Path:
    """The settings file: `--config PATH`, else $BERE_CONFIG, else the user config folder's settings.json."""
    if cli_path:
        return Path(cli_path).expanduser()
    env = os.environ.get(CONFIG_ENV)
    if env:
        return Path(env).expanduser()
    return Path(platformdirs.user_config_dir(APP_NAME)) / SETTINGS_NAME


def _read(path: Path) -> tuple[dict, str | None]:
    """The file's JSON object, or ({}, the problem). A missing file is no problem."""
    try:
        data = read_json(path)
    except FileNotFoundError:
        return {}, None
    except JSONFileError as exc:
        return {}, str(exc)
    if not isinstance(data, dict):
        return {}, _("settings must be a JSON object")
    return data, None


def _validate(data: dict) -> tuple[Settings, list[str]]:
    """Settings from the file's values; a setting with a bad value keeps its default and is named."""
    try:
        return Settings.model_validate(data), []
    except ValidationError as exc:
        errors = exc.errors()
    problems = [escape(f"{'.'.join(str(x) for x in err['loc'])}: {err['msg']}", None) for err in errors]
    bad = {err["loc"][0] for err in errors if err["loc"]}
    return Settings.model_validate({k: v for k, v in data.items() if k not in bad}), problems


def load_settings(path: str | Path | None = None) -> tuple[Settings, str | None]:
    """(settings, warning). The warning names the file and the problem, and is None when all is well."""
    path = settings_path(path)
    data, problem = _read(path)
    if problem is not None:
        return Settings(), _("settings file {file}: {problem}; using the default settings").format(
            file=escape(path, None), problem=problem)
    settings, problems = _validate(data)
    if problems:
        return settings, _("settings file {file}: {problems}; using the default for these").format(
            file=escape(path, None), problems="; ".join(problems))
    return settings, None


def save_settings(settings: Settings, path: str | Path | None = None) -> Path | None:
    """Write the settings (atomically). If the file there could not be read, it is first renamed aside and
    the new name returned (else None). Raises StorageError if the file cannot be written."""
    path = settings_path(path)
    kept_as = None
    if path.exists() and load_settings(path)[1] is not None:
        kept_as = set_aside(path)
    atomic_write_text(path, settings.model_dump_json(indent=2) + "\n")
    return kept_as
