"""Bullenparty's table tells the truth at 80x24 (issue 35.7): a row's total is what taking it collects, its Bull
card included (BP5); every pile of every player stays in view, never cut; the bid prompt speaks of the zero card
only when it may be bid (BP6)."""

from __future__ import annotations

import re

from test_bullenparty_table import bullenparty_app
from uitools import screen_text, wait_for

from bere_tui.bots import make_bot
from bere_tui.engine.bullenparty import Game, rules
from bere_tui.ui.app import BereApp, Start
from bere_tui.ui.bullenparty.prompts import BullenpartyPrompt
from bere_tui.ui.session import Session

SEATS = [{"name": "Ann"}, {"name": "Ben", "bot": "random"}, {"name": "Cid", "bot": "random"}]


def zero_happy_app(stop) -> BereApp:
    """A game where everyone bids the zero card whenever it may (rows fill and close, BP6), played until
    `stop(game)` holds when Ann is about to bid."""
    game = Game(SEATS, seed=0)
    movers = {p: make_bot("random", 100 + p) for p in range(game.n)}
    while True:
        pend = game.pending
        if pend["do"] == "bid" and 0 in pend["players"] and stop(game):
            return BereApp(Start("game", session=Session(game)), speed="off", remember=False)
        p = game.deciders()[0]
        legal = game.legal(p)
        zero = [a for a in legal if a.get("card") == rules.ZERO]
        game.apply(zero[0] if zero else movers[p].choose(game.view(p), legal))


def row_lines(text: str) -> list[str]:
    """The table's row lines, under ROWS: `1  23• 88•  Bull 5  closed   11`."""
    lines = text.splitlines()
    top = next(i for i, line in enumerate(lines) if line.strip().startswith("ROWS"))
    return [line.strip() for line in lines[top + 1:top + 4]]


async def test_a_rows_total_includes_its_bull_card():
    app = zero_happy_app(lambda game: any(r.bull and r.taken_by is None for r in game.view(0).rows))
    async with app.run_test(size=(80, 24)) as pilot:
        await wait_for(pilot, lambda: isinstance(app.screen, BullenpartyPrompt))
        rows = app.screen.view.rows
        shown = row_lines(screen_text(app))
    checked = 0
    for row, line in zip(rows, shown):
        if row.taken_by is None:
            assert int(line.split()[-1]) == rules.heads(row.cards) + (row.bull or 0), line  # BP5
            checked += row.bull is not None
    assert checked


async def test_the_bid_prompt_speaks_of_the_zero_card_only_when_it_may_be_bid():
    app = zero_happy_app(lambda game: not any(a["card"] == rules.ZERO for a in game.legal(0)))
    async with app.run_test(size=(80, 24)) as pilot:
        await wait_for(pilot, lambda: isinstance(app.screen, BullenpartyPrompt))
        text = screen_text(app)
    assert "Ann, bid in secret: a number card takes a row" in text
    assert "zero card adds" not in text  # every remaining row is closed (BP6)


async def test_every_pile_of_every_player_is_in_view_at_80x24():
    app = bullenparty_app([{"name": "Ann"}, {"name": "Ben", "bot": "heuristic"}, {"name": "Cid", "bot": "strong"},
                           {"name": "Dot", "bot": "random"}, {"name": "Eve", "bot": "random"}], seed=5, from_round=7)
    async with app.run_test(size=(80, 24)) as pilot:
        await wait_for(pilot, lambda: isinstance(app.screen, BullenpartyPrompt))
        view = app.game.view(None)
        text = screen_text(app)
    assert max(len(p.piles) for p in view.players) >= 6  # more than one line holds
    panel = text[text.index("PLAYERS"):]
    for pv in view.players:
        for pile in pv.piles:
            assert re.search(rf"[+-]\[(\.\.)?{pile[-1]}\b|\b{pile[-1]}•", panel), (pv.name, pile, panel)
    assert "…" not in panel
