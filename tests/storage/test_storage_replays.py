"""The replays folder: finished games kept for the title screen's Replays list, MAX_REPLAYS at most."""

from __future__ import annotations

from datetime import datetime, timedelta

import pytest

from bere_tui import storage

START = datetime(2026, 11, 29, 19, 30)


def test_only_the_newest_fifty_are_kept_newest_first(data, game_of):
    count = storage.MAX_REPLAYS + 5
    games = [game_of("base", names=("Ann", "Ben"), seed=seed, bot="random") for seed in range(count)]
    paths = [storage.archive_finished(g, now=START + timedelta(minutes=i)) for i, g in enumerate(games)]
    files = sorted((data / "replays").iterdir())
    assert len(files) == storage.MAX_REPLAYS == 50
    assert files == sorted(paths[5:])  # the five oldest went

    replays = storage.list_replays()
    assert [r.path for r in replays] == paths[5:][::-1]
    newest, game = replays[0], games[-1]
    assert newest.date == START + timedelta(minutes=len(games) - 1)
    assert newest.variant == "base" and newest.players == ("Ann", "Ben") and newest.bots == (None, None)
    assert newest.winners == tuple(("Ann", "Ben")[w] for w in game.winners)
    assert newest.totals == tuple(game.totals())


def test_a_game_is_archived_once(data, game_of):
    game = game_of("anniversary")
    first = storage.archive_finished(game, now=START)
    again = storage.archive_finished(game, now=START + timedelta(hours=1))
    assert first == again and len(list((data / "replays").iterdir())) == 1


def test_an_unfinished_game_is_not_archived(game_of):
    with pytest.raises(ValueError):
        storage.archive_finished(game_of(decisions=5))


def test_a_bad_replay_file_is_left_out_of_the_list(data, game_of):
    storage.archive_finished(game_of("even-odd"), now=START)
    bad = data / "replays" / "20271231-000000-000000-0123456789ab.json"
    bad.write_text("{ cut sho")
    replays = storage.list_replays()
    assert [r.variant for r in replays] == ["even-odd"]
    assert bad.exists()


def test_no_replays_folder_is_an_empty_list():
    assert storage.list_replays() == []


def test_a_replay_another_bere_removed_first_is_no_error(data, game_of, monkeypatch):
    """Issue 36: two bere trimming replays/ at once: "cannot remove ... No such file" for the one already gone."""
    from bere_tui.storage import saves

    gone = data / "replays" / "19990101-000000-000000-000000000000.json"
    real = saves._replay_files
    monkeypatch.setattr(saves, "_replay_files", lambda folder: [*real(folder), *[gone] * (storage.MAX_REPLAYS + 1)])
    path = storage.archive_finished(game_of("base"), now=START)
    assert path.exists()
