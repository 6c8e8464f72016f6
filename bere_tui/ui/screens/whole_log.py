"""The whole log as one scrolling screen: a game record read back (Bullenparty's replay, the board game's), and
during play, in every game and every lesson, the table's own log from its first line (issue 35).

During play `g` opens it over the table or over the prompt that waits (WHOLE_LOG, in the table's keys, every
prompt's and the lesson's; BereApp.action_whole_log finds the log); Esc closes it, and the screen under it is
exactly as it was: the prompt with its highlight, its input gate too (Gated.keep_gate: keys typed ahead after
Esc go on to the prompt). It shows what the table's log showed and nothing else (the log tells public events only:
at a hot-seat table nothing of anybody's hand). A hand-off has no such key: nothing opens over it.
"""

from __future__ import annotations

from typing import ClassVar

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import VerticalScroll
from textual.screen import Screen
from textual.widgets import Static

from bere_tui.i18n import N_, NP_, _
from bere_tui.ui.widgets.keybar import KeyBar

#: the key that opens the whole log during play (the table's, every prompt's, the lesson's)
WHOLE_LOG = Binding("g", "app.whole_log", N_("log"), show=True)


class WholeLogScreen(Screen[None]):
    """`lines` under a title line, scrolled by the keys; `at_end`: open on the newest lines (during play)."""

    DEFAULT_CSS = """
    WholeLogScreen #whole-log-title { height: 1; background: $primary-background; }
    WholeLogScreen #whole-log { padding: 0 1; }
    """
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("escape,g", "app.pop_screen", N_("back"), show=True),
        Binding("down,j", "scroll(1)", N_("scroll"), show=True),
        Binding("up,k", "scroll(-1)", N_("scroll"), show=False),
        Binding("pagedown,right", "scroll(10)", N_("page"), show=True),
        Binding("pageup,left", "scroll(-10)", N_("page"), show=False),
        Binding("home", "jump(0)", NP_("replay key", "start"), show=True),
        Binding("end", "jump(1)", NP_("replay key", "end"), show=True),
    ]
    def __init__(self, lines: list[Text], title: str, at_end: bool = False) -> None:
        """`title`: the top line (already translated)."""
        super().__init__()
        self.lines = lines
        self.title_text = title
        self.at_end = at_end

    def compose(self) -> ComposeResult:
        yield Static(Text(" " + self.title_text, style="bold", no_wrap=True, overflow="ellipsis"),
                     id="whole-log-title")
        with VerticalScroll(id="whole-log", can_focus=False):  # (its own keys would hide the screen's)
            yield Static(Text("\n").join(self.log_lines()), id="whole-log-text")
        yield KeyBar()

    def log_lines(self) -> list[Text]:
        """The lines shown (a replay's log tells them once the app's display options are known)."""
        return self.lines

    def on_mount(self) -> None:
        if self.at_end:
            self.call_after_refresh(self.action_jump, 1)

    def action_scroll(self, lines: int) -> None:
        self.query_one(VerticalScroll).scroll_relative(y=lines, animate=False)

    def action_jump(self, end: int) -> None:
        scroll = self.query_one(VerticalScroll)
        (scroll.scroll_end if end else scroll.scroll_home)(animate=False)

    def text(self) -> str:
        """Every line, as plain text (for tests)."""
        return "\n".join(line.plain for line in self.log_lines())


def open_whole_log(app) -> None:
    """`g` during play (BereApp.action_whole_log): the whole log of the table or lesson under the screen on top
    (the screen itself, or the one a prompt opened over), as its log told it. Only the table's, the lessons' and
    the prompts' keys have it: never a hand-off, so nothing opens over one."""
    from bere_tui.ui.widgets.log import GameLog

    top = app.screen
    if isinstance(top, WholeLogScreen):
        return
    for screen in reversed(app.screen_stack):
        logs = screen.query(GameLog)
        if logs:
            keep = getattr(top, "keep_gate", None)
            if keep is not None:
                keep()  # the prompt under it takes the keys typed after Esc as it would have (ui/gate.py)
            app.push_screen(WholeLogScreen(list(logs.first().lines),
                                           _("The whole log so far, newest at the bottom"), at_end=True))
            return


__all__ = ["WHOLE_LOG", "WholeLogScreen", "open_whole_log"]
