"""Board-game records (docs/board.md, "Record"; issue 14 item 4): a game's record replays to the same state, on
the shipped board and on a hand-made one, both sides, with and without luck cards (BG6, BG7); the board is named
and hashed in `options`; every broken or hostile record is one RecordError line naming the problem."""

from __future__ import annotations

import copy
import json

import pytest
from board_rec_helpers import random_game, small_board, write_board

from bere_tui.engine.board.game import ACTION_FIELDS
from bere_tui.record import RecordError, dumps, parse_record, replay, result
from bere_tui.record.board import ACTION_KINDS, is_board
from bere_tui.systems import make_game


def through_json(record: dict) -> dict:
    return json.loads(json.dumps(record))


def state(game) -> dict:
    """Everything a replay must give back: the result (every hand, rows, decks, scores) and the record."""
    return {"result": result(game), "record": game.record()}


# ---------------------------------------------------------------- round trips


@pytest.mark.parametrize("n", [2, 3, 4, 5, 6])
@pytest.mark.parametrize(("side", "luck"), [("blue", False), ("blue", True), ("red", False), ("red", True)])
def test_a_random_game_replays_to_the_same_state(n, side, luck):
    for seed in range(3):
        game = random_game(n, seed, {"side": side, "luck": luck})
        assert game.finished
        again = replay(through_json(game.record()))
        assert state(again) == state(game)
        assert again.winners == game.winners and again.finished


