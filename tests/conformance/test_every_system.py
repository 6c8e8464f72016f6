"""The contract every registered game system keeps (issue 32, item 5), checked over all of them: a new game
system added to bere_tui/systems.py gets every check here for free.

- a random legal game ends, and every action the engine offers is taken (legal() is exact);
- an illegal action is refused with IllegalAction and changes nothing;
- view(p) shows no other player's hand (B10, BP5, BG3), unless the variant makes every hand public (P3);
- the table director asks for a hand-off before every private decision at a hot-seat table (B10, issue 31);
- a record played again gives the same game (spec/record.md);
- every event the game makes is told in a sentence or is one of the events told with another, in every
  language: the sentence goes through gettext, and every text it uses is translated in each catalogue;
- a hostile record is refused with a RecordError, never another exception, and `bere replay --json` on a broken
  record prints one `error:` line and exits with status 2;
- its bots (the shared `make_bot`, which asks the registry) play a whole game.

A toy fourth game (tests/conformance/toy_game: an engine, events, a narrator, a record codec and a bot) is
registered through bere_tui.systems.register for every test here and runs through all of it: a shared module
that assumed one of the shipped games would fail on it.
"""

from __future__ import annotations

import copy
import json
import random

import pytest
from bere_cli import assert_one_error, run_bere
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from toy_game import VARIANT as TOY
from toy_game import registered_toy

from bere_tui import i18n, record
from bere_tui.bots import make_bot
from bere_tui.engine import IllegalAction
from bere_tui.engine.protocol import GameProtocol
from bere_tui.systems import GAMES, SYSTEMS, make_game, system_of
from bere_tui.table.beats import Ask, BotTurn, GameEnd, HandOff
from bere_tui.table.director import TableDirector
from bere_tui.table.narrate import narrate

#: every registered variant, with the options that make its game short enough for a test
SHORT = {"base": {"rounds": 1}, "pro": {"rounds": 1}, "even-odd": {"rounds": 1}}
#: every shipped variant and the toy game's
VARIANTS = [*GAMES, TOY]
#: the languages with a catalogue (and English, the texts themselves)
LANGUAGES = ["en", "cs", "de", "fr", "pl"]
#: events that are not told on their own (table/narrate.py), beside a secret choice (an unwatched event: B3, BP5,
#: BG3): the board game's end of a turn (the next turn's header says it); Bullenparty's set-up and a zero card
#: taken back (told with the round's start and with the take)
SILENT = {"TurnEnded", "SetUp", "ZeroTakenBack"}
#: told with the event before it: the card that starts a row again after its take (B5)
TOLD_WITH = {"Placed": "RowTaken"}


@pytest.fixture(autouse=True)
def toy_registered():
    """The toy game is registered for each test here, and only then (no other test sees it)."""
    with registered_toy():
        yield


def silent(event, before) -> bool:
    """`event` is not told on its own (see SILENT, TOLD_WITH)."""
    kind = type(event).__name__
    return not event.watched or kind in SILENT or TOLD_WITH.get(kind) == type(before).__name__


def people(n: int) -> list[dict]:
    return [{"name": name} for name in ("Ann", "Ben", "Cid", "Dot", "Eve", "Fay")[:n]]


def new(variant: str, seed: int, n: int = 3):
    return make_game(variant, people(n), seed=seed, options=SHORT.get(variant))


def play_randomly(game, rng: random.Random, limit: int = 5000) -> list:
    """Every decision by a random legal action until the game ends; the events of each action."""
    told = [list(game.opening_events)]
    for _ in range(limit):
        if game.finished:
            return told
        p = game.deciders()[0]
        told.append(game.apply(rng.choice(game.legal(p))))
    raise AssertionError(f"{game.variant}: not over after {limit} actions")


def test_every_variant_belongs_to_one_registered_system_and_its_game_keeps_the_engine_protocol():
    assert {v for s in SYSTEMS.values() for v in s.variants} == set(GAMES)
    for variant in GAMES:
        system = system_of(variant)
        assert GAMES[variant].system == system.name
        game = new(variant, 1)
        assert isinstance(game, GameProtocol), variant
        assert game.variant == variant and len(game.totals()) == game.n


@pytest.mark.parametrize("variant", VARIANTS)
@pytest.mark.parametrize("seed", [1, 2])
def test_a_random_legal_game_ends_with_winners_and_every_event_is_told(variant, seed):
    game = new(variant, seed)
    told = play_randomly(game, random.Random(seed))
    assert game.finished and game.pending is None and game.winners
    names = [p["name"] for p in game.players]
    kinds = set()
    for events in told:
        for before, event in zip([None, *events], events, strict=False):
            if silent(event, before):
                continue
            kinds.add(type(event).__name__)
            assert narrate(event, names) is not None, event
    assert kinds, variant


