"""Which bere writes the autosave of a data folder, when two play from it at once (two windows, or `bere serve`
with the same key logged in twice).

A bere that plays a game holds a lock on `autosave.lock` in the data folder (fcntl.flock, released when it
goes back to the title screen or ends; the system releases it when a process dies). A second bere that starts a
game while the lock is held does not touch the autosave: its game autosaves to a file of its own in the saves
folder (saves/game-<date>-<time>.json, which `bere play --load FILE` continues), and the player is told so.
Continue is not offered while another bere plays the autosaved game.

Where flock does not exist, or the lock file cannot be made (a folder that cannot be written, where the
autosave cannot be written either), every bere uses the autosave, as before.
"""

from __future__ import annotations

import os
from pathlib import Path

try:
    import fcntl
except ImportError:  # pragma: no cover - not on Windows
    fcntl = None

from bere_tui.storage.files import autosave_path, data_dir, free_save_path

LOCK_NAME = "autosave.lock"

#: (the lock file, its open descriptor) while this process holds the lock
_held: tuple[Path, int] | None = None
#: this process's own autosave file while another bere holds the lock
_own: Path | None = None


def lock_path() -> Path:
    return data_dir() / LOCK_NAME


def _try_lock(path: Path) -> int | None:
    """An open descriptor of `path` locked by us; None when another process holds the lock. OSError if the
    file cannot be opened."""
    path.parent.mkdir(parents=True, exist_ok=True)
    fd = os.open(path, os.O_RDWR | os.O_CREAT | getattr(os, "O_CLOEXEC", 0), 0o600)
    try:
        fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
    except BlockingIOError:
        os.close(fd)
        return None
    except OSError:
        os.close(fd)
        raise
    return fd


def claim_autosave() -> Path | None:
    """Before a game is shown: None when this bere writes the autosave (it holds the lock, or there is no lock to
    take); else another bere holds it, and the game autosaves to the file returned, one of its own."""
    global _held, _own
    path = lock_path()
    if fcntl is None or _held is not None and _held[0] == path:
        return _own
    release_autosave()
    try:
        fd = _try_lock(path)
    except OSError:  # no lock to be had: the autosave itself will tell what is wrong with the folder
        return None
    if fd is not None:
        _held = (path, fd)
        return None
    _own = free_save_path()
    return _own


def release_autosave() -> None:
    """The game is over or left (the title screen, the end of the app): another bere may take the autosave."""
    global _held, _own
    _own = None
    if _held is not None:
        os.close(_held[1])  # (closing the descriptor releases the lock)
        _held = None


def autosave_target() -> Path:
    """The file this bere's game autosaves to: its own one while another bere holds the lock, else the autosave."""
    return _own if _own is not None else autosave_path()


def held_elsewhere() -> bool:
    """Whether another bere plays from this data folder now (it holds the lock)."""
    path = lock_path()
    if fcntl is None or _held is not None and _held[0] == path or not path.exists():
        return False
    try:
        fd = _try_lock(path)
    except OSError:
        return False
    if fd is None:
        return True
    os.close(fd)
    return False
