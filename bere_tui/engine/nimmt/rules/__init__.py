"""6 nimmt!'s variants as rule objects: `VARIANTS[name]` is the rules a `Game` of that variant follows, and
what the table, the bots and the screens ask about it (see rules.base for the shape)."""

from __future__ import annotations

from bere_tui.engine.nimmt.rules.anniversary import Anniversary
from bere_tui.engine.nimmt.rules.base import DEFAULT_TARGET, Variant
from bere_tui.engine.nimmt.rules.even_odd import EvenOdd
from bere_tui.engine.nimmt.rules.pro import Pro

#: one rule object per variant, in the order the setup screen offers them
VARIANTS: dict[str, Variant] = {rules.name: rules for rules in (Variant(), Pro(), Anniversary(), EvenOdd())}

__all__ = ["DEFAULT_TARGET", "VARIANTS", "Anniversary", "EvenOdd", "Pro", "Variant"]
