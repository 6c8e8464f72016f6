"""The one translation function for every text a player reads (stdlib gettext), and the one choice of language.

English is the source language. Catalogues live in the package's bere_tui/assets/locale/<lang>/LC_MESSAGES/bere.mo
(made from bere.po by `python -m bere_tui.catalogues compile`, see docs/translating.md).

The language is chosen once, by `choose()`: `bere --lang LANG`, else the Settings entry, else the first
language of LANGUAGE, LC_ALL, LC_MESSAGES, LANG (in that order, every variable and every item of LANGUAGE's
list) that has a catalogue, else English. `install()` makes it the language of gettext, of the lessons
(teach.catalogue.language) and of the rules texts (ui.rules_screen.languages), which all ask `current()`.
"""

from __future__ import annotations

import functools
import gettext as _gettext
import os
import re
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

from bere_tui.paths import assets

DOMAIN = "bere"
#: the source language: always there, and the last resort
ENGLISH = "en"
#: where the language is read from the environment, in this order (as gettext reads them)
LANGUAGE_VARIABLES = ("LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG")
#: each language by its own name, as the Settings screen offers it (not translated: a reader of the language
#: finds it whatever the language shown now); a language missing here is shown by its code
NAMES = {"en": "English", "cs": "čeština", "de": "Deutsch", "fr": "français", "pl": "polski"}


def locale_dir() -> Path | None:
    """The folder of the catalogues (tests point it at a pseudo-language of their own)."""
    try:
        return Path(str(assets() / "locale"))
    except TypeError:  # pragma: no cover - assets missing from a broken install
        return None


def available() -> list[str]:
    """English, then every language with a compiled catalogue, by code."""
    root = locale_dir()
    found = []
    if root is not None and root.is_dir():
        found = sorted(p.name for p in root.iterdir() if (p / "LC_MESSAGES" / f"{DOMAIN}.mo").is_file())
    return [ENGLISH] + [code for code in found if code != ENGLISH]


def language_name(code: str) -> str:
    return NAMES.get(code, code)


def _candidates(value: str) -> list[str]:
    """The codes one locale name stands for, most precise first: "cs_CZ.UTF-8" -> cs_CZ, cs; "C" -> none."""
    name = re.split(r"[.@]", value.strip())[0].replace("-", "_")
    if not name or name in ("C", "POSIX"):
        return []
    lang, _sep, region = name.partition("_")
    full = f"{lang.lower()}_{region.upper()}" if region else lang.lower()
    return list(dict.fromkeys([full, lang.lower()]))


def known(code: str | None, languages: list[str] | None = None) -> str | None:
    """The available language that `code` names ("cs", "cs_CZ.UTF-8", "CS"), or None."""
    if not code:
        return None
    languages = available() if languages is None else languages
    return next((c for c in _candidates(code) if c in languages), None)


def from_environment(environ=None, languages: list[str] | None = None) -> str | None:
    """The first language of LANGUAGE, LC_ALL, LC_MESSAGES, LANG that has a catalogue (None if none has)."""
    environ = os.environ if environ is None else environ
    languages = available() if languages is None else languages
    for variable in LANGUAGE_VARIABLES:
        for item in environ.get(variable, "").split(":"):
            code = known(item, languages)
            if code is not None:
                return code
    return None


def choose(cli: str | None = None, setting: str | None = None, environ=None) -> str:
    """THE choice of language: --lang, else the setting, else the environment, else English."""
    languages = available()
    return (known(cli, languages) or known(setting, languages) or from_environment(environ, languages)
            or ENGLISH)


_current = ENGLISH
_translation: _gettext.NullTranslations = _gettext.NullTranslations()


def install(language: str | None = None) -> str:
    """Make `language` (by default the environment's choice) the language of every text; returns it."""
    global _current, _translation
    code = known(language) or (choose() if language is None else ENGLISH)
    root = locale_dir()
    _current = code
    _translation = _gettext.translation(DOMAIN, localedir=str(root) if root else None, languages=[code],
                                        fallback=True)
    return code


def translated(message: str, language: str) -> str:
    """`message` (marked with N_) in `language`, whatever language is installed (a line for one client of
    `bere serve`, in that client's language)."""
    root = locale_dir()
    code = known(language) or ENGLISH
    return _gettext.translation(DOMAIN, localedir=str(root) if root else None, languages=[code],
                                fallback=True).gettext(message)


