"""The board game on the command line (issue 14 item 4; spec/record.md, command line): `bere replay FILE
[--json]`, `bere sim --variant board` and `bere play --variant board` with `--side`, `--luck` and `--board`.

A bad board file (missing, a folder, a FIFO, huge, not UTF-8, not JSON, wrong types, a special on the final
space, pro kinds on the blue side, too few tiles) and a bad record are each one `error:` line and exit 2, the
line naming the file and the field; nothing on standard output, no traceback."""

from __future__ import annotations

import json
import os

import pytest
from bere_cli import real_bere
from board_rec_helpers import assert_one_error, random_game, run_bere, small_board, write_board

from bere_tui import cli
from bere_tui.bots.board.runner import play_bot_game
from bere_tui.jsonfile import MAX_BYTES
from bere_tui.record import replay, result
from bere_tui.sim import simulate as sim_simulate


def simulate(bot_names, games, seed, options):
    """`bere sim`'s figures of the board game (bere_tui/sim.py, the board's "sim" part)."""
    return sim_simulate("board", bot_names, games, seed, options)


def record_file(tmp_path, record, name="game.json"):
    path = tmp_path / name
    path.write_text(json.dumps(record), encoding="utf-8")
    return path


# ---------------------------------------------------------------- bere replay


def test_replay_json_prints_the_result(tmp_path):
    game = random_game(3, 4, {"side": "red", "luck": True}, stop_after=12)
    done = run_bere("replay", str(record_file(tmp_path, game.record())), "--json")
    assert done.returncode == 0 and done.stderr == ""
    assert done.stdout.count("\n") == 1
    assert json.loads(done.stdout) == json.loads(json.dumps(result(replay(game.record()))))


def test_replay_json_of_a_finished_game_on_a_hand_made_board(tmp_path):
    board = write_board(tmp_path, small_board())
    game = random_game(2, 6, {"board": str(board), "luck": True})
    done = run_bere("replay", str(record_file(tmp_path, game.record())), "--json")
    assert done.returncode == 0, done.stderr
    out = json.loads(done.stdout)
    assert out["finished"] is True and out["options"]["board"] == str(board)
    assert [p["score"] for p in out["players"]] == game.scores


def test_replay_json_names_an_illegal_action(tmp_path):
    game = random_game(2, 4, stop_after=2)
    record = game.record()
    record["actions"].append({"player": 0, "do": "stop_row", "row": 1})
    assert_one_error(run_bere("replay", str(record_file(tmp_path, record)), "--json"),
                     "action 2 (stop_row by player 0)", "waiting for tiles from players 0, 1")


def test_replay_json_names_a_board_file_that_changed(tmp_path):
    board = write_board(tmp_path, small_board())
    record = random_game(2, 4, {"board": str(board)}).record()
    changed = small_board()
    changed["tiles"]["bullheads"][0] = 5
    write_board(tmp_path, changed)
    assert_one_error(run_bere("replay", str(record_file(tmp_path, record)), "--json"), str(board), "not the one")


@pytest.mark.parametrize("json_flag", [True, False])
def test_replay_of_a_record_naming_a_missing_board_is_one_line(tmp_path, json_flag):
    record = random_game(2, 4, stop_after=0).record()
    record["options"] = {"board": "no-such-board"}
    args = ["replay", str(record_file(tmp_path, record))] + (["--json"] if json_flag else [])
    run = run_bere if json_flag else real_bere  # (the viewer reads the record before it starts its screen)
    assert_one_error(run(*args), "board file 'no-such-board'", "no such file", "standard")


# ---------------------------------------------------------------- bad board files, through every command


def _huge(tmp_path):
    path = tmp_path / "huge.json"
    with path.open("wb") as handle:
        handle.write(b" " * (MAX_BYTES + 10))
    return path, ["too large"]


def _fifo(tmp_path):
    path = tmp_path / "pipe.json"
    os.mkfifo(path)
    return path, ["not a regular file"]


