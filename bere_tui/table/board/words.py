"""The board game's words that the table, the narrator and the lessons share: what a space does, the action
cards' and luck cards' names and help (BG5, BG7, BG-L1). Plain text through gettext; no drawing here (the
board's drawing is ui/board/board.py)."""

from __future__ import annotations

from bere_tui.i18n import _, ngettext, pgettext


def space_effect(spec, index: int, overlay: str | None = None) -> str:
    """What a space does, in words (the prompts say where a tile would land and what happens there)."""
    if overlay == "plus5":
        return _("+5 points (a luck card)")
    if index == spec.final:
        if overlay == "final_bonus":
            return _("the final space: the row's bullheads are won (a luck card)")
        return _("the final space: the row's bullheads are lost")
    space = spec.spaces.get(index)
    if space is None:
        return _("a plain space")
    if space.kind in ("bull_plus", "bull_minus"):
        if space.value is None:
            return _("+ the tile's bullheads") if space.kind == "bull_plus" else _("- the tile's bullheads")
        return points_text(space.value if space.kind == "bull_plus" else -space.value)
    return {
        "take_row": _("take the row: its bullheads are lost"),
        "play_two": _("play two tiles next turn"),
        "draw_tile": _("draw a tile"),
        "row_to_hand": _("the row's tiles into your hand"),
        "action_card": _("draw an action card"),
    }.get(space.kind, space.kind)


def points_text(points: int) -> str:
    """`+3 points`, `-7 points`: a printed value, or what a landing scores at once (engine rules.points)."""
    return ngettext("{points:+d} point", "{points:+d} points", abs(points)).format(points=points)


def states_points(spec, index: int, overlay: str | None = None) -> bool:
    """Whether space_effect already says the points in figures (+5, a printed value), so none are added."""
    space = spec.spaces.get(index)
    return overlay == "plus5" or (index != spec.final and space is not None and space.value is not None)


def card_name(kind: str) -> str:
    """An action card's name (BG7)."""
    return {
        # TRANSLATORS: the board game's action cards (pro side)
        "play_first": pgettext("action card", "play first"),
        "place_anywhere": pgettext("action card", "place anywhere"),
        "swap": pgettext("action card", "swap"),
        "stop": pgettext("action card", "STOP"),
    }.get(kind, kind)


def card_help(kind: str) -> str:
    return {
        "play_first": _("your tile is placed before all others"),
        "place_anywhere": _("your tile goes to any open row you choose"),
        "swap": _("your tile takes the place of a row's last tile, which comes to your hand"),
        "stop": _("a STOP token on a row: no tile goes there this turn"),
    }.get(kind, kind)


def luck_name(kind: str) -> str:
    return {
        # TRANSLATORS: the board game's luck cards
        "plus5": pgettext("luck card", "+5 space"),
        "final_bonus": pgettext("luck card", "final bonus"),
    }.get(kind, kind)


__all__ = ["card_help", "card_name", "luck_name", "space_effect"]
