"""The player's settings: a small JSON file in the user config folder.

Where it is: `--config PATH`, else the environment variable BERE_CONFIG, else
platformdirs' user_config_dir("bere-tui")/settings.json. A file that cannot be read gives a message and the
defaults (a setting with a bad value alone falls back to its default); unknown keys are ignored, so a newer
version's file still loads. Before a save would replace a file that could not be read, that file is set aside.
"""

from __future__ import annotations

import json
import os
import re
from collections.abc import Sequence
from dataclasses import InitVar, dataclass, field, fields
from pathlib import Path
from typing import ClassVar

import platformdirs

from bere_tui.i18n import _
from bere_tui.jsonfile import JSONFileError, read_json
from bere_tui.safetext import escape
from bere_tui.storage.files import APP_NAME, atomic_write_text, set_aside
from bere_tui.variant_names import VARIANT_NAMES

CONFIG_ENV = "BERE_CONFIG"
#: a language code as the settings keep it: cs, pt_BR
LANGUAGE_CODE = re.compile(r"^[a-z]{2,3}(_[A-Z]{2})?$")
SETTINGS_NAME = "settings.json"

ANIMATION_SPEEDS: tuple[str, ...] = ("off", "slow", "normal", "fast")
#: every registered variant (bere_tui.systems.GAMES, read when a setting is checked)
VARIANTS = VARIANT_NAMES

# The settings are read before the title screen is drawn, so they are plain dataclasses checked here, not
# pydantic models (whose import and schema building took a good part of the start-up: issue 17). Each value
# is checked strictly (no "yes" for true, no 1 for "fast"), when read and when changed; unknown keys are ignored.


class SettingsError(ValueError):
    """A value a setting cannot take; `loc` says which (("last_seats", "seats", 0, "name"))."""

    def __init__(self, loc: tuple, message: str) -> None:
        super().__init__(f"{'.'.join(str(x) for x in loc)}: {message}")
        self.loc = loc
        self.message = message


def _str(value, loc, nonempty: bool = False) -> str:
    if not isinstance(value, str):
        raise SettingsError(loc, _("must be a string"))
    if nonempty and not value:
        raise SettingsError(loc, _("must not be empty"))
    return value


def _language(value, loc) -> str | None:
    """None (the environment's language) or a language code such as cs or pt_BR; one without a catalogue is
    kept (and English used), so that a file written by a newer version still loads."""
    if value is None:
        return None
    if not isinstance(value, str) or not LANGUAGE_CODE.match(value):
        raise SettingsError(loc, _("must be a language code such as cs, or null"))
    return value


def _bool(value, loc) -> bool:
    if not isinstance(value, bool):
        raise SettingsError(loc, _("must be true or false"))
    return value


def _one_of(value, choices: Sequence[str], loc) -> str:
    if not isinstance(value, str) or value not in choices:
        raise SettingsError(loc, _("must be one of {choices}").format(choices=", ".join(map(repr, choices))))
    return value


def _object(cls, value, loc):
    """`value` as a `cls`: an instance as it is, or an object's known keys checked (others ignored)."""
    if isinstance(value, cls):
        return value
    if not isinstance(value, dict):
        raise SettingsError(loc, _("must be an object"))
    names = {f.name for f in fields(cls)}
    return cls(**{k: v for k, v in value.items() if k in names}, _loc=loc)


class _Checked:
    """A dataclass whose fields are checked (CHECKS[name](value, loc)) when made and when changed."""

    CHECKS: ClassVar[dict] = {}

    def __post_init__(self, _loc: tuple = ()) -> None:
        for name, check in self.CHECKS.items():
            object.__setattr__(self, name, check(getattr(self, name), (*_loc, name)))
        object.__setattr__(self, "_checked", True)

    def __setattr__(self, name: str, value) -> None:
        check = self.CHECKS.get(name)
        if check is not None and self.__dict__.get("_checked"):  # (__init__'s values: __post_init__)
            value = check(value, (name,))
        object.__setattr__(self, name, value)


