"""The hub of a shared table sends codes, never words (issue 33 item 6): each seat words what it reads in its
own language, so nothing the hub sends may be a text a player reads in the hub's language.

A 6 nimmt! table is played through the real hub on a Unix socket, a Czech seat and an English seat, and a
board game's table withdraws a question, through every kind of message the hub can send (found in hub.py's
source: a new kind fails here until a table here sends it too): the seats' names, a refusal, an absent seat
offered and given to a bot and taken back, a clock that runs out, a bot that could not decide, a seat taken
over by a new connection, a round's summary, the results and their ratings, a rematch, the server going down, a
question withdrawn. Every value of every message is then walked: a string is a seat's name, the table's code,
or a code (one word of letters, digits and `_-.:+`: a bot's level, a variant, a kind of score); a text to read
travels as a code and its arguments (i18n.Said: {"said": MSGID, "args": {...}}, MSGID a text of the
catalogue). The one exception is the refusal of an illegal answer ("error"), which the hub words in the
language that seat gave when it joined (test_seat_language.py)."""

from __future__ import annotations

import ast
import asyncio
import re
from pathlib import Path

from babel.messages.pofile import read_po
from hubtools import CODE, Broken, Clock, join, play_to_the_end, served

import bere_tui.serve.hub as hub_module
from bere_tui import i18n
from bere_tui.engine.nimmt import Game
from bere_tui.serve.hub import TableHub
from bere_tui.serve.tables import TableSettings

NAMES = ("Ann", "Ben", "Cid")  # (the board game's seats too: test_forced_moves.NAMES)
CODE_WORD = re.compile(r"^[A-Za-z0-9_.:+-]*$")
#: the one text the hub words itself: the refusal of an illegal answer, in the language of the seat it refuses
WORDED_BY_THE_HUB = {("error", "message")}


def catalogue() -> set[str]:
    with open(i18n.locale_dir() / "bere.pot", "rb") as pot:
        return {m.id if isinstance(m.id, str) else m.id[0] for m in read_po(pot) if m.id}


def kinds_the_hub_sends() -> set[str]:
    """Every {"t": KIND, ...} the hub's code builds (its docstring left out)."""
    tree = ast.parse(Path(hub_module.__file__).read_text(encoding="utf-8"))
    kinds = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Dict):
            for key, value in zip(node.keys, node.values, strict=True):
                if isinstance(key, ast.Constant) and key.value == "t" and isinstance(value, ast.Constant):
                    kinds.add(value.value)
    return kinds


def words_in(message: dict, msgids: set[str]) -> list[str]:
    """The player-facing texts in `message` that are not codes: each as "path: value" (none for a good one)."""
    found: list[str] = []
    kind = message.get("t")

    def walk(value, path: tuple) -> None:
        if isinstance(value, dict):
            if set(value) == {"said", "args"}:  # a Said: a text of the catalogue and its arguments
                if value["said"] not in msgids:
                    found.append(f"{path}: {value['said']!r} is not a text of the catalogue")
                walk(value["args"], (*path, "args"))
                return
            for k, v in value.items():
                walk(v, (*path, k))
        elif isinstance(value, list):
            for v in value:
                walk(v, path)
        elif isinstance(value, str):
            if (kind, *path) in WORDED_BY_THE_HUB or value in NAMES or value == CODE:
                return
            if not CODE_WORD.match(value):
                found.append(f"{kind} {'.'.join(map(str, path))}: {value!r}")

    walk({k: v for k, v in message.items() if k != "t"}, ())
    return found


