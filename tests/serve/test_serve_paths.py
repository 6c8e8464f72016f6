"""Serve mode (issue 15): no path comes from a remote player; a save stays in their own saves folder."""

from __future__ import annotations

from bere_tui.storage import data_dir
from bere_tui.ui.screens.save_dialog import SAVES_DIR, chosen_path


def test_served_saves_take_a_plain_file_name_in_the_players_saves_folder(monkeypatch):
    monkeypatch.setenv("BERE_SERVE", "1")
    path, problem = chosen_path("friday.json")
    assert path == data_dir() / SAVES_DIR / "friday.json" and problem == ""
    for hostile in ("../../etc/passwd", "/etc/passwd", "saves/x.json", "..", ".hidden", "a\\b.json", "~/x"):
        path, problem = chosen_path(hostile)
        assert path is None and "file name only" in problem, hostile


def test_at_home_any_path_may_be_chosen(monkeypatch, tmp_path):
    monkeypatch.delenv("BERE_SERVE", raising=False)
    path, _problem = chosen_path(str(tmp_path / "x.json"))
    assert path == tmp_path / "x.json"
