"""Files and command lines built to break things (issue 12, items 7, 8, 9 and 16): each gives one `error:` line
and exit status 2, never a traceback, and every value echoed from the file is escaped (one line stays one)."""

from __future__ import annotations

import copy
import json

import pytest
from bere_cli import assert_one_error, real_bere, run_bere
from test_replay_errors import GOOD, replay_file, with_changes

from bere_tui.cli import build_parser, main
from bere_tui.jsonfile import MAX_BYTES
from bere_tui.record import RecordError, replay
from bere_tui.safetext import NAME_MAX
from bere_tui.ui.app import StartError, start_from_args

HUGE = "1" * 5000  # more digits than Python turns into an int by default (4300)


def record_text(**changes) -> str:
    return json.dumps(with_changes(**changes))


# ---------------------------------------------------------------- item 7: JSON that breaks the parser


def test_deeply_nested_json_is_one_error_line(tmp_path):
    assert_one_error(replay_file(tmp_path, "[" * 5000), "game.json", "nested too deeply")


def test_an_integer_of_5000_digits_is_one_error_line(tmp_path):
    text = record_text().replace('"seed": 7', f'"seed": {HUGE}')
    assert_one_error(replay_file(tmp_path, text), "game.json", "too many digits")


@pytest.mark.parametrize("argv", [["replay", "{file}"], ["play", "--load", "{file}"]], ids=["viewer", "load"])
@pytest.mark.parametrize("content", ["[" * 5000, record_text().replace('"seed": 7', f'"seed": {HUGE}')],
                         ids=["deep", "digits"])
def test_the_viewer_and_load_refuse_them_before_the_app_opens(tmp_path, capsys, argv, content):
    path = tmp_path / "game.json"
    path.write_text(content, encoding="utf-8")
    assert main([a.format(file=path) for a in argv]) == 2
    err = capsys.readouterr().err
    assert err.startswith("error: ") and err.count("\n") == 1 and "game.json" in err


# ---------------------------------------------------------------- item 8: control characters are escaped


@pytest.mark.parametrize("where", ["do", "card", "player", "variant", "format", "option"])
def test_a_line_break_in_a_field_stays_on_the_error_line(tmp_path, where):
    record = copy.deepcopy(GOOD)
    if where in ("do", "card", "player"):
        record["actions"][0][where] = "x\ny\x1b[31m"
    elif where == "option":
        record["options"] = {"x\ny\x1b[31m": 1}
    else:
        record[where] = "x\ny\x1b[31m"
    line = assert_one_error(replay_file(tmp_path, record))
    assert "x\\ny\\x1b[31m" in line and "\x1b" not in line


def test_a_long_value_is_cut_short(tmp_path):
    line = assert_one_error(replay_file(tmp_path, with_changes(variant="v" * 10_000)), "unknown variant")
    assert len(line.replace(str(tmp_path / "game.json"), "FILE")) < 200


def test_a_long_number_in_any_refusal_is_cut_on_the_error_line(tmp_path):
    """Issue 36, item 7: the engine's own refusal of a deal repeated a 4,000-digit card in full (a 4 kB line);
    every error line cuts long numbers (safetext.error_line, the one place that prints them)."""
    big = "7" * 4000
    record = with_changes()
    hands = [[c + 20 * p for c in range(1, 11)] for p in range(len(record["players"]))]
    record["deals"] = [{"rows": [101, 102, 103, 104], "hands": hands}]
    text = json.dumps(record).replace('"rows": [101', '"rows": [' + big)
    path = tmp_path / "game.json"
    path.write_text(text, encoding="utf-8")
    line = assert_one_error(run_bere("replay", str(path), "--json"), "game.json")
    assert "..." in line and len(line.replace(str(path), "FILE")) < 200, line


# ---------------------------------------------------------------- item 9: names, file size, bots


