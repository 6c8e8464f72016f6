"""The names of every registered variant (bere_tui.systems.GAMES) for a check that needs only the names (the
command line's `--variant`, the settings' last table), read when first asked: importing the game systems costs
a good part of the start-up (issue 17), and a list of names kept here would have to name every game (issue 32)."""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from typing import overload


class _VariantNames(Sequence[str]):
    def _names(self) -> tuple[str, ...]:
        from bere_tui.systems import GAMES

        return tuple(GAMES)

    @overload
    def __getitem__(self, i: int) -> str: ...

    @overload
    def __getitem__(self, i: slice) -> Sequence[str]: ...

    def __getitem__(self, i):
        return self._names()[i]

    def __len__(self) -> int:
        return len(self._names())

    def __iter__(self) -> Iterator[str]:
        return iter(self._names())

    def __contains__(self, name: object) -> bool:
        return name in self._names()

    def __repr__(self) -> str:
        return repr(self._names())


#: every registered variant, in the order the setup screen offers them
VARIANT_NAMES: Sequence[str] = _VariantNames()

__all__ = ["VARIANT_NAMES"]
