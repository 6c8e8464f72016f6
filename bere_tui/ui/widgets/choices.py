"""ChoiceList: an OptionList that also moves with j/k, jumps with digits, and marks the highlighted choice with
`>` so it shows without colour.

Digits count the choices that can be chosen, not the headings between them (in the lesson list, 12 is the
twelfth lesson): 1 is the first choice, and a second digit typed soon after the first makes a two-digit number
when there are that many choices.
"""

from __future__ import annotations

import time
from typing import ClassVar

from rich.segment import Segment
from textual import events
from textual.binding import Binding, BindingType
from textual.message import Message
from textual.strip import Strip
from textual.widgets import OptionList

from bere_tui.i18n import N_

TYPE_TIMEOUT = 1.5  # seconds after which a digit starts a new number


class ChoiceList(OptionList):
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("k", "cursor_up", N_("up"), show=False),
        Binding("j", "cursor_down", N_("down"), show=False),
        Binding("enter", "select", N_("choose"), show=True),
    ]

    DEFAULT_CSS = """
    ChoiceList > .option-list--option { padding: 0 0 0 2; }
    ChoiceList > .option-list--option-highlighted { text-style: bold; }
    """

    class Refused(Message):
        """A number was typed for an option that cannot be chosen: the highlight stays, the screen says why."""

        def __init__(self, choices: ChoiceList, index: int) -> None:
            super().__init__()
            self.choices = choices
            self.index = index

    def __init__(self, *options, default: int = 0, keys: list[str | None] | None = None, **kwargs) -> None:
        """`keys`: the number each option answers to (a card's or a row's, shown in its line); without them a
        digit counts the choices. A key of an option that cannot be chosen moves nothing: it posts `Refused`."""
        super().__init__(*options, **kwargs)
        self._default = default
        self._keys = keys
        self._typed = ""
        self._typed_at = 0.0

    def on_mount(self) -> None:
        if self.option_count:
            index = min(self._default, self.option_count - 1)
            enabled = self.choosable()
            if index not in enabled and enabled:  # a heading: the first choice after it
                index = next((i for i in enabled if i > index), enabled[0])
            self.highlighted = index

    def choosable(self) -> list[int]:
        """The indexes of the options that can be chosen (headings are disabled options)."""
        return [i for i in range(self.option_count) if not self.get_option_at_index(i).disabled]

    def render_line(self, y: int) -> Strip:
        strip = super().render_line(y)
        try:
            index, offset = self._lines[self.scroll_offset.y + y]
        except IndexError:
            return strip
        if index == self.highlighted and offset == 0 and strip.cell_length > 1:
            style = self.get_visual_style("option-list--option", "option-list--option-highlighted").rich_style
            return Strip.join([Strip([Segment(">", style)]), strip.crop(1, strip.cell_length)])
        return strip

    def on_key(self, event: events.Key) -> None:
        if event.character is None or not event.character.isdigit():
            return
        if self._keys is not None:
            event.stop()
            self._go_to_key(event.character)
            return
        enabled = self.choosable()
        now = time.monotonic()
        typed = (self._typed if now - self._typed_at < TYPE_TIMEOUT else "") + event.character
        self._typed_at = now
        for attempt in (typed, event.character):
            number = int(attempt)
            if 1 <= number <= len(enabled):
                event.stop()
                self._typed = attempt
                self.highlighted = enabled[number - 1]
                return
        self._typed = ""

    def _go_to_key(self, digit: str) -> None:
        """To the option whose number is typed (2 then 3: the 23), else the first whose number starts so. The
        number of an option that cannot be chosen (a stopped row) moves nothing and posts `Refused`."""
        enabled = set(self.choosable())
        every = [k or "" for k in self._keys or []]
        keys = [k if i in enabled else "" for i, k in enumerate(every)]
        for typed in (self._typed + digit, digit):
            index = keys.index(typed) if typed in keys else next(
                (i for i, k in enumerate(keys) if k.startswith(typed)), None)
            if index is not None:
                self._typed = typed
                self.highlighted = index
                return
            if typed in every:  # an option that cannot be chosen: nothing moves, the screen says why
                self._typed = ""
                self.app.bell()
                self.post_message(self.Refused(self, every.index(typed)))
                return
        self._typed = ""
        self.app.bell()


class ChoiceDialog:
    """Mixin for a dialog screen with one ChoiceList: it has the focus, and choosing dismisses with the
    option's id."""

    def on_mount(self) -> None:
        self.query_one(ChoiceList).focus()

    def on_option_list_option_selected(self, message: ChoiceList.OptionSelected) -> None:
        message.stop()
        self.dismiss(message.option_id)
