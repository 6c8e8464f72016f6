"""The board game's decisions as prompts (BG3, BG6, BG7, BG-D6): each offers exactly the engine's legal actions
and dismisses with the one chosen. Digits jump (a tile's number, a row's number, a space's number), arrows
move, Enter chooses, Esc or Backspace goes back a stage (at the first stage, at a hot-seat table, Esc hides
the hand); a line is always highlighted, so Enter alone moves the game
on.

- select: the secret tile, after a play-two space two tiles (chosen one after the other, both shown), and on
  the pro side an action card to play with it (BG7; "no card" is the default). Each tile says where it would
  go on the board as it stands, by the engine's rule (view.target_row), and what that space does;
- stop_row: the row for a STOP token; place_row: the open row a place-anywhere tile goes to; swap_row: the row
  whose last tile the swap card exchanges (BG7);
- luck: the space a luck card changes, its row then its space (BG6).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import ClassVar

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Vertical
from textual.widgets import Static
from textual.widgets.option_list import Option

from bere_tui.i18n import N_, _, ngettext
from bere_tui.table.board.words import points_text, states_points
from bere_tui.ui.board.board import (
    card_help,
    card_name,
    hand_text,
    luck_name,
    space_effect,
    space_mark,
    tile_label,
    tiles_text,
)
from bere_tui.ui.prompts.base import HidesHand, PromptScreen
from bere_tui.ui.widgets.choices import ChoiceList
from bere_tui.ui.widgets.keybar import KeyBar

#: lines of choices shown at once where the screen under the prompt does not count them (`choices_that_fit`)
CHOICE_LINES = 6
MIN_CHOICE_LINES = 3
#: the prompt's lines besides its choices: the rule above it, the title, the hand and the key bar (while tiles
#: are chosen the list shows every tile of the hand: the hand's line gives its place to one more tile)
PROMPT_LINES = 4
ROW_CHOICES = ("stop_row", "place_row", "swap_row")


def choices_that_fit(screen, height: int | None, log_kept: int = 0) -> int:
    """The choices a prompt over `screen` (a board table or lesson) shows at once in a terminal `height` lines
    high (None: the screen's): every line between the scores and the prompt's other lines, less the log's last
    `log_kept` lines, so that the board's rows and the scores stay in view (at 80x24 a lesson's narration
    leaves 2, and 3 while tiles are chosen; the list never shows fewer than MIN_CHOICE_LINES)."""
    below = (height or screen.size.height or 24) - screen.query_one("#bg-scores", Static).region.bottom
    return max(1, below - PROMPT_LINES - log_kept)


def landing_text(view, tile: int, picked=()) -> Text:
    """Where `tile` would go on the board as it stands (the engine's rule) and what that space does; on a
    play-two turn after the tiles `picked` before it, placed lowest first as the engine places them."""
    r, i, how, overlay, points = view.outcomes([*picked, tile])[tile]
    row = view.rows[r]
    out = Text(_("row {row}, space {space}").format(row=r + 1, space=i + 1), no_wrap=True, overflow="ellipsis")
    if how == "lowest":
        out.append(" " + _("(below every row end)"))
    out.append(": ")
    if points and not states_points(row.spec, i, overlay):  # what it scores now (rules.points: BG4, BG6, BG-D4/5)
        out.append(points_text(points), style="bold")
        out.append(", ")
    out.append(space_effect(row.spec, i, overlay), style="dim")
    return out


class BoardPrompt(HidesHand, PromptScreen):
    """One decision of the board game: a title, the player's hand, and the choices as a list."""

    DEFAULT_CSS = """
    BoardPrompt { align: left bottom; background: transparent; }
    BoardPrompt #bg-choices { text-wrap: nowrap; text-overflow: ellipsis; }
    """
    BINDINGS: ClassVar[list[BindingType]] = [
        *PromptScreen.BINDINGS,
        Binding("escape,backspace", "stage_back", N_("back"), show=True),  # (before Esc's hide hand: it wins)
        HidesHand.BACK,
    ]

    def __init__(self, view, legal, ascii: bool = False,
                 lines: int | Callable[[int | None], int] = CHOICE_LINES) -> None:
        """`lines`: the choices shown at once (the rest scroll), or what counts them for a terminal's height
        (None: the height now), asked again when the terminal's size changes (fit_to)."""
        super().__init__(view, legal, ascii)
        self._count_lines = lines if callable(lines) else lambda _height: lines
        self.choice_lines = self._count_lines(None)
        self.do = legal[0]["do"]
        self.can_go_back = False  # at a hot-seat table: Esc hides the hand and brings the hand-off back
        self.picked: list[int] = []  # select: the tiles chosen so far
        self.luck_row: int | None = None  # luck: the row chosen
        self.stage = ""
        self.lines: list = []  # what each line of the list answers: a tile, a card ("": none), a row, a space
        self.keys: list[str | None] = []
        self.texts: list[Text] = []
        self.default = 0
        self.changing = False  # a change of stage is under way
        self._build()

    # ------------------------------------------------------------------ what the list offers

    @property
    def tiles_needed(self) -> int:
        return len(self.legal[0]["tiles"]) if self.do == "select" else 0

    def _cards(self) -> list[str | None]:
        return list(dict.fromkeys(a["card"] for a in self.legal)) if self.do == "select" else []

    def _build(self) -> None:
        """The lines of the current stage."""
        view, heads = self.view, self.view.heads
        self.lines, self.keys, self.texts, self.default = [], [], [], 0
        if self.do == "select" and len(self.picked) < self.tiles_needed:
            self.stage = "tile"
            for tile in view.hand:
                if tile in self.picked:
                    continue
                text = tile_label(tile, heads, self.ascii)
                text.append(" " * max(1, 9 - text.cell_len))
                text.append_text(landing_text(view, tile, self.picked))
                self._line(tile, str(tile), text)
        elif self.do == "select":
            self.stage = "card"
            for i, card in enumerate(self._cards()):
                if card is None:
                    text = Text(_("no action card"))
                else:
                    text = Text(card_name(card), style="bold", no_wrap=True, overflow="ellipsis")
                    text.append("  " + card_help(card), style="dim")
                self._line(card or "", str(i), text)  # ("": no card)
        elif self.do in ROW_CHOICES:
            self.stage = "row"
            allowed = sorted({a["row"] for a in self.legal})  # (only these: the board shows the others)
            for r in allowed:
                self._line(r, str(r + 1), self._row_text(r))
            if self.do == "place_row" and view.placing is not None:
                target, _how = view.target_row(view.placing[1])  # where the tile would go without the card
                self.default = allowed.index(target) if target in allowed else 0
        elif self.luck_row is None:
            self.stage = "row"
            for r in sorted({r for r, _i in self._targets()}):
                self._line(r, str(r + 1), self._row_text(r))
        else:
            self.stage = "space"
            row = view.rows[self.luck_row]
            for r, i in self._targets():
                if r != self.luck_row:
                    continue
                text = Text(_("space {n}").format(n=i + 1), style="bold", no_wrap=True, overflow="ellipsis")
                mark = space_mark(row.spec, i, None)
                text.append("  " + (mark + " " if mark else "") + space_effect(row.spec, i), style="dim")
                self._line(i, str(i + 1), text)

    def _line(self, answer, key: str, text: Text) -> None:
        self.lines.append(answer)
        self.keys.append(key)
        self.texts.append(text)

    def _targets(self) -> list[tuple[int, int]]:
        return [(a["row"], a["space"]) for a in self.legal]

    def _row_text(self, r: int) -> Text:
        view = self.view
        row = view.rows[r]
        out = Text(_("row {n}").format(n=r + 1), style="bold", no_wrap=True, overflow="ellipsis")
        out.append("  ")
        out.append_text(tiles_text(row.tiles, view.heads, self.ascii))
        i = row.next_space
        overlay = dict(row.overlays).get(i)
        if self.do == "swap_row":
            out.append("  " + _("swap with {tile}, which comes to your hand").format(tile=row.tiles[-1]),
                       style="dim")
        elif self.do == "luck":  # the spaces of this row the luck card may change (the engine's list)
            spaces = [i + 1 for q, i in self._targets() if q == r]
            out.append("  " + ngettext("space {list}", "spaces {list}", len(spaces)).format(
                list=", ".join(map(str, spaces))), style="dim")
        elif self.do == "place_row" or self.do == "stop_row":
            mark = space_mark(row.spec, i, overlay)
            out.append("  " + _("next: space {n}").format(n=i + 1) + " " + (mark + " " if mark else "") +
                       space_effect(row.spec, i, overlay), style="dim")
        return out

    # ------------------------------------------------------------------ drawing

    def heading(self) -> Text:
        name = self.name_of_player
        pend = self.view.pending or {}
        if self.do == "select":
            if self.stage == "card":
                text = _("{name}, play an action card with your tile? (secret)")
            elif self.tiles_needed == 2 and not self.picked:
                text = _("{name}, choose the first of your two tiles in secret (a play-two space)")
            elif self.tiles_needed == 2:
                text = _("{name}, now the second tile")
            else:
                text = _("{name}, choose a tile in secret")
            return Text(text.format(name=name), style="bold")
        tile = pend.get("tile")
        if self.do == "stop_row":
            return Text(_("{name}, your STOP card: which row gets the STOP token?").format(name=name), style="bold")
        if self.do == "place_row":
            return Text(_("{name}, place anywhere: which open row does {tile} go to?").format(name=name, tile=tile),
                        style="bold")
        if self.do == "swap_row":
            return Text(_("{name}, swap: {tile} takes the place of which row's last tile?").format(
                name=name, tile=tile), style="bold")
        card = luck_name(pend.get("card", ""))
        if self.stage == "space":
            return Text(_("{name}, the luck card {card}: which space of row {row}?").format(
                name=name, card=card, row=(self.luck_row or 0) + 1), style="bold")
        return Text(_("{name}, the luck card {card}: on which row?").format(name=name, card=card), style="bold")

    def title_text(self) -> Text:
        """The heading, and after it the tiles chosen so far (on the same line: one more line for the list)."""
        out = self.heading()
        if self.do == "select" and self.picked:
            out.append("  " + _("chosen:") + " ", style="bold")
            out.append_text(tiles_text(self.picked, self.view.heads, self.ascii))
        return out

    def compose(self) -> ComposeResult:
        with Vertical(classes="bottom-panel", id="bg-prompt"):
            yield Static(self.title_text(), id="bg-prompt-title")
            if self.view.me is not None:
                hand = hand_text(self.view, self.ascii)
                hand.no_wrap, hand.overflow = True, "ellipsis"  # one line: the scores stay in view above
                yield Static(hand, id="bg-hand")
            yield self._choices()
        yield KeyBar()

    def _choices(self) -> ChoiceList:
        options = [Option(text) for text in self.texts]
        choices = ChoiceList(*options, default=self.default, keys=self.keys, id="bg-choices")
        # (the app's ChoiceList rule would beat a DEFAULT_CSS one)
        choices.styles.max_height = self._list_height()
        return choices

    def _list_height(self) -> int:
        return max(MIN_CHOICE_LINES, self.choice_lines + (1 if self._hand_hidden() else 0))

    def _hand_hidden(self) -> bool:
        """While tiles are chosen the list shows every tile of the hand: its own line is not needed, unless it
        names action cards too (the pro side)."""
        return self.stage == "tile" and self.view.me is not None and not self.view.my_cards

    def _show_hand(self) -> None:
        for hand in self.query("#bg-hand"):
            hand.display = not self._hand_hidden()

    def on_mount(self) -> None:
        self._show_hand()
        self.query_one(ChoiceList).focus()

    def fit_to(self, size) -> None:
        """The terminal's new size (BereApp.on_resize): as many choices as now fit."""
        lines = self._count_lines(size.height)
        if lines != self.choice_lines:
            self.choice_lines = lines
            for choices in self.query(ChoiceList):  # (none while a stage's list is being swapped: the new one
                choices.styles.max_height = self._list_height()  # is made with the new count)

    async def _next_stage(self) -> None:
        """The list of the stage now: the old list goes, the new one comes. Keys that come meanwhile (Enter,
        Esc, Backspace pressed fast) are dropped (`changing`): two changes at once would break the list."""
        self.changing = True
        try:
            await self._swap_list()
        finally:
            self.changing = False
        self.highlight_hint()  # (a lesson's move, or its hint's, at this stage too)

    def hint_index(self, action: dict) -> int | None:
        """The line of the current stage that leads to `action` (None: none)."""
        if self.stage == "tile":
            want = [t for t in action.get("tiles", ()) if t not in self.picked]
            answer = want[0] if want else None
        elif self.stage == "card":
            answer = action.get("card") or ""
        elif self.stage == "row":
            answer = action.get("row")
        else:
            answer = action.get("space")
        return self.lines.index(answer) if answer in self.lines else None

    def highlight(self, action: dict) -> None:
        index = self.hint_index(action)
        if index is not None:
            self.query_one(ChoiceList).highlighted = index

    async def _swap_list(self) -> None:
        self._build()
        self.query_one("#bg-prompt-title", Static).update(self.title_text())
        self._show_hand()
        old = self.query_one(ChoiceList)
        await old.remove()
        new = self._choices()
        await self.query_one("#bg-prompt", Vertical).mount(new)
        new.focus()
        self.refresh_bindings()

    # ------------------------------------------------------------------ keys

    def _staged(self) -> bool:
        """A stage after the first: Esc goes back to the one before."""
        return bool(self.picked) or self.luck_row is not None

    def check_action(self, action: str, parameters) -> bool | None:
        if action == "stage_back":
            return self._staged()
        if action == "back":  # Esc hides the hand only at the first stage (after it, Esc goes back a stage)
            return self.can_go_back and not self._staged()
        return super().check_action(action, parameters)

    async def action_stage_back(self) -> None:
        """Esc, Backspace: back a stage (the tile chosen last, or the luck card's row)."""
        if self.changing:
            return
        if self.picked:
            self.picked.pop()
        elif self.luck_row is not None:
            self.luck_row = None
        else:
            return
        await self._next_stage()

    def action_tracker(self) -> None:
        from bere_tui.ui.board.tracker import tracker_notice

        self.app.push_screen(tracker_notice(self.view, self.ascii))

    async def on_option_list_option_selected(self, message: ChoiceList.OptionSelected) -> None:
        message.stop()
        if self.changing or message.option_list is not self.query_one(ChoiceList):
            return  # (a key of the stage before)
        answer = self.lines[message.option_index]
        if self.stage == "tile":
            self.picked.append(answer)
            if len(self.picked) < self.tiles_needed or len(self._cards()) > 1:
                await self._next_stage()
                return
            answer = None
        if self.stage in ("tile", "card"):
            answer = answer or None  # (the card stage's "" is no card)
            tiles = sorted(self.picked)
            for action in self.legal:
                if sorted(action["tiles"]) == tiles and action["card"] == answer:
                    self.dismiss(action)
                    return
            return
        if self.do in ROW_CHOICES:
            self.dismiss(next(a for a in self.legal if a["row"] == answer))
            return
        if self.stage == "row":
            spaces = [i for r, i in self._targets() if r == answer]
            if len(spaces) == 1:
                self.dismiss(next(a for a in self.legal if a["row"] == answer))
                return
            self.luck_row = answer
            await self._next_stage()
            return
        self.dismiss(next(a for a in self.legal if a["row"] == self.luck_row and a["space"] == answer))


__all__ = ["CHOICE_LINES", "MIN_CHOICE_LINES", "PROMPT_LINES", "BoardPrompt", "choices_that_fit", "landing_text"]
