"""The rules viewer and its texts: every variant opens, Esc closes; the texts read as a rulebook (no rule ids,
no "Decision:") while their comments cite every rule id of RULES.md, with the Decision lines the game plays; the
title screen's Rules lists every variant."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from textual.app import App

from bere_tui.engine.nimmt.variants import VARIANTS
from bere_tui.paths import assets
from bere_tui.ui.rules_screen import (
    RulesScreen,
    languages,
    layout_section,
    load_sections,
    parts_for,
    read_part,
)

# The rule ids of RULES.md sections 1-5 (the variants the engine plays), by the variant whose rules show them.
COMMON_IDS = ["C1", "C2", *[f"B{i}" for i in range(1, 11)]]
VARIANT_IDS = {
    "base": [],
    "pro": ["P1", "P2", "P3"],
    "anniversary": [f"A{i}" for i in range(1, 10)] + [
        "A-5TH-1", "A-5TH-2", "A-7N-1", "A-7N-2", "A-INS-1", "A-INS-2", "A-INS-3", "A-REP-1", "A-REP-2",
        "A-SHI-1", "A-SHI-2", "A-STOP-1", "A-STOP-2", "A-STOP-3", "A-NP-1", "A-NP-2",
        "A-ORD-1", "A-ORD-2", "A-ORD-3", "A-ORD-4"],
    "even-odd": ["E1", "E2", "E3", "E4", "E5"],
}
# RULES.md's **Decision** lines, by rule id
DECISIONS = {"base": ["B10"], "pro": ["P3"], "anniversary": ["A-5TH-2", "A-REP-2", "A-SHI-1"], "even-odd": ["E4"]}


def test_every_variant_of_the_engine_has_rules():
    assert set(VARIANT_IDS) == set(VARIANTS)
    for variant in VARIANTS:
        assert read_part(variant, "en") is not None, variant


def raw_text(variant: str) -> str:
    return "\n".join(read_part(name, "en") or "" for name in parts_for(variant))


#: a rule id as RULES.md writes it: C1, B10, P3, A6, E4, A-STOP-2, A-ORD-1
RULE_ID = re.compile(r"(?<![\w-])(?:[CBPEA]\d+|A-[A-Z0-9]+-\d)(?![\w-])")


@pytest.mark.parametrize("variant", sorted(VARIANTS))
def test_rules_cite_every_rule_id_of_the_variant_in_comments(variant):
    comments = " ".join(re.findall(r"<!--(.*?)-->", raw_text(variant), re.DOTALL))
    for rule in COMMON_IDS + VARIANT_IDS[variant]:
        assert re.search(rf"(?<![\w-]){re.escape(rule)}(?![\w-])", comments), f"{variant}: {rule} is not cited"


@pytest.mark.parametrize("variant", sorted(VARIANTS))
def test_rules_state_the_decisions_the_game_plays(variant):
    comments = re.findall(r"<!--(.*?)-->", raw_text(variant), re.DOTALL)
    for rule in DECISIONS[variant] + DECISIONS["base"]:
        assert any(f"{rule} (Decision)" in c for c in comments), rule


@pytest.mark.parametrize("variant", sorted(VARIANTS))
def test_the_rules_players_read_show_no_rule_ids_and_no_decision_labels(variant):
    for section in load_sections(variant, "en"):
        for ascii in (False, True):
            shown = layout_section(section, 76, ascii).plain
            assert not RULE_ID.search(shown), f"{section.title}: {RULE_ID.search(shown).group()}"
            assert "Decision" not in shown and "<!--" not in shown, section.title


def test_anniversary_rules_deal_special_cards_once_and_top_them_up_in_round_two():
    """A2, A6: both decks are shuffled at the start of the game; round 2 deals number cards only, and special
    cards are topped up by 3, 2 or 1."""
    sections = {s.title: s.body for s in load_sections("anniversary", "en")}
    adds = sections["What it adds"]
    assert "Each round" not in adds and "At the start of the game both decks are shuffled" in adds
    rounds = " ".join(sections["Two rounds"].split())
    assert "special cards are not reshuffled" in rounds and "keep the special cards they hold" in rounds
    assert "3 more, or 2, or 1" in rounds


def test_pro_rules_give_the_order_of_all_four_rows():
    draft = " ".join(next(s.body for s in load_sections("pro", "en") if s.title == "The draft").split())
    assert "the lowest in row 1, then row 2 and row 3, the highest in row 4" in draft  # P2, as the engine


@pytest.mark.parametrize("ascii", [False, True])
def test_the_rules_show_a_card_as_the_table_does(ascii):
    from bere_tui.table.cardtext import card_label

    section = next(s for s in load_sections("base", "en") if s.title == "The cards")
    shown = layout_section(section, 76, ascii).plain
    assert card_label(55, ascii).plain.strip() in shown  # 55 and its 7 marks, the table's mark


def test_rules_texts_are_plain_ascii():
    for variant in VARIANTS:
        for section in load_sections(variant, "en"):
            assert (section.title + section.body).isascii(), section.title


def test_missing_language_falls_back_to_english():
    assert languages("xx_YY")[:2] == ["xx_YY", "xx"] and languages("xx_YY")[-1] == "en"
    assert read_part("base", "xx") == read_part("base", "en")
    assert load_sections("no-such-variant", "en")[0].part == "Base game"


def test_layout_wraps_items_with_a_hanging_indent():
    section = next(s for s in load_sections("anniversary", "en") if s.title == "Shift")
    lines = layout_section(section, 60).plain.splitlines()
    assert lines[0] == "Shift" and all(len(line) <= 60 for line in lines)
    assert any(line.startswith("- The row it goes to must have room") for line in lines)
    assert all(line.startswith(("- ", "  ")) for line in lines[2:] if line)


class RulesApp(App):
    ENABLE_COMMAND_PALETTE = False

    def __init__(self, variant: str, ascii: bool = False) -> None:
        super().__init__()
        self.variant = variant
        self.ascii = ascii
        self.closed = False

    def on_mount(self) -> None:
        self.push_screen(RulesScreen(self.variant), self.on_close)

    def on_close(self, _result) -> None:
        self.closed = True


def screen_text(app: App) -> str:
    return "\n".join("".join(seg.text for seg in strip) for strip in app.screen._compositor.render_strips())


@pytest.mark.parametrize("variant", sorted(VARIANTS))
async def test_rules_screen_opens_for_each_variant_and_esc_closes_it(variant):
    app = RulesApp(variant)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, RulesScreen)
        first = load_sections(variant)[0]
        assert f"Rules: {first.part}" in screen_text(app)
        await pilot.press("escape")
        await pilot.pause()
        assert app.closed and not isinstance(app.screen, RulesScreen)


async def test_rules_screen_browsing():
    app = RulesApp("anniversary", ascii=True)
    sections = load_sections("anniversary")
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await pilot.press("down", "enter")  # the second section
        await pilot.pause()
        text = screen_text(app)
        assert sections[1].title in text and "ONE special card" in text and "section 2 of" in text
        assert text.isascii()
        await pilot.press("right", "right", "l")  # to section 5: 5th Row
        await pilot.pause()
        assert "Your revealed card starts a fifth row" in screen_text(app)
        await pilot.press("h")
        await pilot.pause()
        assert sections[3].title in screen_text(app)
        await pilot.press("escape")  # back to the contents, that section highlighted
        await pilot.pause()
        contents = app.screen.query_one("#rules-contents")
        assert contents.display and contents.highlighted == contents.get_option_index("s3")
        await pilot.press("j", "enter")
        await pilot.pause()
        assert app.screen.current == 4
        await pilot.press("escape", "escape")
        await pilot.pause()
        assert app.closed


async def test_long_section_scrolls_and_shows_how_far():
    app = RulesApp("anniversary", ascii=True)
    index = next(i for i, s in enumerate(load_sections("anniversary")) if s.title == "Two rounds")
    async with app.run_test(size=(80, 12)) as pilot:
        await pilot.pause()
        app.screen.open_section(index)
        await pilot.pause()
        assert "read: 0%" in screen_text(app)
        await pilot.press("pagedown", "pagedown", "pagedown")
        await pilot.pause()
        assert "read: 100%" in screen_text(app)
        assert screen_text(app).isascii()


async def test_rules_open_from_the_help_of_a_game_in_its_variant():
    """In the app: ? opens the help, r the rules of the variant being played (--ascii carried over)."""
    from bere_tui.engine.nimmt import Game
    from bere_tui.ui.app import BereApp, Start
    from bere_tui.ui.session import Session

    game = Game("even-odd", [{"name": "Ann"}, {"name": "Ben"}], seed=2)
    app = BereApp(Start("game", session=Session(game)), speed="off", ascii=True, remember=False)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await pilot.press("question_mark")
        await pilot.pause()
        await pilot.press("r")
        await pilot.pause()
        assert isinstance(app.screen, RulesScreen) and app.screen.ascii
        text = screen_text(app)
        assert "Rules: Even/Odd card" in text and text.isascii()
        await pilot.press("escape")
        await pilot.pause()
        assert not isinstance(app.screen, RulesScreen)


async def test_the_title_screens_rules_list_every_variant():
    """From the title: Rules, then any variant; Esc goes back from its contents to the variants, then out."""
    from bere_tui.ui.app import BereApp, Start
    from bere_tui.ui.screens.title import TitleScreen

    app = BereApp(Start("title"), remember=False)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        menu = app.screen.query_one("#title-menu")
        menu.highlighted = menu.get_option_index("rules")
        await pilot.press("enter")
        await pilot.pause()
        assert isinstance(app.screen, RulesScreen)
        text = screen_text(app)
        for name in ("Base game", "Pro", "Anniversary", "Even/Odd"):
            assert name in text
        for index, (variant, title) in enumerate([("pro", "Rules: Pro variant"), ("even-odd", "Rules: Even/Odd"),
                                                  ("anniversary", "Rules: Anniversary")]):
            await pilot.press(str(list(VARIANTS).index(variant) + 1), "enter")
            await pilot.pause()
            assert title in screen_text(app) and app.screen.variant == variant
            await pilot.press("escape")  # back to the variants
            await pilot.pause()
            assert "Rules: choose a variant" in screen_text(app)
        await pilot.press("escape")
        await pilot.pause()
        assert isinstance(app.screen, TitleScreen)


async def test_the_contents_lead_to_the_other_variants():
    app = RulesApp("anniversary")
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await pilot.press("end", "enter")  # the last line of the contents: the other variants
        await pilot.pause()
        assert "Rules: choose a variant" in screen_text(app)
        await pilot.press("2", "enter")
        await pilot.pause()
        assert "Rules: Pro variant" in screen_text(app)


# ---------------------------------------------------------------- the board game (RULES section 6, docs/board.md)

BOARD_IDS = [f"BG{i}" for i in range(1, 8)] + [f"BG-D{i}" for i in range(1, 8)]
#: the choices of docs/board.md ("Decisions") the engine plays, as the board game's rules text labels them
BOARD_DECISIONS = ["BG-D1", "BG-D3", "BG-D4", "BG-D5", "BG-D6", "BG-D7", "BG6", "BG7"]


def rules_languages() -> list[str]:
    return sorted(p.name for p in (assets() / "rules").iterdir() if p.is_dir())


def test_the_board_game_shows_its_own_rules_not_6_nimmts():
    assert parts_for("board") == ["board"]
    assert [s.part for s in load_sections("board", "en")] == ["Board game"] * len(load_sections("board", "en"))


def test_the_board_rules_exist_in_every_language_with_the_english_sections():
    """Every language has board.md, with as many sections as the English one, each citing the same rule ids."""
    from bere_tui.catalogues import rule_sections

    english = rule_sections(read_part("board", "en"))
    assert len(rules_languages()) >= 5
    for lang in rules_languages():
        path = assets() / "rules" / lang / "board.md"
        assert path.is_file(), lang
        text = path.read_text(encoding="utf-8")
        assert rule_sections(text) == english, lang
        assert len(load_sections("board", lang)) == len(english) - 1, lang
        assert lang == "en" or text != read_part("board", "en"), f"{lang}: a copy of the English text"


def test_the_board_rules_cite_every_bg_id_and_label_the_decisions():
    comments = re.findall(r"<!--(.*?)-->", read_part("board", "en"), re.DOTALL)
    cited = " ".join(comments)
    for rule in BOARD_IDS:
        assert re.search(rf"(?<![\w-]){re.escape(rule)}(?![\w-])", cited), f"board: {rule} is not cited"
    for rule in BOARD_DECISIONS:
        assert any(f"{rule} (Decision)" in c for c in comments), rule


@pytest.mark.parametrize("lang", ["en", "cs", "de", "fr", "pl"])
def test_the_board_rules_players_read_show_no_rule_ids_and_no_decision_labels(lang):
    from bere_tui.catalogues import RULE_ID as ANY_RULE_ID

    for section in load_sections("board", lang):
        shown = layout_section(section, 76).plain
        assert not ANY_RULE_ID.search(shown), f"{lang} {section.title}: {ANY_RULE_ID.search(shown).group()}"
        assert "Decision" not in shown and "<!--" not in shown, section.title


def test_the_board_rules_say_what_is_reconstructed_and_how_to_play_your_own_board():
    sections = {s.title: " ".join(s.body.split()) for s in load_sections("board", "en")}
    made_up = sections["What is reconstructed"]
    for part in ("both boards", "each tile's bullheads", "the split of the luck cards", "the 24 action cards",
                 "that a space acts at once", "what the final space costs", "what take the row does",
                 "how play two works", "when luck cards are drawn", "when and how each action card acts",
                 "how the game ends on each side"):
        assert part in made_up, part
    own = sections["Your own board"]
    assert "`bere play --variant board --board FILE`" in own and "`docs/board.md`" in own
    assert (Path(__file__).parents[2] / "docs" / "board.md").is_file()


def test_the_board_rules_give_the_numbers_the_shipped_board_plays_with():
    """BG1, BG2, BG6, BG7: the counts the text gives are the shipped board's (bere_tui/assets/boards/standard.json)."""
    from collections import Counter

    from bere_tui.boards import load_board
    from bere_tui.engine.board.layout import ACTIVE_ROWS

    board = load_board("standard")
    sections = {s.title: " ".join(s.body.split()) for s in load_sections("board", "en")}
    box = sections["What is in the box"]
    assert f"{board.tiles} number tiles, 1 to {board.tiles}" in box
    assert f"{len(board.luck_cards)} luck cards and {len(board.action_cards)} action cards" in box
    assert f"{board.stop_tokens} STOP tokens" in box
    assert {len(side.rows) for side in board.sides.values()} == {10} and "Each side has 10 rows" in box
    assert set(board.heads[1:]) == {1, 2, 3, 5} and board.heads[55] == 5 and board.heads[11] == 5
    assert board.heads[10] == 3 and board.heads[15] == 2 and board.heads[12] == 1  # as "What is in the box" says
    setup = sections["Setting up"]
    assert f"Each player gets {board.hand}" in setup and f"exactly {ACTIVE_ROWS} active rows" in setup
    luck = Counter(board.luck_cards)
    assert f"There are {len(board.luck_cards)}: {luck['plus5']} of +5 and {luck['final_bonus']} of Bonus" in (
        sections["Luck cards"])
    actions = Counter(board.action_cards)
    assert set(actions.values()) == {6} and len(actions) == 4
    assert "6 each of Play first, Place anywhere, Swap and Stop" in sections["Action cards"]
    assert board.second_hand_max_players == 3 and "With 2 or 3 players" in sections["The end of the game"]


