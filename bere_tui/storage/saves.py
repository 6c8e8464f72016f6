"""Saved games: the autosave, saves to a chosen file, and the folder of finished games (replays).

Every save is a bere-record/1 game record (spec/record.md), written atomically. A save that cannot be loaded
raises BadSaveError naming the file and the problem; an autosave that cannot be loaded is renamed aside
(autosave.bad-<date>-<time>.json) so that the next autosave never overwrites it (in a folder that cannot be
written it stays where it is, and the error says so). Before a new game replaces an unfinished one in the
autosave, the old one can be moved into the saves folder (keep_autosave) or thrown away (discard_autosave).
"""

from __future__ import annotations

import hashlib
import json
import os
from dataclasses import dataclass
from datetime import datetime
from pathlib import Path
from typing import TYPE_CHECKING

from bere_tui.i18n import _
from bere_tui.jsonfile import JSONFileError, read_json
from bere_tui.safetext import escape
from bere_tui.storage.files import (  # (the autosave's and the saves' paths are there: autosave_lock asks too)
    AUTOSAVE_NAME,  # noqa: F401 - (the names of the file and the folder, for callers)
    SAVES_DIR,  # noqa: F401
    StorageError,
    atomic_write_text,
    autosave_path,
    data_dir,
    ensure_dir,
    free_save_path,
    saves_dir,
    set_aside,
    sweep_orphans,
    why,
)

if TYPE_CHECKING:  # the title screen asks whether there is an autosave: the record and the engine are imported
    from bere_tui.engine.nimmt import Game  # when one is read (issue 17)

REPLAYS_DIR = "replays"
MAX_REPLAYS = 50


class BadSaveError(StorageError):
    """A save that cannot be loaded. `path` is the file, `problem` what is wrong with it, and `kept_as` where
    the file was moved to keep it (None if it stayed where it was). `stuck` is why it could not be moved aside
    when that was asked for (a folder that cannot be written), else None."""

    def __init__(self, path: Path, problem: str, kept_as: Path | None = None, stuck: str | None = None) -> None:
        self.path = path
        self.problem = problem
        self.kept_as = kept_as
        self.stuck = stuck
        message = _("{file} cannot be loaded: {problem}").format(file=escape(path, None), problem=problem)
        if kept_as is not None:
            message += " " + _("(the file is kept as {name})").format(name=escape(kept_as.name, None))
        if stuck is not None:
            message += " " + _("(it cannot be renamed aside either, so it stays where it is: {why})").format(
                why=stuck)
        super().__init__(message)


def replays_dir() -> Path:
    return data_dir() / REPLAYS_DIR


def _record_json(record: dict) -> str:
    return json.dumps(record, indent=1) + "\n"


def record_key(record: dict) -> str:
    """A fingerprint of a game record: the same game always gives the same key."""
    canonical = json.dumps(record, sort_keys=True, separators=(",", ":"))
    return hashlib.sha256(canonical.encode("utf-8")).hexdigest()


# ------------------------------------------------------------------ writing


def save_to(game: Game, path: str | Path) -> Path:
    """Save the game record to `path` (atomically). Raises StorageError if it cannot be written."""
    return atomic_write_text(Path(path), _record_json(game.record()))


def autosave(game: Game) -> Path:
    """Write the game to the autosave file (atomically), or to this bere's own file while another bere plays
    from the same data folder (autosave_lock). Raises StorageError if the folder is not writable."""
    from bere_tui.storage.autosave_lock import autosave_target

    return save_to(game, autosave_target())


def keep_autosave(now: datetime | None = None) -> Path:
    """Move the autosave, as it is, into the saves folder under a new name; returns that name. Raises
    StorageError (the autosave is then untouched)."""
    source = autosave_path()
    target = free_save_path(now)
    ensure_dir(target.parent)
    try:
        os.replace(source, target)
    except OSError as exc:
        raise StorageError(_("cannot move {file} to {target}: {why}").format(
            file=source, target=target, why=why(exc))) from None
    return target


def discard_autosave() -> None:
    """Remove the autosave (a new game replaces the unfinished one). Raises StorageError if it cannot be."""
    try:
        autosave_path().unlink()
    except FileNotFoundError:
        pass
    except OSError as exc:
        raise StorageError(_("cannot remove {file}: {why}").format(file=autosave_path(), why=why(exc))) from None


def autosave_time() -> datetime | None:
    """When the autosave was last written (None if there is none)."""
    try:
        return datetime.fromtimestamp(autosave_path().stat().st_mtime)
    except OSError:
        return None


def sweep_temporary_files() -> list[Path]:
    """At start: the temporary files a killed bere left beside the autosave, the replays and the saves
    (files.sweep_orphans); returns those removed."""
    return [p for folder in (data_dir(), replays_dir(), saves_dir()) for p in sweep_orphans(folder)]


# ------------------------------------------------------------------ reading