@contextmanager
def speaking(language: str | None) -> Iterator[None]:
    """Every text in `language` for the time of a `with` block (None or an unknown code: as it is), then the
    language before it again: a shared table's hub words an answer's refusal in the language of the seat that
    sent it. For code that runs on one thread, with nothing else translating meanwhile."""
    global _current, _translation
    if not language or known(language) is None or known(language) == _current:
        yield
        return
    before = _current, _translation
    install(language)
    try:
        yield
    finally:
        _current, _translation = before


def current() -> str:
    """The language installed now (a code of `available()`)."""
    return _current


@functools.lru_cache(maxsize=8)
def _number_locale(code: str):
    """Babel's locale of language `code` (English for a code Babel does not know, such as a test's
    pseudo-language)."""
    from babel import Locale, UnknownLocaleError

    try:
        return Locale.parse(code)
    except (UnknownLocaleError, ValueError):
        return Locale.parse(ENGLISH)


def number(x: float, digits: int = 1) -> str:
    """`x` with `digits` decimals as the language installed now writes it: a decimal comma in Czech, German,
    French and Polish ("12,5"), a point in English; its digits grouped as the language groups them. Never
    "-0.0": a figure that rounds to zero has no sign. Every number with decimals a player reads goes through
    here (the review's and the coach's figures, the history's means)."""
    from babel.numbers import format_decimal

    rounded = round(x, digits) + 0.0  # (+ 0.0: -0.0 becomes 0.0)
    pattern = "#,##0" + ("." + "0" * digits if digits > 0 else "")
    return format_decimal(rounded, pattern, locale=_number_locale(_current))


def _(message: str) -> str:
    return _translation.gettext(message)


def N_(message: str) -> str:  # (gettext's name for it)
    """Marks a text for translation without translating it now: a key binding's description, which is made
    when its class is defined and translated each time the key bar shows it (so a change of language
    reaches it)."""
    return message


def NP_(context: str, message: str) -> str:
    """As N_, for a short word that needs a context ("turn" as a key's job in the replay viewer)."""
    return f"{context}\x04{message}"


def later(marked: str) -> str:
    """The translation of a text marked with N_ or NP_ (a key binding's description)."""
    context, sep, message = marked.partition("\x04")
    return pgettext(context, message) if sep else _(marked)


class Said:
    """A text marked with N_ and what fills it in, put into words only when it is read, in the reader's language:
    what one process tells another (a shared table's hub to each seat, issue 33 item 6) travels as its code (the
    marked text) and its arguments (`to_wire`), and each seat says it in its own language (`str`)."""

    __slots__ = ("args", "marked")

    def __init__(self, marked: str, **args: str | int) -> None:
        self.marked = marked
        self.args = args

    def __str__(self) -> str:
        try:
            return later(self.marked).format(**self.args)
        except (KeyError, IndexError, ValueError, AttributeError):  # a text and arguments that do not fit
            return self.marked

    def __eq__(self, other) -> bool:
        return isinstance(other, Said) and (self.marked, self.args) == (other.marked, other.args)

    def __hash__(self) -> int:
        return hash(self.marked)

    def __repr__(self) -> str:
        return f"Said({self.marked!r}, **{self.args!r})"

    def to_wire(self) -> dict:
        return {"said": self.marked, "args": dict(self.args)}

    @classmethod
    def from_wire(cls, data) -> Said | str:
        """A Said sent by `to_wire` (a plain text as it is; anything else as "")."""
        if isinstance(data, str):
            return data
        if not isinstance(data, dict) or not isinstance(data.get("said"), str) or not isinstance(
                data.get("args", {}), dict):
            return ""
        args = {str(k): v for k, v in data.get("args", {}).items() if isinstance(v, str | int)}
        return cls(data["said"], **args)


def ngettext(singular: str, plural: str, n: int) -> str:
    return _translation.ngettext(singular, plural, n)


def pgettext(context: str, message: str) -> str:
    """A short word whose meaning depends on where it stands (a button's "Stop", the variant "Pro")."""
    return _translation.pgettext(context, message)


def npgettext(context: str, singular: str, plural: str, n: int) -> str:
    return _translation.npgettext(context, singular, plural, n)


install()
