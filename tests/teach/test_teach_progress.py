"""Progress through the lessons: remembered in BERE_DATA_DIR; a damaged file is kept, not overwritten."""

import json

from bere_tui.teach.progress import FILE_NAME, Progress


def test_progress_is_remembered(data_dir):
    p = Progress()
    assert p.completed == [] and not p.is_done("win")
    p.mark_done("win")
    p.mark_done("rows")
    p.mark_done("win")
    again = Progress()
    assert again.completed == ["win", "rows"] and again.is_done("rows")
    saved = json.loads((data_dir / FILE_NAME).read_text())
    assert saved == {"format": "bere-teach/1", "completed": ["win", "rows"]}


def test_the_data_dir_comes_from_the_environment(data_dir):
    assert Progress().path == data_dir / FILE_NAME


def test_a_damaged_file_is_kept_aside(data_dir):
    data_dir.mkdir(parents=True)
    (data_dir / FILE_NAME).write_text("{not json")
    p = Progress()
    assert p.completed == [] and p.problem
    p.mark_done("win")
    kept = list(data_dir.glob("teach.bad-*.json"))
    assert len(kept) == 1 and kept[0].read_text() == "{not json"
    assert Progress().completed == ["win"]


def test_a_file_of_the_wrong_shape_is_kept_aside(data_dir):
    data_dir.mkdir(parents=True)
    (data_dir / FILE_NAME).write_text('{"completed": "win"}')
    p = Progress()
    assert p.problem and p.completed == []
    p.mark_done("rows")
    assert list(data_dir.glob("teach.bad-*.json"))


def test_an_unwritable_folder_does_not_stop_the_lesson(tmp_path, monkeypatch):
    blocker = tmp_path / "file"
    blocker.write_text("")
    monkeypatch.setenv("BERE_DATA_DIR", str(blocker / "sub"))
    p = Progress()
    p.mark_done("win")  # no exception
    assert p.problem and p.is_done("win")
