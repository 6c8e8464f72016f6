"""The Textual app: which screen is open, the display settings, and `run_app(args)` for the command line.

Data flows one way (DESIGN.md): key press -> screen -> action -> engine -> events -> widgets. The app holds the
settings (ASCII, speed), opens screens, asks before quitting, and shows "make the window at least 80x24"
instead of a broken layout; the table screen runs the game.
"""

from __future__ import annotations

import asyncio
import importlib.util
import os
import sys
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, ClassVar

from textual import events
from textual.actions import SkipAction
from textual.app import App
from textual.binding import Binding, BindingType
from textual.css.query import NoMatches
from textual.notifications import SeverityLevel

from bere_tui import i18n
from bere_tui.i18n import N_, _, later
from bere_tui.safetext import error_line, escape, shown
from bere_tui.serve.tables import JOIN_ENV, normal_code, shared_tables
from bere_tui.storage import (
    ANIMATION_SPEEDS,
    Settings,
    StorageError,
    load_settings,
    release_autosave,
    save_settings,
)
from bere_tui.table.words import speed_label
from bere_tui.ui.gate import KeyStream, accepts, dropped
from bere_tui.ui.saving import install_signals, load_session, open_replay, start_session
from bere_tui.ui.screens.dialogs import (
    MIN_HEIGHT,
    MIN_WIDTH,
    HelpScreen,
    NoticeScreen,
    QuitScreen,
    TooSmallScreen,
)
from bere_tui.ui.widgets.asciiscroll import use_ascii_scrollbars

if TYPE_CHECKING:  # the engine, the bots and the table are imported when a game is set up or opened (issue 17)
    from bere_tui.engine.nimmt import Game
    from bere_tui.ui.seating import TableSetup
    from bere_tui.ui.session import Session

UI_DIR = Path(__file__).parent
CSS_FILES = [
    UI_DIR / "app.tcss",
    UI_DIR / "screens" / "title.tcss",
    UI_DIR / "screens" / "setup.tcss",
    UI_DIR / "screens" / "table.tcss",
    UI_DIR / "prompts" / "prompts.tcss",
]
#: how the footer names keys (Textual's own names use symbols such as a return arrow)
KEY_NAMES = {"enter": "Enter", "escape": "Esc", "question_mark": "?", "space": N_("Space"), "f1": "F1",
             "plus": "+", "minus": "-"}
#: when "1", the app exits once its first screen is drawn (bench/startup.py measures the start-up so)
FIRST_SCREEN_EXIT_ENV = "BERE_FIRST_SCREEN_EXIT"
#: keys that still work while the window is too small
KEYS_WHEN_TOO_SMALL = {"ctrl+q", "ctrl+c"}


@dataclass
class Start:
    """What the app opens first."""

    kind: str = "title"  # title | setup | game | replay | teach
    setup: TableSetup | None = None
    session: Session | None = None
    note: str = ""
    lesson: str | None = None
    messages: list[str] = field(default_factory=list)
    game: Game | None = None  # replay: the game record to step through


def rules_screen_class():
    try:
        from bere_tui.ui.rules_screen import RulesScreen
    except ImportError:
        return None
    return RulesScreen


def teach_available() -> bool:
    return importlib.util.find_spec("bere_tui.ui.screens.lesson") is not None


#: the driver textual-serve names in TEXTUAL_DRIVER for a game in a browser (bere serve --web)
WEB_DRIVER = "textual.drivers.web_driver:WebDriver"