class _Looked:
    """i18n's translations, noting every text looked up (its catalogue key)."""

    def __init__(self, inner) -> None:
        self.inner, self.keys = inner, []

    def gettext(self, message):
        self.keys.append(message)
        return self.inner.gettext(message)

    def ngettext(self, singular, plural, n):
        self.keys.append((singular, 0))
        return self.inner.ngettext(singular, plural, n)

    def pgettext(self, context, message):
        self.keys.append(f"{context}\x04{message}")
        return self.inner.pgettext(context, message)

    def npgettext(self, context, singular, plural, n):
        self.keys.append((f"{context}\x04{singular}", 0))
        return self.inner.npgettext(context, singular, plural, n)


@pytest.mark.parametrize("variant", VARIANTS)
@pytest.mark.parametrize("language", LANGUAGES)
def test_every_event_is_told_in_every_language_through_its_catalogue(variant, language, monkeypatch):
    """Each event told is told through gettext (not an English text made by hand), and every text it looks up
    has a translation in the language's catalogue, so the player reads no English msgid."""
    game = new(variant, 8)
    told = play_randomly(game, random.Random(8))
    names = [p["name"] for p in game.players]
    was = i18n.current()
    try:
        assert i18n.install(language) == language
        catalogue = getattr(i18n._translation, "_catalog", None)
        assert language == "en" or catalogue, language
        looked = _Looked(i18n._translation)
        monkeypatch.setattr(i18n, "_translation", looked)
        for events in told:
            for before, event in zip([None, *events], events, strict=False):
                if silent(event, before):
                    continue
                looked.keys.clear()
                sentence = narrate(event, names)
                assert sentence is not None and sentence.plain.strip(), (language, event)
                assert looked.keys, f"{language}: {event} is told without gettext: {sentence.plain!r}"
                if language != "en":
                    missing = [key for key in looked.keys if key not in catalogue]
                    assert not missing, (language, event, missing)
    finally:
        monkeypatch.undo()
        i18n.install(was)


@pytest.mark.parametrize("variant", VARIANTS)
def test_an_illegal_action_is_refused_and_changes_nothing(variant):
    game = new(variant, 3)
    rng = random.Random(3)
    for step in range(40):
        if game.finished:
            break
        before = json.dumps(game.record(), sort_keys=True)
        p = game.deciders()[0]
        legal = game.legal(p)
        others = [q for q in range(game.n) if q not in game.deciders()]
        wrong = [dict(legal[0], player=others[0])] if others else []
        wrong += [{"do": "no such decision", "player": p}, {**legal[0], "extra": 1}, "not an action", None]
        # a field of the wrong kind (what a remote seat could send a shared table's hub): a list, an object...
        wrong += [bad for key in legal[0] if key not in ("player", "do")
                  for value in ([1], {"a": 1}, "x", 10**30, None, 1.5) if (bad := {**legal[0], key: value}) not in legal]
        for action in wrong:
            with pytest.raises(IllegalAction):
                game.apply(action)
            assert json.dumps(game.record(), sort_keys=True) == before, (step, action)
        game.apply(rng.choice(legal))


@pytest.mark.parametrize("variant", VARIANTS)
def test_a_view_shows_no_other_players_hand(variant):
    game = new(variant, 4)
    rng = random.Random(4)
    while not game.finished:
        for p in range(game.n):
            view = game.view(p)
            assert view.players[p].hand is not None
            for q in range(game.n):
                if q != p and not game.hands_public:
                    assert view.players[q].hand is None, (variant, p, q)
        public = game.view(None)
        if not game.hands_public:
            assert all(pv.hand is None for pv in public.players)
        q = game.deciders()[0]
        game.apply(rng.choice(game.legal(q)))


@pytest.mark.parametrize("variant", VARIANTS)
def test_the_director_hands_the_keyboard_over_before_every_private_decision(variant):
    director = TableDirector(new(variant, 5))
    rng = random.Random(5)
    holder = None
    private = 0
    while True:
        beat = director.next_beat()
        if isinstance(beat, GameEnd):
            break
        if isinstance(beat, HandOff):
            holder = beat.player
            director.handed_off(beat.player)
        elif isinstance(beat, Ask):
            if director.private_decision():
                private += 1
                assert beat.player == holder, beat
            director.decide(beat.player, rng.choice(director.game.legal(beat.player)))
        elif isinstance(beat, BotTurn):  # pragma: no cover - no bot is seated here
            pytest.fail(f"a bot seat, but none is seated: {beat}")
        else:  # what the whole table watched: nobody holds the keyboard after it (or it changed nothing)
            holder = director.holder
    assert private > 5


