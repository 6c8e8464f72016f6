"""Bullenparty (RULES section 7, seed 003): a game system of its own beside 6 nimmt!, behind the same protocol
(pending, deciders, legal, apply, view, record, copy; IllegalAction and SetupError from engine/errors.py).

Modules: `rules` (cards, piles, score: BP1-BP10 as plain functions), `events`, `game` (the state and the
flow), `view` (what each player may know). Pure Python, no UI.
"""

from bere_tui.engine.bullenparty import rules
from bere_tui.engine.bullenparty.game import VARIANT, Game, Row
from bere_tui.engine.bullenparty.view import PlayerView, RowView, View

__all__ = ["VARIANT", "Game", "PlayerView", "Row", "RowView", "View", "rules"]