class BereApp(App[int]):
    CSS_PATH = CSS_FILES
    TITLE = "bere-tui"
    ENABLE_COMMAND_PALETTE = False
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("question_mark,f1", "help", N_("help"), show=True),
        Binding("q", "ask_quit", N_("quit"), show=True),
        # (a priority binding: a modal screen, such as every prompt, would hide a binding of the app's)
        Binding("ctrl+c", "interrupt", show=False, priority=True),
        Binding("ctrl+q", "quit_key", show=False, priority=True),  # (Textual's own quits without asking)
    ]

    def __init__(self, start: Start | None = None, *, ascii: bool = False, speed: str | None = None,
                 config: str | None = None, settings: Settings | None = None, remember: bool = True) -> None:
        super().__init__()
        self.start = start or Start()
        self.config = config
        self.settings = settings if settings is not None else Settings()
        self.ascii = ascii or self.settings.ascii
        self.speed = speed if speed in ANIMATION_SPEEDS else self.settings.animation
        self.remember = remember
        self.session: Session | None = None
        self.too_small = False
        self.keys = KeyStream()  # the input gate's note of the keys coming in (ui/gate.py)
        if self.ascii:
            self.add_class("-ascii")
        use_ascii_scrollbars(self.ascii)

    def get_driver_class(self):
        """On Linux and macOS, Textual's driver made safe for a terminal that goes away (ui/terminal_driver.py);
        in a browser (textual-serve names Textual's WebDriver), that one made to end with its server
        (ui/web_driver.py); another driver named by TEXTUAL_DRIVER and Windows' as Textual chooses them."""
        from textual import constants

        if constants.DRIVER == WEB_DRIVER and sys.platform != "win32":
            from bere_tui.ui.web_driver import BereWebDriver

            return BereWebDriver
        if constants.DRIVER is not None or sys.platform == "win32":
            return super().get_driver_class()
        from bere_tui.ui.terminal_driver import BereDriver

        return BereDriver

    def _handle_exception(self, error: Exception) -> None:
        """A screen that opens while the app stops (a prompt for the next turn, as a signal or a lost terminal
        stops the game) is mounted without its children: Textual mounts none into a closing screen, so the
        screen's on_mount finds nothing to focus. That is no fault (the game is saved, the app stops): it
        must not turn the exit into a traceback and code 1."""
        if self._exit and isinstance(error, NoMatches):
            return
        super()._handle_exception(error)

    # ------------------------------------------------------------------ what tests and screens look at

    @property
    def game(self):
        """The game being played (None before the first one)."""
        return self.session.game if self.session is not None else None

    def speed_name(self) -> str:
        return speed_label(self.speed)

    def cycle_speed(self) -> None:
        self.speed = ANIMATION_SPEEDS[(ANIMATION_SPEEDS.index(self.speed) + 1) % len(ANIMATION_SPEEDS)]
        self.settings.animation = self.speed
        self.remember_settings()

    def action_speed(self) -> None:
        """`s` at the table, in a lesson and inside a prompt: the next placement speed, said for a moment."""
        self.cycle_speed()
        self.notify(_("Placement speed: {speed}").format(speed=self.speed_name()), timeout=1.5)

    def action_whole_log(self) -> None:
        """`g` at the table, in a lesson and inside a prompt: the whole log so far (ui/screens/whole_log.py)."""
        from bere_tui.ui.screens.whole_log import open_whole_log

        open_whole_log(self)

    def set_language(self, language: str | None) -> None:
        """The Settings entry: `language` (None: the system's) from now on, and at the next start. Screens made
        from now on are in it; the Settings and title screens redraw themselves."""
        self.settings.language = language
        self.remember_settings()
        i18n.install(i18n.choose(None, language))

    def remember_settings(self) -> None:
        """Write the settings as they are now (the Settings screen's changes too); a notice when they cannot be."""
        if not self.remember:
            return
        try:
            save_settings(self.settings, self.config)
        except StorageError as exc:
            self.notify(str(exc), severity="warning")

    def notify(self, message: str, *, title: str = "", severity: SeverityLevel = "information",
               timeout: float | None = None, markup: bool = True) -> None:
        """A notice, always plain text: notices name players, files and what a record or a table sent, which
        are shown as written and never read as markup (a name `[@click=app.quit]Ann` binds no click). Every
        screen's notify comes here; no notice of the game uses markup."""
        super().notify(message, title=title, severity=severity, timeout=timeout, markup=False)

    def get_key_display(self, binding: Binding) -> str:
        """Key names in the footer: plain words, and only ASCII with --ascii."""
        key = binding.key.split(",")[0]
        if binding.key_display:
            shown = later(binding.key_display)  # (given with N_: see KeyBar)
        else:
            shown = later(KEY_NAMES[key]) if key in KEY_NAMES else super().get_key_display(binding)
        if self.ascii and not shown.isascii():
            shown = key
        return shown

    # ------------------------------------------------------------------ opening screens

    def on_mount(self) -> None:
        start = self.start
        if start.kind == "game":
            start_session(self, start.session)  # (asks first if it would replace an unfinished game)
        elif start.kind == "replay":
            self.open_title()
            open_replay(self, start.game, start.note)
        elif start.kind == "setup":
            self.open_title()
            self.open_setup(start.setup)
        elif start.kind == "teach":
            self.open_title()
            self.open_teach(start.lesson)
        else:
            self.open_title()
        join = os.environ.get(JOIN_ENV)
        if join and shared_tables() and normal_code(join):  # `ssh -t HOST join CODE`
            self.ask_join(normal_code(join))
        elif shared_tables():  # a key with a seat at a table that goes on (after a restart too) sits there again
            from bere_tui.serve.tables import my_tables

            mine = my_tables()
            if mine:
                self.ask_join(mine[0])
        for message in start.messages:
            self.notify(message, severity="warning", timeout=8)
        if self.settings.theme in self.available_themes:
            self.theme = self.settings.theme
        self.screen_change_signal.subscribe(self, self.cover)  # (called once the change is made)
        self.check_size()
        if os.environ.get(FIRST_SCREEN_EXIT_ENV) == "1":  # bench/startup.py: the time to the first screen
            self.call_after_refresh(self.exit)

    def _clear(self) -> None:
        while len(self.screen_stack) > 1:
            self.pop_screen()

    def open_title(self) -> None:
        from bere_tui.ui.screens.title import TitleScreen

        self._clear()
        self.session = None
        release_autosave()  # no game here: another bere may play from the autosave
        self.push_screen(TitleScreen(teach_available()))

    def open_setup(self, setup: TableSetup | None = None, hosting: bool = False) -> None:
        """The setup screen; then the game at this keyboard, or with `hosting` a shared table (bere serve)
        whose person seats are taken by friends at their own terminals."""
        from bere_tui.ui.screens.setup import SetupScreen
        from bere_tui.ui.seating import setup_from_settings

        if setup is None:
            setup = setup_from_settings(self.settings.last_seats)

        def chosen(result: TableSetup | None) -> None:
            if result is not None:
                if hosting:
                    self.run_worker(self.host_table(result), group="tables", exclusive=True)
                else:
                    self.start_game(result)

        self.push_screen(SetupScreen(setup, hosting=hosting), chosen)

    # ------------------------------------------------------------------ shared tables (bere serve)

    async def host_table(self, setup: TableSetup) -> None:
        """Open a shared table with the seats of `setup` and sit at its first person's seat."""
        from bere_tui.serve.tables import TableError, host_table
        from bere_tui.systems import system_of
        from bere_tui.table.words import variant_name
        from bere_tui.ui.remote import choose_clock, join_table
        from bere_tui.ui.screens.join import choose_privacy
        from bere_tui.ui.session import Session

        if not system_of(setup.variant).shared_tables:
            # TRANSLATORS: {game} is the name of a game or variant, as the setup screen shows it
            self.notify(_("{game}: not at a shared table yet; it is played at one keyboard.").format(
                game=variant_name(setup.variant)), severity="warning", timeout=8)
            return
        if not any(seat.bot is None for seat in setup.seats):
            self.notify(_("A shared table needs at least one person's seat (yours)."), severity="error")
            return
        settings = await choose_clock(self)
        if settings is None:
            return
        settings = await choose_privacy(self, settings)
        if settings is None:
            return
        game = Session.new(setup).game
        try:
            code = await asyncio.to_thread(host_table, game, settings=settings)
        except TableError as exc:
            self.notify(str(exc), severity="error", timeout=8)
            return
        if await join_table(self, code):
            if settings.private:
                self.notify(_("Table {code} is open: friends choose Join a table and type {code}.").format(
                    code=code), timeout=10)
            else:
                self.notify(_("Table {code} is open: friends find it in Join a table, or type {code} there.").format(
                    code=code), timeout=10)

    def ask_join(self, code: str | None = None) -> None:
        """Join table `code`, or open the lobby (the open tables listed; a code typed)."""
        from bere_tui.ui.remote import join_table
        from bere_tui.ui.screens.join import JoinChoice, LobbyScreen

        def chosen(result: JoinChoice | None) -> None:
            if result:
                self.run_worker(join_table(self, result.code, watch=result.watch), group="tables", exclusive=True)

        if code:
            chosen(JoinChoice(code))
        else:
            self.push_screen(LobbyScreen(), chosen)

    def start_game(self, setup: TableSetup) -> None:
        from bere_tui.ui.seating import setup_to_settings
        from bere_tui.ui.session import Session

        self.settings.last_seats = setup_to_settings(setup)
        self.remember_settings()
        start_session(self, Session.new(setup))

    def show_session(self, session: Session) -> None:
        """The table of the session's game (the one table screen, hosting the game's face)."""
        from bere_tui.ui.screens.table import TableScreen

        self._clear()
        self.session = session
        self.push_screen(TableScreen(session))

    def after_game(self, choice: str | None, session: Session) -> None:
        if choice == "again":
            self.start_game(session.next_setup())
        elif choice == "quit":
            self.exit(0)
        else:
            self.open_title()

    def open_teach(self, lesson: str | None) -> None:
        if teach_available():
            from bere_tui.ui.screens.lesson import TeachScreen  # type: ignore[import-not-found]

            self.push_screen(TeachScreen(lesson))
            return
        self.push_screen(NoticeScreen(_("Teach me"), _("The guided lessons are coming soon. Until then, the "
                                                       "rules (? on any screen) explain the game.")))

    def open_rules(self, variant: str | None = "base") -> None:
        """The rules of `variant`; None: the list of variants first (the title screen's Rules)."""
        rules = rules_screen_class()
        if rules is None:
            self.notify(_("The rules text is not installed."), severity="warning")
            return
        self.push_screen(rules(variant))

    def action_help(self) -> None:
        if isinstance(self.screen, (HelpScreen, TooSmallScreen)):
            return
        self.push_screen(HelpScreen(self.shown_variant(), rules_screen_class() is not None))

    def shown_variant(self) -> str:
        """The game on screen (the top one that has a game: a table, a replay) or else the session's: its help
        and rules open with `?`."""
        for screen in reversed(self.screen_stack):
            variant = getattr(getattr(screen, "game", None), "variant", None)
            if isinstance(variant, str):
                return variant
        return self.game.variant if self.game is not None else "base"

    def action_ask_quit(self) -> None:
        if isinstance(self.screen, QuitScreen):
            return
        if not self.settings.confirm_quit:  # settings: the game is autosaved after every decision anyway
            self.exit(0)
            return

        # a screen in the stack may offer other ways out (a shared table: leave it for now, or for good)
        host = next((s for s in reversed(self.screen_stack) if hasattr(s, "leave_options")), None)

        def answered(choice: bool | str | None) -> None:
            if choice is True:
                self.exit(0)
            elif isinstance(choice, str) and host is not None:
                host.leave_table(choice)

        self.push_screen(QuitScreen(host.leave_options() if host is not None else None), answered)

    def action_interrupt(self) -> None:
        """Ctrl+C, on every screen (Textual takes it as a key, and did nothing with it): as q, it asks before
        quitting; a second Ctrl+C on that question quits. Where the window is too small to show the question, it
        quits at once (the game is autosaved after every decision). Text selected in a field or
        on the screen is copied instead, as Textual does."""
        if getattr(self.focused, "selected_text", "") or self.screen.get_selected_text():
            raise SkipAction()  # (the field's or the screen's own Ctrl+C copies it)
        self.action_quit_key()

    def action_quit_key(self) -> None:
        """Ctrl+Q (and Ctrl+C): as q, it asks before quitting (over SSH a slip of the finger ended the session);
        the same key again on that question quits. Where the window is too small to show the question, it quits
        at once."""
        if isinstance(self.screen, QuitScreen):
            self.screen.action_answer(True)
        elif self.too_small:
            self.exit(0)
        else:
            self.action_ask_quit()

    # ------------------------------------------------------------------ too small

    def on_resize(self, event: events.Resize) -> None:
        self.check_size(event.size)  # (runs before Textual's own handler records the new size)
        for screen in self.screen_stack:  # a screen whose contents depend on the terminal's height
            fit = getattr(screen, "fit_to", None)
            if fit is not None:
                fit(event.size)

    def check_size(self, size=None) -> None:
        width, height = size or self.size
        self.too_small = width < MIN_WIDTH or height < MIN_HEIGHT
        self.cover()

    def cover(self, _screen=None) -> None:
        """Keep the too-small notice on top of the screen stack while the window is too small, and take it away
        once it is big enough. Runs after every size change and every change of the screen stack, so a screen
        opened while the window is small (the first screen, a prompt) goes under the notice, and the screen under
        it is shown again, ready for keys, when the window grows."""
        stack = self.screen_stack
        if not stack:
            return
        top = stack[-1]
        if self.too_small and not isinstance(top, TooSmallScreen):
            self.push_screen(TooSmallScreen())
        elif not self.too_small and isinstance(top, TooSmallScreen) and len(stack) > 1:
            self.pop_screen()  # the stack changes again: a second notice further down goes the same way

    async def on_event(self, event: events.Event) -> None:
        if isinstance(event, events.Key) and (
                not self.screen_stack or self.too_small and event.key not in KEYS_WHEN_TOO_SMALL):
            return  # nothing behind the notice may be changed blind (and nothing after the last screen)
        if isinstance(event, (events.Key, events.MouseDown, events.MouseUp, events.Click)) and self.screen_stack \
                and not accepts(self.screen, event, self.keys.quiet_before(event)):
            dropped(self.screen, event)
            return  # the input gate (ui/gate.py): typed ahead, or keys still coming where the keyboard changes hands
        await super().on_event(event)

    async def wait_ready(self, screen) -> None:
        """Wait until `screen` is the one shown (no help, quit or too-small notice over it). A screen with an
        asyncio.Event `shown` (set on resume, cleared on suspend) is waited on; any other is polled."""
        shown = getattr(screen, "shown", None)
        while self.too_small or self.screen is not screen:
            if shown is None:
                await asyncio.sleep(0.05)
            else:
                shown.clear()
                await shown.wait()


