"""`bere replay FILE --json` and `bere sim --json` through the command line (spec/record.md, command line; run
as the script runs it, tests/bere_cli.py, which tests/cli/test_script.py checks against the script itself).

A bad record exits 2 with exactly one line on standard error, starting `error:` and naming the problem (for an
action: its 0-based index, what it asked for, why it is refused and what the game was asking for); nothing on
standard output, no traceback, no file written.
"""

from __future__ import annotations

import copy
import json
import subprocess
from pathlib import Path

import pytest
from bere_cli import assert_one_error, run_bere

from bere_tui.record import replay, result

ROWS = [50, 60, 70, 80]
HANDS = [[5, 10, 11, 12, 13, 14, 15, 16, 17, 18], [90, 91, 92, 93, 94, 95, 96, 97, 98, 99]]
# P0's 5 is lower than every row (B6): P0 is asked for a row, then 90 follows 80
ACTIONS = [
    {"player": 0, "do": "select", "card": 5},
    {"player": 1, "do": "select", "card": 90},
    {"player": 0, "do": "take_row", "row": 2},
]
GOOD = {
    "format": "bere-record/1",
    "variant": "base",
    "options": {},
    "players": [{"name": "Ann"}, {"name": "Ben", "bot": "random"}],
    "seed": 7,
    "deals": [{"rows": ROWS, "hands": HANDS}],
    "actions": ACTIONS,
}


def with_changes(**changes) -> dict:
    record = copy.deepcopy(GOOD)
    record.update(changes)
    return record


def replay_file(tmp_path: Path, content) -> subprocess.CompletedProcess:
    path = tmp_path / "game.json"
    path.write_text(content if isinstance(content, str) else json.dumps(content), encoding="utf-8")
    before = sorted(tmp_path.iterdir())
    done = run_bere("replay", str(path), "--json")
    assert sorted(tmp_path.iterdir()) == before  # nothing written
    return done


# ---------------------------------------------------------------- a good record


def test_a_good_record_prints_its_result(tmp_path):
    done = replay_file(tmp_path, GOOD)
    assert done.returncode == 0 and done.stderr == ""
    assert done.stdout.count("\n") == 1  # one JSON object on one line
    out = json.loads(done.stdout)
    assert out == result(replay(GOOD))
    assert out["format"] == "bere-result/1" and out["variant"] == "base"
    assert out["finished"] is False and out["round"] == 1 and out["winners"] == []
    assert out["rows"][2] == {"cards": [5], "capacity": 5, "stop": False, "fifth_row": False, "parity": None}
    assert out["rows"][3]["cards"] == [80, 90]
    ann, ben = out["players"]
    assert ann == {"name": "Ann", "hand": HANDS[0][1:], "specials": [], "pile": [70], "set_aside": [],
                   "round_scores": [3], "total": 3}
    assert ben["name"] == "Ben" and ben["pile"] == [] and ben["total"] == 0
    assert out["pending"] == {"do": "select", "players": [0, 1]}


def test_a_finished_game_names_its_winners(tmp_path):
    record = with_changes(options={"rounds": 1})
    record["actions"] = list(ACTIONS)
    for turn in range(1, 10):
        record["actions"] += [{"player": 0, "do": "select", "card": HANDS[0][turn]},
                              {"player": 1, "do": "select", "card": HANDS[1][turn]}]
    done = replay_file(tmp_path, record)
    assert done.returncode == 0, done.stderr
    out = json.loads(done.stdout)
    assert out["finished"] is True and out["pending"] is None
    totals = [p["total"] for p in out["players"]]
    assert out["winners"] == [p for p, t in enumerate(totals) if t == min(totals)]


# ---------------------------------------------------------------- the record's shape


def test_not_json(tmp_path):
    assert_one_error(replay_file(tmp_path, '{"format": "bere-record/1", "variant": '), "game.json", "not valid JSON")


def test_not_an_object(tmp_path):
    assert_one_error(replay_file(tmp_path, "[1, 2]"), "must be a JSON object")


def test_a_missing_file(tmp_path):
    done = run_bere("replay", str(tmp_path / "nowhere.json"), "--json")
    assert_one_error(done, "nowhere.json", "no such file")


