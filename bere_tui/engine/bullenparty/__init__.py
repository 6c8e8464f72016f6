"""Bullenparty (RULES section 7, seed 003): a game system of its own beside 6 nimmt!, behind the same protocol
(pending, deciders, legal, apply, view, record, copy; IllegalAction and SetupError from engine/errors.py).

Modules: `rules` (cards, piles, score: BP1-BP10 as plain functions), `events`, `game` (the state and the
flow), `view` (what each player may know). Pure Python, no UI.

`Game` and the views are imported when first asked for: the table of games (bere_tui/systems.py) needs the player
counts of `rules` alone, and `bere sim` of 6 nimmt! never loads the rest.
"""

from importlib import import_module

from bere_tui.engine.bullenparty import rules

#: the module of this package each name comes from
_WHERE = {"VARIANT": "game", "Game": "game", "Row": "game", "PlayerView": "view", "RowView": "view", "View": "view"}


def __getattr__(name: str):
    module = _WHERE.get(name)
    if module is None:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    value = globals()[name] = getattr(import_module(f"{__name__}.{module}"), name)
    return value


__all__ = ["VARIANT", "Game", "PlayerView", "Row", "RowView", "View", "rules"]
