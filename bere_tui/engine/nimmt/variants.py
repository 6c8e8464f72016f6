"""The variants the engine knows, by name: `VARIANTS[name]` is that variant's rule object (engine.rules:
player counts and deal sizes, RULES B1, P1, A1-A2, E1, and the hooks where a variant's rules differ)."""

from __future__ import annotations

from bere_tui.engine.nimmt.rules import DEFAULT_TARGET, VARIANTS, Variant
from bere_tui.engine.nimmt.specials import SPECIAL_COPIES, SPECIAL_NAMES

#: the older name of a variant's rule object (it was a record of its player counts and options)
VariantInfo = Variant

__all__ = ["DEFAULT_TARGET", "SPECIAL_COPIES", "SPECIAL_NAMES", "VARIANTS", "Variant", "VariantInfo"]
