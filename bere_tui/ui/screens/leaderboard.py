"""The leaderboard of a `bere serve` host (issue 33 item 7): per game and variant (6 nimmt!'s base game, Pro,
Anniversary and Even/Odd each their own), each key's and each bot level's rating from the finished games of its
shared tables (bere_tui/serve/ratings.py): place, name, rating (openskill's ordinal, rounded) and games rated.
Left and Right show another game or variant (the boards of a ratings file of the first version, where 6 nimmt!'s
variants were rated together, after their game's variants); Esc goes back."""

from __future__ import annotations

from typing import ClassVar

from rich.table import Table
from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import VerticalScroll
from textual.screen import Screen
from textual.widgets import Static

from bere_tui.i18n import N_, _
from bere_tui.serve.ratings import MIXED, Rating, Ratings, RatingsError, read_ratings
from bere_tui.serve.tables import player_key, ratings_path
from bere_tui.ui.widgets.keybar import KeyBar


def player_label(player: str, rating: Rating, me: str) -> Text:
    """A key by the name it last played under ("(you)" for this session's key), a bot by its level."""
    from bere_tui.table.words import bot_name

    kind, _sep, name = player.partition(":")
    if kind == "bot":
        return Text(_("bot: {level}").format(level=bot_name(name)), style="italic")
    label = Text(rating.name or "?")  # (as written, never markup)
    if name == me:
        label.append(" " + _("(you)"), style="bold")
    return label


def board_title(board: str) -> str:
    """A board's name: its game and variant ("6 nimmt!: Pro"), or its game's variants rated together before the
    ratings per variant."""
    from bere_tui.systems import game_title, system_title

    if board.startswith(MIXED):
        # TRANSLATORS: a leaderboard of the ratings kept from before each variant was rated on its own
        return _("{game}: every variant, rated together").format(game=system_title(board[len(MIXED):]))
    return game_title(board)


def board_table(ratings: Ratings, board: str, me: str, ascii: bool = False) -> Table:
    from rich import box

    table = Table(box=box.ASCII if ascii else box.SIMPLE, show_edge=False, padding=(0, 1), expand=False)
    # TRANSLATORS: the leaderboard's columns: a player's place, name, rating and the games rated
    table.add_column(_("place"), justify="right")
    table.add_column(_("player"))
    table.add_column(_("rating"), justify="right")
    table.add_column(_("games"), justify="right")
    for place, player, rating in ratings.board(board):
        mine = player == f"key:{me}"
        table.add_row(str(place), player_label(player, rating, me), str(rating.shown), str(rating.games),
                      style="bold" if mine else None)
    return table


class LeaderboardScreen(Screen[None]):
    DEFAULT_CSS = """
    LeaderboardScreen { padding: 0 1; }
    #leaderboard-title { height: 1; margin-bottom: 1; }
    #leaderboard-box { height: 1fr; }
    #leaderboard-note { color: $text-muted; height: auto; }
    #leaderboard-warning { color: $warning; height: auto; }
    """

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("escape,enter", "back", N_("back"), show=True),
        # (before the scrolled list's own, which would scroll it sideways)
        Binding("left", "game(-1)", N_("another game or variant"), show=True, key_display="←→", priority=True),
        Binding("right", "game(1)", N_("another game or variant"), show=False, priority=True),
    ]

    def __init__(self, board: str | None = None) -> None:
        from bere_tui.systems import SYSTEMS

        super().__init__()
        self.ratings, self.warning = self.read()
        self.boards: list[str] = []  # every variant of every game, each game's mixed board (if any) after them
        for system in SYSTEMS.values():
            self.boards += [*system.variants, *([MIXED + system.name] if MIXED + system.name in self.ratings.boards
                                                 else [])]
        self.boards += sorted(b for b in self.ratings.boards if b not in self.boards)  # (a game not served now)
        if board is None:  # the first board with ratings
            board = next((b for b in self.boards if self.ratings.boards.get(b)), self.boards[0])
        self.board = board

    @staticmethod
    def read() -> tuple[Ratings, str | None]:
        path = ratings_path()
        if path is None:
            return Ratings.empty(), None
        try:
            return read_ratings(path), None
        except RatingsError as exc:
            return Ratings.empty(), _("The ratings file cannot be read ({why}); the ratings start afresh with the "
                                      "next rated game.").format(why=exc)

    def compose(self) -> ComposeResult:
        yield Static(id="leaderboard-title")
        with VerticalScroll(id="leaderboard-box"):
            yield Static(id="leaderboard-warning")
            yield Static(id="leaderboard-table")
        yield Static(_("A rating rises with the places you take against the players you meet; everyone starts "
                       "at 0. Bots are rated too."), id="leaderboard-note")
        yield KeyBar()

    def on_mount(self) -> None:
        self.show()
        self.query_one("#leaderboard-box").focus()

    def show(self) -> None:
        # TRANSLATORS: the leaderboard's title; {game} is a game's name (6 nimmt!, Bullenparty, ...)
        self.query_one("#leaderboard-title", Static).update(
            Text(_("LEADERBOARD: {game}").format(game=board_title(self.board)), style="bold"))
        warning = self.query_one("#leaderboard-warning", Static)
        warning.display = bool(self.warning)
        warning.update(Text(self.warning or ""))
        body = self.query_one("#leaderboard-table", Static)
        if self.ratings.boards.get(self.board):
            body.update(board_table(self.ratings, self.board, player_key(), getattr(self.app, "ascii", False)))
        else:
            body.update(_("No rated games of this game yet: a game finished at a shared table with people is "
                          "rated."))

    def action_game(self, step: int) -> None:
        index = self.boards.index(self.board) if self.board in self.boards else 0
        self.board = self.boards[(index + step) % len(self.boards)]
        self.show()

    def action_back(self) -> None:
        self.app.pop_screen()


__all__ = ["LeaderboardScreen", "board_table"]
