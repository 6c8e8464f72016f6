"""KeyBar: the bottom line naming the keys that work now (bindings with show=True that check_action allows).
A screen may name some of its keys itself (`key_names`: action -> description; the replay viewer names its
steps as the game on it does).

It does the job of Textual's Footer as one line of text: the Footer builds a widget per key each time the
bindings change, which made every screen change several times slower. A click on a key presses it.
Descriptions are given untranslated (`N_`, `NP_`: the classes' BINDINGS are made at import) and translated here, each
time the line is drawn, so that a change of language in Settings reaches them.
"""

from __future__ import annotations

from typing import ClassVar

from rich.text import Text
from textual import events
from textual.widget import Widget

from bere_tui.i18n import later

#: keys that work on every screen (the whole log: at the table and in every prompt), left out first (in this
#: order) when the line would not fit: `?` help
#: names them all
SPARE = ("save", "tracker", "ask_quit", "whole_log", "help")


def _spare_rank(action: str) -> int:
    name = action.split(".")[-1]
    return SPARE.index(name) if name in SPARE else len(SPARE)


class KeyBar(Widget):
    DEFAULT_CSS = """
    KeyBar { dock: bottom; height: 1; width: 1fr; background: $footer-background; color: $footer-foreground; }
    KeyBar > .keybar--key { text-style: bold; color: $footer-key-foreground; }
    KeyBar > .keybar--disabled { text-style: dim; }
    """
    COMPONENT_CLASSES: ClassVar[set[str]] = {"keybar--key", "keybar--disabled"}

    def __init__(self) -> None:
        super().__init__()
        self._spans: list[tuple[int, int, str]] = []  # x from, x to, key
        self._shown: list = []  # the keys() it showed last (their descriptions translated: a new language shows)

    def on_mount(self) -> None:
        self.screen.bindings_updated_signal.subscribe(self, self._bindings_changed)

    def on_unmount(self) -> None:
        self.screen.bindings_updated_signal.unsubscribe(self)

    def _bindings_changed(self, screen) -> None:
        """Drawn again only when the keys it shows or their language changed: the signal comes at every change
        of focus, most of which leave the same keys working (each redraw was a frame of its own, also sent over
        SSH)."""
        if self.keys() != self._shown:
            self.refresh()

    def keys(self) -> list[tuple[str, str, str, bool, str]]:
        """(key, shown key, description, enabled, action) of each action once, in binding order."""
        seen: set[str] = set()
        out = []
        named = getattr(self.screen, "key_names", {})  # (a screen that names some keys itself: the replay's)
        for _node, binding, enabled, _tip in self.screen.active_bindings.values():
            if not binding.show or binding.action in seen:
                continue
            seen.add(binding.action)
            out.append((binding.key, self.app.get_key_display(binding),
                        later(named.get(binding.action, binding.description)), enabled, binding.action))
        return out

    def render(self) -> Text:
        key_style = self.get_component_rich_style("keybar--key")
        off_style = self.get_component_rich_style("keybar--disabled")
        self._shown = self.keys()
        width = self.size.width or 80
        for keys, tight in self._shorter(self._shown):
            if self._line(keys, key_style, off_style, tight=tight).cell_len <= width:
                break
        return self._line(keys, key_style, off_style, spans=True, tight=tight)

    @staticmethod
    def _shorter(keys):
        """The ways to draw `keys`, longest first: as they are; with one space between keys; the everywhere keys
        (SPARE, in its order) by their key alone, which `?` help explains; then without them, one by one. A
        language's longer words thus keep every key English shows (issue 35: the Czech and German bars lost
        ctrl+s in the special-card prompts)."""
        yield keys, False
        yield keys, True
        for rank in range(len(SPARE)):
            keys = [(k[0], k[1], "" if _spare_rank(k[4]) == rank else k[2], *k[3:]) for k in keys]
            yield keys, True
        for rank in range(len(SPARE)):
            keys = [k for k in keys if _spare_rank(k[4]) != rank]
            yield keys, True

    def _line(self, keys, key_style, off_style, spans: bool = False, tight: bool = False) -> Text:
        text = Text(no_wrap=True, overflow="crop")
        if spans:
            self._spans = []
        for key, shown, description, enabled, _action in keys:
            start = text.cell_len
            text.append(" ")
            text.append(shown, style=key_style if enabled else off_style)
            if description:
                text.append(" " + description, style=None if enabled else off_style)
            if not tight:
                text.append(" ")
            if spans:
                self._spans.append((start, text.cell_len, key))
        return text

    def on_click(self, event: events.Click) -> None:
        for start, end, key in self._spans:
            if start <= event.x < end:
                self.app.simulate_key(key.split(",")[0])
                return
