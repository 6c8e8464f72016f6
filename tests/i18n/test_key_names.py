"""Key bindings keep their keys in every language (issue 16): the key bar names a key by its keycap (Enter, Esc,
PgUp/PgDn, an arrow drawn as <- ->, a letter or a digit), and a key name that is a word ("Arrows", "up/down")
goes through gettext, so no English word is left in a translated key bar."""

from __future__ import annotations

import importlib
import pkgutil
import re

from babel.messages.pofile import read_po
from textual.binding import Binding
from textual.dom import DOMNode

import bere_tui.ui
from bere_tui.catalogues import POT

#: keycaps: the same on every keyboard and in every language
KEYCAP = re.compile(r"(Enter|Esc|Backspace|Tab|PgUp/PgDn|F\d+|\d-\d|[^A-Za-z]+)")


def every_binding():
    for info in pkgutil.walk_packages(bere_tui.ui.__path__, "bere_tui.ui."):
        importlib.import_module(info.name)
    seen = set()
    stack = [DOMNode]
    while stack:
        cls = stack.pop()
        stack.extend(cls.__subclasses__())
        if not cls.__module__.startswith("bere_tui.") or cls in seen:
            continue
        seen.add(cls)
        for binding in cls.__dict__.get("BINDINGS", ()):
            if isinstance(binding, Binding):
                yield cls, binding


def test_every_key_name_is_a_keycap_or_translated():
    with POT.open("rb") as f:
        pot = read_po(f)
    marked = {f"{m.context}\x04{m.id}" if m.context else m.id for m in pot if m.id}
    bindings = list(every_binding())
    assert len(bindings) > 20  # the screens' bindings were all found
    wrong = [(cls.__name__, b.key_display) for cls, b in bindings
             if b.key_display and not KEYCAP.fullmatch(b.key_display) and b.key_display not in marked]
    assert wrong == []
