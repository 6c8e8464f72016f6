"""The table's layout at 80x24 with its widest contents (issue 12): nothing wraps or is cut. Rows of six cards
beside 7 nimmt!, Stop and 5th Row, a hand of twelve wide cards with special cards, every hand in Pro (P3), the
special-card prompt under the revealed cards with its whole key line, --ascii notices, and notices over the log
that leave the hand, the keys and the rows readable."""

from __future__ import annotations

import re
from typing import ClassVar

import pytest
from rich.text import Text
from textual.app import App
from textual.binding import Binding, BindingType
from textual.widgets import Static
from uitools import asking, non_ascii, press_until, screen_text, shown_cards, table_app, wait_for

from bere_tui.table.nimmt.model import RowShow, TableShow
from bere_tui.ui.app import CSS_FILES
from bere_tui.ui.prompts.select import SelectPrompt
from bere_tui.ui.prompts.special import SpecialPrompt
from bere_tui.ui.screens.handoff import HandoffScreen
from bere_tui.ui.widgets.hand import HandView
from bere_tui.ui.widgets.keybar import KeyBar
from bere_tui.ui.widgets.tablebody import table_body

#: the widest cards there are: 55 (7 bullheads), the other multiples of 11 (5), then 100 (three digits, 3)
WIDE = [11, 22, 33, 44, 55, 66, 77, 88, 99, 100, 20, 30]
NAMES = ["Annabelle", "Bartholomew", "Cid", "Dot", "Eve", "Fay", "Gus", "Hal"]


def widest_rows() -> list[RowShow]:
    return [RowShow([11, 22, 33, 44, 55, 66], seven=True, stop=True, fifth=False),
            RowShow([77, 88, 99, 100, 101, 102], seven=True),
            RowShow([3]), RowShow([10, 20, 30, 40, 50]),
            RowShow([60, 70, 80, 90], seven=True, stop=True, fifth=True)]


class BodyApp(App):
    """The table's own widgets and style sheets around a made-up table."""

    CSS_PATH = CSS_FILES
    BINDINGS: ClassVar[list[BindingType]] = [Binding("question_mark", "help", "help")]

    def __init__(self, show: TableShow, public_hands: bool = False, ascii: bool = False) -> None:
        super().__init__()
        self.show, self.public_hands, self.ascii = show, public_hands, ascii
        if ascii:
            self.add_class("-ascii")

    def compose(self):
        yield Static(Text("6 bere! - Anniversary - round 1 of 2 - turn 1 of 12"), id="table-header")
        names = NAMES[:len(self.show.totals)]
        more = {"public_hands": True} if self.public_hands else {}
        yield from table_body(names, [None] + ["strong"] * (len(names) - 1), self.show, self.ascii, **more)
        yield KeyBar()


def made_show(players: int) -> TableShow:
    show = TableShow(rows=widest_rows(), round_heads=[0] * players, totals=[0] * players, round=1, turn=1)
    show.revealed = [(c, p) for p, c in enumerate([1, 2, 3, 5, 6, 7, 8, 9][:players])]
    return show


def row_lines(text: str) -> list[str]:
    return [line for line in text.splitlines() if re.match(r" [1-5]  \d", line)]


@pytest.mark.parametrize("ascii", [False, True])
async def test_the_widest_rows_and_hand_fit_80x24(ascii):
    app = BodyApp(made_show(8), ascii=ascii)
    async with app.run_test(size=(80, 24)) as pilot:
        app.query_one(HandView).show_hand("Annabelle", WIDE, ["negative_positive", "seven_nimmt", "fifth_row"])
        await pilot.pause()
        text = screen_text(app)
    rows = row_lines(text)
    assert [r[1] for r in rows] == ["1", "2", "3", "4", "5"], text  # one line a row: no row wrapped
    for line, row in zip(rows, widest_rows()):
        assert line.rstrip().endswith(f" {row.bullheads}"), line  # the cost stays on the row's line
        assert shown_cards(line, row.cards, ascii) == set(row.cards), line
    assert "7 nimmt! STOP" in rows[0] and "7 nimmt! STOP 5th Row" in rows[4]
    lines = text.splitlines()
    assert shown_cards(text, WIDE, ascii) == set(WIDE)  # every card of the hand, none broken
    assert any(line.startswith(" SPECIAL CARDS  Negative = Positive  7 nimmt!  5th Row") for line in lines)
    assert "help" in lines[-1] and len(lines) == 24
    if ascii:
        assert non_ascii(text) == set()


