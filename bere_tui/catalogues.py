"""The translation pipeline, for maintainers and translators (needs Babel: `pip install -e '.[test]'`).

    python -m bere_tui.catalogues extract        # the code's texts -> bere_tui/assets/locale/bere.pot
    python -m bere_tui.catalogues init LANG      # a new language: bere_tui/assets/locale/LANG/LC_MESSAGES/bere.po
    python -m bere_tui.catalogues update         # every bere.po gets the .pot's new and changed texts
    python -m bere_tui.catalogues compile        # every bere.po -> bere.mo (committed beside it)
    python -m bere_tui.catalogues check          # what tests/i18n checks: catalogues, lessons, rules texts

`extract` runs the pybabel command of docs/translating.md and leaves the .pot alone when no message, place or
comment changed (so its creation date does not change for nothing). `check` prints one line per problem and
exits 1 if there is any: a .pot older than the code, a .mo older than its .po, a missing, empty or fuzzy entry,
placeholders that differ from the English text, plural forms other than the language's standard ones, text not
in Unicode NFC, lessons or rules texts that do not match the English files.
"""

from __future__ import annotations

import gettext
import io
import json
import re
import string
import sys
import tempfile
import unicodedata
from pathlib import Path

DOMAIN = "bere"
#: the source tree (the pipeline works on a clone, not on an installed package)
ROOT = Path(__file__).resolve().parent.parent
LOCALE = ROOT / "bere_tui" / "assets" / "locale"
POT = LOCALE / f"{DOMAIN}.pot"
LESSONS = ROOT / "bere_tui" / "assets" / "lessons"
RULES = ROOT / "bere_tui" / "assets" / "rules"
ENGLISH = "en"
#: the functions of bere_tui.i18n, as pybabel keywords (N_ and NP_ mark a key binding's description)
KEYWORDS = ["_", "N_", "NP_:1c,2", "ngettext:1,2", "pgettext:1c,2", "npgettext:1c,2,3"]
#: a comment in the code that starts so goes into the .pot for the translators
COMMENT_TAG = "TRANSLATORS:"
#: the number of plural forms each language must have (issue 16); others: Babel's table (babel.messages.plurals)
#: the standard Plural-Forms of GNU gettext for the languages of issue 16 (any equivalent spelling passes);
#: another language is held to Babel's table (babel.messages.plurals)
STANDARD_PLURALS = {
    "cs": (3, "(n==1) ? 0 : (n>=2 && n<=4) ? 1 : 2"),
    "pl": (3, "(n==1 ? 0 : n%10>=2 && n%10<=4 && (n%100<10 || n%100>=20) ? 1 : 2)"),
    "de": (2, "(n != 1)"),
    "fr": (2, "(n > 1)"),
    "en": (2, "(n != 1)"),
}
#: a rule id as RULES.md writes it (C1, B10, A-STOP-2, BP5, BG-D4), in the rules texts' comments
RULE_ID = re.compile(r"(?<![\w-])(?:[A-Z]{1,2}-[A-Z0-9]+-\d+|[A-Z]{1,3}-[A-Z]+\d+|[A-Z]{1,3}\d+|A-[A-Z0-9]+-\d)(?![\w-])")
COMMENT = re.compile(r"<!--(.*?)-->", re.DOTALL)


def _babel(*argv: str) -> None:
    """A pybabel command (init, update, compile)."""
    try:
        from babel.messages.frontend import CommandLineInterface
    except ImportError:  # pragma: no cover - the test extra is not installed
        sys.exit("the translation pipeline needs Babel: pip install -e '.[test]'")
    CommandLineInterface().run(["pybabel", "--quiet", *argv])


def extract_to(out: Path, root: Path = ROOT) -> None:
    """The code's texts as a .pot at `out`: what `pybabel extract` does with the options of
    docs/translating.md, run in `root` (paths in the .pot relative to it, whatever the working folder)."""
    from babel.messages.catalog import Catalog
    from babel.messages.extract import extract_from_dir
    from babel.messages.frontend import parse_keywords, parse_mapping_cfg
    from babel.messages.pofile import write_po

    with (root / "babel.cfg").open(encoding="utf-8") as f:
        method_map, options_map = parse_mapping_cfg(f)
    catalog = Catalog(project="bere-tui", charset="utf-8")
    for filename, lineno, message, comments, context in extract_from_dir(
            root, method_map, options_map, keywords=parse_keywords(KEYWORDS), comment_tags=[COMMENT_TAG]):
        catalog.add(message, None, [(filename.replace("\\", "/"), lineno)], auto_comments=comments,
                    context=context)
    with out.open("wb") as f:
        write_po(f, catalog, sort_by_file=True)


def _read_po(path: Path):
    from babel.messages.pofile import read_po

    with path.open("rb") as f:
        return read_po(f, abort_invalid=True)


