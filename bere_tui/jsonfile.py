"""Reading a JSON file the player gives or the program keeps (game records, saves, settings, lesson progress).

The one place such files are parsed. Whatever the file holds, the answer is the data or one JSONFileError
whose message says in a few words what is wrong (the caller names the file): too large, not UTF-8, empty,
not JSON, nested too deeply, a number too long to read.
"""

from __future__ import annotations

import json
from pathlib import Path

from bere_tui.i18n import _

#: the largest file read (a game record of hundreds of rounds is well under 1 MB)
MAX_BYTES = 4 * 1024 * 1024


class JSONFileError(Exception):
    """A file that is not readable JSON; the message says why, without the file's name."""


def _why(exc: OSError) -> str:
    return exc.strerror or str(exc)


def read_json(path: str | Path, max_bytes: int = MAX_BYTES):
    """The file's JSON value. FileNotFoundError passes through; every other problem is a JSONFileError."""
    try:
        with open(path, "rb") as handle:
            raw = handle.read(max_bytes + 1)
    except FileNotFoundError:
        raise
    except IsADirectoryError:
        raise JSONFileError(_("it is a folder, not a file")) from None
    except OSError as exc:
        raise JSONFileError(_("cannot be read ({why})").format(why=_why(exc))) from None
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