@pytest.mark.parametrize("changes, parts", [
    ({"seed": "abc"}, ("seed", "valid integer", "'abc'")),
    ({"seed": 1.5}, ("seed", "valid integer")),
    ({"players": "Ann"}, ("players", "valid list")),
    ({"players": [{"name": "Ann"}, {"name": 7}]}, ("players[1].name", "valid string")),
    ({"deals": [{"rows": [50, "60", 70, 80], "hands": HANDS}]}, ("deals[0].rows[1]", "valid integer", "'60'")),
    ({"actions": {"0": ACTIONS[0]}}, ("actions", "valid list")),
], ids=["seed-text", "seed-float", "players-text", "name-number", "row-text", "actions-object"])
def test_wrong_types(tmp_path, changes, parts):
    assert_one_error(replay_file(tmp_path, with_changes(**changes)), *parts)


def test_unknown_format(tmp_path):
    assert_one_error(replay_file(tmp_path, with_changes(format="bere-record/9")),
                     "format", "unknown format 'bere-record/9'", "bere-record/1")


def test_missing_field(tmp_path):
    record = with_changes()
    del record["seed"]
    assert_one_error(replay_file(tmp_path, record), "'seed' is missing")


def test_unknown_variant(tmp_path):
    assert_one_error(replay_file(tmp_path, with_changes(variant="chess")), "variant", "unknown variant 'chess'")


def test_unknown_option(tmp_path):
    assert_one_error(replay_file(tmp_path, with_changes(options={"speed": 2})), "options", "unknown option 'speed'")


def test_an_option_the_variant_does_not_use(tmp_path):
    record = with_changes(variant="anniversary", options={"target": 50}, deals=[], actions=[])
    assert_one_error(replay_file(tmp_path, record), "option 'target'", "anniversary")


@pytest.mark.parametrize("n", [1, 11])
def test_wrong_player_count(tmp_path, n):
    record = with_changes(players=[{"name": f"P{p}"} for p in range(n)], deals=[], actions=[])
    assert_one_error(replay_file(tmp_path, record), "players", "2 to 10 players", f"not {n}")


def test_a_repeated_card_in_a_deal(tmp_path):
    deal = {"rows": [50, 60, 70, 5], "hands": HANDS}
    assert_one_error(replay_file(tmp_path, with_changes(deals=[deal])), "deal 0", "card 5 is dealt twice")


def test_an_out_of_range_card(tmp_path):
    deal = {"rows": [50, 60, 70, 105], "hands": HANDS}
    assert_one_error(replay_file(tmp_path, with_changes(deals=[deal])), "deal 0", "105 is not a card")


def test_a_wrong_hand_size(tmp_path):
    deal = {"rows": ROWS, "hands": [HANDS[0][:9], HANDS[1]]}
    assert_one_error(replay_file(tmp_path, with_changes(deals=[deal])), "deal 0", "player 0's hand must hold 10")


# ---------------------------------------------------------------- illegal actions


def bad_action(tmp_path, actions, *parts) -> str:
    return assert_one_error(replay_file(tmp_path, with_changes(actions=actions)), *parts)


def test_an_action_out_of_turn(tmp_path):
    bad_action(tmp_path, [{"player": 0, "do": "take_row", "row": 0}],
               "action 0 (take_row by player 0)", "waiting for select by players 0, 1", "not take_row")


def test_a_decision_by_the_wrong_player(tmp_path):
    actions = ACTIONS[:2] + [{"player": 1, "do": "take_row", "row": 0}]
    bad_action(tmp_path, actions, "action 2 (take_row by player 1)", "player 0's decision",
               "asking for take_row by player 0")


def test_an_action_by_a_player_who_does_not_exist(tmp_path):
    bad_action(tmp_path, [{"player": 2, "do": "select", "card": 90}],
               "action 0 (select by player 2)", "no player 2", "asking for select by players 0, 1")


def test_a_card_not_in_hand(tmp_path):
    bad_action(tmp_path, [{"player": 0, "do": "select", "card": 90}],
               "action 0 (select by player 0)", "card 90 is not in player 0's hand", "asking for select")


def test_a_second_selection_in_one_turn(tmp_path):
    actions = [ACTIONS[0], {"player": 0, "do": "select", "card": 10}]
    bad_action(tmp_path, actions, "action 1 (select by player 0)", "already chosen a card this turn",
               "asking for select by player 1")


def test_a_row_that_does_not_exist(tmp_path):
    actions = ACTIONS[:2] + [{"player": 0, "do": "take_row", "row": 4}]
    bad_action(tmp_path, actions, "action 2 (take_row by player 0)", "row 4 does not exist",
               "asking for take_row by player 0")


