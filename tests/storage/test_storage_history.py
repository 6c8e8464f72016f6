"""The history database: counts per player and variant, one transaction per game, damaged files."""

from __future__ import annotations

import sqlite3

import pytest

from bere_tui import storage
from bere_tui.storage import History, PlayerStats, StorageError, player_stats, record_finished_game


def _stats(name=None):
    stats, warning = player_stats(name)
    assert warning is None
    return {(s.name, s.variant): s for s in stats}


def test_two_games_are_counted_per_player_and_variant(game_of):
    one = game_of("base", names=("Ann", "Ben", "Cid"), seed=1)
    two = game_of("base", names=("Ann", "Ben", "Dan"), seed=2)
    assert record_finished_game(one) == (True, None)
    assert record_finished_game(two) == (True, None)

    stats = _stats()
    assert set(stats) == {("Ann", "base"), ("Ben", "base"), ("Cid", "base"), ("Dan", "base")}
    for name, p in (("Ann", 0), ("Ben", 1)):
        s = stats[name, "base"]
        assert s.games == 2 and s.bot is None
        assert s.wins == int(p in one.winners) + int(p in two.winners)
        assert s.mean_score == pytest.approx((one.totals()[p] + two.totals()[p]) / 2)
    assert stats["Cid", "base"] == PlayerStats("Cid", None, "base", 1, int(2 in one.winners), one.totals()[2])
    assert sum(s.wins for s in stats.values()) == len(one.winners) + len(two.winners)


def test_variants_are_counted_apart_and_one_name_can_be_asked_for(game_of):
    record_finished_game(game_of("base", names=("Ann", "Ben")))
    record_finished_game(game_of("anniversary", names=("Ann", "Eve")))
    assert set(_stats("Ann")) == {("Ann", "base"), ("Ann", "anniversary")}
    assert _stats("Nobody") == {}


def test_the_same_game_counts_once(game_of):
    game = game_of("even-odd", names=("Ann", "Ben"))
    assert record_finished_game(game)[0] is True
    assert record_finished_game(game.copy())[0] is False
    assert _stats()["Ann", "even-odd"].games == 1


def test_an_unfinished_game_is_not_counted(game_of):
    with pytest.raises(ValueError):
        record_finished_game(game_of(decisions=4))


def test_a_game_is_counted_in_one_transaction(game_of):
    """If writing a seat fails, the game is not counted at all (and can be counted later)."""
    game = game_of("base", names=("Ann", "Ben", "Cid"))
    with History.open() as history:
        history.conn.execute("CREATE TRIGGER boom BEFORE INSERT ON seats WHEN NEW.name = 'Cid' "
                             "BEGIN SELECT RAISE(ABORT, 'disk trouble'); END")
        with pytest.raises(StorageError, match="disk trouble"):
            history.record_finished_game(game)
        assert history.conn.execute("SELECT count(*) FROM games").fetchone()[0] == 0
        assert history.conn.execute("SELECT count(*) FROM seats").fetchone()[0] == 0
        history.conn.execute("DROP TRIGGER boom")
        assert history.record_finished_game(game) is True
    assert _stats()["Cid", "base"].games == 1


@pytest.mark.parametrize("damage", ["garbage", "other layout", "overwritten pages"])
def test_a_damaged_database_is_kept_aside_and_a_new_one_started(data, game_of, damage):
    path = storage.history_path()
    record_finished_game(game_of("base", names=("Old", "Ben")))
    if damage == "garbage":
        path.write_bytes(b"this is not a database at all" * 100)
    elif damage == "other layout":
        path.unlink()
        with sqlite3.connect(path) as conn:
            conn.execute("CREATE TABLE something (x)")
        conn.close()
    else:  # keep the header, scribble over the pages after it
        raw = bytearray(path.read_bytes())
        raw[100:] = b"\x5a" * (len(raw) - 100)
        path.write_bytes(bytes(raw))
    before = path.read_bytes()

    added, warning = record_finished_game(game_of("base", names=("Ann", "Ben"), seed=3))
    assert added is True
    assert str(path) in warning and "history.bad-" in warning
    kept = [p for p in data.iterdir() if p.name.startswith("history.bad-")]
    assert len(kept) == 1 and kept[0].read_bytes() == before and kept[0].suffix == ".sqlite3"
    assert set(_stats()) == {("Ann", "base"), ("Ben", "base")}


def test_an_unwritable_data_folder_gives_a_message(tmp_path, monkeypatch, game_of):
    (tmp_path / "blocker").write_text("")
    monkeypatch.setenv("BERE_DATA_DIR", str(tmp_path / "blocker" / "data"))
    with pytest.raises(StorageError, match="blocker"):
        record_finished_game(game_of("base", names=("Ann", "Ben")))


def test_names_with_escape_sequences_in_a_database_reach_no_screen(tmp_path):
    """Issue 36: a history written by another program may hold terminal escapes; they are taken out when read."""
    import sqlite3

    from bere_tui.storage.history import History

    path = tmp_path / "history.sqlite3"
    History.open(path).close()
    conn = sqlite3.connect(path, isolation_level=None)
    conn.execute("INSERT INTO games (key, variant) VALUES ('k', 'base\x1b[31m')")
    conn.execute("INSERT INTO seats VALUES ('k', 0, 'Ann\x1b]0;owned\x07\nBen', 'random\x1b[2J', 5, 1)")
    conn.close()
    with History.open(path) as history:
        (row,) = history.player_stats()
    assert (row.name, row.bot, row.variant) == ("Ann]0;owned Ben", "random[2J", "base[31m")


@pytest.mark.parametrize("kind", ["fifo", "fifo with a writer", "folder"])
def test_a_history_that_is_not_a_regular_file_is_set_aside_unopened_and_a_new_one_started(data, game_of, kind):
    """Issue 36: a FIFO as history.sqlite3 made every finished game and the History screen fail with "disk I/O
    error"; it is the app's own file, so it is set aside (kept, unread) as a damaged database is."""
    import os
    import subprocess

    path = storage.history_path()
    data.mkdir(parents=True, exist_ok=True)
    writer = None
    if kind == "folder":
        path.mkdir()
    else:
        os.mkfifo(path)
        if kind == "fifo with a writer":  # (a program holds it open and writes nothing)
            writer = subprocess.Popen(["sh", "-c", 'exec 3>"$0"; sleep 30', str(path)])
    try:
        added, warning = record_finished_game(game_of("base", names=("Ann", "Ben"), seed=3))
    finally:
        if writer is not None:
            writer.kill()
            writer.wait()
    assert added is True
    assert warning.count("\n") == 0 and str(path) in warning and "history.bad-" in warning
    assert ("folder" if kind == "folder" else "not a regular file") in warning
    kept = [p for p in data.iterdir() if p.name.startswith("history.bad-")]
    assert len(kept) == 1 and (kept[0].is_dir() if kind == "folder" else kept[0].is_fifo())
    assert set(_stats()) == {("Ann", "base"), ("Ben", "base")}