def test_a_name_longer_than_the_limit_is_refused(tmp_path):
    players = [{"name": "A" * (NAME_MAX + 1)}, {"name": "Ben"}]
    assert_one_error(replay_file(tmp_path, with_changes(players=players)), "players[0].name",
                     f"at most {NAME_MAX} characters")
    players[0]["name"] = "A" * NAME_MAX
    assert replay(with_changes(players=players)).players[0]["name"] == "A" * NAME_MAX


@pytest.mark.parametrize("name", ["Ann\u202e", "\u2067Ann", "A\nB", "A\x1b[2J"], ids=["rlo", "fsi", "nl", "esc"])
def test_a_name_with_control_or_bidi_characters_is_refused(name):
    with pytest.raises(RecordError, match=r"players\[1\]\.name: a name may not hold control characters"):
        replay(with_changes(players=[{"name": "Ann"}, {"name": name}]))


def test_a_record_file_over_the_size_limit_is_refused_unread(tmp_path):
    text = record_text(players=[{"name": "Ann"}, {"name": "B" * (MAX_BYTES + 10)}])
    assert_one_error(replay_file(tmp_path, text), "game.json", f"larger than {MAX_BYTES // 2**20} MB")


def test_an_unknown_bot_in_a_record_is_refused(tmp_path):
    players = [{"name": "Ann"}, {"name": "Ben", "bot": "wizard"}]
    assert_one_error(replay_file(tmp_path, with_changes(players=players)), "players[1].bot",
                     "unknown bot 'wizard'", "strong (hard)")


def test_a_bot_named_by_its_level_in_a_record_plays_as_that_bot():
    game = replay(with_changes(players=[{"name": "Ann", "bot": "easy"}, {"name": "Ben", "bot": "hard"}]))
    assert [p["bot"] for p in game.players] == ["random", "strong"]


@pytest.mark.parametrize("argv", ["play --players Ann --bots random,,random",
                                  "play --players Ann,,Ben",
                                  "sim --bots random,,random --games 1"])
def test_an_empty_name_between_commas_is_refused(argv, capsys):
    with pytest.raises(SystemExit) as done:  # (the parser alone: no app is opened, whatever happens)
        build_parser().parse_args(argv.split())
    assert done.value.code == 2
    err = capsys.readouterr().err
    assert err.startswith("error: ") and "empty name" in err and "Traceback" not in err


def test_names_on_the_command_line_lose_control_characters_and_are_limited():
    start = start_from_args(build_parser().parse_args(["play", "--players", "An\u202en\x07", "--bots", "random"]))
    assert start.session.game.players[0]["name"] == "Ann"
    with pytest.raises(StartError, match=f"at most {NAME_MAX} characters"):
        start_from_args(build_parser().parse_args(["play", "--players", "A" * (NAME_MAX + 1), "--bots", "random"]))


# ---------------------------------------------------------------- item 16: bot levels everywhere


def test_play_accepts_the_levels_of_the_setup_screen():
    start = start_from_args(build_parser().parse_args(["play", "--players", "Ann", "--bots", "easy,medium,hard"]))
    assert [p.get("bot") for p in start.session.game.players] == [None, "random", "heuristic", "strong"]


def test_sim_accepts_the_levels_of_the_setup_screen():
    done = run_bere("sim", "--bots", "easy,medium", "--games", "1", "--json")
    assert done.returncode == 0, done.stderr
    assert [seat["bot"] for seat in json.loads(done.stdout)["seats"]] == ["random", "heuristic"]


# ---------------------------------------------------------------- bere serve: options and folders


@pytest.mark.parametrize("argv", ["serve --port 99999", "serve --port -1", "serve --port 0", "serve --port 2e3",
                                  "serve --web --port 70000", "serve --max-sessions 0"])
def test_serve_refuses_a_port_out_of_range_and_a_count_of_no_sessions(argv, capsys):
    """`bere serve --port 99999` ended in a traceback (OverflowError from bind)."""
    with pytest.raises(SystemExit) as done:  # (the parser alone: nothing listens)
        build_parser().parse_args(argv.split())
    assert done.value.code == 2
    err = capsys.readouterr().err
    assert err.startswith("error: ") and "Traceback" not in err
    assert ("from 1 to 65535" in err) if "--port" in argv else ("at least 1" in err)