def _entries(catalog) -> dict:
    """{(context, id): (locations, auto comments)} of a catalogue, the header left out."""
    return {(m.context, m.id): (tuple(m.locations), tuple(m.auto_comments)) for m in catalog if m.id}


def extract() -> bool:
    """Re-extract the .pot; True if it changed (it is not rewritten when only its date would)."""
    with tempfile.TemporaryDirectory() as tmp:
        new = Path(tmp) / POT.name
        extract_to(new)
        if POT.is_file() and _entries(_read_po(new)) == _entries(_read_po(POT)):
            return False
        POT.write_bytes(new.read_bytes())
        return True


def init(language: str) -> None:
    _babel("init", "-i", str(POT), "-d", str(LOCALE), "-D", DOMAIN, "-l", language)


def update(locale: Path = LOCALE, pot: Path = POT) -> None:
    """Every bere.po gets the .pot's new and changed texts (pybabel update), after `carry_contexts`."""
    for language in languages(locale):
        po = locale / language / "LC_MESSAGES" / f"{DOMAIN}.po"
        if po.is_file():
            carry_contexts(po, pot)
    if languages(locale):
        _babel("update", "-i", str(pot), "-d", str(locale), "-D", DOMAIN, "--ignore-obsolete")


def carry_contexts(po: Path, pot: Path = POT) -> int:
    """A text that gained a context in the code (`_("Pro")` became `pgettext("variant", "Pro")`) keeps its
    translation: it is copied to the new entry, marked fuzzy only when the text without context is still used
    elsewhere (then the one translation served two meanings: a translator should look). Returns how many."""
    from babel.messages.pofile import write_po

    catalog, template = _read_po(po), _read_po(pot)
    wanted = set(_entries(template))
    carried = 0
    for key in sorted(wanted - set(_entries(catalog)), key=repr):
        context, msgid = key
        old = catalog.get(msgid)
        if context is None or old is None or old.context is not None or not old.string or old.fuzzy:
            continue
        message = catalog.add(msgid, old.string, context=context, auto_comments=old.auto_comments)
        if (None, msgid) in wanted:
            message.flags.add("fuzzy")
        carried += 1
    if carried:
        with po.open("wb") as f:
            write_po(f, catalog, sort_by_file=True)
    return carried


def compile_all(locale: Path = LOCALE) -> None:
    if languages(locale):
        _babel("compile", "-d", str(locale), "-D", DOMAIN, "--statistics")


# ---------------------------------------------------------------------------------------------- the checks


def languages(locale: Path) -> list[str]:
    """The language folders under bere_tui/assets/locale."""
    return sorted(p.name for p in locale.iterdir() if p.is_dir() and not p.name.startswith((".", "_"))) \
        if locale.is_dir() else []


def pot_problems(pot: Path = POT) -> list[str]:
    """The .pot against the code: a message (its context, text, plural) or a translator comment added,
    changed or gone (places and dates are not compared)."""
    with tempfile.TemporaryDirectory() as tmp:
        fresh = Path(tmp) / POT.name
        extract_to(fresh)
        new = {key: comments for key, (_places, comments) in _entries(_read_po(fresh)).items()}
    old = {key: comments for key, (_places, comments) in _entries(_read_po(pot)).items()} if pot.is_file() else {}
    out = [f"{pot.name}: not extracted from the code: {_show(key)}" for key in sorted(new.keys() - old, key=repr)]
    out += [f"{pot.name}: no longer in the code: {_show(key)}" for key in sorted(old.keys() - new, key=repr)]
    out += [f"{pot.name}: the translator comment of {_show(key)} changed" for key in sorted(new.keys() & old, key=repr)
            if new[key] != old[key]]
    if out:
        out.append("run: python -m bere_tui.catalogues extract update compile")
    return out


def _show(key) -> str:
    context, msgid = key
    text = " / ".join(msgid) if isinstance(msgid, tuple) else msgid
    return (f"[{context}] " if context else "") + repr(text)


def _plural_forms(header: str) -> tuple[int, str] | None:
    match = re.match(r"\s*nplurals\s*=\s*(\d+)\s*;\s*plural\s*=\s*(.+?)\s*;?\s*$", header or "")
    return (int(match.group(1)), match.group(2)) if match else None


def plural_header(path: Path) -> tuple[int, str] | None:
    """(nplurals, plural expression) of a .po or .mo file's own Plural-Forms header (as written: Babel's
    reader would put its own in when the header has none), or None if it has none."""
    if path.suffix == ".mo":
        with path.open("rb") as f:
            return _plural_forms(gettext.GNUTranslations(f).info().get("plural-forms", ""))
    from babel.messages.pofile import unescape

    block = re.search(r'^msgid ""\s*\nmsgstr ((?:".*"[ \t]*\n?)+)', path.read_text(encoding="utf-8"), re.MULTILINE)
    header = "".join(unescape(part) for part in re.findall(r'".*"', block.group(1))) if block else ""
    found = [line.split(":", 1)[1] for line in header.splitlines() if line.startswith("Plural-Forms:")]
    return _plural_forms(found[0]) if found else None