async def a_nimmt_table(tmp_path, monkeypatch) -> list[dict]:
    """Every message the seats of a 6 nimmt! table read, through most kinds of message."""
    tables = tmp_path / "tables"
    tables.mkdir()
    for key in ("ann-key", "ben-key"):
        (tmp_path / "players" / key).mkdir(parents=True)
    clock = Clock()
    game = Game("base", [{"name": "Ann"}, {"name": "Ben"}, {"name": "Cid", "bot": "random"}], seed=4,
                options={"rounds": 2})  # (a round's summary before the results)
    hub = TableHub(game, CODE, tables, TableSettings(away_offer=60, away_auto=0, clock=30), clock=clock)
    hub.director.bots[2] = Broken()
    async with served(hub, tmp_path, monkeypatch, linger=60.0):
        ann, ben = await join("ann-key", "cs"), await join("ben-key", "en")
        first = await ann.next("ask")
        await ben.next("ask")
        ann.send({"t": "action", "action": dict(first["legal"][0], player=1), "decision": first["decision"]})
        await ann.next("error")  # Ben's move sent by Ann: refused
        await ben.close()
        while 1 not in (await ann.next("waiting"))["away"]:
            pass
        clock.now += 60  # Ben's seat may go to a bot; Ann's clock has run out
        hub.tick()
        await ann.next("timeout")
        while (await ann.next("waiting"))["offer"] != [1]:
            pass
        ann.send({"t": "to_bot", "seat": 1})
        await ann.next("seats")
        ben = await join("ben-key", "en")
        await ben.next("back")
        again = await join("ann-key", "cs")
        await ann.next("taken_over")
        await asyncio.gather(play_to_the_end(again), play_to_the_end(ben))
        again.send({"t": "rematch"})
        await again.next("rematched")
        hub.shut_down()
        await again.next("stopping")
        await ben.next("stopping")
    return [m for link in (ann, ben, again) for m in link.seen]


async def a_board_game_question_withdrawn(tmp_path, monkeypatch) -> list[dict]:
    """Every message the seats of the board game read when a question is withdrawn (test_forced_moves.py)."""
    from test_forced_moves import board_at_a_forced_choice

    from bere_tui.table.director import TableDirector

    folder = tmp_path / "board"
    folder.mkdir()
    with monkeypatch.context() as patch:  # (asked the forced move as before: the table makes it first)
        patch.setattr(TableDirector, "to_ask", lambda self: [p for p in self.game.deciders() if not self.is_bot(p)])
        hub = TableHub(board_at_a_forced_choice(), CODE, folder, clock=Clock())
        async with served(hub, tmp_path, monkeypatch):
            links = [await join(key, lang) for key, lang in (("ann-key", "cs"), ("ben-key", "en"), ("cid-key", "pl"))]
            stale = await links[2].next("ask")
            for link in links[:2]:
                question = await link.next("ask")
                link.send({"t": "action", "action": question["legal"][0], "decision": question["decision"]})
            assert (await links[2].next("withdrawn"))["decision"] == stale["decision"]
    return [m for link in links for m in link.seen]


async def test_every_message_of_the_hub_is_codes_and_arguments_never_words(tmp_path, monkeypatch):
    seen = await a_nimmt_table(tmp_path, monkeypatch) + await a_board_game_question_withdrawn(tmp_path, monkeypatch)
    assert kinds_the_hub_sends() <= {m["t"] for m in seen}  # every kind the hub sends was sent here
    assert any(m["t"] == "events" and m.get("notice") for m in seen)  # (the bot's notice)
    assert any(m["t"] == "over" and m.get("ratings") for m in seen)
    msgids = catalogue()
    assert [w for m in seen for w in words_in(m, msgids)] == []


def test_the_walk_finds_a_text_that_is_not_a_code():
    msgids = catalogue()
    assert words_in({"t": "notice", "text": "Ben left the table."}, msgids)
    assert words_in({"t": "notice", "text": "Sent. Waiting for the others."}, msgids)
    assert words_in({"t": "notice", "said": {"said": "no such text", "args": {}}}, msgids)
    said = i18n.Said("{name} (bot) could not decide ({problem}); a simple move was made for it.", name="Cid",
                     problem="RuntimeError")
    assert not words_in({"t": "events", "notice": said.to_wire(), "players": [0, 1]}, msgids)
    assert not words_in({"t": "hello", "names": list(NAMES), "code": CODE, "variant": "pro"}, msgids)

