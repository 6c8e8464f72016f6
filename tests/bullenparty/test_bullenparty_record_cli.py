"""Bullenparty records and the command line (spec/record.md, variant `bullenparty`; issue 13 item 3):
`bere replay FILE --json` prints bere-result/1, a broken record gives one `error:` line and exit 2, and
`bere sim --variant bullenparty` plays bot-only games at 2-5 seats with every bot level."""

from __future__ import annotations

import copy
import json
from pathlib import Path

import pytest
from bere_cli import real_bere
from bp_table import deal

from bere_tui import cli
from bere_tui.bots.bullenparty.runner import play_bot_game
from bere_tui.record import dumps, load, parse_record, replay, result

HANDS = [[10, 11, 12, 13, 14], [20, 21, 22, 23, 24]]
TOP = (60, 61, 70, 71, 80, 81)
ACTIONS = [
    {"player": 1, "do": "bid", "card": "zero"},
    {"player": 0, "do": "bid", "card": 10},
    {"player": 0, "do": "take", "row": 1},  # 70, 71: six number cards in hand
    {"player": 0, "do": "lay", "card": 11, "pile": None},
    {"player": 1, "do": "zero_row", "row": 0},  # B turns up 80
]
GOOD = {
    "format": "bere-record/1",
    "variant": "bullenparty",
    "options": {},
    "players": [{"name": "Ann"}, {"name": "Ben", "bot": "strong"}],
    "seed": 7,
    "deals": [deal(2, HANDS, TOP, "AB")],
    "actions": ACTIONS,
}


def changed(**changes) -> dict:
    record = copy.deepcopy(GOOD)
    record.update(changes)
    return record


def run(capsys, *argv: str) -> tuple[int, str, str]:
    code = cli.main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def replay_json(tmp_path: Path, capsys, record) -> tuple[int, str, str]:
    path = tmp_path / "game.json"
    path.write_text(record if isinstance(record, str) else json.dumps(record), encoding="utf-8")
    before = sorted(tmp_path.iterdir())
    done = run(capsys, "replay", str(path), "--json")
    assert sorted(tmp_path.iterdir()) == before  # nothing written
    return done


def one_error(done, *parts: str) -> str:
    code, out, err = done
    assert code == 2 and out == ""
    lines = err.splitlines()
    assert len(lines) == 1 and lines[0].startswith("error: "), err
    assert "Traceback" not in err
    for part in parts:
        assert part in lines[0], lines[0]
    return lines[0]


# ---------------------------------------------------------------- replay --json


def test_a_good_record_prints_its_result(tmp_path, capsys):
    code, out, err = replay_json(tmp_path, capsys, GOOD)
    assert code == 0 and err == "" and out.count("\n") == 1
    res = json.loads(out)
    assert res == result(replay(GOOD))
    assert res["format"] == "bere-result/1" and res["variant"] == "bullenparty"
    assert res["finished"] is False and res["round"] == 1 and res["winners"] == []
    assert res["rows"] == [{"cards": [60, 61, 80], "bull": None, "closed": False, "taken_by": None},
                           {"cards": [], "bull": None, "closed": False, "taken_by": 0}]
    ann, ben = res["players"]
    assert ann == {"name": "Ann", "hand": [12, 13, 14, 70, 71], "zero": "A", "piles": [[11]], "bulls": [],
                   "score": 5}
    assert ben == {"name": "Ben", "hand": HANDS[1], "zero": "B", "piles": [], "bulls": [], "score": 0}
    assert res["draw_pile"][:2] == [81, GOOD["deals"][0]["draw_pile"][6]]
    assert res["pending"] == {"do": "bid", "players": [1]}


def test_a_bid_card_stays_in_the_hand_until_the_bids_are_revealed(tmp_path, capsys):
    """spec/record.md: a card bid face down stays in `hand` until it is revealed (BP5); it was removed at once."""
    bid = [{"player": 0, "do": "bid", "card": 10}]
    code, out, _err = replay_json(tmp_path, capsys, changed(actions=bid))
    res = json.loads(out)
    assert code == 0 and res["pending"] == {"do": "bid", "players": [1]}
    assert [p["hand"] for p in res["players"]] == HANDS  # Ann's 10 lies face down, still hers
    code, out, _err = replay_json(tmp_path, capsys, changed(actions=[*bid, {"player": 1, "do": "bid", "card": 20}]))
    res = json.loads(out)  # both revealed: 10 acts first (lowest), 20 waits its turn; neither is in a hand
    assert res["pending"] == {"do": "take", "player": 0}
    assert [p["hand"] for p in res["players"]] == [HANDS[0][1:], HANDS[1][1:]]


def test_a_taken_row_shows_no_cards(tmp_path, capsys):
    code, out, _err = replay_json(tmp_path, capsys, changed(actions=ACTIONS[:3]))
    res = json.loads(out)
    assert code == 0 and res["rows"][1] == {"cards": [], "bull": None, "closed": False, "taken_by": 0}
    assert res["players"][0]["hand"] == [11, 12, 13, 14, 70, 71]


