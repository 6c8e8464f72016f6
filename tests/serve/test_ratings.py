"""Ratings of shared tables (issue 33 item 7): openskill's ratings (Bradley-Terry, full pairing) per key and game system, and per
bot level; a finished game is rated exactly once (not again on a reconnect, a rematch's request or a hub that
reloads the finished game after a restart), by the places of the engine's outcome (ties share a place); a broken
or hostile ratings file gives one clear message and a fresh start, never a traceback."""

from __future__ import annotations

import asyncio
import json
import os

import pytest
from hubtools import CODE, Clock, Link, join, play_to_the_end, served
from hypothesis import given, settings
from hypothesis import strategies as st
from openskill.models import BradleyTerryFull

from bere_tui.engine.nimmt import Game
from bere_tui.engine.outcome import Outcome, Score
from bere_tui.serve.hub import TableHub
from bere_tui.serve.ratings import Entrant, Rating, RatingsError, rate_game, ratings_file, read_ratings


def outcome(totals: list[int], winners: tuple[int, ...], highest_wins: bool = False) -> Outcome:
    return Outcome(highest_wins, winners, tuple(Score(t, ()) for t in totals))


def test_places_follow_the_outcome_and_ties_share_a_place():
    # B9: the lowest total wins, tied lowest totals share the victory
    assert outcome([10, 3, 3, 20], (1, 2)).places() == [3, 1, 1, 4]
    # BP10: the highest total wins
    assert outcome([10, 30, 20], (1,), highest_wins=True).places() == [3, 1, 2]
    # a winner the engine names comes first whatever the totals (a game ended by a player: ended_by)
    assert outcome([5, 9], (1,), highest_wins=True).places() == [2, 1]


def ids(path) -> list[str]:
    return json.loads(path.read_text())["rated"]


def test_a_game_is_rated_once_and_a_win_raises_the_rating(tmp_path):
    path = ratings_file(tmp_path)
    seats = [Entrant("key:ann", "Ann", 1), Entrant("key:ben", "Ben", 2), Entrant("bot:random", "", 3)]
    changes = rate_game(path, "ABCD:1", "base", seats)
    assert set(changes) == {"key:ann", "key:ben", "bot:random"}
    before, after = changes["key:ann"]
    assert before == pytest.approx(0.0) and after > changes["key:ben"][1] > changes["bot:random"][1]
    assert rate_game(path, "ABCD:1", "base", seats) == {}  # the same game again: nothing
    ratings = read_ratings(path)
    assert {player: r.games for player, r in ratings.boards["base"].items()} == {
        "key:ann": 1, "key:ben": 1, "bot:random": 1}
    assert ids(path) == ["ABCD:1"]
    model = BradleyTerryFull()  # the library's own figures, ordinal = mu - 3 sigma
    expected = model.rate([[model.rating()], [model.rating()], [model.rating()]], ranks=[1, 2, 3])
    assert ratings.boards["base"]["key:ann"].mu == pytest.approx(expected[0][0].mu)
    assert ratings.boards["base"]["key:ann"].ordinal == pytest.approx(expected[0][0].ordinal())


def test_the_leaderboard_orders_by_rating_over_many_games_and_ties_share_a_place(tmp_path):
    path = ratings_file(tmp_path)
    for n in range(12):  # Ann always first, the strong bot second, Ben last
        rate_game(path, f"G:{n}", "base", [Entrant("key:ben", "Ben", 3), Entrant("bot:strong", "", 2),
                                          Entrant("key:ann", "Ann", 1)])
    rate_game(path, "H:1", "bullenparty", [Entrant("key:ann", "Ann", 1), Entrant("key:cid", "Cid", 1)])
    ratings = read_ratings(path)
    board = ratings.board("base")
    assert [player for _place, player, _r in board] == ["key:ann", "bot:strong", "key:ben"]
    assert [place for place, _player, _r in board] == [1, 2, 3] and board[0][2].games == 12
    tie = ratings.board("bullenparty")  # a tie for first: one place, the same rating
    assert [place for place, _p, _r in tie] == [1, 1] and tie[0][2].shown == tie[1][2].shown


