"""Board files (`bere-board/1`, docs/board.md; bere_tui/boards.py): the shipped board loads with both sides,
and every kind of bad file gets ONE BoardFileError whose one-line message names the file and the field (BG-D2:
the layout is data; issue 14: "a bad board file gets one clear message naming the file and the field").
Hypothesis feeds junk and mutated boards: nothing but BoardFileError ever comes out, and a board that loads
can be played to its end on every side it has.

Files are written to the test's own folder and named by a short relative path (the test changes into that
folder), so no message depends on the length of a path.
"""

from __future__ import annotations

import copy
import hashlib
import json
import random

import pytest
from hypothesis import HealthCheck, assume, example, given, settings
from hypothesis import strategies as st

from bere_tui.boards import MAX_GATHER_ROWS, BoardFileError, load_board, parse_board, shipped_boards
from bere_tui.engine.board import Game
from bere_tui.engine.errors import SetupError
from bere_tui.jsonfile import MAX_BYTES
from bere_tui.paths import assets
from bere_tui.systems import make_game

NAME = "bad.json"


def valid() -> dict:
    """A small board that loads: 30 tiles, hands of 3, both sides of 5 rows."""
    return {
        "format": "bere-board/1",
        "name": "small",
        "players": {"min": 2, "max": 6},
        "hand": 3,
        "tiles": {"bullheads": [1, 2, 3, 4, 5] * 6},
        "luck_cards": {"cards": [{"kind": "plus5", "count": 2}, {"kind": "final_bonus", "count": 1}]},
        "action_cards": {"cards": [{"kind": "stop", "count": 2}, {"kind": "swap", "count": 1}]},
        "sides": {
            "blue": {"pro": False, "rows": [
                {"length": 4, "spaces": [{"space": 2, "kind": "bull_plus"}, {"space": 3, "kind": "take_row"}]},
                {"length": 3, "spaces": [{"space": 2, "kind": "bull_minus", "value": 2}]},
                {"length": 5, "spaces": [{"space": 4, "kind": "play_two"}]},
                {"length": 3},
                {"length": 6, "spaces": []}]},
            "red": {"pro": True, "rows": [
                {"length": 4, "spaces": [{"space": 2, "kind": "draw_tile"}, {"space": 3, "kind": "row_to_hand"}]},
                {"length": 3, "spaces": [{"space": 2, "kind": "action_card"}]},
                {"length": 5},
                {"length": 3},
                {"length": 7, "spaces": [{"space": 6, "kind": "take_row"}]}]},
        },
    }