def test_a_take_pending_names_one_player(tmp_path, capsys):
    code, out, _err = replay_json(tmp_path, capsys, changed(actions=ACTIONS[:2]))
    assert code == 0 and json.loads(out)["pending"] == {"do": "take", "player": 0}


def test_a_finished_game_names_its_winners(tmp_path, capsys):
    game = play_bot_game(["heuristic", "random", "random"], seed=4)
    path = tmp_path / "done.json"
    path.write_text(dumps(game), encoding="utf-8")
    code, out, _err = run(capsys, "replay", str(path), "--json")
    res = json.loads(out)
    assert code == 0 and res["finished"] is True and res["pending"] is None
    scores = [p["score"] for p in res["players"]]
    assert res["winners"] == [p for p, s in enumerate(scores) if s == max(scores)]
    assert all(p["hand"] == [] for p in res["players"])
    assert result(load(path)) == res


def test_a_bot_named_by_its_level_plays_as_that_bot():
    game = replay(changed(players=[{"name": "Ann"}, {"name": "Ben", "bot": "hard"}]))
    assert game.players[1]["bot"] == "strong"


def test_sim_takes_bot_levels(capsys):
    code, out, _err = run(capsys, "sim", "--variant", "bullenparty", "--bots", "hard,easy", "--games", "1",
                          "--json")
    assert code == 0 and [s["bot"] for s in json.loads(out)["seats"]] == ["strong", "random"]


def test_a_record_without_its_deal_is_dealt_from_the_seed():
    game = play_bot_game(["random", "random"], seed=11)
    record = game.record()
    assert record["deals"][0]["reshuffles"]  # the engine writes every reshuffle
    bare = dict(record, deals=[])
    assert result(replay(bare)) == result(game)
    model, actions = parse_record(record)
    assert model.variant == "bullenparty" and actions == record["actions"]


def test_the_real_command_prints_one_line(tmp_path):
    path = tmp_path / "game.json"
    path.write_text(json.dumps(GOOD), encoding="utf-8")
    done = real_bere("replay", str(path), "--json", timeout=60)
    assert done.returncode == 0 and json.loads(done.stdout)["variant"] == "bullenparty"
    path.write_text(json.dumps(changed(actions=[{"player": 0, "do": "bid", "card": 99}])), encoding="utf-8")
    done = real_bere("replay", str(path), "--json", timeout=60)
    assert done.returncode == 2 and done.stdout == ""
    assert done.stderr.splitlines() == [done.stderr.strip()] and done.stderr.startswith(f"error: {path}: action 0")


# ---------------------------------------------------------------- broken records


@pytest.mark.parametrize("record, parts", [
    ('{"format": "bere-record/1", "variant": "bullenparty", ', ("not valid JSON",)),
    (changed(format="bere-record/2"), ("unknown format 'bere-record/2'",)),
    (changed(options={"target": 66}), ("unknown option 'target'",)),
    (changed(players=[{"name": n} for n in "ABCDEF"]), ("players", "2 to 5 players, not 6")),
    (changed(players=[{"name": "Ann"}]), ("2 to 5 players, not 1",)),
    (changed(seed="x"), ("seed", "valid integer")),
    (changed(players=[{"name": "Ann"}, {"name": "Ben", "bot": "clever"}]), ("players[1].bot", "unknown bot")),
    (changed(players=[{"name": "Ann"}, {"name": ""}]), ("players[1].name",)),
    (changed(deals=[dict(GOOD["deals"][0], rows=[1, 2])]), ("deals[0]", "unknown field 'rows'")),
    (changed(deals=[{k: v for k, v in GOOD["deals"][0].items() if k != "zero"}]), ("deals[0]", "'zero'",
                                                                                 "missing")),
    (changed(deals=[dict(GOOD["deals"][0], zero=["A", "F"])]), ("deals[0].zero[1]",)),
    (changed(deals=[dict(GOOD["deals"][0], zero=["A", "A"])]), ("different letter",)),
    (changed(deals=[dict(GOOD["deals"][0], removed=[1, 2])]), ("'removed' must list 50 cards",)),
    (changed(deals=[dict(GOOD["deals"][0], hands=[[10, 11, 12, 13, 14], [20, 21, 22, 23, 10]])]), ("twice",)),
    (changed(deals=[dict(GOOD["deals"][0], draw_pile=GOOD["deals"][0]["draw_pile"][1:])]), ("missing",)),
    (changed(deals=[GOOD["deals"][0], GOOD["deals"][0]]), ("one entry",)),
    (changed(deals=[dict(GOOD["deals"][0], reshuffles=[[0]])]), ("reshuffle",)),
], ids=["json", "format", "option", "six-players", "one-player", "seed", "bot", "name", "deal-field", "deal-missing",
        "letter-F", "letter-twice", "removed", "card-twice", "card-missing", "two-deals", "reshuffle-card"])