@pytest.mark.parametrize("web", [False, True], ids=["ssh", "web"])
def test_serve_with_a_data_folder_it_cannot_make_is_one_error_line(tmp_path, web):
    """A data root that cannot be made (under a file, in /proc) ended in a traceback (FileNotFoundError)."""
    blocker = tmp_path / "a-file"
    blocker.write_text("x", encoding="utf-8")
    done = real_bere("serve", *(["--web"] if web else []), "--data-root", str(blocker / "serve\nroot"), timeout=60)
    line = assert_one_error(done, "cannot use the data folder", "a-file")
    assert "serve\\nroot" in line  # (escaped: one line stays one)


# ---------------------------------------------------------------- issue 36, item 1: a format version int() refuses

ODD_VERSIONS = ["bere-record/\u00b2", f"bere-record/{HUGE}"]


@pytest.mark.parametrize("fmt", ODD_VERSIONS, ids=["superscript", "5000-digits"])
@pytest.mark.parametrize("argv", [["replay", "{file}"], ["play", "--load", "{file}"], ["replay", "{file}", "--json"]],
                         ids=["viewer", "load", "json"])
def test_a_format_version_of_odd_digits_is_one_error_line(tmp_path, capsys, argv, fmt):
    """`bere-record/²` and a version of 5,000 digits ended in a ValueError from int() in the save-version check."""
    path = tmp_path / "game.json"
    path.write_text(record_text(format=fmt), encoding="utf-8")
    assert main([a.format(file=path) for a in argv]) == 2
    err = capsys.readouterr().err
    assert err.startswith("error: ") and err.count("\n") == 1 and str(path) in err and "format" in err
    assert len(err.replace(str(path), "FILE")) < 200  # the 5,000 digits are cut


def test_a_later_format_version_of_many_digits_is_told_as_newer(tmp_path):
    from bere_tui.storage import BadSaveError, load_file

    path = tmp_path / "game.json"
    path.write_text(record_text(format="bere-record/0002"), encoding="utf-8")
    with pytest.raises(BadSaveError, match="written by a newer version"):
        load_file(path)
    path.write_text(record_text(format=f"bere-record/{HUGE}"), encoding="utf-8")
    with pytest.raises(BadSaveError, match="written by a newer version"):
        load_file(path)


@pytest.mark.parametrize("fmt", ODD_VERSIONS, ids=["superscript", "5000-digits"])
def test_an_autosave_of_odd_version_digits_is_set_aside_and_kept(fmt):
    from bere_tui.storage import BadSaveError, autosave_path, load_autosave

    path = autosave_path()
    path.parent.mkdir(parents=True)
    path.write_text(record_text(format=fmt), encoding="utf-8")
    with pytest.raises(BadSaveError) as bad:
        load_autosave()
    assert bad.value.kept_as is not None and bad.value.kept_as.name.startswith("autosave.bad-")
    assert not path.exists() and json.loads(bad.value.kept_as.read_text(encoding="utf-8"))["format"] == fmt


@pytest.mark.parametrize("fmt", ODD_VERSIONS, ids=["superscript", "5000-digits"])
def test_the_replays_list_leaves_out_a_record_of_odd_version_digits(fmt):
    from bere_tui.storage import list_replays, replays_dir

    folder = replays_dir()
    folder.mkdir(parents=True)
    (folder / "20260101-120000-000000-abcdefabcdef.json").write_text(record_text(format=fmt), encoding="utf-8")
    skipped = []
    assert list_replays(skipped) == [] and len(skipped) == 1


# ---------------------------------------------------------------- issue 36, item 2: FIFOs and other non-regular files