def test_a_game_without_a_key_or_with_one_seat_rated_is_not_rated(tmp_path):
    path = ratings_file(tmp_path)
    assert rate_game(path, "A:1", "base", [Entrant("bot:random", "", 1), Entrant("bot:strong", "", 2)]) == {}
    assert rate_game(path, "A:2", "base", [Entrant("key:ann", "Ann", 1)]) == {}
    assert not path.exists()


def test_two_bots_of_one_level_are_one_rating_rated_once_per_game(tmp_path):
    path = ratings_file(tmp_path)
    changes = rate_game(path, "A:1", "base", [Entrant("key:ann", "Ann", 2), Entrant("bot:random", "", 1),
                                               Entrant("bot:random", "", 3)])
    assert set(changes) == {"key:ann", "bot:random"}
    assert read_ratings(path).boards["base"]["bot:random"].games == 1


HOSTILE = {
    "not JSON": b"{{{",
    "not UTF-8": b"\xff\xfe\x00",
    "empty": b"",
    "a list": b"[]",
    "another version": json.dumps({"version": 99, "rated": [], "systems": {}}).encode(),
    "NaN": b'{"version": 1, "rated": [], "systems": {"nimmt": {"key:a": {"mu": NaN, "sigma": 1, "games": 1, '
           b'"name": "A"}}}}',
    "a negative sigma": json.dumps({"version": 1, "rated": [], "systems": {"nimmt": {"key:a": {
        "mu": 1, "sigma": -1, "games": 1, "name": "A"}}}}).encode(),
    "a bad player id": json.dumps({"version": 1, "rated": [], "systems": {"nimmt": {"../x": {
        "mu": 1, "sigma": 1, "games": 1, "name": "A"}}}}).encode(),
    "games as text": json.dumps({"version": 1, "rated": [], "systems": {"nimmt": {"key:a": {
        "mu": 1, "sigma": 1, "games": "1", "name": "A"}}}}).encode(),
    "deep": b"[" * 100000 + b"]" * 100000,
    "huge": b'{"version": 1, "rated": ["' + b"x" * (5 * 1024 * 1024) + b'"], "systems": {}}',
}


@pytest.mark.parametrize("kind", sorted(HOSTILE))
def test_a_broken_or_hostile_file_is_one_message_and_a_fresh_start(tmp_path, capsys, kind):
    path = ratings_file(tmp_path)
    path.write_bytes(HOSTILE[kind])
    with pytest.raises(RatingsError) as raised:
        read_ratings(path)
    assert "\n" not in str(raised.value)
    changes = rate_game(path, "A:1", "base", [Entrant("key:ann", "Ann", 1), Entrant("key:ben", "Ben", 2)])
    assert set(changes) == {"key:ann", "key:ben"}
    err = capsys.readouterr().err
    assert "cannot be read" in err and "start afresh" in err and err.count("\n") == 1 and "Traceback" not in err
    assert read_ratings(path).boards["base"]["key:ann"].games == 1
    assert path.with_name("ratings.json.broken").read_bytes() == HOSTILE[kind]  # kept for whoever runs the host


def test_a_folder_in_the_files_place_is_refused_plainly(tmp_path):
    path = ratings_file(tmp_path)
    path.mkdir()
    with pytest.raises(RatingsError):
        read_ratings(path)


def test_a_name_in_the_file_is_cut_and_kept_as_text(tmp_path):
    path = ratings_file(tmp_path)
    path.write_text(json.dumps({"version": 2, "rated": [], "boards": {"pro": {"key:a": {
        "mu": 30, "sigma": 5, "games": 3, "name": "[@click=app.quit]" + "x" * 500}}}}))
    rating = read_ratings(path).boards["pro"]["key:a"]
    assert rating == Rating(30.0, 5.0, 3, ("[@click=app.quit]" + "x" * 500)[:64])