async def test_the_rules_screen_opens_the_board_games_rules_at_80x24():
    app = RulesApp("board")
    sections = load_sections("board")
    index = next(i for i, s in enumerate(sections) if s.title == "What is reconstructed")
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, RulesScreen) and app.screen.variant == "board"
        text = screen_text(app)
        assert "Rules: Board game" in text and "BOARD GAME" in text and "The idea" in text
        assert "Base game" not in text and "The sixth card" not in text
        assert f"{len(sections)} sections" in text
        await pilot.press(*["down"] * index, "enter")
        await pilot.pause()
        assert app.screen.current == index
        text = screen_text(app)
        assert "What is reconstructed" in text and "Known from published descriptions" in text
        assert f"section {index + 1} of {len(sections)}" in text
        await pilot.press("right")  # the next section: your own board
        await pilot.pause()
        assert "bere play --variant board --board FILE" in screen_text(app)
        await pilot.press("escape", "escape")
        await pilot.pause()
        assert app.closed and not isinstance(app.screen, RulesScreen)


async def test_the_list_of_games_describes_the_board_game_in_one_line():
    app = RulesApp(None)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        assert "2 to 6 players: the board game" in screen_text(app)
        variants = app.screen.query_one("#rules-variants")
        variants.highlighted = variants.get_option_index("board")
        await pilot.press("enter")
        await pilot.pause()
        assert "Rules: Board game" in screen_text(app) and app.screen.variant == "board"
