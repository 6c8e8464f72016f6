"""The translation pipeline (issue 16): the .pot is current; every catalogue under bere_tui/assets/locale is complete,
compiled, with the language's standard plural forms, the English placeholders and NFC text; every language's
lessons and rules texts match the English files. The checks run over each language that is there (none is
needed) and are themselves checked on a tiny made-up Czech catalogue, lessons and rules texts."""

from __future__ import annotations

import shutil
import unicodedata

import pytest
from pseudo import CZECH_PLURALS, TINY, tiny_czech, tiny_template

from bere_tui import catalogues, i18n
from bere_tui.catalogues import (
    LESSONS,
    LOCALE,
    RULES,
    catalogue_problems,
    compile_po,
    languages,
    lesson_problems,
    pot_problems,
    rules_problems,
)

# ------------------------------------------------------------------------------------------ the real files


def test_the_pot_is_current():
    """Extracted again in a temporary folder, the code gives the same messages (context, text, plural) and
    translator comments as bere_tui/assets/locale/bere.pot."""
    assert pot_problems() == []


def test_every_catalogue_is_complete_compiled_and_consistent():
    assert catalogue_problems() == []


def test_every_language_folder_is_offered():
    assert i18n.available() == ["en", *[lang for lang in languages(LOCALE) if lang != "en"]]


def test_the_lessons_of_every_language_match_the_english_ones():
    assert lesson_problems() == []


def test_the_rules_texts_of_every_language_match_the_english_ones():
    assert rules_problems() == []


# ----------------------------------------------------------------------- the checks, on made-up catalogues


@pytest.fixture
def tiny(tmp_path):
    locale = tmp_path / "locale"
    locale.mkdir()
    pot = locale / "bere.pot"
    tiny_template(pot)
    return locale, pot


def problems_after(tiny, change=None, plural_forms=CZECH_PLURALS) -> list[str]:
    locale, pot = tiny
    tiny_czech(locale, plural_forms, change)
    return catalogue_problems(locale, pot)


def message(catalog, msgid):
    return next(m for m in catalog if m.id == msgid or isinstance(m.id, tuple) and m.id[0] == msgid)


def test_a_good_catalogue_has_no_problem(tiny):
    assert problems_after(tiny) == []


@pytest.mark.parametrize("plural_forms", [
    CZECH_PLURALS,
    "nplurals=3; plural=((n==1) ? 0 : ((n>=2 && n<=4) ? 1 : 2));",  # Babel's spelling of the same rule
])
def test_the_standard_plural_rule_in_any_spelling_passes(tiny, plural_forms):
    assert problems_after(tiny, plural_forms=plural_forms) == []


@pytest.mark.parametrize("plural_forms", [
    "nplurals=2; plural=(n != 1);",  # Czech has 3 forms
    "nplurals=3; plural=(n==1) ? 0 : (n>=2 && n<=5) ? 1 : 2;",  # 3 forms, the wrong rule
])
def test_a_wrong_plural_rule_is_found(tiny, plural_forms):
    assert any("Plural-Forms" in p for p in problems_after(tiny, plural_forms=plural_forms))


def test_a_missing_plural_header_is_found(tiny):
    locale, pot = tiny
    po = tiny_czech(locale)
    lines = po.read_text(encoding="utf-8").splitlines(keepends=True)
    po.write_text("".join(line for line in lines if "Plural-Forms" not in line), encoding="utf-8")
    compile_po(po, po.with_suffix(".mo"))
    assert "cs/bere.po: no Plural-Forms header" in catalogue_problems(locale, pot)


def test_fuzzy_and_empty_entries_are_found(tiny):
    def change(catalog):
        message(catalog, "New game").flags.add("fuzzy")
        message(catalog, "{name} takes row {row}").string = ""
        message(catalog, "{n} card").string = ("{n} karta", "", "{n} karet")

    found = problems_after(tiny, change)
    assert any("'New game': fuzzy" in p for p in found)
    assert any("takes row {row}': not translated" in p for p in found)
    assert any("{n} card / {n} cards': not translated" in p for p in found)


def test_a_fuzzy_header_is_found(tiny):
    def change(catalog):
        catalog.fuzzy = True

    assert any("header is marked fuzzy" in p for p in problems_after(tiny, change))


@pytest.mark.parametrize("msgid, string", [
    ("{name} takes row {row}", "{jmeno} bere řadu {row}"),  # a placeholder translated
    ("{name} takes row {row}", "bere řadu {row}"),  # one left out
    ("{name} takes row {row}", "{name} bere řadu {row"),  # a brace lost
    ("{n} card", ("{n} karta", "{n} karty", "karet")),  # a plural form without its number
    ("{n} card", ("{n} karta", "{n} karty", "{count} karet")),
])
def test_placeholders_that_differ_from_the_english_text_are_found(tiny, msgid, string):
    def change(catalog):
        message(catalog, msgid).string = string

    assert any("placeholders" in p or "braces" in p for p in problems_after(tiny, change))


