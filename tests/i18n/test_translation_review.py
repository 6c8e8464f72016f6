"""What the localiser's review and a Czech player's reading found (issue 35, item 8;
shared/notes/translation-review.md), as checks over every catalogue, lesson and rules text:

- every .po is complete: no fuzzy entry, no empty translation;
- a row's or a space's number never wraps away from its noun in the log: a no-break space before it;
- one register per language: Czech and Polish say "ty", German "du", French "vous";
- the board lessons quote the bull marks the board draws in that language (+T/-T, +H/-H, +B/-B);
- the key name Space is a word of the language, and French and Polish say no "draft".
"""

from __future__ import annotations

import json
import re

import pytest
from babel.messages.pofile import read_po

from bere_tui.catalogues import LESSONS, LOCALE, RULES, languages

LANGUAGES = [lang for lang in languages(LOCALE) if lang != "en"]
#: a number that belongs to the noun before it (English: "row 3", "rows 1, 2", "space 4")
NUMBERED = re.compile(r"\b(?:rows?|space)\s\{(\w+)", re.IGNORECASE)


def catalogue(lang: str):
    with (LOCALE / lang / "LC_MESSAGES" / "bere.po").open("rb") as f:
        return read_po(f, locale=lang)


def translations(lang: str):
    """(English, translation) of each entry, every plural form apart."""
    for m in catalogue(lang):
        if not m.id:
            continue
        english = " ".join(m.id) if isinstance(m.id, (list, tuple)) else m.id
        strings = m.string if isinstance(m.string, (list, tuple)) else [m.string]
        for s in strings:
            yield english, s


#: the fields of a lesson that the learner reads (the others are moves, cards and events)
LESSON_TEXTS = ("title", "summary", "say", "hint", "aim", "done")


def lesson_and_rules_texts(lang: str) -> list[tuple[str, str]]:
    """(file, text) of every lesson's player-facing strings and every rules text of `lang`."""
    out = []
    for path in sorted((LESSONS / lang).glob("*.json")):
        def walk(node, path=path):
            if isinstance(node, dict):
                out.extend((path.name, node[key]) for key in LESSON_TEXTS if isinstance(node.get(key), str))
                for value in node.values():
                    walk(value)
            elif isinstance(node, list):
                for value in node:
                    walk(value)
        walk(json.loads(path.read_text(encoding="utf-8")))
    for path in sorted((RULES / lang).glob("*.md")):
        out.append((path.name, re.sub(r"<!--.*?-->", "", path.read_text(encoding="utf-8"), flags=re.DOTALL)))
    return out


def every_text(lang: str) -> list[tuple[str, str]]:
    return [(english, s) for english, s in translations(lang)] + lesson_and_rules_texts(lang)


@pytest.mark.parametrize("lang", LANGUAGES)
def test_no_fuzzy_or_empty_entry(lang):
    cat = catalogue(lang)
    assert not cat.fuzzy
    fuzzy = [m.id for m in cat if m.id and m.fuzzy]
    empty = [m.id for m in cat if m.id and not all(m.string if isinstance(m.string, (list, tuple)) else [m.string])]
    assert (fuzzy, empty) == ([], [])


@pytest.mark.parametrize("lang", LANGUAGES)
def test_a_row_or_space_number_keeps_to_its_noun(lang):
    """m6: "Cid pose 12 dans la rangée / 1" broke the log line before the row number; a no-break space binds it."""
    loose = [s for english, s in translations(lang)
             for name in NUMBERED.findall(english) if re.search(r"\w \{" + name + r"\b", s)]
    assert loose == []