def _edit(edit, *parts):
    def make(tmp_path):
        data = small_board()
        edit(data)
        return write_board(tmp_path, data, "edited.json"), list(parts)
    return make


def _text(content: bytes, *parts):
    def make(tmp_path):
        path = tmp_path / "text.json"
        path.write_bytes(content)
        return path, list(parts)
    return make


def _pro_on_blue(data):
    data["sides"]["blue"]["rows"][1]["spaces"] = [{"space": 2, "kind": "row_to_hand"}]


def _special_on_final(data):
    data["sides"]["red"]["rows"][2]["spaces"] = [{"space": 5, "kind": "bull_minus"}]


def _too_few_tiles(data):
    data["tiles"]["bullheads"] = data["tiles"]["bullheads"][:22]  # 2 players, two hands of 5: 24 needed


BAD_BOARDS = {
    "missing": lambda tmp_path: (tmp_path / "nothing.json", ["no such file"]),
    "a folder": lambda tmp_path: (tmp_path, ["folder"]),
    "a FIFO": _fifo,
    "huge": _huge,
    "not UTF-8": _text(b'{"format": "bere-board/1", "name": "\xff\xfe"}', "not UTF-8"),
    "not JSON": _text(b'{"format": "bere-board/1", ', "not valid JSON"),
    "empty": _text(b"", "not valid JSON"),
    "a JSON list": _text(b"[1, 2, 3]", "JSON object"),
    "another format": _edit(lambda d: d.update(format="bere-board/2"), "format"),
    "hand a string": _edit(lambda d: d.update(hand="5"), "hand"),
    "a length of a wrong type": _edit(lambda d: d["sides"]["blue"]["rows"][0].update(length=3.0),
                                      "sides.blue.rows[0].length"),
    "bullheads out of range": _edit(lambda d: d["tiles"]["bullheads"].__setitem__(3, 9), "tiles.bullheads[3]"),
    "a field missing": _edit(lambda d: d.pop("players"), "players", "missing"),
    "an unknown field": _edit(lambda d: d.update(colour="green"), "colour", "unknown field"),
    "an unknown space kind": _edit(lambda d: d["sides"]["blue"]["rows"][3].update(
        spaces=[{"space": 2, "kind": "teleport"}]), "sides.blue.rows[3].spaces[0].kind"),
    "a special on the final space": _edit(_special_on_final, "sides.red.rows[2]", "final space"),
    "pro kinds on the blue side": _edit(_pro_on_blue, "sides.blue", "row_to_hand", "pro"),
    "too few tiles": _edit(_too_few_tiles, "tiles", "too few"),
    "too few rows": _edit(lambda d: d["sides"]["blue"].update(rows=d["sides"]["blue"]["rows"][:4]),
                          "sides.blue.rows"),
    "an unknown card": _edit(lambda d: d["luck_cards"]["cards"].append({"kind": "jackpot", "count": 1}),
                             "luck_cards.cards[2].kind", "jackpot"),
}

COMMANDS = {
    "play": ["play", "--variant", "board", "--players", "Ann", "--bots", "random"],
    "sim": ["sim", "--variant", "board", "--bots", "random,random", "--games", "1"],
}


@pytest.mark.parametrize("command", sorted(COMMANDS))
@pytest.mark.parametrize("case", sorted(BAD_BOARDS))
def test_a_bad_board_file_is_one_line_naming_the_file_and_the_field(tmp_path, command, case):
    path, parts = BAD_BOARDS[case](tmp_path)
    done = run_bere(*COMMANDS[command], "--board", str(path))
    assert_one_error(done, f"board file '{path}'", *parts)


@pytest.mark.parametrize("case", ["not JSON", "a special on the final space", "pro kinds on the blue side",
                                  "too few tiles", "a FIFO"])
