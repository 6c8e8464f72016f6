"""The command-line tests run `bere` in their own process (tests/bere_cli.py, run_bere); here the installed
script, in a process of its own, prints exactly the same for one command of each kind: a record replayed, a
broken record, a missing file, a simulation, an option the parser refuses, a language without a catalogue, an
error message in Czech (encoded as the terminal's text), a board game's record (spec/record.md, command line)."""

from __future__ import annotations

import json

import pytest
from bere_cli import real_bere, run_bere
from test_replay_errors import GOOD, with_changes

from bere_tui.systems import make_game

BROKEN = with_changes(actions=[{"player": 1, "do": "select", "card": 5}])


def board_record() -> dict:
    game = make_game("board", ["Ann", "Ben"], seed=5, options={"side": "red", "luck": True})
    while not game.finished and len(game.actions) < 15:
        player = game.deciders()[0]
        game.apply(game.legal(player)[0])
    return game.record()


def without_times(done) -> tuple:
    """What a run printed, the wall times of `bere sim --json` left out (they differ from run to run)."""
    out = done.stdout
    if out.startswith("{"):
        data = json.loads(out)
        data.pop("seconds", None)
        for seat in data.get("seats", ()):
            seat.pop("decision_ms", None)
        out = data
    return done.returncode, out, done.stderr


CASES = {
    "a record": lambda tmp: ["replay", write(tmp, GOOD), "--json"],
    "a broken record": lambda tmp: ["replay", write(tmp, BROKEN), "--json"],
    "a missing file": lambda tmp: ["replay", str(tmp / "nowhere.json"), "--json"],
    "a simulation": lambda tmp: ["sim", "--bots", "random,heuristic,random", "--games", "3", "--seed", "4", "--json"],
    "a refused option": lambda tmp: ["sim", "--bots", "random,random", "--games", "many"],
    "an unknown language": lambda tmp: ["--lang", "xx", "replay", write(tmp, GOOD), "--json"],
    "an error in Czech": lambda tmp: ["--lang", "cs", "replay", str(tmp / "nikde.json"), "--json"],
    "a board game": lambda tmp: ["replay", write(tmp, board_record()), "--json"],
}


def write(folder, record) -> str:
    path = folder / f"record-{len(list(folder.iterdir()))}.json"
    path.write_text(json.dumps(record), encoding="utf-8")
    return str(path)


@pytest.mark.parametrize("case", sorted(CASES))
def test_the_script_prints_what_the_tests_run_prints(tmp_path, case):
    args = CASES[case](tmp_path)
    script, here = real_bere(*args), run_bere(*args)
    assert "Traceback" not in script.stderr, script.stderr
    assert without_times(here) == without_times(script)
    assert (script.returncode == 0) == (case in ("a record", "a simulation", "a board game"))
