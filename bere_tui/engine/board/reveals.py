"""The board game's public history of the current hand: each turn's secret choices as everyone saw them
revealed (BG3), with the table they were chosen at. Every fact here was public at the reveal; a view carries
them all (engine/board/view.py), so a player - a person reading the log, a bot reading the others' hands from
their choices (bots/board/inference.py) - may know them without remembering."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True, slots=True)
class Reveal:
    """One turn's reveal: the choices and the table as it stood while they were made."""
    turn: int
    rows: tuple[tuple[int, ...], ...]  # each row's tiles
    active: tuple[bool, ...]  # BG2
    overlays: tuple[tuple[tuple[int, int], str], ...]  # ((row, space), luck card kind) (BG6)
    sizes: tuple[int, ...]  # the tiles each player held while choosing (the chosen ones among them)
    draws: tuple[int, ...]  # tiles each player had drawn from the supply this hand before choosing (BG7)
    luck_left: int  # luck cards left to draw (BG6)
    choices: tuple[tuple[int, tuple[int, ...], str | None], ...]  # (player, tiles, action card), by player


__all__ = ["Reveal"]