def without_waiting(fifo, call, limit: float = 30):
    """call() in a thread: what it returns, or the test fails when it still waits on `fifo` after `limit` seconds
    (only old code waits; a writer then opens the FIFO and closes it, so that the thread ends)."""
    import os
    import threading

    done = {}
    thread = threading.Thread(target=lambda: done.setdefault("value", _caught(call)), daemon=True)
    thread.start()
    thread.join(limit)
    if thread.is_alive():
        try:
            os.close(os.open(fifo, os.O_WRONLY | os.O_NONBLOCK))  # the reader's open() returns
        except OSError:
            pass
        thread.join(limit)
        pytest.fail(f"still waiting on the FIFO {fifo} after {limit} s")
    value = done["value"]
    if isinstance(value, BaseException):
        raise value
    return value


def _caught(call):
    try:
        return call()
    except Exception as exc:  # noqa: BLE001 - raised again in the test's thread
        return exc


def fifo_at(path):
    import os

    path.parent.mkdir(parents=True, exist_ok=True)
    os.mkfifo(path)
    return path


def test_a_fifo_as_the_autosave_is_refused_and_set_aside():
    from bere_tui.storage import BadSaveError, autosave_path, load_autosave

    fifo = fifo_at(autosave_path())
    with pytest.raises(BadSaveError, match="not a regular file") as bad:
        without_waiting(fifo, load_autosave)
    assert bad.value.kept_as is not None and not fifo.exists() and bad.value.kept_as.is_fifo()


def test_a_fifo_in_the_replays_folder_is_left_out():
    from bere_tui.storage import list_replays, replays_dir

    fifo = fifo_at(replays_dir() / "20260101-120000-000000-abcdefabcdef.json")
    skipped = []
    assert without_waiting(fifo, lambda: list_replays(skipped)) == [] and skipped == [fifo]


def test_a_fifo_as_the_settings_file_gives_the_defaults_and_a_message(tmp_path):
    from bere_tui.storage.settings import Settings, load_settings

    fifo = fifo_at(tmp_path / "settings.json")
    settings, warning = without_waiting(fifo, lambda: load_settings(fifo))
    assert settings == Settings() and "not a regular file" in warning


def test_version_with_a_fifo_as_the_settings_file_answers(tmp_path, monkeypatch):
    fifo = fifo_at(tmp_path / "settings.json")
    monkeypatch.setenv("BERE_CONFIG", str(fifo))
    done = without_waiting(fifo, lambda: run_bere("--version"))
    assert done.returncode == 0 and done.stdout.startswith("bere-tui ")


@pytest.mark.parametrize("argv", [["replay", "{file}", "--json"], ["replay", "{file}"], ["play", "--load", "{file}"]],
                         ids=["json", "viewer", "load"])
def test_a_fifo_no_program_writes_to_as_a_record_is_one_error_line(tmp_path, capsys, argv):
    fifo = fifo_at(tmp_path / "game.json")
    assert without_waiting(fifo, lambda: main([a.format(file=fifo) for a in argv])) == 2
    err = capsys.readouterr().err
    assert err.startswith("error: ") and err.count("\n") == 1 and str(fifo) in err and "pipe" in err


def test_a_device_as_a_record_is_refused_unread(capsys):
    assert main(["replay", "/dev/zero", "--json"]) == 2
    err = capsys.readouterr().err
    assert err.startswith("error: /dev/zero: ") and "not a regular file" in err


@pytest.mark.parametrize("argv", [["replay", "{file}", "--json"], ["play", "--load", "{file}"]], ids=["json", "load"])
def test_a_pipe_named_on_the_command_line_is_read(argv):
    """`bere replay <(cat game.json)`: a pipe the shell made, with a program writing to it."""
    import subprocess

    from bere_tui.record import replay as replay_record

    writer = subprocess.Popen(["cat"], stdin=subprocess.PIPE, stdout=subprocess.PIPE)
    path = f"/dev/fd/{writer.stdout.fileno()}"
    writer.stdin.write(record_text().encode())
    writer.stdin.close()
    try:
        argv = [a.format(file=path) for a in argv]
        if argv[0] == "replay":
            done = run_bere(*argv)
            assert done.returncode == 0, done.stderr
            assert json.loads(done.stdout)["players"][0]["name"] == "Ann"
        else:
            start = start_from_args(build_parser().parse_args(argv))
            assert start.session.game.record() == replay_record(json.loads(record_text())).record()
    finally:
        writer.stdout.close()
        writer.wait()


