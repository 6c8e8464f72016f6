"""Where bere-tui keeps its files, and the two ways it changes them: an atomic write, and setting a bad file
aside.

The data folder is platformdirs' user_data_dir("bere-tui") unless the environment variable BERE_DATA_DIR
names another folder (tests, portable installs). Every OS failure becomes a StorageError with a message a
player can read, never a traceback.
"""

from __future__ import annotations

import os
import stat
import tempfile
import time
from datetime import datetime
from pathlib import Path

import platformdirs

from bere_tui.i18n import _

APP_NAME = "bere-tui"
DATA_DIR_ENV = "BERE_DATA_DIR"


class StorageError(Exception):
    """A file or folder that cannot be written or read; the message is one line for the player."""


def data_dir() -> Path:
    """The folder of autosave, replays and history: $BERE_DATA_DIR, else the user data folder."""
    override = os.environ.get(DATA_DIR_ENV)
    if override:
        return Path(override).expanduser()
    return Path(platformdirs.user_data_dir(APP_NAME))


AUTOSAVE_NAME = "autosave.json"
SAVES_DIR = "saves"


def autosave_path() -> Path:
    return data_dir() / AUTOSAVE_NAME


def saves_dir() -> Path:
    """Where saves go by default (ctrl+s, and an unfinished game kept before a new one starts)."""
    return data_dir() / SAVES_DIR


def free_save_path(now: datetime | None = None) -> Path:
    """A file name in the saves folder that is not taken yet: saves/game-20261129-193000.json."""
    stamp = f"{(now or datetime.now()):%Y%m%d-%H%M%S}"
    path, n = saves_dir() / f"game-{stamp}.json", 2
    while path.exists():
        path, n = saves_dir() / f"game-{stamp}-{n}.json", n + 1
    return path


def why(exc: OSError) -> str:
    """The readable part of an OS error ("Permission denied"), without errno noise."""
    return exc.strerror or str(exc)


def ensure_dir(folder: Path) -> Path:
    try:
        folder.mkdir(parents=True, exist_ok=True)
    except OSError as exc:
        raise StorageError(_("cannot create the folder {folder}: {why}").format(
            folder=folder, why=why(exc))) from None
    return folder


def _fsync_dir(folder: Path) -> None:
    """Make a rename durable; not every system can open a folder, and that is harmless."""
    try:
        fd = os.open(folder, os.O_RDONLY)
    except OSError:
        return
    try:
        os.fsync(fd)
    except OSError:
        pass
    finally:
        os.close(fd)


def atomic_write_text(path: str | Path, text: str) -> Path:
    """Write `text` to `path` so that a crash leaves the old file or the new one, never half of one.

    A temporary file in the same folder is written, flushed and fsync'ed, then renamed over `path`.
    """
    path = Path(path)
    ensure_dir(path.parent)
    tmp_name = None
    try:
        fd, tmp_name = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=path.parent)
        with os.fdopen(fd, "w", encoding="utf-8") as handle:
            handle.write(text)
            handle.flush()
            os.fsync(handle.fileno())
        os.replace(tmp_name, path)
        tmp_name = None
    except OSError as exc:
        raise StorageError(_("cannot write {file}: {why}").format(file=path, why=why(exc))) from None
    finally:
        if tmp_name is not None:  # any failure, even an interrupt: leave no temporary file behind
            try:
                os.unlink(tmp_name)
            except OSError:
                pass
    _fsync_dir(path.parent)
    return path


#: a temporary file of atomic_write_text older than this (seconds) was left by a bere that was killed
ORPHAN_AGE = 3600


def sweep_orphans(folder: Path, now: float | None = None) -> list[Path]:
    """Remove the temporary files (.NAME.xxxx.tmp) that atomic_write_text left in `folder` when its process was
    killed mid-write, once they are ORPHAN_AGE old (a younger one may be another bere's write under way).
    Returns the files removed; a file that cannot be removed is left, silently (it harms nothing)."""
    now = time.time() if now is None else now
    removed = []
    try:
        candidates = list(folder.glob(".*.tmp"))
    except OSError:
        return removed
    for path in candidates:
        try:
            st = path.lstat()
            if stat.S_ISREG(st.st_mode) and now - st.st_mtime > ORPHAN_AGE:
                path.unlink()
                removed.append(path)
        except OSError:
            continue
    return removed


def set_aside(path: str | Path, now: datetime | None = None) -> Path:
    """Rename a bad file out of the way and keep it: autosave.json -> autosave.bad-20261129-193000.json."""
    path = Path(path)
    stamp = (now or datetime.now()).strftime("%Y%m%d-%H%M%S")
    suffix = "".join(path.suffixes[-1:])
    stem = path.name[: len(path.name) - len(suffix)]
    target = path.with_name(f"{stem}.bad-{stamp}{suffix}")
    n = 2
    while target.exists():
        target = path.with_name(f"{stem}.bad-{stamp}-{n}{suffix}")
        n += 1
    try:
        os.replace(path, target)
    except OSError as exc:
        raise StorageError(_("cannot rename {file} to {target}: {why}").format(
            file=path, target=target.name, why=why(exc))) from None
    return target