@pytest.mark.parametrize(("side", "luck"), [("blue", True), ("red", True)])
def test_a_replay_stopped_part_way_is_the_game_at_that_point(side, luck):
    game = random_game(4, 11, {"side": side, "luck": luck})
    record = through_json(game.record())
    for upto in (0, 1, 5, len(record["actions"]) // 2, len(record["actions"]) - 1):
        part = random_game(4, 11, {"side": side, "luck": luck}, stop_after=upto)
        assert state(replay(record, upto)) == state(part)


def test_a_game_on_a_hand_made_board_file_replays_from_its_record(tmp_path):
    path = write_board(tmp_path, small_board())
    for side in ("blue", "red"):
        for n in (2, 3):
            game = random_game(n, 5, {"board": str(path), "side": side, "luck": True})
            record = through_json(game.record())
            assert record["options"]["board"] == str(path)
            assert len(record["options"]["board_sha256"]) == 64
            assert len(record["deals"][0]["supply"]) == 30 - 4 - 5 * n
            assert state(replay(record)) == state(game)


def test_the_record_names_and_hashes_the_board():
    game = make_game("board", ["Ann", "Ben"], seed=1)
    options = game.record()["options"]
    assert options["board"] == "standard" and options["side"] == "blue" and options["luck"] is False
    from bere_tui.boards import load_board

    assert options["board_sha256"] == load_board("standard").sha256


def test_dumps_writes_a_record_that_loads_again():
    game = random_game(3, 2, {"side": "red"}, stop_after=9)
    assert state(replay(json.loads(dumps(game)))) == state(game)


def test_deals_left_out_are_dealt_from_the_seed():
    game = random_game(2, 8, {"luck": True})
    record = through_json(game.record())
    record["deals"] = []
    assert state(replay(record)) == state(game)


def test_a_record_without_board_sha256_plays_on_the_named_board_as_it_is_now(tmp_path):
    path = write_board(tmp_path, small_board())
    game = random_game(2, 3, {"board": str(path)})
    record = through_json(game.record())
    del record["options"]["board_sha256"]
    board = small_board()
    board["name"] = "changed, but the same layout"
    write_board(tmp_path, board)
    again = replay(record)
    assert again.scores == game.scores and again.options["board_sha256"] != game.options["board_sha256"]


def test_a_given_setup_is_used_as_given():
    record = through_json(make_game("board", ["Ann", "Ben"], seed=4).record())
    deal = record["deals"][0]
    deal["rows"], deal["hands"][0][:4] = deal["hands"][0][:4], deal["rows"]
    deal["hands"][0].sort()
    game = replay(record)
    assert [row[0] for row in game.rows[:4]] == deal["rows"]
    assert game.hands[0] == deal["hands"][0]


def test_the_result_of_a_new_game():
    game = make_game("board", ["Ann", "Ben", "Cid"], seed=9, options={"side": "red"})
    out = result(game)
    assert out["format"] == "bere-result/1" and out["variant"] == "board"
    assert out["finished"] is False and out["winners"] == [] and out["hand"] == 1 and out["turn"] == 1
    assert out["pending"] == {"do": "select", "players": [0, 1, 2]}
    assert [row["active"] for row in out["rows"]] == [True] * 4 + [False] * (len(out["rows"]) - 4)  # BG2
    assert [row["tiles"] for row in out["rows"][:4]] == [[t] for t in game.setup["rows"]]
    assert all(row["changed"] == [] and row["stop"] is False for row in out["rows"])
    assert [p["hand"] for p in out["players"]] == game.setup["hands"]
    assert all(p["score"] == 0 and p["action_cards"] == [] for p in out["players"])  # BG1
    assert out["supply"] == game.setup["supply"] and out["action_deck"] == game.setup["action_deck"]
    assert out["luck_deck"] == [] and out["out"] == []
    json.dumps(out)  # plain JSON


def test_the_result_of_a_finished_game_names_the_highest_scores():
    game = random_game(5, 21, {"side": "red", "luck": True})
    out = result(game)
    scores = [p["score"] for p in out["players"]]
    assert out["finished"] is True and out["pending"] is None
    assert out["winners"] == [p for p, s in enumerate(scores) if s == max(scores)]  # BG-D7: ties share


def test_a_pending_placement_shows_its_player():
    for seed in range(200):
        game = random_game(4, seed, {"side": "red", "luck": True}, stop_after=None)
        record = game.record()
        for upto in range(len(record["actions"])):
            part = replay(record, upto)
            if part.pending is not None and part.pending["do"] != "select":
                assert result(part)["pending"] == {"do": part.pending["do"], "player": part.pending["player"]}
                return
    pytest.fail("no game of 200 asked anything but select")


def test_parse_record_gives_the_actions_as_the_engine_takes_them():
    game = random_game(2, 1, {"side": "red"})
    model, actions = parse_record(through_json(game.record()))
    assert model.variant == "board" and actions == game.actions
    assert {a["do"] for a in actions} <= set(ACTION_KINDS)
    for action in actions:
        assert set(action) == {"player", "do", *ACTION_FIELDS[action["do"]]}


def test_is_board():
    assert is_board({"variant": "board"}) and not is_board({"variant": "base"}) and not is_board([])


# ---------------------------------------------------------------- hostile records


def good_record() -> dict:
    """Two players on the blue side; the first turn chosen (Ann her lowest tile, Ben his highest)."""
    game = make_game("board", [{"name": "Ann"}, {"name": "Ben", "bot": "random"}], seed=7)
    game.apply({"player": 0, "do": "select", "tiles": [game.hands[0][0]], "card": None})
    game.apply({"player": 1, "do": "select", "tiles": [game.hands[1][-1]], "card": None})
    return through_json(game.record())


def changed(edit) -> dict:
    record = copy.deepcopy(good_record())
    edit(record)
    return record


def _set(*path_and_value):
    *path, value = path_and_value

    def edit(record):
        target = record
        for key in path[:-1]:
            target = target[key]
        target[path[-1]] = value
    return edit


def _drop(*path):
    def edit(record):
        target = record
        for key in path[:-1]:
            target = target[key]
        del target[path[-1]]
    return edit


def _add_action(action):
    return lambda record: record["actions"].append(action)


HOSTILE = [
    ("variant unknown", _set("variant", "boards"), ["variant", "board"]),
    ("format", _set("format", "bere-record/9"), ["format"]),
    ("seed a string", _set("seed", "7"), ["seed"]),
    ("seed a float", _set("seed", 7.0), ["seed"]),
    ("options.side a number", _set("options", "side", 5), ["options.side"]),
    ("options.side unknown", _set("options", "side", "green"), ["side", "green"]),
    ("options.luck a string", _set("options", "luck", "yes"), ["options.luck"]),
    ("options.board a number", _set("options", "board", 3), ["options.board"]),
    ("options.board empty", _set("options", "board", ""), ["options.board"]),
    ("options.board_sha256 not hex", _set("options", "board_sha256", "xyz"), ["options.board_sha256"]),
    ("options.board_sha256 wrong", _set("options", "board_sha256", "0" * 64), ["standard", "not the one"]),
    ("an unknown option", _set("options", "target", 66), ["unknown option", "target"]),
    ("unknown board", _set("options", "board", "nosuchboard"), ["board file", "nosuchboard", "no such file"]),
    ("a board name with a NUL byte", _set("options", "board", "a\x00b.json"), ["board"]),
    ("a board that is a folder", _set("options", "board", "/"), ["board file '/'", "folder"]),
    ("luck on, the luck deck empty", _set("options", "luck", True), ["deal 0", "luck_deck"]),
    ("one player", lambda r: r["players"].pop(), ["players", "2 to 6"]),
    ("seven players", _set("players", [{"name": f"P{i}"} for i in range(7)]), ["players", "2 to 6"]),
    ("an unknown bot", _set("players", 1, "bot", "genius"), ["players[1].bot", "genius"]),
    ("a name with a newline", _set("players", 0, "name", "A\nB"), ["players[0].name"]),
    ("two deals", lambda r: r["deals"].append(copy.deepcopy(r["deals"][0])), ["deals", "one entry"]),
    ("a deal field missing", _drop("deals", 0, "supply"), ["deals[0]", "supply", "missing"]),
    ("a deal field of a wrong type", _set("deals", 0, "rows", "1,2,3,4"), ["deals[0].rows"]),
    ("a tile of a wrong type", _set("deals", 0, "rows", 0, "5"), ["deals[0].rows[0]"]),
    ("an unknown deal field", _set("deals", 0, "bonus", []), ["deals[0]", "bonus"]),
    ("a tile dealt twice", lambda r: r["deals"][0]["rows"].__setitem__(0, r["deals"][0]["rows"][1]),
     ["deal 0", "twice"]),
    ("a huge tile", _set("deals", 0, "rows", 0, 10**30), ["deal 0", "not a tile"]),
    ("a hand too short", lambda r: r["deals"][0]["hands"][0].pop(), ["deal 0", "hands"]),
    ("the luck deck without luck", _set("deals", 0, "luck_deck", ["plus5"]), ["deal 0", "luck_deck"]),
    ("an action not an object", _add_action([1, 2]), ["action 2", "object"]),
    ("an action without do", _add_action({"player": 0}), ["action 2", "do"]),
    ("an unknown action", _add_action({"player": 0, "do": "jump"}), ["action 2", "jump"]),
    ("select without card", _add_action({"player": 0, "do": "select", "tiles": [1]}), ["action 2", "card", "missing"]),
    ("select with tiles a number", _add_action({"player": 0, "do": "select", "tiles": 1, "card": None}),
     ["action 2", "tiles"]),
    ("select with an extra field", _add_action({"player": 0, "do": "select", "tiles": [1], "card": None, "row": 1}),
     ["action 2", "row"]),
    ("a luck action's space a string", _add_action({"player": 0, "do": "luck", "row": 0, "space": "2"}),
     ["action 2", "space"]),
    ("a huge player", _add_action({"player": 10**30, "do": "select", "tiles": [1], "card": None}),
     ["action 2", "no player"]),
    ("a huge tile in select", _add_action({"player": 0, "do": "select", "tiles": [10**30], "card": None}),
     ["action 2", "not in player 0's hand"]),
]


@pytest.mark.parametrize(("edit", "parts"), [h[1:] for h in HOSTILE], ids=[h[0] for h in HOSTILE])
def test_a_hostile_record_is_one_line_naming_the_problem(edit, parts):
    with pytest.raises(RecordError) as caught:
        replay(changed(edit))
    message = str(caught.value)
    assert "\n" not in message
    for part in parts:
        assert part in message, message


def test_an_illegal_action_is_named_by_its_index_and_what_was_asked():
    record = good_record()
    game = replay(record)
    not_held = next(t for t in range(1, 101) if t not in game.hands[0])
    record["actions"].append({"player": 0, "do": "select", "tiles": [not_held], "card": None})
    with pytest.raises(RecordError) as caught:
        replay(record)
    message = str(caught.value)
    index = len(record["actions"]) - 1
    assert message.startswith(f"action {index} (select by player 0): ")
    assert f"tile {not_held} is not in player 0's hand" in message


def test_an_action_out_of_turn_says_what_the_game_was_asking_for():
    record = good_record()
    game = replay(record)
    record["actions"].append({"player": 1, "do": "place_row", "row": 0})
    with pytest.raises(RecordError) as caught:
        replay(record)
    assert "the game was asking for" in str(caught.value) or game.describe_pending() in str(caught.value)


def test_an_action_card_not_held_is_refused():
    record = good_record()
    record["actions"].append({"player": 0, "do": "select", "tiles": [replay(record).hands[0][0]], "card": "swap"})
    with pytest.raises(RecordError, match="holds no action card 'swap'"):
        replay(record)


def test_a_changed_board_file_is_refused_by_its_hash(tmp_path):
    path = write_board(tmp_path, small_board())
    record = through_json(random_game(2, 1, {"board": str(path)}).record())
    board = small_board()
    board["sides"]["blue"]["rows"][3]["spaces"] = [{"space": 2, "kind": "bull_plus"}]
    write_board(tmp_path, board)
    with pytest.raises(RecordError, match="not the one this game was played on"):
        replay(record)


def test_a_broken_board_file_named_in_a_record_is_one_line(tmp_path):
    board = small_board()
    board["sides"]["blue"]["rows"][0]["spaces"] = [{"space": 3, "kind": "bull_plus"}]  # BG-D2: the final space
    path = write_board(tmp_path, board)
    record = good_record()
    record["options"] = {"board": str(path)}
    record["deals"], record["actions"] = [], []
    with pytest.raises(RecordError) as caught:
        replay(record)
    message = str(caught.value)
    assert "\n" not in message and str(path) in message and "sides.blue.rows[0]" in message


def test_a_board_narrower_than_the_game_is_refused_by_player_count(tmp_path):
    path = write_board(tmp_path, small_board())  # 2 to 3 players
    record = {"format": "bere-record/1", "variant": "board", "options": {"board": str(path)},
              "players": [{"name": f"P{i}"} for i in range(4)], "seed": 1}
    with pytest.raises(RecordError, match="2 to 3 players, not 4"):
        replay(record)


def test_an_unknown_variant_lists_the_board_game():
    with pytest.raises(RecordError) as caught:
        replay({"format": "bere-record/1", "variant": "boardgame", "players": [], "seed": 1})
    assert "bullenparty, board" in str(caught.value)


def test_the_example_of_docs_board_md_replays():
    """docs/board.md, "Record": its example (the setup dealt from the seed) is a record the engine plays."""
    from pathlib import Path

    text = (Path(__file__).parents[2] / "docs" / "board.md").read_text(encoding="utf-8")
    example = text.split("## Record", 1)[1].split("```json", 1)[1].split("```", 1)[0]
    actions = [json.loads(line.strip().rstrip(",")) for line in example.splitlines() if '"do":' in line]
    record = {"format": "bere-record/1", "variant": "board", "options": {"side": "red", "luck": True},
              "players": [{"name": "Ann"}, {"name": "Ben", "bot": "random"}], "seed": 16, "actions": actions}
    game = replay(record)
    assert [a["do"] for a in game.actions] == ["select"] * 4 + ["luck"]
    assert game.setup["rows"] == [77, 98, 36, 49] and game.overlays == {(2, 2): "plus5"}  # BG6


def test_huge_numbers_where_any_whole_number_goes():
    record = good_record()
    record["seed"] = 10**400  # any whole number seeds the generator; the deal is the record's
    game = replay(record)
    assert game.seed == 10**400 and len(game.actions) == 2
    assert json.loads(dumps(game))["seed"] == 10**400
