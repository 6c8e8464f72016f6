"""The app's side of storage: autosave after every decision, Continue (naming the game), asking before a new
game takes the place of an unfinished one, loading a record, keeping a finished game (replays and history),
saving on SIGHUP/SIGTERM, and opening the replay viewer.

Storage does the files and says what went wrong in one line; here those lines become notices, and the game
goes on whatever happens to a file.
"""

from __future__ import annotations

import asyncio
from datetime import datetime
from functools import partial
from pathlib import Path
from typing import TYPE_CHECKING

from bere_tui import storage  # (its modules are imported when first used: the title needs only the settings)
from bere_tui.i18n import _, ngettext
from bere_tui.safetext import escape
from bere_tui.table.words import names_and, variant_name

if TYPE_CHECKING:  # the engine, the record and the table are imported when a game is opened (issue 17)
    from bere_tui.engine.nimmt import Game
    from bere_tui.ui.session import Session


def session_from_game(game: Game) -> Session:
    """A session for a loaded game, with the events of its actions so far (for the log)."""
    from bere_tui.table.replay import events_by_action
    from bere_tui.ui.session import Session

    fresh, _actions, per_action = events_by_action(game)
    session = Session(fresh)
    session.history = per_action
    return session


def load_session(path: str | Path) -> Session:
    """`bere play --load FILE`: raises StorageError (BadSaveError) with a message naming the file."""
    return session_from_game(storage.load_file(path, pipe=True))


def live_game(app) -> Game | None:
    """The game being played, if it is not over (what a signal saves)."""
    game = getattr(app, "game", None)
    return game if game is not None and not game.finished else None


def autosave_game(app, game: Game) -> None:
    """After every decision. A failure is told once (until it changes), not after every card."""
    try:
        storage.autosave(game)
    except storage.StorageError as exc:
        if getattr(app, "_autosave_problem", None) != str(exc):
            app._autosave_problem = str(exc)
            app.notify(_("Autosave failed: {why}").format(why=exc), severity="warning", timeout=8)
        return
    app._autosave_problem = None


def keep_finished(app, game: Game) -> None:
    """A game played to the end: into the replays folder and the history."""
    if not game.finished:
        return
    problems = []
    try:
        storage.archive_finished(game)
    except storage.StorageError as exc:
        problems.append(str(exc))
    try:
        _added, warning = storage.record_finished_game(game)
        if warning:
            problems.append(warning)
    except storage.StorageError as exc:
        problems.append(str(exc))
    for problem in problems:
        app.notify(problem, severity="warning", timeout=10)


def game_summary(game: Game, saved: datetime | None = None) -> str:
    """A saved game in a line or two: "Base game, round 3: Ann, Ben and 2 bots", then "saved 2026-11-29 19:30"."""
    people = [p["name"] for p in game.players if not p.get("bot")]
    bots = game.n - len(people)
    shown, others = people[:3], len(people) - 3
    if others > 0:
        shown.append(ngettext("{n} other", "{n} others", others + bots).format(n=others + bots))
    elif bots:
        shown.append(ngettext("{n} bot", "{n} bots", bots).format(n=bots))
    if getattr(game, "round", None) is None:  # a game of turns, without rounds (the board game)
        text = _("{variant}, turn {turn}: {players}").format(variant=variant_name(game.variant), turn=game.turn,
                                                             players=names_and(shown))
    else:
        text = _("{variant}, round {round}: {players}").format(variant=variant_name(game.variant),
                                                               round=game.round, players=names_and(shown))
    if saved is not None:
        text += "\n" + _("saved {date}").format(date=f"{saved:%Y-%m-%d %H:%M}")
    return text


def _signature(path: Path):
    """Which file is at `path` (it may be replaced by another later), or None."""
    try:
        st = path.stat()
    except OSError:
        return None
    return st.st_ino, st.st_size, st.st_mtime_ns


def continue_offer(app) -> str | None:
    """What the title screen's Continue names: None when there is nothing to continue (no autosave, its game is
    over, or it cannot be read and cannot be moved aside, which was said once already); else the game in one
    sentence (game_summary). A file that cannot be read is offered as such: choosing it tells what is wrong and
    sets it aside."""
    path = storage.autosave_path()
    if not path.exists() or getattr(app, "stuck_autosave", None) == _signature(path):
        return None
    if storage.held_elsewhere():
        return _("it is being played in another bere window")
    try:
        game = storage.load_file(path)
    except storage.StorageError:
        return _("the saved file cannot be read")
    return None if game.finished else game_summary(game, storage.autosave_time())


