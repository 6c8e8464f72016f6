"""Join a table (bere serve), the lobby (issue 33 item 2): the public tables open on this server, listed live
(game, seats free, who sits there, begun or not), one picked with the arrow keys and Enter (take a free seat or
watch); or the four letters of a table's code typed, as before. A private table is joined by its code only.
Ctrl+L opens the leaderboard (a letter would be typed into the code).

Dismisses with a `JoinChoice` (the code; whether only to watch), or None (Esc).
"""

from __future__ import annotations

import asyncio
from typing import ClassVar, NamedTuple

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.screen import Screen
from textual.widgets import Input, OptionList, Static
from textual.widgets.option_list import Option

from bere_tui.i18n import N_, _, ngettext
from bere_tui.serve.tables import Listing, normal_code, open_tables, tables_dir
from bere_tui.ui.once import DismissOnce
from bere_tui.ui.widgets.keybar import KeyBar

REFRESH_SECONDS = 2.0  # how often the list is read again while the lobby is open


class JoinChoice(NamedTuple):
    code: str
    watch: bool = False


def seats_line(table: Listing) -> str:
    free = len(table.free)
    return ngettext("{n} seat free", "{n} seats free", free).format(n=free) if free else _("no seat free")


def who_line(table: Listing) -> str:
    """Who sits at the table: the people holding a seat (those not connected now marked away) and the bots."""
    from bere_tui.table.words import bot_name, names_and

    who = []
    for p, name in enumerate(table.names):
        if table.bots[p] is not None:
            who.append(_("{name} (bot: {level})").format(name=name, level=bot_name(table.bots[p])))
        elif p in table.taken:
            who.append(name if p in table.here else _("{name} (away)").format(name=name))
    return _("At the table: {names}").format(names=names_and(who))


def listing_text(table: Listing, ascii: bool = False) -> Text:
    """One table of the list, in two lines: its code, game, seats free and state; who sits there."""
    from bere_tui.systems import game_title

    text = Text(table.code, style="bold")
    state = _("under way") if table.started else _("waiting to start")
    text.append("  " + (" - " if ascii else " · ").join([game_title(table.variant), seats_line(table), state]))
    text.append("\n      " + who_line(table), style="dim")  # (names as written, never markup)
    return text


class CodeInput(Input):
    """The code field; the arrow keys move the list's highlight (the field has one line)."""


class TablesList(OptionList, can_focus=False):
    """The open tables; the code field keeps the keys, the arrow keys move this list's highlight."""