def test_each_variant_is_a_rating_of_its_own_and_a_game_is_still_rated_once(tmp_path):
    """6 nimmt!'s base game, Pro, Anniversary and Even/Odd play differently: a win at one is not a rating at
    another."""
    path = ratings_file(tmp_path)
    seats = [Entrant("key:ann", "Ann", 1), Entrant("key:ben", "Ben", 2)]
    for n, variant in enumerate(("pro", "pro", "even-odd")):
        assert rate_game(path, f"G:{n}", variant, seats)
    assert rate_game(path, "G:0", "anniversary", seats) == {}  # the same game id: never rated again
    ratings = read_ratings(path)
    assert {board: players["key:ann"].games for board, players in ratings.boards.items()} == {
        "pro": 2, "even-odd": 1}
    assert ratings.board("base") == [] and ratings.boards["pro"]["key:ann"].mu > ratings.boards["even-odd"][
        "key:ann"].mu
    assert json.loads(path.read_text())["version"] == 2


def test_a_file_of_the_first_version_is_read_and_written_again_per_variant(tmp_path):
    """Migration: the first version rated per game system (6 nimmt!'s variants together). A game of one
    variant (Bullenparty) keeps its ratings as that variant's; 6 nimmt!'s stay together on a board of their own,
    since nothing says which variant each game was; the rated games stay rated."""
    path = ratings_file(tmp_path)
    entry = {"mu": 30.0, "sigma": 5.0, "games": 3, "name": "Ann"}
    path.write_text(json.dumps({"version": 1, "rated": ["OLD:1"], "systems": {
        "nimmt": {"key:ann": entry}, "bullenparty": {"key:ann": dict(entry, games=1)}}}))
    ratings = read_ratings(path)
    assert set(ratings.boards) == {"all:nimmt", "bullenparty"}
    assert ratings.boards["all:nimmt"]["key:ann"] == Rating(30.0, 5.0, 3, "Ann")
    assert ratings.boards["bullenparty"]["key:ann"].games == 1
    seats = [Entrant("key:ann", "Ann", 1), Entrant("key:ben", "Ben", 2)]
    assert rate_game(path, "OLD:1", "base", seats) == {}  # rated under the first version already
    changes = rate_game(path, "NEW:1", "base", seats)
    assert changes["key:ann"][0] == pytest.approx(0.0)  # a new rating for the base game, from the start
    written = json.loads(path.read_text())
    assert written["version"] == 2 and written["rated"] == ["OLD:1", "NEW:1"]
    assert set(written["boards"]) == {"all:nimmt", "bullenparty", "base"}
    assert read_ratings(path).boards["all:nimmt"]["key:ann"] == Rating(30.0, 5.0, 3, "Ann")  # kept as it was


# ---------------------------------------------------------------------- through the real hub


def short_game(seed: int = 4) -> Game:
    return Game("base", [{"name": "Ann"}, {"name": "Ben"}, {"name": "Cid", "bot": "random"}], seed=seed,
                options={"rounds": 1})


def games_rated(root) -> dict[str, int]:
    return {player: r.games for player, r in read_ratings(ratings_file(root)).boards["base"].items()}


