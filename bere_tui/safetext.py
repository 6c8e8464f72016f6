"""Text that comes from outside (a file, the command line, the keyboard), made safe to show.

A value echoed in a one-line message is escaped, so that a newline or a terminal control character read from a
file cannot break the line or the screen, and cut short. A player's name is cleaned of control and
bidirectional characters (which shift the borders drawn after them) and has at most NAME_MAX characters.
"""

from __future__ import annotations

import re
import reprlib
import unicodedata

from bere_tui.i18n import _

#: the most characters of a player's name: the setup, `--players`, and game records
NAME_MAX = 20
#: characters of a value echoed in a message
SHOWN_MAX = 40

#: Unicode categories never kept in a name: control, format (the bidirectional marks among them), surrogate,
#: private use, unassigned, line and paragraph separators
_NOT_IN_NAMES = frozenset({"Cc", "Cf", "Cs", "Co", "Cn", "Zl", "Zp"})

_repr = reprlib.Repr()
_repr.maxstring = SHOWN_MAX
_repr.maxother = SHOWN_MAX
_repr.maxlong = SHOWN_MAX
_repr.maxlevel = 2
_repr.maxlist = _repr.maxtuple = _repr.maxdict = _repr.maxset = 4


def _escape_char(ch: str) -> str:
    return repr(ch)[1:-1] if ch not in "'\"" else ch


def escape(text: str, limit: int | None = SHOWN_MAX) -> str:
    """`text` with every character that is not printable written as an escape (`\\n`, `\\u202e`), cut to about
    `limit` characters (None: not cut)."""
    text = str(text)
    cut = limit is not None and len(text) > limit
    if limit is not None and cut:
        text = text[: max(limit - 3, 1)]
    out = "".join(ch if ch.isprintable() else _escape_char(ch) for ch in text)
    return out + "..." if cut else out


_LONG_NUMBER = re.compile(r"\d{" + str(SHOWN_MAX + 1) + ",}")


def cut_numbers(text: str) -> str:
    """`text` with every number of more than SHOWN_MAX digits cut to its first and last digits
    (`1234567...7654321`): a message that repeats a value read from a file stays one short line."""
    half = SHOWN_MAX // 2 - 2
    return _LONG_NUMBER.sub(lambda m: f"{m.group()[:half]}...{m.group()[-half:]}", str(text))


def error_line(problem) -> str:
    """The one line `error: PROBLEM` that every command prints for a refusal: the problem escaped (one line, no
    terminal controls) and every long number in it cut (a hostile file's 5,000-digit value is not repeated)."""
    return _("error: {problem}").format(problem=cut_numbers(escape(str(problem), None)))


def shown(value) -> str:
    """A value from a file as a message shows it: its repr, escaped, short, and never deep."""
    try:
        return escape(_repr.repr(value), limit=None if isinstance(value, str) else SHOWN_MAX + 8)
    except (RecursionError, ValueError):  # pragma: no cover - reprlib limits the depth; digits were checked
        return "..."


def clean_name(text: str) -> str:
    """A name without control or bidirectional characters and without runs of spaces (not cut)."""
    kept = []
    for ch in str(text):
        if ch.isspace():
            kept.append(" ")
        elif unicodedata.category(ch) not in _NOT_IN_NAMES:
            kept.append(ch)
    return " ".join("".join(kept).split())


def fit_name(text: str) -> tuple[str, bool]:
    """(the cleaned name cut to NAME_MAX, whether it had to be cut)."""
    name = clean_name(text)
    return name[:NAME_MAX].rstrip(), len(name) > NAME_MAX


def name_problem(name: str) -> str | None:
    """Why a name from a record cannot be used as it is, or None."""
    if clean_name(name) != name.strip() or name != name.strip():
        return _("a name may not hold control characters or line breaks, nor start or end with spaces")
    if len(name) > NAME_MAX:
        return _("a name has at most {n} characters").format(n=NAME_MAX)
    return None
