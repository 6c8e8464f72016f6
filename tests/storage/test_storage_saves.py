"""Autosave, saves to a chosen file, and every kind of save that cannot be loaded."""

from __future__ import annotations

import json
import os

import pytest

from bere_tui import storage
from bere_tui.record import result
from bere_tui.storage import BadSaveError, StorageError


def test_autosave_round_trip_gives_the_same_state(data, game_of):
    game = game_of("anniversary", decisions=40)
    path = storage.autosave(game)
    assert path == data / "autosave.json"
    loaded = storage.load_autosave()
    assert loaded is not None and result(loaded) == result(game)
    assert loaded.record() == game.record()


def test_no_autosave_offers_nothing(data):
    assert storage.load_autosave() is None
    assert not data.exists()  # looking does not create the folder


def test_a_finished_game_is_not_offered_as_continue(game_of):
    game = game_of("base", names=("Ann", "Ben"))
    assert game.finished
    storage.autosave(game)
    assert storage.load_autosave() is None
    assert storage.load_file(storage.autosave_path()).finished  # but the file still opens as a record


def test_save_to_a_chosen_file_and_load_it(tmp_path, game_of):
    game = game_of("even-odd", decisions=25)
    path = storage.save_to(game, tmp_path / "games" / "mine.json")
    assert json.loads(path.read_text())["format"] == "bere-record/1"
    assert result(storage.load_file(path)) == result(game)


def test_autosave_replaces_the_old_one(game_of):
    storage.autosave(game_of(decisions=3))
    later = game_of(decisions=9)
    storage.autosave(later)
    assert len(storage.load_autosave().actions) == 9


# ------------------------------------------------------------------ atomic writes


@pytest.mark.parametrize("failing", ["fsync", "replace"])
def test_a_failure_mid_write_leaves_the_old_file(monkeypatch, data, game_of, failing):
    storage.autosave(game_of(decisions=5))
    before = storage.autosave_path().read_bytes()

    def broken(*args):
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(os, failing, broken)
    with pytest.raises(StorageError, match="No space left on device") as err:
        storage.autosave(game_of(decisions=12))
    assert "autosave.json" in str(err.value)
    assert storage.autosave_path().read_bytes() == before
    assert sorted(p.name for p in data.iterdir()) == ["autosave.json"]  # no temporary file left


def test_an_interrupt_mid_write_leaves_the_old_file(monkeypatch, data, game_of):
    storage.autosave(game_of(decisions=5))
    before = storage.autosave_path().read_bytes()

    def interrupted(fd):
        raise KeyboardInterrupt

    monkeypatch.setattr(os, "fsync", interrupted)
    with pytest.raises(KeyboardInterrupt):
        storage.autosave(game_of(decisions=12))
    assert storage.autosave_path().read_bytes() == before
    assert sorted(p.name for p in data.iterdir()) == ["autosave.json"]


# ------------------------------------------------------------------ bad saves


def _illegal_action(record: dict) -> str:
    record["actions"][3]["card"] = 105  # no such card in anyone's hand
    return json.dumps(record)


def _newer(record: dict) -> str:
    return json.dumps(dict(record, format="bere-record/2"))


