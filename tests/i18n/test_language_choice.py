"""The choice of language (issue 16): `bere --lang LANG`, else the Settings entry, else LANGUAGE, LC_ALL,
LC_MESSAGES, LANG, else English; one function (i18n.choose) decides it for gettext, the lessons and the rules
texts. A language counts when it has a compiled catalogue (made up here, in a temporary folder)."""

from __future__ import annotations

import json

import pytest
from pseudo import tiny_czech
from uitools import screen_text

from bere_tui import cli, i18n
from bere_tui.i18n import _, pgettext


@pytest.fixture
def czech(locale):
    tiny_czech(locale)
    return locale


def test_english_alone_without_catalogues(locale):
    assert i18n.available() == ["en"]
    assert i18n.choose("cs", "de", {"LANG": "fr_FR.UTF-8"}) == "en"


def test_the_order_is_command_line_setting_environment_english(czech, monkeypatch):
    (czech / "de" / "LC_MESSAGES").mkdir(parents=True)
    (czech / "de" / "LC_MESSAGES" / "bere.mo").write_bytes((czech / "cs" / "LC_MESSAGES" / "bere.mo").read_bytes())
    assert i18n.available() == ["en", "cs", "de"]
    env = {"LANG": "cs_CZ.UTF-8"}
    assert i18n.choose("de", "cs", env) == "de"
    assert i18n.choose(None, "de", env) == "de"
    assert i18n.choose("pt", "de", env) == "de"  # no Portuguese: the next one decides
    assert i18n.choose(None, None, env) == "cs"
    assert i18n.choose(None, None, {}) == "en"
    assert i18n.choose(None, None, {"LANG": "C.UTF-8"}) == "en"


def test_the_environment_is_read_as_gettext_reads_it(czech):
    assert i18n.from_environment({"LANGUAGE": "pt_BR:cs", "LANG": "de_DE.UTF-8"}) == "cs"
    assert i18n.from_environment({"LANGUAGE": "", "LC_ALL": "cs_CZ.UTF-8", "LANG": "en_GB.UTF-8"}) == "cs"
    assert i18n.from_environment({"LC_MESSAGES": "cs_CZ@euro", "LANG": "en_US.UTF-8"}) == "cs"
    assert i18n.from_environment({"LANGUAGE": "fr", "LANG": "cs_CZ.UTF-8"}) == "cs"  # no French: LANG decides
    assert i18n.from_environment({"LANG": "en_US.UTF-8"}) == "en"
    assert i18n.from_environment({"LANG": "C", "LC_ALL": "POSIX"}) is None


def test_install_reaches_gettext_lessons_and_rules(czech):
    from bere_tui.teach import catalogue as lesson
    from bere_tui.ui import rules_screen

    assert i18n.install("cs_CZ.UTF-8") == "cs" and i18n.current() == "cs"
    assert _("New game") == "Nová hra" and pgettext("button", "Stop") == "Zastavit"
    assert lesson.language() == "cs" and rules_screen.languages()[0] == "cs"
    czech_lessons, english = lesson.lesson_files(), lesson.lesson_files("en")  # the Czech folder, same files
    assert {p.parent.name for p in czech_lessons} == {"cs"} and [p.name for p in czech_lessons] == [
        p.name for p in english]
    assert rules_screen.read_part("base") == rules_screen.read_part("base", "cs") != rules_screen.read_part(
        "base", "en")
    assert i18n.install("pt") == "en" and _("New game") == "New game" and lesson.language() == "en"


def test_bere_lang_chooses_for_every_command(czech, capsys):
    assert cli.main(["--lang", "cs", "sim", "--bots", "random,random", "--games", "1"]) == 0
    assert i18n.current() == "cs"
    assert cli.main(["sim", "--lang=en", "--bots", "random,random", "--games", "1"]) == 0
    assert i18n.current() == "en"
    capsys.readouterr()
    assert cli.main(["--lang", "pt", "sim", "--bots", "random,random", "--games", "1"]) == 2
    err = capsys.readouterr().err
    assert err.startswith("error: no translation into 'pt'; known: en, cs") and "Traceback" not in err


def test_the_settings_language_comes_after_lang(czech, tmp_path, capsys):
    config = tmp_path / "settings.json"
    config.write_text(json.dumps({"language": "cs"}), encoding="utf-8")
    assert cli.main(["--config", str(config), "sim", "--bots", "random,random", "--games", "1"]) == 0
    assert i18n.current() == "cs"
    assert cli.main(["--config", str(config), "--lang", "en", "sim", "--bots", "random,random", "--games", "1"]) == 0
    assert i18n.current() == "en"


def test_the_language_setting_is_checked():
    from bere_tui.storage.settings import Settings, SettingsError

    assert Settings.from_dict({"language": "cs"}).language == "cs"
    assert Settings.from_dict({"language": "pt_BR"}).to_dict()["language"] == "pt_BR"
    assert Settings().language is None
    for bad in ("Czech", "", 5, "cs-CZ"):
        with pytest.raises(SettingsError):
            Settings.from_dict({"language": bad})


def test_a_bad_language_in_the_settings_file_is_a_message_not_a_failure(tmp_path):
    from bere_tui.storage.settings import load_settings

    config = tmp_path / "settings.json"
    config.write_text(json.dumps({"language": "Czech", "ascii": True}), encoding="utf-8")
    settings, warning = load_settings(config)
    assert settings.language is None and settings.ascii is True and "language" in warning


async def test_the_settings_entry_switches_the_language_at_once_and_for_the_next_start(czech, tmp_path):
    from bere_tui.storage.settings import load_settings
    from bere_tui.ui.app import BereApp
    from bere_tui.ui.screens.settings_screen import SettingsScreen

    config = tmp_path / "settings.json"
    app = BereApp(config=str(config))
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        assert "New game" in screen_text(app) and "q quit" in screen_text(app)
        app.push_screen(SettingsScreen())
        await pilot.pause()
        await pilot.press("down", "down", "down", "down")  # speed, colours, ASCII, quitting: the language
        assert "system (English)" in screen_text(app)
        await pilot.press("right", "right")  # system, English, čeština
        await pilot.pause()
        assert "čeština" in screen_text(app) and i18n.current() == "cs"
        assert app.focused.id == "language"
        await pilot.press("escape")
        await pilot.pause()
        text = screen_text(app)
        assert "Nová hra" in text and "New game" not in text
        assert "q konec" in text  # a key binding's description, made at import, translated when shown
        assert "čeština" not in text
    assert load_settings(config)[0].language == "cs"