def test_a_plural_form_may_leave_out_the_number_where_the_english_singular_does(tiny):
    """"one point" has no {n}: the Czech singular "jeden bod" neither (TINY); the other forms keep {n}."""
    assert problems_after(tiny) == []
    assert TINY[-1][2][0] == "jeden bod"


def test_text_not_in_nfc_is_found(tiny):
    def change(catalog):
        message(catalog, "New game").string = unicodedata.normalize("NFD", "Nová hra")

    assert any("NFC" in p for p in problems_after(tiny, change))


def test_a_mo_older_than_its_po_is_found(tiny):
    locale, pot = tiny
    po = tiny_czech(locale)
    po.write_text(po.read_text(encoding="utf-8").replace("Nová hra", "Nová partie"), encoding="utf-8")
    assert any("does not match" in p for p in catalogue_problems(locale, pot))
    compile_po(po, po.with_suffix(".mo"))
    assert catalogue_problems(locale, pot) == []


def test_a_missing_mo_and_a_missing_po_are_found(tiny):
    locale, pot = tiny
    po = tiny_czech(locale)
    po.with_suffix(".mo").unlink()
    assert any("no bere.mo" in p for p in catalogue_problems(locale, pot))
    po.unlink()
    assert any("no LC_MESSAGES/bere.po" in p.replace("cs/", "") for p in catalogue_problems(locale, pot))


def test_messages_missing_from_the_catalogue_or_gone_from_the_pot_are_found(tiny):
    def change(catalog):
        catalog.delete("New game")
        catalog.add("Old text", "Starý text")

    found = problems_after(tiny, change)
    assert any("missing 'New game'" in p for p in found)
    assert any("not in the .pot 'Old text'" in p for p in found)


def test_a_stale_pot_is_found(tmp_path, monkeypatch):
    """A .pot without one of the code's messages, or with one the code no longer has."""
    from babel.messages.pofile import read_po, write_po

    with catalogues.POT.open("rb") as f:
        template = read_po(f)
    template.delete("New game")
    template.add("A text the code no longer has")
    stale = tmp_path / "bere.pot"
    with stale.open("wb") as f:
        write_po(f, template)
    found = pot_problems(stale)
    assert any("not extracted from the code: 'New game'" in p for p in found)
    assert any("no longer in the code: 'A text the code no longer has'" in p for p in found)


def test_the_extracted_pot_has_contexts_plurals_translator_comments_and_no_creation_churn(tmp_path, monkeypatch):
    from babel.messages.pofile import read_po

    pot = tmp_path / "bere.pot"
    catalogues.extract_to(pot)
    with pot.open("rb") as f:
        template = read_po(f)
    assert any(m.context for m in template) and any(isinstance(m.id, tuple) for m in template)
    assert any(c.startswith("TRANSLATORS:") for m in template for c in m.auto_comments)
    locations = [path for m in template for path, _line in m.locations]
    assert all(path.startswith("bere_tui/") for path in locations)
    text = pot.read_text(encoding="utf-8").replace("POT-Creation-Date: 20", "POT-Creation-Date: 19")
    pot.write_text(text, encoding="utf-8")
    monkeypatch.setattr(catalogues, "POT", pot)
    assert catalogues.extract() is False  # nothing changed but the date: the file is left as it is
    assert pot.read_text(encoding="utf-8") == text
    pot.write_text(text.replace('msgid "New game"', 'msgid "Old game"'), encoding="utf-8")
    assert catalogues.extract() is True and 'msgid "New game"' in pot.read_text(encoding="utf-8")


def test_lessons_of_another_language_are_checked(tmp_path):
    english = sorted((LESSONS / "en").glob("*.json"))[:2]
    for language in ("en", "cs"):
        (tmp_path / language).mkdir()
        for path in english:
            shutil.copy(path, tmp_path / language / path.name)
    assert lesson_problems(tmp_path) == []
    first, second = (tmp_path / "cs" / p.name for p in english)
    first.write_text(first.read_text(encoding="utf-8").replace('"id": "', '"id": "x', 1), encoding="utf-8")
    second.rename(tmp_path / "cs" / "99_other.json")
    found = lesson_problems(tmp_path)
    assert any(f"no {english[1].name}" in p for p in found)
    assert any("99_other.json is not an English lesson's name" in p for p in found)
    assert any(f"{english[0].name}: id 'x" in p for p in found)
    first.write_text("{ not json", encoding="utf-8")
    assert any(p.startswith(f"lessons/cs: {english[0].name}") for p in lesson_problems(tmp_path))