@pytest.fixture
def here(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    return tmp_path


def write(here, data, name=NAME):
    raw = data if isinstance(data, bytes) else json.dumps(data).encode()
    (here / name).write_bytes(raw)
    return "./" + name if "/" not in name else name


def bad(here, data, name=NAME) -> str:
    """The one message a bad file gets."""
    path = write(here, data, name)
    with pytest.raises(BoardFileError) as info:
        load_board(path)
    msg = str(info.value)
    assert "\n" not in msg and msg.startswith("board file '" + path + "': "), msg
    return msg


# ---------------------------------------------------------------------------------------------- the shipped board


def test_the_shipped_board_loads_with_both_sides_and_plays_on_each():
    """BG1, BG-D2: bere_tui/assets/boards/standard.json has a blue (base) and a red (pro) side; it is the default; its
    hash is of the file's bytes; every invented part is marked as a reconstruction."""
    assert "standard" in shipped_boards()
    b = load_board()
    assert b.name == "standard" and set(b.sides) == {"blue", "red"}
    assert b.sha256 == hashlib.sha256((assets() / "boards" / "standard.json").read_bytes()).hexdigest()
    assert set(b.reconstructed) == {"sides.blue", "sides.red", "tiles", "luck_cards", "action_cards"}
    for side in ("blue", "red"):
        g = make_game("board", ["A", "B", "C"], 4, {"side": side, "luck": True})
        assert g.side.name == side and g.side.pro == (side == "red")


def test_the_small_valid_board_loads(here):
    b = load_board(write(here, valid()))
    assert b.tiles == 30 and b.heads[5] == 5 and len(b.sides["blue"].rows) == 5
    assert b.sides["blue"].rows[0].spaces[1].kind == "bull_plus"  # space 2 counted from 1
    assert b.sides["blue"].rows[1].spaces[1].value == 2
    assert b.luck_cards == ("plus5", "plus5", "final_bonus") and b.action_cards == ("stop", "stop", "swap")


# ---------------------------------------------------------------------------------------------- bad files


def _set(path, value):
    def change(d):
        *head, last = path
        for k in head:
            d = d[k]
        if value is KeyError:
            del d[last]
        else:
            d[last] = value
    return change


BLUE0 = ("sides", "blue", "rows", 0)
CASES = [
    ("missing field", _set(("tiles",), KeyError), ["tiles", "missing"]),
    ("missing nested field", _set((*BLUE0, "length"), KeyError), ["sides.blue.rows[0].length", "missing"]),
    ("missing side flag", _set(("sides", "red", "pro"), KeyError), ["sides.red.pro", "missing"]),
    ("wrong type", _set(("hand",), "12"), ["hand"]),
    ("bool for a number", _set(("sides", "blue", "rows", 1, "length"), True), ["sides.blue.rows[1].length"]),
    ("rows not a list", _set(("sides", "blue", "rows"), {"length": 3}), ["sides.blue.rows"]),
    ("unknown space kind", _set((*BLUE0, "spaces", 0, "kind"), "bull_huge"), ["sides.blue.rows[0].spaces[0].kind"]),
    ("special on the final space", _set((*BLUE0, "spaces", 1, "space"), 4),
     ["sides.blue.rows[0]: space 4 is the final space or past it (the row has 4 spaces); specials go on spaces 2 to 3"]),
    ("special past the final space", _set((*BLUE0, "spaces", 1, "space"), 9), ["sides.blue.rows[0]", "final space"]),
    ("special on space 1", _set((*BLUE0, "spaces", 0, "space"), 1), ["sides.blue.rows[0].spaces[0].space"]),
    ("duplicate space", _set((*BLUE0, "spaces", 1, "space"), 2), ["sides.blue.rows[0]", "twice"]),
    ("pro kind on a base side", _set((*BLUE0, "spaces", 0, "kind"), "draw_tile"),
     ["sides.blue: row 1: a draw_tile space belongs on a pro side"]),
    ("value on a non-bull space", _set((*BLUE0, "spaces", 1, "value"), 3), ["sides.blue.rows[0].spaces[1]", "value"]),
    ("too few rows", _set(("sides", "blue", "rows"), [{"length": 3}] * 4), ["sides.blue.rows"]),
    ("too many rows", _set(("sides", "red", "rows"), [{"length": 3}] * 11), ["sides.red.rows"]),
    ("row too short", _set((*BLUE0, "length"), 2), ["sides.blue.rows[0].length"]),
    ("row too long", _set(("sides", "blue", "rows", 4, "length"), 11), ["sides.blue.rows[4].length"]),
    ("too few tiles for the player count", _set(("tiles", "bullheads"), [1] * 21),
     ["tiles: 21 tiles are too few for 3 players with hands of 3"]),
    ("too few tiles with the second hand", _set(("players",), {"min": 2, "max": 3}), None),
    ("bullheads 0", _set(("tiles", "bullheads", 3), 0), ["tiles.bullheads[3]"]),
    ("bullheads 6", _set(("tiles", "bullheads", 7), 6), ["tiles.bullheads[7]"]),
    ("bullheads not a number", _set(("tiles", "bullheads", 0), "1"), ["tiles.bullheads[0]"]),
    ("unknown luck card", _set(("luck_cards", "cards", 1, "kind"), "minus5"), ["luck_cards.cards[1].kind", "minus5"]),
    ("unknown action card", _set(("action_cards", "cards", 0, "kind"), "jump"), ["action_cards.cards[0].kind", "jump"]),
    ("negative card count", _set(("action_cards", "cards", 0, "count"), -1), ["action_cards.cards[0].count"]),
    ("unknown field", _set(("colour",), "red"), ["colour", "unknown field"]),
    ("unknown side", _set(("sides", "green"), {"pro": False, "rows": []}), ["sides.green"]),
    ("no side", _set(("sides",), {}), ["sides"]),
    ("players min over max", _set(("players",), {"min": 5, "max": 3}), ["players"]),
    ("seven players", _set(("players", "max"), 7), ["players.max"]),
    ("wrong format", _set(("format",), "bere-board/9"), ["format", "bere-board/1"]),
    ("no format", _set(("format",), KeyError), ["format"]),
]


@pytest.mark.parametrize("what, change, words", CASES, ids=[c[0] for c in CASES])
def test_a_bad_board_file_gets_one_message_naming_the_file_and_the_field(here, what, change, words):
    data = valid()
    if what == "too few tiles with the second hand":  # 3 players with two hands of 12 need 76 tiles
        data["hand"] = 12
        data["tiles"]["bullheads"] = [1] * 75
        words = ["tiles: 75 tiles are too few for 3 players with hands of 12"]
    change(data)
    msg = bad(here, data)
    for word in words:
        assert word in msg, (word, msg)


@pytest.mark.parametrize("what, raw, words", [
    ("not JSON", b'{"format": "bere-board/1",', ["not valid JSON"]),
    ("empty", b"", ["not valid JSON"]),
    ("not UTF-8", b'{"name": "\xff\xfe"}', ["not UTF-8"]),
    ("not an object", b"[1, 2, 3]", ["JSON object"]),
    ("nested too deeply", b"[" * 100_000 + b"]" * 100_000, ["nested too deeply"]),
    ("a number of too many digits", b'{"hand": 1' + b"0" * 5000 + b"}", ["too many digits"]),
])
def test_a_file_that_is_no_board_json_gets_one_message(here, what, raw, words):
    msg = bad(here, raw)
    for word in words:
        assert word in msg, (word, msg)


def test_a_too_large_file_gets_one_message(here):
    msg = bad(here, b" " * (MAX_BYTES + 1))
    assert "too large" in msg


def test_a_folder_or_a_missing_file_gets_one_message(here):
    (here / "folder.json").mkdir()
    with pytest.raises(BoardFileError) as info:
        load_board("./folder.json")
    assert str(info.value) == "board file './folder.json': it is a folder, not a file"
    with pytest.raises(BoardFileError) as info:
        load_board("./nowhere.json")
    assert str(info.value).startswith("board file './nowhere.json': no such file") and "standard" in str(info.value)
    with pytest.raises(BoardFileError) as info:
        load_board("no-such-board")  # a shipped board's name that is not shipped
    assert "'no-such-board'" in str(info.value) and "\n" not in str(info.value)
    for name in ("", None, 7):
        with pytest.raises(BoardFileError):
            load_board(name)


def test_make_game_turns_a_bad_board_into_one_setup_error(here):
    """The edge (bere_tui/systems.py): a bad board file is a SetupError with the same one message."""
    path = write(here, {"format": "bere-board/1"})
    with pytest.raises(SetupError) as info:
        make_game("board", ["A", "B"], 1, {"board": path})
    assert str(info.value).startswith("board file './bad.json': ") and "players" in str(info.value)


def test_a_board_file_and_a_game_record_name_the_same_board(here):
    """A game on a player's board file records the file's name and hash (issue 14, item 4), and a changed file
    is refused for that record's options."""
    path = write(here, valid(), "mine.json")
    g = make_game("board", ["A", "B"], 3, {"board": path, "side": "red"})
    opts = g.record()["options"]
    assert opts["board"] == path
    assert opts["board_sha256"] == hashlib.sha256((here / "mine.json").read_bytes()).hexdigest()
    data = valid()
    data["hand"] = 2
    write(here, data, "mine.json")
    with pytest.raises(SetupError):
        make_game("board", ["A", "B"], 3, opts)


# ---------------------------------------------------------------------------------------------- hypothesis

JUNK = st.recursive(
    st.none() | st.booleans() | st.integers(-10, 300) | st.floats(allow_nan=True) | st.text(max_size=12)
    | st.sampled_from(["bull_plus", "plus5", "stop", "blue", "red", "bere-board/1", "length", "spaces"]),
    lambda inner: st.lists(inner, max_size=5) | st.dictionaries(
        st.sampled_from(["format", "sides", "blue", "rows", "length", "space", "kind", "value", "pro", "cards",
                         "count", "tiles", "bullheads", "players", "min", "max", "hand", "x"]) | st.text(max_size=5),
        inner, max_size=5),
    max_leaves=20)


def _paths(value, prefix=()):
    yield prefix
    if isinstance(value, dict):
        for k, v in value.items():
            yield from _paths(v, (*prefix, k))
    elif isinstance(value, list):
        for i, v in enumerate(value):
            yield from _paths(v, (*prefix, i))


def _play_every_side(b) -> None:
    """A board that loads must set up and play to its end on each of its sides, at its fewest and most players."""
    for side in b.sides:
        for n in {b.min_players, b.max_players}:
            for luck in (False, True):
                g = Game([str(p) for p in range(n)], seed=n, options={"side": side, "luck": luck}, board=b)
                rng = random.Random(n)
                for _step in range(5000):
                    if g.finished:
                        break
                    p = rng.choice(g.deciders())
                    g.apply(rng.choice(g.legal(p)))
                assert g.finished and sum(g.active) == 4


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(JUNK)
def test_junk_json_gives_only_a_board_file_error(junk):
    raw = json.dumps(junk).encode()
    with pytest.raises(BoardFileError):
        parse_board(raw, "junk.json")


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.data())
def test_a_mutated_board_gives_a_board_file_error_or_a_board_that_plays(data):
    """One part of a valid board replaced by junk (or removed): a BoardFileError, or a board that plays."""
    board = valid()
    paths = list(_paths(board))[1:]
    path = data.draw(st.sampled_from(paths), label="path")
    new = data.draw(JUNK | st.integers(-3, 40) | st.just(KeyError), label="value")
    changed = copy.deepcopy(board)
    _set(path, new)(changed)
    try:
        b = parse_board(json.dumps(changed).encode(), "mutant.json")
    except BoardFileError as exc:
        assert "\n" not in str(exc) and str(exc).startswith("board file 'mutant.json': ")
        return
    _play_every_side(b)


