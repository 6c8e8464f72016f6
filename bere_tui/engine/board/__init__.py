"""The board game (RULES section 6, seed 002: "6 bere! Desková hra"): a game system of its own beside 6 nimmt!
and Bullenparty, behind the same protocol (pending, deciders, legal, apply, view, record, copy; IllegalAction
and SetupError from engine/errors.py).

Modules: `layout` (a board as data: rows, special spaces, tiles, decks), `rules` (placement and scoring
functions every part shares), `events`, `game` (the state and the flow), `view` (what each player may know).
Pure Python, no UI, no files: a board comes in as a `layout.Board` (bere_tui/boards.py reads the files).
"""

from bere_tui.engine.board import rules
from bere_tui.engine.board.game import SIDES, VARIANT, Game
from bere_tui.engine.board.layout import Board, RowSpec, Side, Space
from bere_tui.engine.board.view import PlayerView, RowView, View

__all__ = ["SIDES", "VARIANT", "Board", "Game", "PlayerView", "RowSpec", "RowView", "Side", "Space", "View",
           "rules"]