def _problem(path: Path, pipe: bool = False) -> tuple[Game | None, str | None]:
    """Load the record at `path`: (game, None), or (None, what is wrong). FileNotFoundError passes through.
    Only a regular file is read, or with `pipe` a pipe too (jsonfile.read_json)."""
    from bere_tui.record import FORMAT, RecordError, replay

    try:
        data = read_json(path, pipe=pipe)
    except JSONFileError as exc:
        return None, str(exc)
    if _is_newer(data):
        return None, _("it is in the format {value}, written by a newer version of bere-tui (this version "
                       "reads {fmt})").format(value=escape(data["format"]), fmt=FORMAT)
    try:
        return replay(data), None
    except RecordError as exc:
        return None, str(exc)


def _is_newer(data) -> bool:
    """A record of a later format version (bere-record/2, ...), which an update of bere-tui may read."""
    from bere_tui.record import FORMAT

    fmt = data.get("format") if isinstance(data, dict) else None
    if not isinstance(fmt, str) or not fmt.startswith("bere-record/"):
        return False
    return _version_after(fmt.removeprefix("bere-record/"), FORMAT.removeprefix("bere-record/"))


def _version_after(version: str, ours: str) -> bool:
    """Whether `version` (the text after `bere-record/`) is a later version than `ours`. Only ASCII digits make a
    version (not `²`, which str.isdigit() accepts and int() refuses); it is compared as text, by its length
    without leading zeros and then digit by digit, so that a version of 5,000 digits is no int() to convert."""
    if not version.isascii() or not version.isdigit():
        return False
    version, ours = version.lstrip("0"), ours.lstrip("0")
    return (len(version), version) > (len(ours), ours)


def load_file(path: str | Path, keep_aside: bool = False, pipe: bool = False) -> Game:
    """The game a record file describes (finished or not). Raises BadSaveError naming the file and the
    problem; with keep_aside=True a bad file is also renamed aside (the error's kept_as says where). With
    `pipe` (a file named on the command line) a pipe is read too: `bere replay <(cat game.json)`."""
    path = Path(path)
    try:
        game, problem = _problem(path, pipe)
    except FileNotFoundError:
        raise BadSaveError(path, _("no such file")) from None
    if problem is None:
        return game
    kept_as = stuck = None
    if keep_aside:
        try:
            kept_as = set_aside(path)
        except StorageError as exc:  # a folder that cannot be written: the file stays, and the message says so
            stuck = str(exc)
    raise BadSaveError(path, problem, kept_as, stuck)


def load_autosave() -> Game | None:
    """The unfinished game to offer as "Continue", or None (no autosave, or its game is over).

    A bad autosave is renamed aside and BadSaveError is raised: show its message, then start a new game. Where
    it cannot be renamed, the error's `stuck` says why, and the file stays.
    """
    path = autosave_path()
    if not path.exists():
        return None
    game = load_file(path, keep_aside=True)
    return None if game.finished else game


# ------------------------------------------------------------------ finished games


@dataclass(frozen=True)
class ReplayInfo:
    """One finished game in the replays folder, for the title screen's Replays list."""

    path: Path
    date: datetime
    variant: str
    players: tuple[str, ...]
    bots: tuple[str | None, ...]
    totals: tuple[int, ...]
    winners: tuple[str, ...]


def _replay_name(now: datetime, key: str) -> str:
    return f"{now.strftime('%Y%m%d-%H%M%S-%f')}-{key[:12]}.json"


def _replay_files(folder: Path) -> list[Path]:
    """The replay files, newest first (their names start with the date)."""
    try:
        return sorted(folder.glob("*.json"), key=lambda p: p.name, reverse=True)
    except OSError:
        return []


def archive_finished(game: Game, now: datetime | None = None) -> Path:
    """Keep a finished game in the replays folder (once per game), and only the newest MAX_REPLAYS of them."""
    if not game.finished:
        raise ValueError("only a finished game is archived")
    record = game.record()
    key = record_key(record)
    folder = ensure_dir(replays_dir())
    for existing in folder.glob(f"*-{key[:12]}.json"):
        return existing
    path = atomic_write_text(folder / _replay_name(now or datetime.now(), key), _record_json(record))
    for old in _replay_files(folder)[MAX_REPLAYS:]:
        try:
            old.unlink()
        except FileNotFoundError:  # another bere trimmed the folder at the same moment
            pass
        except OSError as exc:
            raise StorageError(_("cannot remove {file}: {why}").format(file=old, why=why(exc))) from None
    return path


def _date_of(path: Path) -> datetime:
    try:
        return datetime.strptime(path.name[:22], "%Y%m%d-%H%M%S-%f")
    except ValueError:
        return datetime.fromtimestamp(path.stat().st_mtime)


def list_replays(skipped: list[Path] | None = None) -> list[ReplayInfo]:
    """The finished games in the replays folder, newest first. Files that cannot be loaded (or hold no finished
    game) are left out, and added to `skipped` when it is given."""
    infos = []
    for path in _replay_files(replays_dir()):
        try:
            game, problem = _problem(path)
            date = _date_of(path)
        except OSError:
            game, problem = None, "unreadable"
        if problem is not None or not game.finished:
            if skipped is not None:
                skipped.append(path)
            continue
        names = tuple(p["name"] for p in game.players)
        infos.append(ReplayInfo(path=path, date=date, variant=game.variant, players=names,
                                bots=tuple(p.get("bot") for p in game.players), totals=tuple(game.totals()),
                                winners=tuple(names[w] for w in game.winners)))
    return infos