@settings(max_examples=200, deadline=None)
@given(st.binary(max_size=200))
def test_random_bytes_give_only_a_board_file_error(raw):
    with pytest.raises(BoardFileError):
        parse_board(raw, "bytes.json")


@st.composite
def boards(draw):
    """A valid board file of any shape docs/board.md allows."""
    lo = draw(st.integers(2, 6), label="min players")
    hi = draw(st.integers(lo, 6), label="max players")
    hand = draw(st.integers(1, 12), label="hand")
    second = draw(st.integers(0, 6), label="second_hand_max_players")
    needed = max(4 + hand * n * (2 if n <= second else 1) for n in range(lo, hi + 1))
    assume(max(needed, 20) <= 200)
    tiles = draw(st.integers(max(needed, 20), 200), label="tiles")

    def side(pro):
        kinds = ["bull_plus", "bull_minus", "take_row", "play_two"] + (
            ["draw_tile", "row_to_hand", "action_card"] if pro else [])
        rows = []
        for _r in range(draw(st.integers(5, 10))):
            length = draw(st.integers(3, 10))
            spaces = []
            gather_rows = sum(any(s["kind"] == "row_to_hand" for s in row["spaces"]) for row in rows)
            for space in draw(st.sets(st.integers(2, length - 1))):
                kind = draw(st.sampled_from(  # at most 3 rows with row_to_hand (boards.MAX_GATHER_ROWS)
                    [k for k in kinds if k != "row_to_hand" or gather_rows < MAX_GATHER_ROWS]))
                entry = {"space": space, "kind": kind}
                if kind.startswith("bull") and draw(st.booleans()):
                    entry["value"] = draw(st.integers(1, 20))
                spaces.append(entry)
            rows.append({"length": length, "spaces": spaces})
        return {"pro": pro, "rows": rows}

    sides = draw(st.sampled_from([("blue",), ("red",), ("blue", "red")]))
    return {
        "format": "bere-board/1",
        "players": {"min": lo, "max": hi},
        "hand": hand,
        "second_hand_max_players": second,
        "stop_tokens": draw(st.integers(0, 5)),
        "tiles": {"bullheads": draw(st.lists(st.integers(1, 5), min_size=tiles, max_size=tiles))},
        "luck_cards": {"cards": [{"kind": k, "count": draw(st.integers(0, 6))} for k in ("plus5", "final_bonus")]},
        "action_cards": {"cards": [{"kind": k, "count": draw(st.integers(0, 4))}
                                   for k in ("play_first", "place_anywhere", "swap", "stop")]},
        "sides": {name: side(name == "red") for name in sides},
    }