def test_a_broken_record_gives_one_error_line(tmp_path, capsys, record, parts):
    one_error(replay_json(tmp_path, capsys, record), *parts)


@pytest.mark.parametrize("actions, parts", [
    ([{"player": 0, "do": "select", "card": 10}], ("action 0", "there is no action 'select'")),
    ([{"player": 0, "do": "bid", "card": "7"}], ("action 0 (bid by player 0)", "card")),
    ([{"player": 0, "do": "bid", "card": 99}], ("action 0 (bid by player 0)", "card 99 is not in player 0's hand",
                                                 "bid by players 0, 1")),
    ([{"player": 0, "do": "bid", "card": 10, "row": 1}], ("action 0", "unknown field 'row'")),
    (ACTIONS[:2] + [{"player": 1, "do": "take", "row": 0}], ("action 2 (take by player 1)",
                                                             "player 0's decision")),
    (ACTIONS[:3] + [{"player": 0, "do": "lay", "card": 11}], ("action 3", "'pile'", "missing")),
    (ACTIONS[:3] + [{"player": 0, "do": "lay", "card": 11, "pile": 0}], ("action 3", "no pile 0")),
    (ACTIONS[:4] + [{"player": 1, "do": "zero_row", "row": 1}], ("action 4", "row 1 was taken by player 0")),
    (ACTIONS + [{"player": 0, "do": "bid", "card": 12}], ("action 5", "taken a row this round")),
    (ACTIONS + [{"player": 1, "do": "bid", "card": 20}, {"player": 1, "do": "bid", "card": 21}],
     ("action 6", "take by player 1")),
], ids=["unknown-kind", "card-text", "not-in-hand", "extra-field", "wrong-player", "lay-no-pile",
        "lay-no-such-pile", "zero-taken-row", "bid-after-take", "out-of-turn"])
def test_an_illegal_action_gives_one_error_line(tmp_path, capsys, actions, parts):
    one_error(replay_json(tmp_path, capsys, changed(actions=actions)), *parts)


def test_an_action_after_the_end(tmp_path, capsys):
    record = play_bot_game(["random", "random"], seed=2).record()
    record["actions"].append({"player": 0, "do": "bid", "card": 1})
    one_error(replay_json(tmp_path, capsys, record), f"action {len(record['actions']) - 1}", "the game is over")


def test_a_recorded_reshuffle_that_is_not_the_discard_pile(tmp_path, capsys):
    record = play_bot_game(["random", "random"], seed=3).record()
    first = record["deals"][0]["reshuffles"][0]
    record["deals"][0]["reshuffles"][0] = [c for c in range(1, 101) if c not in first][:len(first)]
    one_error(replay_json(tmp_path, capsys, record), "reshuffle 0 of the record")


# ---------------------------------------------------------------- sim


@pytest.mark.parametrize("bots", ["strong,random", "heuristic,strong,random", "random,heuristic,strong,random",
                                  "random,random,heuristic,heuristic,strong"])
def test_sim_json_at_every_seat_count_with_every_level(capsys, bots):
    code, out, err = run(capsys, "sim", "--variant", "bullenparty", "--bots", bots, "--games", "1", "--seed", "3",
                         "--json")
    assert code == 0 and err == ""
    stats = json.loads(out)
    assert stats["games"] == 1 and isinstance(stats["seconds"], float)
    assert [s["bot"] for s in stats["seats"]] == bots.split(",")
    assert sum(s["wins"] for s in stats["seats"]) >= 1
    for seat in stats["seats"]:
        assert set(seat) == {"bot", "wins", "mean_score", "decision_ms"}
        assert set(seat["decision_ms"]) == {"median", "p95", "max"}


def test_sim_is_the_same_for_the_same_seed(capsys):
    a = json.loads(run(capsys, "sim", "--variant", "bullenparty", "--bots", "strong,heuristic", "--games", "2",
                       "--json")[1])
    b = json.loads(run(capsys, "sim", "--variant", "bullenparty", "--bots", "strong,heuristic", "--games", "2",
                       "--json")[1])
    assert [(s["wins"], s["mean_score"]) for s in a["seats"]] == [(s["wins"], s["mean_score"]) for s in b["seats"]]


def test_sim_text(capsys):
    code, out, _err = run(capsys, "sim", "--variant", "bullenparty", "--bots", "random,heuristic", "--games", "3")
    assert code == 0 and "3 games of bullenparty" in out and "heuristic" in out


@pytest.mark.parametrize("bots, part", [("random", "2 to 5 players, not 1"),
                                        ("random," * 5 + "random", "2 to 5 players, not 6"),
                                        ("random,clever", "unknown bot 'clever'")])
def test_sim_refuses_a_bad_table(capsys, bots, part):
    one_error(run(capsys, "sim", "--variant", "bullenparty", "--bots", bots, "--games", "1"), part)
