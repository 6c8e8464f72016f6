"""ChoiceList: an OptionList that also moves with j/k, jumps with digits (1 is the first choice), and marks the
highlighted choice with `>` so it shows without colour."""

from __future__ import annotations

from typing import ClassVar

from rich.segment import Segment
from textual import events
from textual.binding import Binding, BindingType
from textual.strip import Strip
from textual.widgets import OptionList

from bere_tui.i18n import _


class ChoiceList(OptionList):
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("k", "cursor_up", _("up"), show=False),
        Binding("j", "cursor_down", _("down"), show=False),
        Binding("enter", "select", _("choose"), show=True),
    ]

    DEFAULT_CSS = """
    ChoiceList > .option-list--option { padding: 0 0 0 2; }
    ChoiceList > .option-list--option-highlighted { text-style: bold; }
    """

    def __init__(self, *options, default: int = 0, **kwargs) -> None:
        super().__init__(*options, **kwargs)
        self._default = default

    def on_mount(self) -> None:
        if self.option_count:
            self.highlighted = min(self._default, self.option_count - 1)

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
        if event.character is not None and event.character.isdigit() and event.character != "0":
            index = int(event.character) - 1
            if index < self.option_count and not self.get_option_at_index(index).disabled:
                event.stop()
                self.highlighted = index


class ChoiceDialog:
    """Mixin for a dialog screen with one ChoiceList: it has the focus, and choosing dismisses with the
    option's id."""

    def on_mount(self) -> None:
        self.query_one(ChoiceList).focus()

    def on_option_list_option_selected(self, message: ChoiceList.OptionSelected) -> None:
        message.stop()
        self.dismiss(message.option_id)