@settings(max_examples=100, deadline=None, suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])
@given(boards(), st.integers(0, 10**6))
def test_every_valid_board_loads_and_plays_with_the_invariants(data, seed):
    """BG-D2 (the layout is data): any board the format allows loads, and on each of its sides a random game at
    its fewest and most players keeps the step invariants (tests/board/test_board_invariants.py) to its end."""
    from test_board_invariants import Mirror, check_step

    b = parse_board(json.dumps(data).encode(), "made.json")
    for side in b.sides:
        for n in sorted({b.min_players, b.max_players}):
            g = Game([str(p) for p in range(n)], seed=seed, options={"side": side, "luck": True}, board=b)
            mirror = Mirror(g)
            mirror.see(g.opening_events)
            rng = random.Random(seed)
            while not g.finished:
                p = rng.choice(g.deciders())
                mirror.see(g.apply(rng.choice(g.legal(p))))
                check_step(g)
                mirror.check(g)
            assert all(h == [] for h in g.hands) and g.winners


# ------------------------------------------------- every board that loads makes games that end (issue 36 item 4)

#: more actions than any random game on a board that loads has needed (the longest of 1,800 measured: 217)
MAX_ACTIONS = 5000


def gather_side(rows: int, gather: int, length: int = 3, space: int = 2) -> dict:
    """A pro side of `rows` rows of `length` spaces, the first `gather` with row_to_hand on `space`."""
    return {"pro": True, "rows": [{"length": length, "spaces": [{"space": space, "kind": "row_to_hand"}]}
                                  for _r in range(gather)] + [{"length": length} for _r in range(rows - gather)]}


