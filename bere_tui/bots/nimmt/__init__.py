"""6 nimmt!'s bots: random, heuristic and strong (a Monte Carlo search over the hidden cards)."""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from importlib import import_module

from bere_tui.bots.base import Bot


class _Bots(Mapping):
    """The bots by name, each class imported when first asked for (`bere sim` with random bots never loads
    the strong bot's search)."""

    def __init__(self, where: dict[str, str]) -> None:
        self._where = where  # name -> "module:Class"
        self._loaded: dict[str, type[Bot]] = {}

    def __getitem__(self, name: str) -> type[Bot]:
        cls = self._loaded.get(name)
        if cls is None:
            module, _, attr = self._where[name].partition(":")
            cls = self._loaded[name] = getattr(import_module(module), attr)
        return cls

    def __iter__(self) -> Iterator[str]:
        return iter(self._where)

    def __len__(self) -> int:
        return len(self._where)

    def __contains__(self, name) -> bool:
        return name in self._where


BOTS: Mapping[str, type[Bot]] = _Bots({
    "random": "bere_tui.bots.nimmt.random_bot:RandomBot",
    "heuristic": "bere_tui.bots.nimmt.heuristic:HeuristicBot",
    "strong": "bere_tui.bots.nimmt.strong:StrongBot",
})


def make_nimmt_bot(name: str, seed: int | None = None) -> Bot:
    """6 nimmt!'s bot `name` (its own name: random, heuristic, strong)."""
    return BOTS[name](seed)


__all__ = ["BOTS", "make_nimmt_bot"]