BAD_SAVES = {
    # name: (make the text from a good record, words the message must contain)
    "truncated": (lambda r: json.dumps(r, indent=1)[: len(json.dumps(r, indent=1)) // 2], "not valid JSON"),
    "not JSON": (lambda r: "this is not a game\n", "not valid JSON"),
    "empty": (lambda r: "", "empty"),
    "newer format": (_newer, "bere-record/2, written by a newer version"),
    "illegal action": (_illegal_action, "action 3"),
    "not an object": (lambda r: json.dumps([r]), "JSON object"),
    "unknown variant": (lambda r: json.dumps(dict(r, variant="chess")), "chess"),
    "missing seed": (lambda r: json.dumps({k: v for k, v in r.items() if k != "seed"}), "seed"),
    # issue 12, items 7-9: what used to end in a traceback, or flood the screen
    "deep nesting": (lambda r: "[" * 5000, "nested too deeply"),
    "5000-digit seed": (lambda r: json.dumps(dict(r, seed=7)).replace('"seed": 7', '"seed": ' + "9" * 5000),
                        "too many digits"),
    "over 4 MB": (lambda r: json.dumps(dict(r, pad="x" * (4 * 2**20))), "larger than 4 MB"),
    "bidi name": (lambda r: json.dumps(dict(r, players=[{"name": "Ann\u202e"}, *r["players"][1:]])),
                  "players[0].name"),
    "newline in a field": (lambda r: json.dumps(dict(r, variant="x\ny")), "'x\\ny'"),
}


@pytest.mark.parametrize("kind", BAD_SAVES)
def test_a_bad_autosave_is_named_and_kept_aside(data, game_of, kind):
    make, words = BAD_SAVES[kind]
    good = game_of(decisions=10)
    text = make(good.record())
    path = storage.autosave_path()
    data.mkdir()
    path.write_text(text, encoding="utf-8")

    with pytest.raises(BadSaveError) as err:
        storage.load_autosave()
    message = str(err.value)
    assert str(path) in message and words in message and "\n" not in message
    kept = err.value.kept_as
    assert kept is not None and kept.name.startswith("autosave.bad-") and kept.name.endswith(".json")
    assert kept.read_text(encoding="utf-8") == text
    assert kept.name in message
    assert not path.exists()

    # the caller starts a new game: its autosave does not touch the kept file
    storage.autosave(game_of(seed=2, decisions=4))
    assert kept.read_text(encoding="utf-8") == text
    assert storage.load_autosave() is not None


def test_a_save_that_is_not_utf8_is_named(data):
    data.mkdir()
    storage.autosave_path().write_bytes(b"\xff\xfe\x00garbage")
    with pytest.raises(BadSaveError, match="not UTF-8"):
        storage.load_autosave()


def test_a_bad_chosen_file_is_named_and_left_where_it_is(tmp_path):
    path = tmp_path / "mine.json"
    path.write_text("{", encoding="utf-8")
    with pytest.raises(BadSaveError) as err:
        storage.load_file(path)
    assert str(path) in str(err.value) and err.value.kept_as is None
    assert path.read_text() == "{"


def test_a_missing_file_is_named(tmp_path):
    with pytest.raises(BadSaveError, match="no such file") as err:
        storage.load_file(tmp_path / "nothing.json")
    assert "nothing.json" in str(err.value)


def test_setting_aside_twice_in_one_second_keeps_both(tmp_path):
    first, second = tmp_path / "autosave.json", tmp_path / "autosave.json"
    first.write_text("one")
    kept1 = storage.set_aside(first)
    second.write_text("two")
    kept2 = storage.set_aside(second)
    assert kept1 != kept2 and kept1.read_text() == "one" and kept2.read_text() == "two"


# ------------------------------------------------------------------ a data folder that cannot be written


@pytest.fixture
def unwritable(tmp_path, monkeypatch):
    """A data folder whose parent is a regular file: no one can create it, not even root."""
    blocker = tmp_path / "blocker"
    blocker.write_text("a file, not a folder")
    folder = blocker / "data"
    monkeypatch.setenv("BERE_DATA_DIR", str(folder))
    return folder


def test_an_unwritable_data_folder_gives_a_message(unwritable, game_of):
    with pytest.raises(StorageError) as err:
        storage.autosave(game_of(decisions=3))
    assert str(unwritable) in str(err.value) and "Traceback" not in str(err.value)
    assert storage.load_autosave() is None  # nothing to continue, and no crash


def test_save_to_an_unwritable_place_gives_a_message(tmp_path, game_of):
    (tmp_path / "blocker").write_text("")
    with pytest.raises(StorageError, match="blocker"):
        storage.save_to(game_of(decisions=3), tmp_path / "blocker" / "mine.json")