def test_an_action_kind_that_does_not_exist(tmp_path):
    bad_action(tmp_path, [{"player": 0, "do": "jump", "card": 5}],
               "action 0 (jump by player 0)", "there is no action 'jump'", "asking for select")


@pytest.mark.parametrize("action, parts", [
    ({"player": 0, "card": 5}, ("action 0", "'do' is missing")),
    ({"player": 0, "do": "select"}, ("action 0 (select by player 0)", "'card' is missing")),
    ({"player": 0, "do": "select", "card": 5, "row": 1}, ("action 0 (select by player 0)", "unknown field 'row'")),
    ({"player": 0, "do": "select", "card": "5"}, ("action 0 (select by player 0)", "card", "valid integer")),
    ("select 5", ("action 0", "must be an object")),
], ids=["no-do", "no-card", "extra-field", "card-text", "not-object"])
def test_a_malformed_action(tmp_path, action, parts):
    bad_action(tmp_path, [action], *parts, "asking for select")


def test_an_action_after_the_end(tmp_path):
    record = with_changes(options={"rounds": 1})
    record["actions"] = list(ACTIONS)
    for turn in range(1, 10):
        record["actions"] += [{"player": 0, "do": "select", "card": HANDS[0][turn]},
                              {"player": 1, "do": "select", "card": HANDS[1][turn]}]
    record["actions"].append({"player": 0, "do": "select", "card": 5})
    assert_one_error(replay_file(tmp_path, record), "action 21 (select by player 0)", "the game is over")


# ---------------------------------------------------------------- bere sim


def test_sim_json_shape():
    done = run_bere("sim", "--variant", "base", "--bots", "random,heuristic", "--games", "3", "--json")
    assert done.returncode == 0 and done.stderr == ""
    out = json.loads(done.stdout)
    assert set(out) == {"games", "seconds", "seats"}
    assert out["games"] == 3 and isinstance(out["seconds"], float) and out["seconds"] >= 0
    assert [seat["bot"] for seat in out["seats"]] == ["random", "heuristic"]
    for seat in out["seats"]:
        assert set(seat) == {"bot", "wins", "mean_score", "decision_ms"}
        assert isinstance(seat["wins"], int) and 0 <= seat["wins"] <= 3
        assert isinstance(seat["mean_score"], (int, float)) and seat["mean_score"] >= 0
        ms = seat["decision_ms"]  # spec/record.md: wall time of that seat's decisions
        assert set(ms) == {"median", "p95", "max"} and all(isinstance(v, float) for v in ms.values())
        assert 0 <= ms["median"] <= ms["p95"] <= ms["max"]
    assert sum(seat["wins"] for seat in out["seats"]) >= 3  # every game has a winner; shared wins count


def test_sim_with_an_unknown_bot():
    done = run_bere("sim", "--variant", "base", "--bots", "random,wizard", "--games", "1", "--json")
    assert_one_error(done, "unknown bot 'wizard'")


# ---------------------------------------------------------------- issue 36: every refusal names the file


@pytest.mark.parametrize("changes", [{"variant": "chess"}, {"seed": "x"},
                                     {"actions": [{"player": 0, "do": "select", "card": 99}]}],
                         ids=["variant", "field", "action"])
def test_every_refusal_names_the_file(tmp_path, changes):
    """Only a file that was not JSON was named; a record that broke the format or an action was not."""
    line = assert_one_error(replay_file(tmp_path, with_changes(**changes)))
    assert line.startswith(f"error: {tmp_path / 'game.json'}: ")


def test_a_selected_card_stays_in_the_hand_until_the_turn_is_revealed(tmp_path):
    """spec/record.md: a card selected face down stays in `hand` until it is revealed (B3); it was removed."""
    out = json.loads(replay_file(tmp_path, with_changes(actions=ACTIONS[:1])).stdout)
    assert out["pending"] == {"do": "select", "players": [1]}
    assert [p["hand"] for p in out["players"]] == HANDS  # Ann's 5 lies face down, still hers
    out = json.loads(replay_file(tmp_path, with_changes(actions=ACTIONS[:2])).stdout)
    assert [p["hand"] for p in out["players"]] == [HANDS[0][1:], HANDS[1][1:]]  # revealed