def test_a_bad_board_file_named_in_a_record_is_one_line(tmp_path, case):
    path, parts = BAD_BOARDS[case](tmp_path)
    record = random_game(2, 1, stop_after=0).record()
    record["options"] = {"board": str(path)}
    assert_one_error(run_bere("replay", str(record_file(tmp_path, record, "record.json")), "--json"),
                     f"board file '{path}'", *parts)


def test_a_side_the_board_has_not(tmp_path):
    data = small_board()
    del data["sides"]["red"]
    path = write_board(tmp_path, data)
    for command in COMMANDS.values():
        assert_one_error(run_bere(*command, "--board", str(path), "--side", "red"), str(path), "sides", "red")


def test_more_players_than_the_board_seats(tmp_path):
    path = write_board(tmp_path, small_board())  # 2 to 3 players
    assert_one_error(run_bere("sim", "--variant", "board", "--bots", "random,random,random,random", "--games", "1",
                              "--board", str(path)), "2 to 3 players, not 4")


@pytest.mark.parametrize("command", ["play", "sim"])
@pytest.mark.parametrize("option", [["--side", "red"], ["--luck"], ["--board", "standard"]])
def test_board_options_with_another_variant_are_refused(command, option):
    args = [*COMMANDS[command], *option]
    args[args.index("board")] = "base"
    assert_one_error(run_bere(*args), option[0], "--variant board", "base")


def test_an_unknown_side_is_refused_by_the_parser():
    done = run_bere(*COMMANDS["sim"], "--side", "green")  # argparse's line, then where to read more (as for --variant)
    assert done.returncode == 2 and done.stdout == "" and "Traceback" not in done.stderr
    first = done.stderr.splitlines()[0]
    assert first.startswith("error: ") and "--side" in first and "green" in first


# ---------------------------------------------------------------- bere sim


@pytest.mark.parametrize("n", [2, 3, 4, 5, 6])
def test_sim_plays_every_seat_count_with_random(n):
    for options in ({}, {"side": "red", "luck": True}):
        stats = simulate(["random"] * n, 3, seed=n, options=options)
        assert stats["games"] == 3 and len(stats["seats"]) == n
        assert sum(seat["wins"] for seat in stats["seats"]) >= 3  # a shared win counts for each
        for seat in stats["seats"]:
            assert seat["bot"] == "random" and set(seat["decision_ms"]) == {"median", "p95", "max"}
            assert 0 <= seat["decision_ms"]["median"] <= seat["decision_ms"]["max"]
        games = [play_bot_game(["random"] * n, n + g, options) for g in range(3)]  # game g seeded seed + g
        assert [seat["wins"] for seat in stats["seats"]] == [sum(p in g.winners for g in games) for p in range(n)]


def test_sim_is_the_same_for_the_same_seed():
    a = simulate(["random"] * 3, 4, seed=9, options={"side": "red", "luck": True})
    b = simulate(["random"] * 3, 4, seed=9, options={"side": "red", "luck": True})
    assert [(s["wins"], s["mean_score"]) for s in a["seats"]] == [(s["wins"], s["mean_score"]) for s in b["seats"]]


def test_sim_json_on_the_command_line(tmp_path):
    board = write_board(tmp_path, small_board())
    done = run_bere("sim", "--variant", "board", "--bots", "random,random,random", "--games", "4", "--seed", "3",
                    "--json", "--side", "red", "--luck", "--board", str(board))
    assert done.returncode == 0, done.stderr
    stats = json.loads(done.stdout)
    assert stats["games"] == 4 and [s["bot"] for s in stats["seats"]] == ["random"] * 3
    expected = simulate(["random"] * 3, 4, seed=3, options={"side": "red", "luck": True, "board": str(board)})
    assert [s["mean_score"] for s in stats["seats"]] == [s["mean_score"] for s in expected["seats"]]


def test_sim_table_on_the_command_line():
    done = run_bere("sim", "--variant", "board", "--bots", "random,easy", "--games", "2")
    assert done.returncode == 0, done.stderr
    assert "2 games of board" in done.stdout and "random" in done.stdout


