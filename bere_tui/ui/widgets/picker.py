"""CardPicker: a grid of cards with one highlighted; arrows/hjkl move, digits type a card's number, Enter picks.

Used for the hand (select), the Pro draft pool, and any prompt that asks for one card. The highlight is shown
by brackets around the card as well as by style, so it reads without colour.
"""

from __future__ import annotations

import time
from typing import ClassVar

from rich.text import Text
from textual import events
from textual.binding import Binding, BindingType
from textual.geometry import Size
from textual.message import Message
from textual.reactive import reactive
from textual.widget import Widget

from bere_tui.i18n import N_
from bere_tui.table.cardtext import card_label

TYPE_TIMEOUT = 1.5  # seconds after which typed digits start a new number


class CardPicker(Widget, can_focus=True):
    """Pick one card from `cards` (sorted as given)."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("left,h", "move(-1)", N_("previous"), show=False),
        Binding("right,l", "move(1)", N_("next"), show=False),
        Binding("up,k", "move_row(-1)", N_("up"), show=False),
        Binding("down,j", "move_row(1)", N_("down"), show=False),
        Binding("home", "jump(0)", N_("first"), show=False),
        Binding("end", "jump(-1)", N_("last"), show=False),
        Binding("enter", "pick", N_("choose"), show=True),
    ]

    COMPONENT_CLASSES: ClassVar[set[str]] = {"cardpicker--cursor"}

    DEFAULT_CSS = """
    CardPicker { height: auto; width: 1fr; }
    CardPicker > .cardpicker--cursor { text-style: bold underline; background: $accent 40%; }
    CardPicker:blur > .cardpicker--cursor { text-style: bold; background: $panel; }
    """

    cursor: reactive[int] = reactive(0)

    class Highlighted(Message):
        """The highlight moved to `card` (a prompt's preview line follows it)."""

        def __init__(self, picker: CardPicker, card: int | None) -> None:
            super().__init__()
            self.picker = picker
            self.card = card

    class Picked(Message):
        def __init__(self, picker: CardPicker, card: int) -> None:
            super().__init__()
            self.picker = picker
            self.card = card

    def __init__(self, cards, ascii: bool = False, default: int | None = None, *, uniform: bool = False,
                 id: str | None = None, classes: str | None = None) -> None:
        super().__init__(id=id, classes=classes)
        self.cards = list(cards)
        self.ascii = ascii
        self.uniform = uniform  # a grid of equal cells (the draft pool) rather than a flowing line (a hand)
        self.labels = [card_label(c, ascii, tight=not uniform) for c in self.cards]
        widest = max((t.cell_len for t in self.labels), default=4)
        self.widths = [(widest if uniform else t.cell_len) + 2 for t in self.labels]  # "[" label "]"
        self._typed = ""
        self._typed_at = 0.0
        if default is not None and default in self.cards:
            self.set_reactive(CardPicker.cursor, self.cards.index(default))

    @property
    def card(self) -> int | None:
        return self.cards[self.cursor] if self.cards else None

    def layout_cells(self, width: int | None = None) -> list[tuple[int, int]]:
        """(line, x) of each card's cell at this width; cells flow left to right and wrap."""
        width = max(1, self.size.width if width is None else width)
        cells, line, x = [], 0, 0
        for w in self.widths:
            if x and x + w > width:
                line, x = line + 1, 0
            cells.append((line, x))
            x += w + 1
        return cells

    def get_content_height(self, container: Size, viewport: Size, width: int) -> int:
        cells = self.layout_cells(width)
        return cells[-1][0] + 1 if cells else 1

    def render(self) -> Text:
        cells = self.layout_cells()
        out = Text(no_wrap=True, overflow="crop")
        line = 0
        for i, label in enumerate(self.labels):
            if cells[i][0] != line:
                out.append("\n")
                line = cells[i][0]
            elif i:
                out.append(" ")
            chosen = i == self.cursor
            out.append("[" if chosen else " ", style="bold")
            cell = label.copy()
            cell.pad_right(self.widths[i] - 2 - label.cell_len)
            if chosen:
                cell.stylize(self.get_component_rich_style("cardpicker--cursor"))
            out.append_text(cell)
            out.append("]" if chosen else " ", style="bold")
        return out

    def watch_cursor(self) -> None:
        self.refresh()
        self.post_message(self.Highlighted(self, self.card))

    def action_move(self, step: int) -> None:
        if self.cards:
            self.cursor = (self.cursor + step) % len(self.cards)

    def action_move_row(self, step: int) -> None:
        """Up/down: the card nearest above or below the highlighted one."""
        if not self.cards:
            return
        cells = self.layout_cells()
        line, x = cells[self.cursor]
        below = [i for i, (ln, _x) in enumerate(cells) if ln == line + step]
        if below:
            self.cursor = min(below, key=lambda i: abs(cells[i][1] - x))

    def action_jump(self, index: int) -> None:
        if self.cards:
            self.cursor = index % len(self.cards)

    def action_pick(self) -> None:
        if self.cards:
            self.post_message(self.Picked(self, self.cards[self.cursor]))

    def on_key(self, event: events.Key) -> None:
        """Digits type a card's number: the card itself, else the first one starting with those digits."""
        if event.character is None or not event.character.isdigit():
            return
        event.stop()
        now = time.monotonic()
        typed = (self._typed if now - self._typed_at < TYPE_TIMEOUT else "") + event.character
        self._typed_at = now
        for attempt in (typed, event.character):
            index = self._find(attempt)
            if index is not None:
                self._typed = attempt
                self.cursor = index
                return
        self._typed = ""

    def _find(self, typed: str) -> int | None:
        for i, c in enumerate(self.cards):
            if str(c) == typed:
                return i
        for i, c in enumerate(self.cards):
            if str(c).startswith(typed):
                return i
        return None

    def on_click(self, event: events.Click) -> None:
        for i, (line, x) in enumerate(self.layout_cells()):
            if line == event.y and x <= event.x < x + self.widths[i]:
                if i == self.cursor:
                    self.action_pick()
                else:
                    self.cursor = i
                return