# ---------------------------------------------------------------- issue 36, item 7: smaller things


@pytest.mark.parametrize("argv", [["replay", ""], ["replay", "", "--json"], ["play", "--load", ""],
                                  ["play", "--load", " "]], ids=["viewer", "json", "load", "load-space"])
def test_an_empty_file_name_says_so(argv):
    """`bere replay ''` said `. cannot be loaded: it is a folder`; `bere play --load ''` opened the setup screen."""
    assert_one_error(run_bere(*argv), "file name", "is empty")


@pytest.mark.parametrize("action", [{"player": 0, "do": "select", "card": int("7" * 4000)},
                                    {"player": int("7" * 4000), "do": "select", "card": 5}], ids=["card", "player"])
def test_a_number_of_thousands_of_digits_is_cut_in_the_error_line(tmp_path, action):
    line = assert_one_error(replay_file(tmp_path, with_changes(actions=[action])), "action 0", "777...777")
    assert len(line.replace(str(tmp_path / "game.json"), "FILE")) < 300


def test_ctrl_c_in_a_command_is_one_line_and_exit_130(monkeypatch):
    import bere_tui.sim

    def interrupted(*args, **kwargs):
        raise KeyboardInterrupt

    monkeypatch.setattr(bere_tui.sim, "simulate", interrupted)
    done = run_bere("sim", "--bots", "random,random", "--games", "1000")
    assert done.returncode == 130 and "Traceback" not in done.stderr
    assert done.stderr.splitlines() == ["interrupted"]


def test_a_record_file_name_with_escape_sequences_is_shown_escaped(tmp_path):
    path = tmp_path / "game\x1b[2J\x07.json"
    path.write_text(record_text(), encoding="utf-8")
    start = start_from_args(build_parser().parse_args(["replay", str(path)]))
    assert "\x1b" not in start.note and "\x07" not in start.note and "\\x1b[2J" in start.note


def test_a_board_file_swapped_for_a_fifo_after_its_check_is_refused_not_waited_on(tmp_path, monkeypatch):
    """Issue 36: the board file was looked at (a regular file?) and then opened and read as it was: a FIFO put
    in its place in between was waited on for ever. Here the look says "a regular file", as it did just before
    the swap: only the file opened counts."""
    import os
    import stat

    from bere_tui.boards import BoardFileError, load_board

    fifo = fifo_at(tmp_path / "board.json")
    real_stat = os.stat

    def looked_at_before_the_swap(path, *args, **kwargs):
        found = real_stat(path, *args, **kwargs)
        if os.fspath(path) != str(fifo):
            return found
        return os.stat_result((stat.S_IFREG | 0o644, *found[1:6], 100, *found[7:]))

    monkeypatch.setattr(os, "stat", looked_at_before_the_swap)
    with pytest.raises(BoardFileError) as refused:
        without_waiting(fifo, lambda: load_board(str(fifo)))
    message = str(refused.value)
    assert message.count("\n") == 0 and "board.json" in message and "not a regular file" in message


@pytest.mark.parametrize("argv", [["sim", "--variant", "board", "--bots", "random,random", "--games", "1"],
                                  ["play", "--variant", "board"]], ids=["sim", "play"])
def test_a_fifo_as_the_board_file_is_one_error_line(tmp_path, capsys, argv):
    fifo = fifo_at(tmp_path / "board.json")
    assert without_waiting(fifo, lambda: main([*argv, "--board", str(fifo)])) == 2
    err = capsys.readouterr().err
    assert err.startswith("error: ") and err.count("\n") == 1 and "board.json" in err
    assert "not a regular file" in err