# ---------------------------------------------------------------------- the command line


class StartError(Exception):
    """A start the command line asked for that cannot happen; the message is for the player."""


def _load_session(path: str) -> Session:
    try:
        return load_session(path)
    except StorageError as exc:  # BadSaveError names the file and the problem
        raise StartError(str(exc)) from None


def start_from_args(args) -> Start:
    command = getattr(args, "command", None)
    if command == "play":
        from bere_tui.bots import bot_key, known_bots
        from bere_tui.ui.seating import TableSetup, setup_from_args
        from bere_tui.ui.session import Session

        if getattr(args, "load", None):
            return Start("game", session=_load_session(args.load))
        if not args.players and not args.bots:
            setup = TableSetup(args.variant)
            setup.seed = args.seed
            setup.use_board_options(getattr(args, "board_options", None))
            return Start("setup", setup=setup)
        unknown = [b for b in args.bots if bot_key(b) is None]
        if unknown:
            raise StartError(_("unknown bot {bot}; known: {known}").format(bot=shown(unknown[0]), known=known_bots()))
        setup = setup_from_args(args.variant, args.players, args.bots, args.seed, args.target,
                                getattr(args, "board_options", None))
        if args.target is not None and not setup.uses_target():
            raise StartError(_("the {variant} variant has no target score").format(variant=args.variant))
        problems = setup.problems()
        if problems:
            raise StartError(problems[0])
        return Start("game", session=Session.new(setup), setup=setup)
    if command == "replay":
        from bere_tui.storage import load_file

        try:
            game = load_file(args.file, pipe=True)  # (`bere replay <(cat game.json)`)
        except StorageError as exc:
            raise StartError(str(exc)) from None
        return Start("replay", game=game, note=escape(Path(args.file).name))  # (a name may hold escapes)
    if command == "teach":
        return Start("teach", lesson=getattr(args, "lesson", None))
    return Start("title")


def run_app(args) -> int:
    """Open the app as the command line asked; the exit code (2 with one `error:` line when it cannot start)."""
    try:
        start = start_from_args(args)
    except StartError as exc:
        print(error_line(str(exc)), file=sys.stderr)
        return 2
    from bere_tui.storage import sweep_temporary_files

    sweep_temporary_files()  # (what a bere killed while it wrote a file left behind)
    settings, warning = load_settings(getattr(args, "config", None))
    if warning:
        start.messages.append(warning)
    speed = "off" if getattr(args, "no_animation", False) else None
    app = BereApp(start, ascii=getattr(args, "ascii", False), speed=speed, config=getattr(args, "config", None),
                  settings=settings)
    restore_signals = install_signals(app)  # SIGHUP/SIGTERM: autosave, then stop cleanly
    try:
        app.run(mouse=not getattr(args, "no_mouse", False))
    finally:
        restore_signals()
        release_autosave()
    return app.return_code or 0
