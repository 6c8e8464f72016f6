"""The variants the engine knows: player counts and deal sizes (RULES B1, P1, A1-A2, E1)."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True, slots=True)
class VariantInfo:
    name: str
    min_players: int
    max_players: int
    hand_size: int
    #: options the record may carry for this variant (record spec: `target`, `rounds`)
    options: tuple[str, ...]


VARIANTS: dict[str, VariantInfo] = {
    "base": VariantInfo("base", 2, 10, 10, ("target", "rounds")),  # B1, B2
    "pro": VariantInfo("pro", 2, 6, 10, ("target", "rounds")),  # P1-P3
    "anniversary": VariantInfo("anniversary", 2, 8, 12, ()),  # A2, A6-A7: two rounds, no target
    "even-odd": VariantInfo("even-odd", 2, 10, 10, ("target", "rounds")),  # E1
}

#: A1: the seven special cards, four copies each (record spelling).
SPECIAL_NAMES: tuple[str, ...] = (
    "fifth_row", "seven_nimmt", "insert", "replace", "shift", "stop", "negative_positive",
)
SPECIAL_COPIES = 4
DEFAULT_TARGET = 66  # B9