@pytest.mark.parametrize("level", ["heuristic", "strong", "medium", "hard"])
def test_sim_plays_every_bot_level(level):
    """Every level of bots/board plays the board game in `bere sim`, with each seat's decision times."""
    done = run_bere("sim", "--variant", "board", "--bots", f"random,{level}", "--games", "1", "--json")
    assert done.returncode == 0, done.stderr
    seats = json.loads(done.stdout)["seats"]
    own = {"medium": "heuristic", "hard": "strong"}.get(level, level)  # a level is told by its bot's own name
    assert [s["bot"] for s in seats] == ["random", own] and set(seats[1]["decision_ms"]) == {"median", "p95", "max"}


# ---------------------------------------------------------------- bere play: the options reach the game


def test_play_hands_side_luck_and_board_to_the_game(tmp_path):
    from bere_tui.ui.app import start_from_args

    board = write_board(tmp_path, small_board())
    args = cli.build_parser().parse_args(["play", "--variant", "board", "--players", "Ann", "--bots", "random",
                                          "--seed", "5", "--side", "red", "--luck", "--board", str(board)])
    args.board_options, problem = cli.board_options(args)
    assert problem is None
    start = start_from_args(args)
    game = start.session.game
    assert game.variant == "board" and game.seed == 5
    assert game.options["side"] == "red" and game.options["luck"] is True and game.options["board"] == str(board)
    again = start.session.next_setup()
    assert again.options() == {"side": "red", "luck": True, "board": str(board)}


def test_play_without_seats_opens_the_setup_with_the_options():
    from bere_tui.ui.app import start_from_args

    args = cli.build_parser().parse_args(["play", "--variant", "board", "--side", "red"])
    args.board_options, problem = cli.board_options(args)
    assert problem is None
    start = start_from_args(args)
    assert start.setup.variant == "board" and start.setup.options() == {"side": "red", "luck": False}


def test_board_options_of_another_variant_stay_out_of_its_game():
    from bere_tui.ui.seating import TableSetup

    assert TableSetup("base", side="red", luck=True).options() == {}
    assert cli.board_options(cli.build_parser().parse_args(["play"])) == ({}, None)


def test_the_settings_know_the_board_game():
    from bere_tui.storage.settings import VARIANTS, LastSeats

    assert "board" in VARIANTS and "board" in cli.VARIANT_NAMES
    assert LastSeats(variant="board").variant == "board"


def test_a_loaded_board_game_starts_again_with_its_options(tmp_path):
    from bere_tui.ui.session import Session

    board = write_board(tmp_path, small_board())
    game = random_game(2, 3, {"side": "red", "luck": True, "board": str(board)}, stop_after=4)
    again = Session(replay(game.record())).next_setup()
    assert again.variant == "board" and again.options() == {"side": "red", "luck": True, "board": str(board)}
    assert Session.new(again).game.options["board_sha256"] == game.options["board_sha256"]


def test_a_board_file_here_named_without_json_or_a_folder_is_read_as_a_file(tmp_path, monkeypatch):
    """`--board myboard` (a file in this folder) said "no such file": a name without `/` or `.json` was only
    looked for among the shipped boards."""
    import argparse

    write_board(tmp_path, small_board(), name="myboard")
    monkeypatch.chdir(tmp_path)
    args = argparse.Namespace(variant="board", side=None, luck=None, board="myboard")
    options, problem = cli.board_options(args)
    assert problem is None and options["board"] == os.path.join(os.curdir, "myboard")
    args = argparse.Namespace(variant="board", side=None, luck=None, board="standard")  # a shipped board
    assert cli.board_options(args) == ({"board": "standard"}, None)
    args = argparse.Namespace(variant="board", side=None, luck=None, board="nothere")
    assert "no such file" in cli.board_options(args)[1]