@pytest.mark.parametrize("variant", VARIANTS)
def test_a_record_played_again_gives_the_same_game(variant):
    game = new(variant, 6)
    play_randomly(game, random.Random(6))
    again = record.replay(json.loads(json.dumps(game.record())))
    assert again.record() == game.record()
    assert again.view(None) == game.view(None)
    half = len(game.record()["actions"]) // 2
    partway = record.replay(game.record(), upto=half)
    assert len(partway.record()["actions"]) == half


_RECORDS: dict[str, dict] = {}


def a_record(variant: str) -> dict:
    """A record of `variant` some 30 actions in (made once)."""
    if variant not in _RECORDS:
        game = new(variant, 7)
        rng = random.Random(7)
        for _ in range(30):
            if game.finished:
                break
            game.apply(rng.choice(game.legal(game.deciders()[0])))
        _RECORDS[variant] = game.record()
    return copy.deepcopy(_RECORDS[variant])
HOSTILE = st.one_of(st.none(), st.booleans(), st.integers(min_value=-10**30, max_value=10**30), st.text(max_size=8),
                    st.lists(st.integers(-3, 200), max_size=4), st.dictionaries(st.text(max_size=4), st.integers(),
                                                                                max_size=2))


def _paths(value, here=()):
    """Every place in a record's JSON (a path of keys and indexes)."""
    yield here
    if isinstance(value, dict):
        for key, inner in value.items():
            yield from _paths(inner, (*here, key))
    elif isinstance(value, list):
        for i, inner in enumerate(value):
            yield from _paths(inner, (*here, i))


@pytest.mark.parametrize("variant", VARIANTS)
@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(data=st.data())
def test_a_hostile_record_is_refused_with_a_record_error_and_nothing_else(variant, data):
    hostile = a_record(variant)
    paths = [p for p in _paths(hostile) if p]
    for _ in range(data.draw(st.integers(1, 3))):
        path = data.draw(st.sampled_from(paths))
        place = hostile
        try:
            for key in path[:-1]:
                place = place[key]
            place[path[-1]] = data.draw(HOSTILE)
        except (KeyError, IndexError, TypeError):
            continue  # (an earlier change took that place away)
    try:
        record.replay(hostile)
    except record.RecordError as exc:
        assert str(exc).strip() and "\n" not in str(exc).strip(), str(exc)



def _broken(variant: str) -> dict[str, dict]:
    """Records of `variant` broken in ways every game's records can be: an action nobody may take, an action
    of no kind, a seat with a terminal's control codes for a name, a seed that is text, no players at all."""
    out = {}
    rec = a_record(variant)
    rec["actions"][0] = {**rec["actions"][0], "player": 99}
    out["player"] = rec
    rec = a_record(variant)
    rec["actions"].append({"do": "no such action", "player": 0})
    out["kind"] = rec
    rec = a_record(variant)
    rec["players"][0]["name"] = "\x1b[2J\x1b]0;owned\x07"
    out["name"] = rec
    rec = a_record(variant)
    rec["seed"] = "7"
    out["seed"] = rec
    rec = a_record(variant)
    rec["players"] = []
    out["players"] = rec
    return out


@pytest.mark.parametrize("variant", VARIANTS)
def test_bere_replay_json_says_what_is_wrong_with_a_broken_record_in_one_error_line(variant, tmp_path):
    for how, broken in _broken(variant).items():
        path = tmp_path / f"{how}.json"
        path.write_text(json.dumps(broken), encoding="utf-8")
        line = assert_one_error(run_bere("replay", str(path), "--json"))
        assert "\x1b" not in line and "\x07" not in line, (how, line)
    path = tmp_path / "good.json"
    path.write_text(json.dumps(a_record(variant)), encoding="utf-8")
    done = run_bere("replay", str(path), "--json")
    assert done.returncode == 0 and json.loads(done.stdout)["variant"] == variant, done.stderr


@pytest.mark.parametrize("variant", VARIANTS)
def test_the_bots_of_every_game_play_it_to_the_end(variant):
    """The shared bot factory (bots.make_bot) hands each game's view to that game's bot, which picks a legal
    action every time."""
    game = new(variant, 9)
    bots = [make_bot("easy", 9 * 1000 + p) for p in range(game.n)]
    for _ in range(5000):
        if game.finished:
            break
        p = game.deciders()[0]
        legal = game.legal(p)
        action = bots[p].choose(game.view(p), legal)
        assert action in legal, (variant, action)
        game.apply(action)
    assert game.finished and game.winners
