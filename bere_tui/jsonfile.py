"""Reading a JSON file the player gives or the program keeps (game records, saves, settings, lesson progress).

The one place such files are parsed. Whatever the file holds, the answer is the data or one JSONFileError
whose message says in a few words what is wrong (the caller names the file): too large, not UTF-8, empty,
not JSON, nested too deeply, a number too long to read. `read_bytes` reads a file of another format (a board
file) with the same care, and `not_regular` tells why a file another library opens (the history database)
is not one to open: a FIFO, a device or a socket is never opened, never waited on.
"""

from __future__ import annotations

import json
import os
import select
import stat
from pathlib import Path

from bere_tui.i18n import _

#: the largest file read (a game record of hundreds of rounds is well under 1 MB)
MAX_BYTES = 4 * 1024 * 1024


class JSONFileError(Exception):
    """A file that is not readable JSON; the message says why, without the file's name."""


def _why(exc: OSError) -> str:
    return exc.strerror or str(exc)


def read_json(path: str | Path, max_bytes: int = MAX_BYTES, pipe: bool = False):
    """The file's JSON value. FileNotFoundError passes through; every other problem is a JSONFileError.

    Only a regular file is read: a FIFO, a device or a socket is refused unopened (opening a FIFO waits for a
    writer, reading a device may never end). With `pipe`, for a file the player names on the command line,
    a pipe is read too (`bere replay <(cat game.json)`); one no process writes to reads as empty.
    """
    raw = read_bytes(path, max_bytes, pipe)
    if len(raw) > max_bytes:
        raise JSONFileError(_("the file is larger than {n} MB, too large to be a file of bere-tui").format(
            n=max_bytes // (1024 * 1024))) from None
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError:
        raise JSONFileError(_("not UTF-8 text")) from None
    if not text.strip():
        raise JSONFileError(_("the file is empty"))
    return loads(text)


def _readable_kind(mode: int, pipe: bool) -> None:
    """Raise the JSONFileError for a file of this kind that is not read (a folder, a FIFO, a device...)."""
    if stat.S_ISDIR(mode):
        raise JSONFileError(_("it is a folder, not a file"))
    if not (stat.S_ISREG(mode) or pipe and stat.S_ISFIFO(mode)):
        raise JSONFileError(_("it is not a regular file (but a FIFO, a device or a socket)"))


def not_regular(path: str | Path) -> str | None:
    """Why the file at `path` is not opened (a folder, a FIFO, a device, a socket), or None: a regular file,
    or no file at all."""
    try:
        _readable_kind(os.stat(path).st_mode, pipe=False)
    except FileNotFoundError:
        return None
    except OSError as exc:
        return _("cannot be read ({why})").format(why=_why(exc))
    except JSONFileError as exc:
        return str(exc)
    return None


def read_bytes(path: str | Path, max_bytes: int, pipe: bool = False) -> bytes:
    """Up to max_bytes + 1 bytes of the file. Checked by os.stat before it is opened, and opened without
    waiting (O_NONBLOCK), then checked again on the open file: a file swapped for a FIFO in between is refused
    too, never waited on."""
    try:
        _readable_kind(os.stat(path).st_mode, pipe)
        fd = os.open(path, os.O_RDONLY | os.O_NONBLOCK | os.O_NOCTTY | getattr(os, "O_CLOEXEC", 0))
    except FileNotFoundError:
        raise
    except OSError as exc:
        raise JSONFileError(_("cannot be read ({why})").format(why=_why(exc))) from None
    try:
        mode = os.fstat(fd).st_mode
        _readable_kind(mode, pipe)
        if stat.S_ISFIFO(mode):
            return _read_pipe(fd, max_bytes)
        os.set_blocking(fd, True)
        chunks, left = [], max_bytes + 1
        while left > 0:
            chunk = os.read(fd, min(left, 1 << 20))
            if not chunk:
                break
            chunks.append(chunk)
            left -= len(chunk)
        return b"".join(chunks)
    except OSError as exc:
        raise JSONFileError(_("cannot be read ({why})").format(why=_why(exc))) from None
    finally:
        os.close(fd)


def _read_pipe(fd: int, max_bytes: int) -> bytes:
    """A pipe read to its end (or max_bytes + 1): waits for data while a writer is there, and ends at once
    when there is none (a read of 0 bytes)."""
    chunks, got = [], 0
    while got <= max_bytes:
        try:
            chunk = os.read(fd, 1 << 16)
        except BlockingIOError:  # a writer, nothing written yet
            select.select([fd], [], [])
            continue
        if not chunk:
            break
        chunks.append(chunk)
        got += len(chunk)
    if not chunks:
        raise JSONFileError(_("it is a pipe that no program writes to"))
    return b"".join(chunks)


def loads(text: str):
    """Parse JSON text; every failure is a JSONFileError."""
    try:
        return json.loads(text)
    except json.JSONDecodeError as exc:
        raise JSONFileError(_("not valid JSON ({why})").format(why=exc)) from None
    except RecursionError:
        raise JSONFileError(_("not valid JSON (nested too deeply)")) from None
    except ValueError:  # an integer of more digits than Python converts (sys.get_int_max_str_digits)
        raise JSONFileError(_("not valid JSON (a number has too many digits)")) from None