async def test_the_hub_rates_a_finished_game_once_not_again_on_a_reconnect_a_rematch_or_a_restart(
        tmp_path, monkeypatch):
    tables = tmp_path / "tables"
    tables.mkdir()
    hub = TableHub(short_game(), CODE, tables, clock=Clock())
    async with served(hub, tmp_path, monkeypatch, linger=60.0):
        ann, ben = await join("ann-key"), await join("ben-key")
        over, _ = await asyncio.gather(play_to_the_end(ann), play_to_the_end(ben))
        assert games_rated(tmp_path) == {"key:ann-key": 1, "key:ben-key": 1, "bot:random": 1}
        assert set(over["ratings"]) == {"0", "1", "2"}
        place = dict(zip(range(3), hub.game.outcome().places(), strict=True))
        best = min(place, key=lambda p: (place[p], p))
        assert over["ratings"][str(best)][1] > over["ratings"][str(best)][0]  # the winner's rating rose
        await ann.close()
        again = await join("ann-key")  # a reconnect after the end: the results again, with the same changes
        late = await again.next("over")
        assert late["ratings"] == over["ratings"] and games_rated(tmp_path)["key:ann-key"] == 1
        again.send({"t": "rematch"})
        await again.next("rematched")
        ben.send({"t": "rematch"})  # asked twice: still one new game
        await ben.next("rematched")
        back, ben2 = await join("ann-key"), await join("ben-key")
        await asyncio.gather(play_to_the_end(back), play_to_the_end(ben2))
        assert games_rated(tmp_path) == {"key:ann-key": 2, "key:ben-key": 2, "bot:random": 2}
    finished = hub.game  # a hub that reloads the finished game (a restart): its end comes again, unrated
    (tables / f"{CODE}.pid").unlink(missing_ok=True)
    reloaded = TableHub(finished, CODE, tables, clock=Clock())
    async with served(reloaded, tmp_path, monkeypatch, linger=60.0):
        link = await join("ann-key")
        over = await link.next("over")
        assert over["ratings"] == {}
    assert games_rated(tmp_path) == {"key:ann-key": 2, "key:ben-key": 2, "bot:random": 2}
    assert len(ids(ratings_file(tmp_path))) == 2


async def test_a_game_of_bots_and_one_seat_nobody_took_is_not_rated(tmp_path, monkeypatch):
    tables = tmp_path / "tables"
    tables.mkdir()
    game = Game("base", [{"name": "Ann"}, {"name": "Cid", "bot": "random"}, {"name": "Dan", "bot": "random"}],
                seed=4, options={"rounds": 1})
    hub = TableHub(game, CODE, tables, clock=Clock())
    hub.to_bot(0)  # Ann never came: a bot played her seat
    async with served(hub, tmp_path, monkeypatch, linger=60.0):
        watcher = Link(*await asyncio.open_unix_connection(f"{CODE}.sock"))
        watcher.send({"t": "join", "player": "eve-key", "watch": True})  # (only watching: no seat)
        assert (await watcher.next("hello"))["seat"] is None
        over = await watcher.next("over")
    assert over["ratings"] == {} and not ratings_file(tmp_path).exists()


def test_the_ratings_lock_is_a_file_of_its_own_readable_by_the_server_alone(tmp_path):
    path = ratings_file(tmp_path)
    rate_game(path, "A:1", "base", [Entrant("key:ann", "Ann", 1), Entrant("key:ben", "Ben", 2)])
    lock = path.with_name("ratings.json.lock")
    assert lock.exists() and os.stat(lock).st_mode & 0o077 == 0


@settings(max_examples=40, deadline=None)
@given(st.lists(st.integers(1, 6), min_size=2, max_size=8))
def test_among_new_players_a_better_place_always_gives_a_higher_rating_and_a_tie_the_same(places):
    import tempfile
    from pathlib import Path

    with tempfile.TemporaryDirectory() as folder:
        entrants = [Entrant(f"key:p{i}", f"P{i}", place) for i, place in enumerate(places)]
        after = {player: new for player, (_old, new) in
                 rate_game(ratings_file(Path(folder)), "A:1", "base", entrants).items()}
    for a in entrants:
        for b in entrants:
            if a.place < b.place:
                assert after[a.player] > after[b.player]
            elif a.place == b.place:
                assert after[a.player] == pytest.approx(after[b.player])


def test_a_board_named_after_a_game_of_several_variants_is_read_as_its_mixed_board(tmp_path):
    """A hub started before the server's upgrade rates on its game system's name: read as the first version's
    (every variant together), never as a variant of its own."""
    path = ratings_file(tmp_path)
    path.write_text(json.dumps({"version": 2, "rated": [], "boards": {"nimmt": {"key:a": {
        "mu": 30, "sigma": 5, "games": 1, "name": "A"}}, "bullenparty": {}}}))
    assert set(read_ratings(path).boards) == {"all:nimmt", "bullenparty"}