def plays_to_its_end(b, seed: int) -> None:
    """Random games at the board's fewest and most players, with and without luck cards, end within MAX_ACTIONS."""
    for n in sorted({b.min_players, b.max_players}):
        for luck in (False, True):
            g = Game([str(p) for p in range(n)], seed=seed, options={"side": "red", "luck": luck}, board=b)
            rng = random.Random(seed)
            for _step in range(MAX_ACTIONS):
                if g.finished:
                    break
                p = rng.choice(g.deciders())
                g.apply(rng.choice(g.legal(p)))
            assert g.finished, f"{n} players, luck {luck}: no end after {MAX_ACTIONS} actions"


def test_a_side_whose_rows_all_give_their_tiles_back_is_refused(here):
    """Issue 36: red rows of 3 spaces with row_to_hand on space 2 played for ever (each tile gathers the row
    back into its owner's hand). More than 3 such rows are refused with the reason; 3 load, and the game ends."""
    data = valid()
    data["sides"]["red"] = gather_side(5, 5)
    msg = bad(here, data)
    assert "sides.red" in msg and "rows 1, 2, 3, 4, 5 have a row_to_hand space" in msg and "never end" in msg
    data["sides"]["red"] = gather_side(5, MAX_GATHER_ROWS + 1)
    assert "at most 3 such rows" in bad(here, data)
    data["sides"]["red"] = gather_side(5, MAX_GATHER_ROWS)
    plays_to_its_end(load_board(write(here, data)), seed=1)


