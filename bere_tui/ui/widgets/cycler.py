"""Cycler: one value out of a few, shown as `< value >`; left/right (h/l) change it, space and a click move it on.

It tells of a change with a Changed message, and first, when it was given one, by calling `on_change` at once:
a screen whose fields depend on the value (the setup's seats) is changed before the next key typed ahead is
handled, where a message would come after it.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import ClassVar

from rich.text import Text
from textual import events
from textual.binding import Binding, BindingType
from textual.message import Message
from textual.reactive import reactive
from textual.widget import Widget

from bere_tui.i18n import N_


class Cycler(Widget, can_focus=True):
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("left,h", "step(-1)", N_("change"), show=False),
        Binding("right,l", "step(1)", N_("change"), show=True, key_display="<- ->"),
        Binding("space", "step(1)", N_("change"), show=False),
    ]

    DEFAULT_CSS = """
    Cycler { width: auto; min-width: 16; height: 1; padding: 0 1; }
    Cycler:focus { background: $accent 40%; text-style: bold; }
    """

    index: reactive[int] = reactive(0)

    class Changed(Message):
        def __init__(self, cycler: Cycler, value) -> None:
            super().__init__()
            self.cycler = cycler
            self.value = value

        @property
        def control(self) -> Cycler:
            return self.cycler

    def __init__(self, values: list, labels: list[str], value=None, *, id: str | None = None,
                 classes: str | None = None, on_change: Callable[[Cycler], None] | None = None) -> None:
        super().__init__(id=id, classes=classes)
        self.on_change = on_change
        self.values = list(values)
        self.labels = list(labels)
        if value in self.values:
            self.set_reactive(Cycler.index, self.values.index(value))
        self.width_hint = max(len(label) for label in self.labels) + 4

    @property
    def value(self):
        return self.values[self.index]

    def get_content_width(self, container, viewport) -> int:
        return self.width_hint

    def render(self) -> Text:
        label = self.labels[self.index]
        return Text(f"< {label:<{self.width_hint - 4}} >")

    def action_step(self, step: int) -> None:
        self.index = (self.index + step) % len(self.values)
        if self.on_change is not None:
            self.on_change(self)
        self.post_message(self.Changed(self, self.value))

    def on_click(self, event: events.Click) -> None:
        self.action_step(-1 if event.x < 2 else 1)
