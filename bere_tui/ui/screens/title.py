"""The title screen: Continue (when an unfinished game was autosaved; then it is the highlighted choice, and
it names the game: variant, round, players, when it was saved), New game, Teach me (when the walkthrough
exists), Rules, Replays, History, Settings, Quit."""

from __future__ import annotations

from rich.text import Text
from textual.app import ComposeResult
from textual.containers import Center, Vertical
from textual.screen import Screen
from textual.widgets import Static
from textual.widgets.option_list import Option

from bere_tui.i18n import _, current
from bere_tui.serve.tables import shared_tables
from bere_tui.ui.saving import continue_game, continue_offer
from bere_tui.ui.screens.history import HistoryScreen, title_line
from bere_tui.ui.screens.settings_screen import SettingsScreen
from bere_tui.ui.widgets.choices import ChoiceList
from bere_tui.ui.widgets.keybar import KeyBar

#: the title's logo: the game's name in the language shown (the catalogue's "6 nimmt!", each printed edition's
#: name: 6 nimmt! in English as the project's English texts call it, 6 bere! in Czech), drawn big in FIGlet's "standard" letters; a name not drawn here is shown as it is (issue 35)
LOGOS = {
    "6 bere!": r"""
   __      _                    _
  / /     | |__   ___  _ __ ___| |
 / _ \    | '_ \ / _ \| '__/ _ \ |
| (_) |   | |_) |  __/| | |  __/_|
 \___/    |_.__/ \___||_|  \___(_)
""",
    "6 nimmt!": r"""
  __           _                     _   _
 / /_    _ __ (_)_ __ ___  _ __ ___ | |_| |
| '_ \  | '_ \| | '_ ` _ \| '_ ` _ \| __| |
| (_) | | | | | | | | | | | | | | | | |_|_|
 \___/  |_| |_|_|_| |_| |_|_| |_| |_|\__(_)
""",
    "6 qui prend !": r"""
  __                 _                            _   _
 / /_     __ _ _   _(_)  _ __  _ __ ___ _ __   __| | | |
| '_ \   / _` | | | | | | '_ \| '__/ _ \ '_ \ / _` | | |
| (_) | | (_| | |_| | | | |_) | | |  __/ | | | (_| | |_|
 \___/   \__, |\__,_|_| | .__/|_|  \___|_| |_|\__,_| (_)
            |_|         |_|
""",
    "6. bierze!": r"""
  __      _     _                   _
 / /_    | |__ (_) ___ _ __ _______| |
| '_ \   | '_ \| |/ _ \ '__|_  / _ \ |
| (_) |  | |_) | |  __/ |   / /  __/_|
 \___(_) |_.__/|_|\___|_|  /___\___(_)
""",
}


def logo() -> str:
    """The logo of the language in use: its edition's name drawn big (or written, if not drawn)."""
    name = _("6 nimmt!")
    return LOGOS.get(name, name).strip("\n")


class TitleScreen(Screen[None]):
    def __init__(self, teach_available: bool = False) -> None:
        super().__init__()
        self.teach_available = teach_available
        self.language = current()

    def compose(self) -> ComposeResult:
        self.language = current()
        with Center(id="title-box"), Vertical(id="title-inner"):
            yield Static(Text(logo(), style="bold"), id="banner")
            yield Static(_("6 nimmt! at one keyboard: 2 to 10 players, bots for empty seats"), id="tagline")
            offer = continue_offer(self.app)
            options = []
            if offer is not None:
                label = Text(_("Continue the unfinished game"))
                label.append("\n" + offer, style="dim")
                options.append(Option(label, id="continue"))
            options.append(Option(_("New game"), id="new"))
            if shared_tables():  # bere serve: friends at their own terminals
                options += [Option(_("Host a table"), id="host"), Option(_("Join a table"), id="join"),
                            Option(_("Leaderboard"), id="leaderboard")]
            if self.teach_available:
                options.append(Option(_("Teach me"), id="teach"))
            options += [Option(_("Rules"), id="rules"), Option(_("Replays"), id="replays"),
                        Option(_("History"), id="history"), Option(_("Settings"), id="settings"),
                        Option(_("Quit"), id="quit")]
            yield ChoiceList(*options, id="title-menu")
            yield Static(title_line(self.app), id="title-history", classes="dim")
        yield KeyBar()

    def on_mount(self) -> None:
        self.query_one(ChoiceList).focus()

    async def on_screen_resume(self) -> None:
        if self.language != current():  # the language was changed in Settings
            await self.recompose()
            menu = self.query_one(ChoiceList)
            menu.highlighted = menu.get_option_index("settings")
            menu.focus()

    def on_option_list_option_selected(self, message: ChoiceList.OptionSelected) -> None:
        message.stop()
        choice = message.option_id
        if choice == "continue":
            continue_game(self.app)
        elif choice == "replays":
            from bere_tui.ui.screens.replay_list import ReplayListScreen  # (reads records: when opened)

            self.app.push_screen(ReplayListScreen())
        elif choice == "history":
            self.app.push_screen(HistoryScreen())
        elif choice == "settings":
            self.app.push_screen(SettingsScreen())
        elif choice == "new":
            self.app.open_setup()
        elif choice == "host":
            self.app.open_setup(hosting=True)
        elif choice == "join":
            self.app.ask_join()
        elif choice == "leaderboard":
            from bere_tui.ui.screens.leaderboard import LeaderboardScreen

            self.app.push_screen(LeaderboardScreen())
        elif choice == "teach":
            self.app.open_teach(None)
        elif choice == "rules":
            self.app.open_rules(None)  # the variants first
        elif choice == "quit":
            self.app.exit(0)