@st.composite
def gather_boards(draw):
    """Pro sides that invite endless games: short rows, many of them with row_to_hand early, few other specials
    (a row that reaches its final space sends tiles out of the game)."""
    hand = draw(st.integers(1, 8), label="hand")
    rows = []
    for _r in range(draw(st.integers(5, 10), label="rows")):
        length = draw(st.sampled_from([3, 3, 4, 6, 10]))
        spaces = {}
        if draw(st.booleans()):
            spaces[draw(st.integers(2, length - 1))] = "row_to_hand"
        for space in range(2, length):
            if space not in spaces and draw(st.integers(0, 9)) == 0:
                spaces[space] = draw(st.sampled_from(["bull_plus", "bull_minus", "take_row", "play_two", "draw_tile",
                                                      "action_card"]))
        rows.append({"length": length, "spaces": [{"space": s, "kind": k} for s, k in spaces.items()]})
    return {
        "format": "bere-board/1",
        "players": {"min": 2, "max": draw(st.integers(2, 6))},
        "hand": hand,
        "tiles": {"bullheads": [1 + t % 5 for t in range(max(20, 4 + 2 * 6 * hand))]},
        "luck_cards": {"cards": [{"kind": k, "count": draw(st.integers(0, 3))} for k in ("plus5", "final_bonus")]},
        "action_cards": {"cards": [{"kind": k, "count": draw(st.integers(0, 2))}
                                   for k in ("play_first", "place_anywhere", "swap", "stop")]},
        "sides": {"red": {"pro": True, "rows": rows}},
    }


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(gather_boards(), st.integers(0, 10**6))
@example({**valid(), "players": {"min": 2, "max": 3}, "sides": {"red": gather_side(5, 5)}}, 1)  # the issue's
@example({**valid(), "players": {"min": 2, "max": 2}, "sides": {"red": gather_side(6, 4, 4, 2)}}, 7)
def test_every_board_that_loads_makes_games_that_end(data, seed):
    """Issue 36 item 4 (boards.SideModel._ends proves it): a board the loader accepts ends every random game
    within MAX_ACTIONS actions; a board it refuses is refused for its row_to_hand rows."""
    try:
        b = parse_board(json.dumps(data).encode(), "gather.json")
    except BoardFileError as exc:
        assert "row_to_hand" in str(exc) and "never end" in str(exc)
        return
    plays_to_its_end(b, seed)


def test_note_and_reconstruction_may_stand_on_any_part(here):
    """docs/board.md: `reconstruction` and `note` may stand on any part; the rules screen lists the
    reconstructed parts (Board.reconstructed), a marked row or space marking its side."""
    data = valid()
    parts = [data["players"], data["tiles"], data["luck_cards"], data["luck_cards"]["cards"][0],
             data["action_cards"], data["action_cards"]["cards"][1], data["sides"]["blue"],
             data["sides"]["blue"]["rows"][2], data["sides"]["red"]["rows"][0]["spaces"][1]]
    for part in parts:
        part["note"] = "why"
        part["reconstruction"] = True
    b = load_board(write(here, data))
    assert set(b.reconstructed) == {"players", "tiles", "luck_cards", "action_cards", "sides.blue", "sides.red"}
    for only, listed in [(("sides", "red", "rows", 0, "spaces", 0), "sides.red"),
                         (("sides", "blue", "rows", 1), "sides.blue"),
                         (("action_cards", "cards", 0), "action_cards"), (("players",), "players")]:
        data = valid()
        _set((*only, "reconstruction"), True)(data)
        assert load_board(write(here, data)).reconstructed == (listed,)
    assert load_board(write(here, valid())).reconstructed == ()
