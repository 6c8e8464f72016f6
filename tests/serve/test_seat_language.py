"""Each seat reads a shared table in its own language (issue 33 item 6), through the real hub on a Unix socket:
a notice travels as its code and arguments (i18n.Said) and each seat words it in its language; the refusal of
an illegal answer is worded in the language the seat gave when it joined, whatever the hub's own."""

from __future__ import annotations

import asyncio

from hubtools import CODE, Broken, Clock, Link, served

from bere_tui import i18n
from bere_tui.engine.nimmt import Game
from bere_tui.i18n import Said
from bere_tui.serve.hub import TableHub


async def join(key: str, lang: str) -> Link:
    link = Link(*await asyncio.open_unix_connection(f"{CODE}.sock"))
    link.send({"t": "join", "player": key, "lang": lang})
    return link


async def test_a_notice_and_a_refusal_reach_each_seat_in_its_own_language(tmp_path, monkeypatch):
    game = Game("base", [{"name": "Ann"}, {"name": "Ben"}, {"name": "Cid", "bot": "random"}], seed=4)
    hub = TableHub(game, CODE, tmp_path, clock=Clock())
    hub.director.bots[2] = Broken()
    assert i18n.current() == "en"
    async with served(hub, tmp_path, monkeypatch):
        ann, ben = await join("ann-key", "cs"), await join("ben-key", "de")
        asked = {link: await link.next("ask") for link in (ann, ben)}
        wrong = dict(asked[ann]["legal"][0], player=1)  # Ben's move sent by Ann: refused, in Czech
        ann.send({"t": "action", "action": wrong, "decision": asked[ann]["decision"]})
        refused = await ann.next("error")
        czech = i18n.translated("that action is not {name}'s", "cs").format(name="Ann")
        assert refused["message"] == czech != "that action is not Ann's"
        again = await ann.next("ask")
        for link in (ann, ben):
            link.send({"t": "action", "action": asked[link]["legal"][0], "decision": again["decision"]
                       if link is ann else asked[link]["decision"]})
        notices = {}
        for link in (ann, ben):
            while not (events := await link.next("events")).get("notice"):
                pass
            notices[link] = events["notice"]
    assert i18n.current() == "en"  # (the hub's own language is as it was)
    for link, lang in ((ann, "cs"), (ben, "de")):
        notice = Said.from_wire(notices[link])
        assert isinstance(notice, Said) and notice.args == {"name": "Cid", "problem": "RuntimeError"}
        with i18n.speaking(lang):
            worded = str(notice)
        assert "Cid" in worded and worded != str(notice)  # in the seat's words, not the English text
        assert worded == i18n.translated(notice.marked, lang).format(name="Cid", problem="RuntimeError")
