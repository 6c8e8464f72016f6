"""Made-up catalogues for the tests: the pseudo-language `xx` (every text of the .pot 40% longer, with accented
letters, its placeholders kept) and a tiny Czech catalogue to check the checks on. Made in a temporary folder,
never committed."""

from __future__ import annotations

import math
import re
from pathlib import Path

from babel.messages.catalog import Catalog
from babel.messages.pofile import read_po, write_po

from bere_tui.catalogues import POT, compile_po

PSEUDO = "xx"
#: accented look-alikes, so that a text shown untranslated (not through gettext) stands out
ACCENTS = str.maketrans("aceinorsuyzACEINORSUYZ", "áçéîñöřšüýžÅÇÉÎÑÖŘŠÜÝŽ")
#: what a translation must keep as it is: placeholders
FIELD = re.compile(r"(\{[^{}]*\})")
WORD = re.compile(r"[A-Za-z]+")


def pseudo_text(text: str) -> str:
    """`text` 40% longer (each word), with accents; placeholders untouched."""
    def longer(match: re.Match) -> str:
        word = match.group(0)
        return (word + word[-1] * math.ceil(len(word) * 0.4)).translate(ACCENTS)

    return "".join(part if FIELD.fullmatch(part) else WORD.sub(longer, part) for part in FIELD.split(text))


def write_catalogue(catalog: Catalog, locale: Path, language: str) -> Path:
    """`catalog` as locale/LANG/LC_MESSAGES/bere.po and its compiled bere.mo; returns the .po's path."""
    folder = locale / language / "LC_MESSAGES"
    folder.mkdir(parents=True, exist_ok=True)
    po = folder / "bere.po"
    with po.open("wb") as f:
        write_po(f, catalog)
    compile_po(po, folder / "bere.mo")
    return po


def make_pseudo(locale: Path) -> None:
    """The pseudo-language `xx` from the project's .pot, compiled into `locale`."""
    with POT.open("rb") as f:
        template = read_po(f)
    catalog = Catalog(locale="de", project="bere-tui", fuzzy=False)  # German's plural rule: 2 forms, n != 1
    for m in template:
        if not m.id:
            continue
        if isinstance(m.id, tuple):
            string = (pseudo_text(m.id[0]), pseudo_text(m.id[1]))
        else:
            string = pseudo_text(m.id)
        catalog.add(m.id, string, context=m.context)
    write_catalogue(catalog, locale, PSEUDO)


#: the tiny template the checks are checked on, and a good Czech catalogue of it
TINY = [
    (None, "New game", "Nová hra"),
    (None, "quit", "konec"),
    (None, "{name} takes row {row}", "{name} bere řadu {row}"),
    ("button", "Stop", "Zastavit"),
    (None, ("{n} card", "{n} cards"), ("{n} karta", "{n} karty", "{n} karet")),
    (None, ("one point", "{n} points"), ("jeden bod", "{n} body", "{n} bodů")),
]
CZECH_PLURALS = "nplurals=3; plural=(n==1) ? 0 : (n>=2 && n<=4) ? 1 : 2;"


def tiny_template(path: Path) -> None:
    catalog = Catalog(project="bere-tui")
    for context, msgid, _string in TINY:
        catalog.add(msgid, context=context)
    with path.open("wb") as f:
        write_po(f, catalog)


def tiny_czech(locale: Path, plural_forms: str = CZECH_PLURALS, change=None) -> Path:
    """A complete Czech catalogue of TINY in `locale` (compiled); `change(catalog)` may break it first."""
    catalog = Catalog(locale="cs", project="bere-tui", fuzzy=False)
    for context, msgid, string in TINY:
        catalog.add(msgid, string, context=context)
    catalog.mime_headers = [*catalog.mime_headers, ("Plural-Forms", plural_forms)]
    if change is not None:
        change(catalog)
    return write_catalogue(catalog, locale, "cs")
