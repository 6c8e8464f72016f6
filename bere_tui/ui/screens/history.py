"""Player history: per player name, the games played, won, and the mean final score, per variant (from
storage.player_stats); and the one line the title screen shows about the people of the last table."""

from __future__ import annotations

from collections import defaultdict
from typing import ClassVar

from rich.table import Table
from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import VerticalScroll
from textual.screen import Screen
from textual.widgets import Static

from bere_tui.i18n import N_, _, ngettext, number
from bere_tui.storage import PlayerStats, StorageError, player_stats
from bere_tui.table.words import bot_name, variant_name
from bere_tui.ui.widgets.keybar import KeyBar

#: how many people the title line names when no table was set up yet
TITLE_NAMES = 2


def read_stats() -> tuple[list[PlayerStats], str | None]:
    """The history, or ([], the message) when it cannot be read; a warning when it had to be set aside."""
    try:
        return player_stats()
    except StorageError as exc:
        return [], str(exc)


def totals(rows: list[PlayerStats]) -> tuple[int, int, float]:
    """Games, wins and mean score over several rows of one player."""
    games = sum(r.games for r in rows)
    wins = sum(r.wins for r in rows)
    mean = sum(r.mean_score * r.games for r in rows) / games if games else 0.0
    return games, wins, mean


def games_words(games: int, wins: int) -> str:
    return ngettext("{n} game", "{n} games", games).format(n=games) + ", " + \
        ngettext("{n} win", "{n} wins", wins).format(n=wins)


def summary_line(stats: list[PlayerStats], names: list[str]) -> str:
    """`Ann: 12 games, 5 wins` for the people named (over every game), or "". No mean score: the games'
    scores do not compare (6 nimmt!'s lowest wins, Bullenparty's highest)."""
    parts = []
    for name in names:
        rows = [r for r in stats if r.name == name and r.bot is None]
        if rows:
            games, wins, _mean = totals(rows)
            parts.append(_("{name}: {games}").format(name=name, games=games_words(games, wins)))
    return "  ".join(parts)


def history_table(stats: list[PlayerStats], ascii: bool = False) -> Table:
    """One line per player and variant (people first, then bots), and a line over all variants."""
    from rich import box

    from bere_tui.systems import GAMES  # (not at the title screen's start)

    table = Table(box=box.ASCII if ascii else box.SIMPLE, show_edge=False, padding=(0, 1), expand=False)
    table.add_column(_("player"))
    table.add_column(_("variant"))
    table.add_column(_("games"), justify="right")
    table.add_column(_("wins"), justify="right")
    table.add_column(_("mean score"), justify="right")
    by_player: dict[tuple[str, str | None], list[PlayerStats]] = defaultdict(list)
    for row in stats:
        by_player[(row.name, row.bot)].append(row)
    for (name, bot), rows in by_player.items():
        label = Text(name if bot is None else _("{name} (bot: {level})").format(name=name, level=bot_name(bot)))
        by_system: dict[str, list[PlayerStats]] = defaultdict(list)
        for row in rows:
            by_system[GAMES[row.variant].system if row.variant in GAMES else row.variant].append(row)
        first = True
        for same_game in by_system.values():  # each game's variants together; a mean only within one game
            for row in same_game:
                table.add_row(label if first else "", variant_name(row.variant), str(row.games), str(row.wins),
                              number(row.mean_score))
                first = False
            if len(same_game) > 1:
                games, wins, mean = totals(same_game)
                table.add_row("", Text(_("all variants"), style="italic"), str(games), str(wins), number(mean),
                              style="bold")
    return table


class HistoryScreen(Screen[None]):
    CSS_PATH = "history.tcss"
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("escape,enter", "back", N_("back"), show=True),
    ]

    def compose(self) -> ComposeResult:
        stats, warning = read_stats()
        yield Static(Text(_("HISTORY: games played to the end, per player and variant"), style="bold"),
                     id="history-title")
        with VerticalScroll(id="history-box"):
            if warning:
                yield Static(Text(warning), id="history-warning")
            if stats:
                yield Static(history_table(stats, getattr(self.app, "ascii", False)), id="history-table")
            else:
                yield Static(_("No finished games yet."), id="history-empty")
        yield KeyBar()

    def on_mount(self) -> None:
        self.query_one("#history-box").focus()

    def action_back(self) -> None:
        self.app.pop_screen()


def title_line(app) -> Text:
    """The title screen's line: the people of the last table set up, else the people who played most (a
    damaged history is told once)."""
    stats, warning = read_stats()
    if warning:
        app.notify(warning, severity="warning", timeout=10)
    last = getattr(app.settings, "last_seats", None)
    names = [seat.name for seat in last.seats if seat.bot is None] if last is not None else []
    if not any(r.name in names and r.bot is None for r in stats):
        games: dict[str, int] = defaultdict(int)
        for row in stats:
            if row.bot is None:
                games[row.name] += row.games
        names = sorted(games, key=lambda name: -games[name])[:TITLE_NAMES]
    return Text(summary_line(stats, names))  # names as written, never markup