async def test_pro_shows_every_hand_of_six_wide_hands_at_80x24():
    hands = [[1, 2, 3, 4, 5, 6, 7, 8, 9, 10], [11, 22, 33, 44, 55, 20, 30, 40, 50, 60],
             [12, 13, 14, 15, 16, 17, 18, 19, 21, 23], [24, 25, 26, 27, 28, 29, 31, 32, 34, 35],
             [36, 37, 38, 39, 41, 42, 43, 45, 46, 47], [48, 49, 51, 52, 53, 54, 56, 57, 58, 59]]
    show = made_show(6)
    show.rows = [RowShow([61]), RowShow([62]), RowShow([63]), RowShow([64])]
    app = BodyApp(show, public_hands=True)
    async with app.run_test(size=(80, 24)) as pilot:
        app.query_one(HandView).show_hands(list(zip(NAMES, hands)))
        await pilot.pause()
        text = screen_text(app)
    for name, hand in zip(NAMES, hands):
        assert name[:10] in text and shown_cards(text, hand) == set(hand), name
    assert "help" in text.splitlines()[-1]


async def test_a_pro_table_shows_every_hand_while_a_card_is_chosen():
    app = table_app("pro", players=("Ann",), bots=("random",) * 5, seed=3,
                    until=lambda g: g.pending["do"] == "select")
    async with app.run_test(size=(80, 24)) as pilot:
        await wait_for(pilot, lambda: isinstance(app.screen, SelectPrompt))
        text = screen_text(app)
        for pv in app.game.view(None).players:
            assert shown_cards(text, pv.hand) == set(pv.hand), pv.name


async def test_a_pro_hot_seat_shows_both_hands_at_the_hand_off():
    """P3: hands are public, so the hand-off hides nothing of them (the choice itself stays secret, B3)."""
    app = table_app("pro", players=("Ann", "Ben"), seed=3, until=lambda g: g.pending["do"] == "select")
    async with app.run_test(size=(80, 24)) as pilot:
        await wait_for(pilot, lambda: isinstance(app.screen, HandoffScreen))
        text = screen_text(app)
        for hand in app.game.hands:
            assert shown_cards(text, hand) == set(hand)


@pytest.mark.parametrize("ascii", [False, True])
async def test_the_special_prompt_leaves_the_revealed_cards_in_view(ascii):
    app = table_app("anniversary", players=("Ann",), bots=("random",) * 7, seed=2, ascii=ascii)
    async with app.run_test(size=(80, 24)) as pilot:
        await press_until(pilot, lambda: isinstance(app.screen, SpecialPrompt))
        text = screen_text(app)
        revealed = [c for c, _p in app.game.view(None).revealed]
        assert len(revealed) == 8 and shown_cards(text, revealed, ascii) == set(revealed), text
        keys = text.splitlines()[-1]
        assert "Enter choose" in keys and "0-9 go to" in keys and "? help" in keys, keys
        await pilot.press("down")  # a held card: its help line under the choices
        assert "Enter choose" in screen_text(app).splitlines()[-1]
        if ascii:
            assert non_ascii(text) == set()


async def test_ascii_notices_print_only_ascii():
    app = table_app("base", players=("Ann",), bots=("random",), ascii=True)
    async with app.run_test(size=(80, 24), notifications=True) as pilot:
        await wait_for(pilot, lambda: asking(app))
        for severity in ("information", "warning", "error"):
            app.notify(f"a notice ({severity})", severity=severity)
        await wait_for(pilot, lambda: "a notice (error)" in screen_text(app))
        assert non_ascii(screen_text(app)) == set()


@pytest.mark.parametrize("bots", [1, 9])
async def test_a_notice_leaves_the_hand_the_keys_and_the_row_costs_readable(bots):
    """A notice (here "Saved to FILE" after ^s, Enter) sits over the log, at the right: at the bottom, where
    Textual puts notices, it hid half of the hand and the key line for six seconds."""
    app = table_app("base", players=("Ann",), bots=("random",) * bots)
    async with app.run_test(size=(80, 24), notifications=True) as pilot:
        await wait_for(pilot, lambda: isinstance(app.screen, SelectPrompt))
        before = screen_text(app).splitlines()
        await pilot.press("ctrl+s")
        await wait_for(pilot, lambda: not isinstance(app.screen, SelectPrompt))
        await pilot.press("enter")
        await wait_for(pilot, lambda: "Saved to" in screen_text(app))
        lines = screen_text(app).splitlines()
        assert isinstance(app.screen, SelectPrompt)
        hand = app.game.hands[0]
        assert shown_cards("\n".join(lines[-3:]), hand) == set(hand), lines[-3:]
        assert lines[-1] == before[-1]  # the key line
        assert lines[:6] == before[:6]  # the title, the rows and their costs