def standard_plural(language: str) -> tuple[int, str]:
    from babel.messages.plurals import get_plural

    standard = STANDARD_PLURALS.get(language.split("_")[0])
    if standard is not None:
        return standard
    count, expr = get_plural(language)
    return count, expr


def _same_plural_rule(expr: str, reference: str) -> bool:
    try:
        mine, theirs = gettext.c2py(expr), gettext.c2py(reference)
    except (ValueError, SyntaxError):
        return False
    return all(mine(n) == theirs(n) for n in range(1001))


def placeholders(text: str) -> list[str] | None:
    """The `{name}` fields of a str.format text (with their conversion and format), sorted; None if the text
    is not a valid format string."""
    try:
        fields = [f"{{{name}{'!' + conv if conv else ''}{':' + spec if spec else ''}}}"
                  for _lit, name, spec, conv in string.Formatter().parse(text) if name is not None]
    except ValueError:
        return None
    return sorted(fields)


def _message_problems(where: str, message, count: int) -> list[str]:
    out = []
    ids = message.id if isinstance(message.id, tuple) else (message.id,)
    forms = message.string if isinstance(message.string, (tuple, list)) else (message.string,)
    label = f"{where}: {_show((message.context, message.id))}"
    if message.fuzzy:
        out.append(f"{label}: fuzzy (check the translation, then remove the fuzzy flag)")
    if isinstance(message.id, tuple) and len(forms) != count:
        out.append(f"{label}: {len(forms)} plural forms, the language has {count}")
    if any(not form for form in forms):
        out.append(f"{label}: not translated")
        return out
    wanted = [placeholders(i) for i in ids]
    if any(w is None for w in wanted):
        return out  # (the English text is not a format string: any braces are plain text)
    required, allowed = set(wanted[0]), set().union(*wanted)
    for i, form in enumerate(forms):
        got = placeholders(form)
        tag = f"msgstr[{i}]" if isinstance(message.id, tuple) else "msgstr"
        if got is None:
            out.append(f"{label}: {tag} is not a valid format text (braces)")
        elif len(ids) == 1 and got != wanted[0] or len(ids) > 1 and not required <= set(got) <= allowed:
            out.append(f"{label}: {tag} has the placeholders {got}, the English text {sorted(allowed)}")
        if not unicodedata.is_normalized("NFC", form):
            out.append(f"{label}: {tag} is not in Unicode NFC")
    return out


def _translations(catalog) -> dict:
    """{(context, id): strings} of the translated, not fuzzy messages (what a compiled catalogue holds)."""
    out = {}
    for m in catalog:
        forms = m.string if isinstance(m.string, (tuple, list)) else (m.string,)
        if m.id and not m.fuzzy and all(forms):
            out[(m.context, tuple(m.id) if isinstance(m.id, (tuple, list)) else m.id)] = tuple(forms)
    return out


def catalogue_problems(locale: Path = LOCALE, pot: Path = POT) -> list[str]:
    """Every language's bere.po and bere.mo (see the module's text)."""
    from babel.messages.pofile import PoFileError

    out = []
    template = _read_po(pot) if pot.is_file() else None
    for language in languages(locale):
        folder = locale / language / "LC_MESSAGES"
        po, mo = folder / f"{DOMAIN}.po", folder / f"{DOMAIN}.mo"
        where = f"{language}/{po.name}"
        if not po.is_file():
            out.append(f"{language}: no {po.relative_to(locale)}")
            continue
        try:
            catalog = _read_po(po)
        except (PoFileError, ValueError, UnicodeDecodeError) as exc:
            out.append(f"{where}: cannot be read: {exc}")
            continue
        if catalog.fuzzy:
            out.append(f"{where}: the header is marked fuzzy (compile would skip the whole catalogue)")
        header = plural_header(po)
        count, reference = standard_plural(language)
        if header is None:
            out.append(f"{where}: no Plural-Forms header")
        elif header[0] != count or not _same_plural_rule(header[1], reference):
            out.append(f"{where}: Plural-Forms is {header}; the standard one is "
                       f"nplurals={count}; plural={reference};")
        for message in catalog:
            if message.id:
                out += _message_problems(where, message, count)
        if template is not None:
            missing = set(_entries(template)) - set(_entries(catalog))
            extra = set(_entries(catalog)) - set(_entries(template))
            out += [f"{where}: missing {_show(k)} (run update)" for k in sorted(missing, key=repr)]
            out += [f"{where}: not in the .pot {_show(k)} (run update)" for k in sorted(extra, key=repr)]
        out += _mo_problems(language, catalog, po, mo)
    return out