def test_rules_texts_of_another_language_are_checked(tmp_path):
    for language in ("en", "cs"):
        (tmp_path / language).mkdir()
        for name in ("base.md", "keys.md"):
            shutil.copy(RULES / "en" / name, tmp_path / language / name)
    assert rules_problems(tmp_path) == []
    base = tmp_path / "cs" / "base.md"
    text = base.read_text(encoding="utf-8")
    base.write_text(text.replace("<!-- B9 -->", "<!-- B8 -->"), encoding="utf-8")
    assert any("base.md: section 1 cites ['B8']" in p for p in rules_problems(tmp_path))
    base.write_text(text.replace("## The cards", "The cards"), encoding="utf-8")
    assert any("sections, the English file has" in p for p in rules_problems(tmp_path))
    (tmp_path / "cs" / "keys.md").unlink()
    assert any("rules/cs: no keys.md" in p for p in rules_problems(tmp_path))


def test_a_po_that_cannot_be_read_is_a_problem_not_a_failure(tiny):
    locale, pot = tiny
    po = tiny_czech(locale)
    po.write_text("Nová hra, not a keyword\n" + po.read_text(encoding="utf-8"), encoding="utf-8")
    assert any(p.startswith("cs/bere.po: cannot be read") for p in catalogue_problems(locale, pot))


@pytest.mark.parametrize("language, header, good", [
    ("fr", "nplurals=2; plural=(n > 1);", True),  # GNU's French: 0 and 1 singular
    ("fr", "nplurals=2; plural=(n != 1);", False),  # English's rule
    ("de", "nplurals=2; plural=(n != 1);", True),
    ("pl", "nplurals=3; plural=(n==1 ? 0 : n%10>=2 && n%10<=4 && (n%100<10 || n%100>=20) ? 1 : 2);", True),
    ("pl", "nplurals=3; plural=(n==1) ? 0 : (n>=2 && n<=4) ? 1 : 2;", False),  # Czech's: 22 differs
])
def test_each_language_is_held_to_its_standard_plural_forms(tmp_path, language, header, good):
    from babel.messages.catalog import Catalog
    from pseudo import write_catalogue

    locale = tmp_path / "locale"
    catalog = Catalog(locale=language, project="bere-tui", fuzzy=False)
    catalog.mime_headers = [*catalog.mime_headers, ("Plural-Forms", header)]
    write_catalogue(catalog, locale, language)
    found = [p for p in catalogue_problems(locale, tmp_path / "none.pot") if "Plural-Forms" in p]
    assert (found == []) == good, found


def test_a_text_that_gained_a_context_keeps_its_translation(tmp_path):
    """`_("Stop")` became `pgettext("button", "Stop")`: update carries "Zastavit" over; a text still used
    without context too ("quit" here) is carried as fuzzy, for a translator to look at."""
    from babel.messages.catalog import Catalog
    from babel.messages.pofile import read_po, write_po
    from pseudo import write_catalogue

    locale = tmp_path / "locale"
    old = Catalog(locale="cs", project="bere-tui", fuzzy=False)
    old.mime_headers = [*old.mime_headers, ("Plural-Forms", CZECH_PLURALS)]
    for msgid, string in (("Stop", "Zastavit"), ("quit", "konec"), ("New game", "Nová hra")):
        old.add(msgid, string)
    po = write_catalogue(old, locale, "cs")
    template = Catalog(project="bere-tui")
    for context, msgid in (("button", "Stop"), ("key", "quit"), (None, "quit"), (None, "New game")):
        template.add(msgid, context=context)
    pot = tmp_path / "bere.pot"
    with pot.open("wb") as f:
        write_po(f, template)
    catalogues.update(locale, pot)
    with po.open("rb") as f:
        new = read_po(f)
    assert new.get("Stop", "button").string == "Zastavit" and not new.get("Stop", "button").fuzzy
    assert new.get("quit", "key").string == "konec" and new.get("quit", "key").fuzzy
    assert new.get("quit").string == "konec" and new.get("Stop") is None
    catalogues.compile_all(locale)
    assert [p for p in catalogue_problems(locale, pot) if "fuzzy" not in p] == []


@pytest.mark.parametrize("argv", [["extract", "update"], ["update", "compile"], ["extract", "update", "compile"],
                                  ["compile"]])
def test_the_pipeline_runs_several_commands_at_once(monkeypatch, capsys, argv):
    ran = []
    monkeypatch.setattr(catalogues, "extract", lambda: ran.append("extract"))
    monkeypatch.setattr(catalogues, "update", lambda: ran.append("update"))
    monkeypatch.setattr(catalogues, "compile_all", lambda: ran.append("compile"))
    assert catalogues.main(argv) == 0
    assert ran == argv


@pytest.mark.parametrize("argv", [[], ["init"], ["init", "cs", "de"], ["publish"], ["update", "publish"]])
def test_the_pipeline_refuses_a_wrong_command_line(monkeypatch, capsys, argv):
    monkeypatch.setattr(catalogues, "update", lambda: None)
    monkeypatch.setattr(catalogues, "init", lambda lang: pytest.fail("init ran"))
    assert catalogues.main(argv) == 2
