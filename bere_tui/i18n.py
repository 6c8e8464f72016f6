"""The one translation function for every text a player reads (stdlib gettext).

English is the source language. Catalogues live in the package's assets/locale/<lang>/LC_MESSAGES/bere.mo;
until they exist, gettext falls back to the English text.
"""

from __future__ import annotations

import gettext as _gettext

from bere_tui.paths import assets

DOMAIN = "bere"


def _locale_dir() -> str | None:
    try:
        return str(assets() / "locale")
    except TypeError:  # pragma: no cover - assets missing from a broken install
        return None


_translation = _gettext.translation(DOMAIN, localedir=_locale_dir(), fallback=True)


def install(languages: list[str] | None = None) -> None:
    """Switch the language (before screens are built). None uses the environment (LANGUAGE, LANG)."""
    global _translation
    _translation = _gettext.translation(DOMAIN, localedir=_locale_dir(), languages=languages, fallback=True)


def _(message: str) -> str:
    return _translation.gettext(message)


def ngettext(singular: str, plural: str, n: int) -> str:
    return _translation.ngettext(singular, plural, n)


def pgettext(context: str, message: str) -> str:
    """A short word whose meaning depends on where it stands (a button's "Stop", the variant "Pro")."""
    return _translation.pgettext(context, message)


def npgettext(context: str, singular: str, plural: str, n: int) -> str:
    return _translation.npgettext(context, singular, plural, n)
