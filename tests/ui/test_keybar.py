"""The key bar (ui/widgets/keybar.py) draws again when the keys it shows change, and only then: a change of
focus that leaves the same keys working is no frame of its own (issue 17, also over SSH)."""

from __future__ import annotations

from typing import ClassVar

from textual.app import App, ComposeResult
from textual.binding import Binding, BindingType
from textual.widgets import Button
from uitools import screen_text

from bere_tui.ui.widgets.keybar import KeyBar


class Plain(Button):
    pass


class WithKey(Button):
    BINDINGS: ClassVar[list[BindingType]] = [Binding("x", "app.bell", "ring", show=True)]


class KeysApp(App):
    BINDINGS: ClassVar[list[BindingType]] = [Binding("q", "quit", "quit", show=True)]

    def compose(self) -> ComposeResult:
        yield Plain("one", id="one")
        yield Plain("two", id="two")
        yield WithKey("three", id="three")
        yield KeyBar()


async def test_the_key_bar_is_drawn_again_when_its_keys_change_and_not_at_a_focus_change_alone(monkeypatch):
    drawn = []
    render = KeyBar.render
    monkeypatch.setattr(KeyBar, "render", lambda bar: drawn.append(1) or render(bar))
    app = KeysApp()
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        assert app.focused.id == "one" and "q quit" in screen_text(app) and "ring" not in screen_text(app)
        before = len(drawn)
        app.query_one("#two").focus()  # the same keys work
        await pilot.pause()
        assert len(drawn) == before
        app.query_one("#three").focus()  # one more key
        await pilot.pause()
        assert len(drawn) > before and "x ring" in screen_text(app) and "q quit" in screen_text(app)
        again = len(drawn)
        app.query_one("#one").focus()  # one key fewer
        await pilot.pause()
        assert len(drawn) > again and "ring" not in screen_text(app)
