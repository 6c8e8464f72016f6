"""The settings file: where it is, defaults, round trip, and files that cannot be read."""

from __future__ import annotations

import json
from pathlib import Path

import platformdirs
import pytest

from bere_tui.storage import (
    LastSeats,
    Seat,
    Settings,
    StorageError,
    load_settings,
    save_settings,
    settings_path,
)


def test_the_path_is_the_option_then_the_environment_then_the_config_folder(tmp_path, monkeypatch):
    monkeypatch.setenv("BERE_CONFIG", str(tmp_path / "env.json"))
    assert settings_path(tmp_path / "cli.json") == tmp_path / "cli.json"
    assert settings_path() == tmp_path / "env.json"
    monkeypatch.delenv("BERE_CONFIG")
    assert settings_path() == Path(platformdirs.user_config_dir("bere-tui")) / "settings.json"


def test_no_file_gives_the_defaults_without_a_message():
    settings, warning = load_settings()
    assert warning is None and settings == Settings()
    assert (settings.animation, settings.ascii, settings.confirm_quit, settings.last_seats) == (
        "normal", False, True, None)


def test_settings_round_trip():
    settings = Settings(animation="fast", theme="nord", ascii=True, confirm_quit=False,
                        last_seats=LastSeats(variant="anniversary", options={"target": 50},
                                             seats=[Seat(name="Ann"), Seat(name="Bot 2", bot="heuristic")]))
    assert save_settings(settings) is None
    assert load_settings() == (settings, None)
    seats = json.loads(settings_path().read_text())["last_seats"]["seats"]
    assert seats[1] == {"name": "Bot 2", "bot": "heuristic"}


def test_an_explicit_path_is_used(tmp_path):
    path = tmp_path / "elsewhere" / "my.json"
    save_settings(Settings(ascii=True), path)
    assert load_settings(path)[0].ascii and load_settings()[0] == Settings()


@pytest.mark.parametrize("text, words", [
    ("{ not json", "not valid JSON"),
    ("", "the file is empty"),
    ("[1, 2]", "JSON object"),
    ('"fast"', "JSON object"),
    ("[" * 5000, "nested too deeply"),  # issue 12, item 7: these ended every command that opens the app
    ('{"animation": ' + "1" * 5000 + "}", "too many digits"),
])
def test_an_unreadable_file_gives_a_message_and_the_defaults(text, words):
    path = settings_path()
    path.parent.mkdir(parents=True)
    path.write_text(text)
    settings, warning = load_settings()
    assert settings == Settings()
    assert str(path) in warning and words in warning


def test_a_bad_value_falls_back_alone():
    path = settings_path()
    path.parent.mkdir(parents=True)
    path.write_text(json.dumps({"animation": "warp", "ascii": "yes", "theme": "nord", "future_key": 1}))
    settings, warning = load_settings()
    assert settings == Settings(theme="nord")
    assert "animation" in warning and "ascii" in warning and "theme" not in warning
    assert "future_key" not in warning  # unknown keys (from a newer version) are ignored


@pytest.mark.parametrize(("key", "value", "words"), [("side", "purple", "must be one of 'blue', 'red'"),
                                                     ("luck", "yes", "must be true or false"),
                                                     ("target", "x", "must be a whole number")])
def test_a_bad_board_option_of_the_last_table_is_named_for_what_it_must_be(key, value, words):
    """A wrong board side in the last table's options said "must be a whole number or null"."""
    path = settings_path()
    path.parent.mkdir(parents=True)
    seats = [{"name": "Ann"}, {"name": "Ben", "bot": "random"}]
    path.write_text(json.dumps({"last_seats": {"variant": "board", "seats": seats, "options": {key: value}}}))
    _settings, warning = load_settings()
    assert f"last_seats.options.{key}: {words}" in warning


def test_unknown_keys_alone_give_no_message():
    path = settings_path()
    path.parent.mkdir(parents=True)
    path.write_text(json.dumps({"ascii": True, "sound": "loud"}))
    assert load_settings() == (Settings(ascii=True), None)


def test_saving_over_an_unreadable_file_keeps_it_aside():
    path = settings_path()
    path.parent.mkdir(parents=True)
    path.write_text("{ hand-edited, broken")
    kept = save_settings(Settings(animation="off"))
    assert kept is not None and kept.read_text() == "{ hand-edited, broken"
    assert kept.name.startswith("settings.bad-")
    assert load_settings() == (Settings(animation="off"), None)


def test_a_settings_file_that_cannot_be_written_gives_a_message(tmp_path):
    (tmp_path / "blocker").write_text("")
    with pytest.raises(StorageError, match="blocker"):
        save_settings(Settings(), tmp_path / "blocker" / "settings.json")


def test_a_setting_is_checked_when_changed():
    settings = Settings()
    with pytest.raises(ValueError):
        settings.animation = "warp"


def test_unknown_keys_are_kept_when_the_settings_are_saved():
    """Issue 36: a newer version's keys were dropped, silently, at the next save."""
    path = settings_path()
    path.parent.mkdir(parents=True)
    path.write_text(json.dumps({"ascii": True, "sound": "loud", "keys": {"quit": "x"}}))
    settings, _warning = load_settings()
    settings.animation = "off"
    assert save_settings(settings) is None
    saved = json.loads(path.read_text())
    assert saved["sound"] == "loud" and saved["keys"] == {"quit": "x"}
    assert saved["animation"] == "off" and saved["ascii"] is True


def test_old_temporary_files_of_a_killed_bere_are_swept(data):
    """Issue 36: `.autosave.json.*.tmp` left by a bere killed mid-write stayed for ever."""
    import os
    import time

    from bere_tui.storage import sweep_temporary_files
    from bere_tui.storage.files import ORPHAN_AGE

    data.mkdir(parents=True)
    (data / "replays").mkdir()
    old = [data / ".autosave.json.abc123.tmp", data / "replays" / ".x.json.def456.tmp"]
    young = data / ".autosave.json.ghi789.tmp"  # (another bere may be writing it now)
    mine = data / "autosave.json"
    now = time.time()
    for path in [*old, young, mine]:
        path.write_text("{")
    for path in [*old, mine]:
        os.utime(path, (now - ORPHAN_AGE - 60, now - ORPHAN_AGE - 60))
    assert sorted(sweep_temporary_files()) == sorted(old)
    assert young.exists() and mine.exists() and not any(p.exists() for p in old)