#: the other register's words, as whole words (a text that speaks to several players at once may say "vás
#: obou", "wyłóżcie"; those are not in these lists)
OTHER_REGISTER = {
    # Czech says "ty": no polite "vy" (possessives, and the verbs the rules used)
    "cs": r"\b(?:[Vv]áš|[Vv]aš(?:e|i|eho|í|ich|im|em|imi)|[Jj]ste|[Mm]ůžete|[Mm]usíte|[Zz]volte|[Vv]yberte|"
          r"[Ss]tiskněte|[Zz]ískáte|[Zz]tratíte|[Vv]ezmete|[Ss]míte|[Ll]íznete|[Pp]oložíte|[Zz]volíte|[Vv]yberete)\b",
    # German says "du": no "Sie" as an address, no "Ihr" at a sentence's start where it reads as "your"
    "de": r"\b\w+en Sie\b|\bIhnen\b|(?:^|[.:!?] )Ihr(?:e|en|em|er)?\b",
    # French says "vous"
    "fr": r"\b(?:[Tt]u|[Tt]on|[Tt]es|[Tt]oi)\b",
    # Polish says "ty"
    "pl": r"\b(?:Pan|Pani|Państwo)\b",
}


@pytest.mark.parametrize("lang", LANGUAGES)
def test_one_register_per_language(lang):
    """Issue 35: the Czech rules said "vy" where the table says "ty"; German had a "Sie" among "du"."""
    other = re.compile(OTHER_REGISTER[lang], re.MULTILINE)
    found = [(where, other.search(text).group(0)) for where, text in every_text(lang) if other.search(text)]
    assert found == []


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_board_lessons_quote_the_marks_the_board_draws(lang):
    """M2: the French and German boards draw +T/-T and +H/-H where the lessons said +B/-B."""
    cat = catalogue(lang)
    letter = cat.get("B", "board space").string
    marks = {m for path in (LESSONS / lang).glob("3*_bg_*.json")
             for m in re.findall(r"(?<![\w+-])[+-]([A-Z])\b", path.read_text(encoding="utf-8"))}
    assert marks <= {letter}


@pytest.mark.parametrize("lang", LANGUAGES)
def test_no_english_key_name_or_loanword(lang):
    """M4: "Space" was left in English; m2: "draft" in French and Polish (German says "Auswahl")."""
    assert catalogue(lang).get("Space").string != "Space"
    if lang in ("fr", "pl"):
        assert [s for _where, s in every_text(lang) if re.search(r"(?i)\bdraft", s)] == []


def test_the_polish_edition_keeps_its_full_stop():
    """m1: the Polish box prints "6. bierze!"; the catalogue and lessons wrote "6 bierze!"."""
    assert [s for _where, s in every_text("pl") if re.search(r"\b6 bierze", s)] == []


@pytest.mark.parametrize("width", range(20, 34))
def test_the_log_never_breaks_a_line_at_a_no_break_space(width):
    """Rich breaks at any white space, the no-break space too: the log holds it while it wraps (m6)."""
    from rich.console import Console
    from rich.text import Text

    from bere_tui import i18n
    from bere_tui.i18n import _
    from bere_tui.ui.widgets.log import wrap

    try:
        i18n.install("fr")
        line = Text(_("{name} puts {card} in row {row}").format(name="Cid", card="12•", row=1))
    finally:
        i18n.install(i18n.ENGLISH)
    line.stylize("bold", 9, 12)
    lines = wrap(line, Console(width=80), width)
    assert [part.plain.strip() for part in lines if part.plain.strip().isdigit()] == []
    assert "".join(part.plain for part in lines).replace(" ", "") == line.plain.replace("\u00a0", "").replace(" ", "")
    assert lines[0].spans == line.spans


def test_czech_names_the_board_games_cards_in_lower_case_mid_sentence():
    """Issue 35: "za minusové body karta štěstí: Bonus"; the board game's card names are common words, in lower
    case as in English ("place anywhere", "final bonus"), in the log, the lessons and the rules alike."""
    cat = catalogue("cs")
    names = [m.string for m in cat if m.context in ("action card", "luck card") and m.id]
    assert names and all(not name[:1].isupper() for name in names)
    capital = re.compile(r"[a-zěščřžýáíéůúňťď,] (?:Kamkoli|Výměn\w*|Jako první|Bonus)\b")
    board = [(where, text) for where, text in lesson_and_rules_texts("cs") if where.startswith(("3", "board"))]
    assert [(where, capital.search(text).group(0)) for where, text in board if capital.search(text)] == []