def continue_game(app) -> None:
    """Title screen, Continue: the autosaved game, or the message why it cannot be (and a new game)."""
    from bere_tui.ui.screens.dialogs import NoticeScreen

    if storage.claim_autosave() is not None:  # another bere plays it now: two would overwrite each other's turns
        storage.release_autosave()
        app.notify(_("The saved game is being played in another bere window; it can be continued once that one "
                     "is closed."), severity="warning", timeout=10)
        return
    try:
        game = storage.load_autosave()
    except storage.BadSaveError as exc:
        # the message names the file, the problem and the name it is kept under (never overwritten), or says
        # that it stays where it is (a folder that cannot be written): then it is not offered again
        then = _("A new game can start from the title screen.")
        if exc.stuck is not None:
            app.stuck_autosave = _signature(exc.path)
            then = _("It is not offered again. A new game can start from the title screen.")
        app.push_screen(NoticeScreen(_("The saved game cannot be continued"), f"{exc}\n\n{then}"),
                        lambda _result: app.open_title())
        return
    except storage.StorageError as exc:
        app.notify(str(exc), severity="error", timeout=10)
        return
    if game is None:
        app.notify(_("There is no unfinished game to continue."), severity="warning")
        app.open_title()
        return
    app.show_session(session_from_game(game))


def start_session(app, session: Session) -> None:
    """Open the table for `session` (a new game, or a loaded record). If the autosave holds another unfinished
    game, which the new one would replace, ask first: keep it in the saves folder, discard it, or cancel."""
    from bere_tui.ui.screens.dialogs import ReplaceGameScreen

    own = storage.claim_autosave()
    if own is not None:  # another bere plays from this data folder: its autosave is left alone
        app.notify(_("Another bere is playing from this data folder, so this game autosaves to {file} instead; "
                     "`bere play --load FILE` continues it.").format(file=escape(own, None)), severity="warning",
                   timeout=12)
        app.show_session(session)
        return
    try:
        old = storage.load_autosave()
    except storage.BadSaveError as exc:  # set aside where possible (the message says where), so nothing is lost
        app.notify(str(exc), severity="warning", timeout=10)
        old = None
    except storage.StorageError as exc:
        app.notify(str(exc), severity="warning", timeout=10)
        old = None
    if old is None or old.record() == session.game.record():
        app.show_session(session)
        return

    def answered(choice: str | None) -> None:
        if choice == "keep":
            try:
                kept = storage.keep_autosave()
            except storage.StorageError as exc:  # the autosave is untouched; nothing starts
                app.notify(_("The unfinished game could not be kept: {why}").format(why=exc), severity="error",
                           timeout=10)
                app.open_title()
                return
            app.notify(_("The unfinished game is kept as {file}; `bere play --load FILE` opens it.").format(
                file=kept), timeout=10)
        elif choice == "discard":
            try:
                storage.discard_autosave()
            except storage.StorageError as exc:  # the new game's first autosave replaces it anyway
                app.notify(str(exc), severity="warning", timeout=8)
        else:
            app.open_title()
            return
        app.show_session(session)

    app.push_screen(ReplaceGameScreen(game_summary(old, storage.autosave_time())), answered)


def open_save(app) -> None:
    """ctrl+s: the save dialog for the game being played; a notice says where it went."""
    from bere_tui.ui.screens.save_dialog import SaveScreen

    game = getattr(app, "game", None)
    if game is None:
        app.notify(_("There is no game to save here."), severity="warning")
        return

    def saved(path) -> None:
        if path is not None:
            app.notify(_("Saved to {file}").format(file=path), timeout=6)

    app.push_screen(SaveScreen(game), saved)


def open_replay(app, game: Game, title: str = "") -> None:
    """The replay viewer, hosting the face of the game's system (ui/screens/replay.py)."""
    from bere_tui.ui.screens.replay import ReplayScreen

    app.push_screen(ReplayScreen(game, title))


def install_signals(app):
    """SIGHUP (the terminal closed) or SIGTERM: autosave the game being played, then stop the app cleanly, and
    within STOP_GRACE seconds in any case (the watchdog: a clean stop can hang on a terminal that is gone).

    Returns the function that puts the previous handlers back."""
    from bere_tui.ui.watchdog import STOP_GRACE, end_process_after

    def stop(code: int) -> None:  # (called once the game is autosaved)
        end_process_after(STOP_GRACE, code)
        try:
            loop = asyncio.get_running_loop()
        except RuntimeError:  # the app is not running (yet, or any more)
            raise SystemExit(code) from None
        loop.call_soon_threadsafe(partial(app.exit, return_code=code))

    return storage.install_signal_save(lambda: live_game(app), exit=stop)