class LobbyScreen(DismissOnce, Screen[JoinChoice | None]):
    AUTO_FOCUS = "#join-code"
    DEFAULT_CSS = """
    LobbyScreen { padding: 0 1; }
    #lobby-title { height: 1; margin-bottom: 1; }
    #lobby-tables { height: 1fr; border: none; padding: 0; }
    #lobby-empty { color: $text-muted; height: auto; }
    #join-label { margin-top: 1; }
    #join-code { width: 12; }
    #join-message { height: auto; }
    """

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("escape", "cancel", N_("back"), show=True),
        # (before the code field's own: it would scroll its one line)
        Binding("up", "move(-1)", N_("pick a table"), show=True, key_display="↑↓", priority=True),
        Binding("down", "move(1)", N_("pick a table"), show=False, priority=True),
        Binding("pageup", "move(-5)", N_("pick a table"), show=False, priority=True),
        Binding("pagedown", "move(5)", N_("pick a table"), show=False, priority=True),
        Binding("ctrl+l", "leaderboard", N_("leaderboard"), show=True),  # (a letter would go into the code)
    ]

    def __init__(self) -> None:
        super().__init__()
        self.tables: list[Listing] = []

    def compose(self) -> ComposeResult:
        yield Static(Text(_("JOIN A TABLE"), style="bold"), id="lobby-title")
        yield Static(_("Open tables on this server: pick one with the arrow keys and Enter."), id="lobby-help")
        yield Static(_("No public table is open now. A private table is joined by its code."), id="lobby-empty")
        yield TablesList(id="lobby-tables")
        yield Static(_("Or type the table's code (four letters; its host sees it on their table), then Enter:"),
                     id="join-label")
        yield CodeInput("", placeholder="____", max_length=4, id="join-code")
        yield Static(id="join-message")
        yield KeyBar()

    def on_mount(self) -> None:
        field = self.query_one(CodeInput)
        if self.app.is_headless:
            field.cursor_blink = False
        field.focus()
        self.show_tables(self.read_tables())
        self.set_interval(REFRESH_SECONDS, self.refresh_tables)

    def read_tables(self) -> list[Listing]:
        return open_tables(tables_dir())

    def refresh_tables(self) -> None:
        self.run_worker(self.rescan(), group="lobby", exclusive=True)

    async def rescan(self) -> None:
        """Read the open tables again (in a thread: files) and show them, the same table kept highlighted."""
        self.show_tables(await asyncio.to_thread(self.read_tables))

    def show_tables(self, tables: list[Listing]) -> None:
        self.query_one("#lobby-empty").display = not tables
        self.query_one("#lobby-help").display = bool(tables)
        tables_list = self.query_one(TablesList)
        if tables == self.tables and tables_list.option_count == len(tables):
            return
        before = self.highlighted()
        self.tables = tables
        tables_list.clear_options()
        ascii = getattr(self.app, "ascii", False)
        tables_list.add_options([Option(listing_text(t, ascii), id=t.code) for t in tables])
        codes = [t.code for t in tables]
        if tables:
            tables_list.highlighted = codes.index(before.code) if before is not None and before.code in codes else 0

    def highlighted(self) -> Listing | None:
        index = self.query_one(TablesList).highlighted
        return self.tables[index] if index is not None and 0 <= index < len(self.tables) else None

    def action_move(self, step: int) -> None:
        tables_list = self.query_one(TablesList)
        if not self.tables:
            return
        index = tables_list.highlighted or 0
        tables_list.highlighted = max(0, min(len(self.tables) - 1, index + step))

    def on_input_submitted(self, message: Input.Submitted) -> None:
        message.stop()
        if message.value.strip():
            code = normal_code(message.value)
            if code is None:
                self.query_one("#join-message", Static).update(
                    Text(_("A code is four letters, such as KQXZ."), style="bold"))
                return
            self.dismiss(JoinChoice(code))
            return
        table = self.highlighted()
        if table is None:
            self.query_one("#join-message", Static).update(
                Text(_("Type the table's code: no table is listed."), style="bold"))
            return
        self.pick(table)

    def pick(self, table: Listing) -> None:
        """Sit at the picked table or watch it: a key with a seat there goes back to it, a table without a free
        seat is watched, else the player chooses."""
        from bere_tui.ui.screens.dialogs import PickScreen

        if table.mine or not table.free:
            self.dismiss(JoinChoice(table.code, watch=not table.mine))
            return

        def chosen(choice: str | None) -> None:
            if choice is not None:
                self.dismiss(JoinChoice(table.code, watch=choice == "watch"))

        # TRANSLATORS: the question when a listed table is picked in the lobby; {code} is its four letters
        self.app.push_screen(PickScreen(_("Table {code}").format(code=table.code), [
            ("sit", _("Take a free seat and play")),
            ("watch", _("Watch: the table as everyone sees it, never a hand"))]), chosen)

    def action_leaderboard(self) -> None:
        from bere_tui.ui.screens.leaderboard import LeaderboardScreen

        self.app.push_screen(LeaderboardScreen())

    def action_cancel(self) -> None:
        self.dismiss(None)


async def choose_privacy(app, settings):
    """The host chooses whether the table is listed in every player's lobby or private (joined by its code
    only); the settings with that choice, or None when the host goes back."""
    from dataclasses import replace

    from bere_tui.ui.screens.dialogs import PickScreen

    chosen = await app.push_screen_wait(PickScreen(_("Who may find the table?"), [
        ("public", _("Everyone: it is listed in Join a table")),
        ("private", _("Only who has its code: a private table"))]))
    if chosen is None:
        return None
    return replace(settings, private=chosen == "private")


#: (the name the app and older tests know it by)
JoinScreen = LobbyScreen

__all__ = ["JoinChoice", "JoinScreen", "LobbyScreen", "choose_privacy", "listing_text"]