def _mo_problems(language: str, catalog, po: Path, mo: Path) -> list[str]:
    from babel.messages.mofile import read_mo

    if not mo.is_file():
        return [f"{language}: no {mo.name} (run compile)"]
    with mo.open("rb") as f:
        compiled = read_mo(f)
    if _translations(compiled) != _translations(catalog) or plural_header(mo) != plural_header(po):
        return [f"{language}/{mo.name} does not match {language}/{DOMAIN}.po (run compile)"]
    return []


def compile_po(po: Path, mo: Path) -> None:
    """One catalogue compiled (as `compile` does; tests use it for their own catalogues)."""
    from babel.messages.mofile import write_mo

    catalog = _read_po(po)
    buffer = io.BytesIO()
    write_mo(buffer, catalog)
    mo.write_bytes(buffer.getvalue())


def lesson_problems(root: Path = LESSONS) -> list[str]:
    """Every language's lessons: the English file names and lesson ids, each file loads (it is played)."""
    from bere_tui.teach.catalogue import read_lesson
    from bere_tui.teach.lesson import LessonError

    out = []
    english = {p.name: p for p in sorted((root / ENGLISH).glob("*.json"))}
    for folder in sorted(p for p in root.iterdir() if p.is_dir() and p.name != ENGLISH):
        files = {p.name: p for p in sorted(folder.glob("*.json"))}
        out += [f"lessons/{folder.name}: no {name}" for name in english if name not in files]
        out += [f"lessons/{folder.name}: {name} is not an English lesson's name" for name in files
                if name not in english]
        for name, path in files.items():
            try:
                lesson = read_lesson(path)
            except LessonError as exc:
                out.append(f"lessons/{folder.name}: {exc}")
                continue
            if name in english:
                theirs = json.loads(english[name].read_text(encoding="utf-8")).get("id")
                if lesson.id != theirs:
                    out.append(f"lessons/{folder.name}/{name}: id {lesson.id!r}, the English one is {theirs!r}")
    return out


def rule_sections(text: str) -> list[list[str]]:
    """The rule ids cited in each `## ` section of a rules text (the part before the first section first)."""
    sections: list[list[str]] = [[]]
    for line in text.splitlines(keepends=True):
        if line.startswith("## "):
            sections.append([])
        sections[-1].append(line)
    return [RULE_ID.findall(" ".join(COMMENT.findall("".join(lines)))) for lines in sections]


def rules_problems(root: Path = RULES) -> list[str]:
    """Every language's rules texts: the English files, the same sections citing the same rule ids."""
    out = []
    english = {p.name: p for p in sorted((root / ENGLISH).glob("*.md"))}
    for folder in sorted(p for p in root.iterdir() if p.is_dir() and p.name != ENGLISH):
        files = {p.name: p for p in sorted(folder.glob("*.md"))}
        out += [f"rules/{folder.name}: no {name}" for name in english if name not in files]
        out += [f"rules/{folder.name}: {name} is not an English file's name" for name in files if name not in english]
        for name in sorted(set(files) & set(english)):
            mine = rule_sections(files[name].read_text(encoding="utf-8"))
            theirs = rule_sections(english[name].read_text(encoding="utf-8"))
            if len(mine) != len(theirs):
                out.append(f"rules/{folder.name}/{name}: {len(mine) - 1} sections, the English file has "
                           f"{len(theirs) - 1}")
                continue
            for i, (a, b) in enumerate(zip(mine, theirs, strict=True)):
                if a != b:
                    out.append(f"rules/{folder.name}/{name}: section {i} cites {a}, the English one {b}")
    return out


def main(argv: list[str] | None = None) -> int:
    argv = sys.argv[1:] if argv is None else argv
    commands = {"extract", "init", "update", "compile", "check"}
    if not argv or argv[0] not in commands or (argv[0] == "init" and len(argv) != 2):
        print(__doc__.split("\n\n")[1], file=sys.stderr)
        return 2
    if argv[0] == "init":
        init(argv[1])
        return 0
    for command in argv:  # several at once: extract update compile
        if command == "extract":
            print("bere.pot changed" if extract() else "bere.pot is current")
        elif command == "update":
            update()
        elif command == "compile":
            compile_all()
        elif command == "check":
            problems = pot_problems() + catalogue_problems() + lesson_problems() + rules_problems()
            print("\n".join(problems) or "no problem")
            return 1 if problems else 0
        else:
            print(f"unknown command {command}", file=sys.stderr)
            return 2
    return 0


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