@dataclass(eq=True)
class Seat(_Checked):
    """One seat at the last table: a person (bot None), a person with the coach on (coach, issue 34) or a bot
    level."""

    name: str
    bot: str | None = None
    coach: bool = False
    _loc: InitVar = ()

    CHECKS: ClassVar[dict] = {"name": lambda v, loc: _str(v, loc, nonempty=True),
              "bot": lambda v, loc: None if v is None else _str(v, loc), "coach": _bool}

    def to_dict(self) -> dict:
        """The seat as the file keeps it: "coach" only where it is on (a file without it reads as before)."""
        return {"name": self.name, "bot": self.bot, **({"coach": True} if self.coach else {})}


def _seats(value, loc) -> list[Seat]:
    if not isinstance(value, list):
        raise SettingsError(loc, _("must be a list"))
    return [_object(Seat, x, (*loc, i)) for i, x in enumerate(value)]


def _options(value, loc) -> dict[str, int | str | bool | None]:
    if not isinstance(value, dict):
        raise SettingsError(loc, _("must be an object"))
    for key, v in value.items():
        if key == "side":  # the board game's
            _one_of(v, ("blue", "red"), (*loc, key))
            continue
        if key == "luck":
            _bool(v, (*loc, key))
            continue
        if v is not None and (not isinstance(v, int) or isinstance(v, bool)):
            raise SettingsError((*loc, key), _("must be a whole number or null"))
    return dict(value)


@dataclass(eq=True)
class LastSeats(_Checked):
    """The setup screen's last choices, offered again next time."""

    variant: str = "base"
    seats: list[Seat] = field(default_factory=list)
    options: dict[str, int | str | bool | None] = field(default_factory=dict)
    _loc: InitVar = ()

    CHECKS: ClassVar[dict] = {"variant": lambda v, loc: _one_of(v, VARIANTS, loc), "seats": _seats, "options": _options}

    def to_dict(self) -> dict:
        return {"variant": self.variant, "seats": [s.to_dict() for s in self.seats],
                "options": dict(self.options)}


@dataclass(eq=True)
class Settings(_Checked):
    animation: str = "normal"
    theme: str = "textual-dark"
    ascii: bool = False
    confirm_quit: bool = True
    coach: bool = False  # the coach for every person at the table (issue 34; off by default)
    last_seats: LastSeats | None = None
    language: str | None = None  # None: the environment's (i18n.choose)
    _loc: InitVar = ()

    CHECKS: ClassVar[dict] = {"animation": lambda v, loc: _one_of(v, ANIMATION_SPEEDS, loc), "theme": _str, "ascii": _bool,
              "confirm_quit": _bool, "coach": _bool,
              "last_seats": lambda v, loc: None if v is None else _object(LastSeats, v, loc),
              "language": _language}

    @classmethod
    def from_dict(cls, data: dict) -> Settings:
        """Settings from a file's object (unknown keys ignored); raises SettingsError at the first bad value."""
        return _object(cls, data, ())

    def to_dict(self) -> dict:
        return {"animation": self.animation, "theme": self.theme, "ascii": self.ascii,
                "confirm_quit": self.confirm_quit, "coach": self.coach,
                "last_seats": None if self.last_seats is None else self.last_seats.to_dict(),
                "language": self.language}

    def to_json(self) -> str:
        return json.dumps(self.to_dict(), indent=2, ensure_ascii=False)


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
    good, problems = {}, []
    for key, value in data.items():
        try:
            Settings.from_dict({key: value})
        except SettingsError as exc:
            problems.append(escape(str(exc), None))
            continue
        good[key] = value
    return Settings.from_dict(good), problems


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
    the new name returned (else None). The keys of the file this version does not know (a newer version's
    settings) are written back as they were. Raises StorageError if the file cannot be written."""
    path = settings_path(path)
    kept_as = None
    data, problem = _read(path)
    if problem is not None or _validate(data)[1]:
        kept_as = set_aside(path)
        data = {}
    known = {f.name for f in fields(Settings)}
    unknown = {key: value for key, value in data.items() if key not in known}
    text = json.dumps({**settings.to_dict(), **unknown}, indent=2, ensure_ascii=False)
    atomic_write_text(path, text + "\n")
    return kept_as


def read_language(path: str | Path | None = None) -> str | None:
    """The Settings entry's language (None: the environment's), read before anything is shown; a problem with
    the file is told later, when the app loads the settings."""
    return load_settings(path)[0].language
