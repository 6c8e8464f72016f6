"""The practice game's hint in the board game: what the heuristic bot would do in the learner's seat, and why,
in one line, worked out from the learner's own view only (RULES section 6). Where a tile would land comes from
the engine's rule (`view.target_row`), what a space does from the table's own words (ui.board.board)."""

from __future__ import annotations

from bere_tui.bots.board.heuristic import decide
from bere_tui.i18n import _
from bere_tui.teach.board.explain import card_help, card_name, space_effect, tiles_words


def practice_hint(game, player: int) -> tuple[str, dict]:
    view = game.view(player)
    action = decide(view, game.legal(player))
    return reason(view, action), action


def _space(view, r: int) -> tuple[int, str]:
    """The next space of row r and what it does."""
    row = view.rows[r]
    i = row.next_space
    return i, space_effect(row.spec, i, dict(row.overlays).get(i))


def reason(view, action: dict) -> str:
    """Why `action` is sensible, by what the space it aims at does."""
    do = action["do"]
    if do == "select":
        tile = min(action["tiles"])  # (of two tiles, the first to be placed)
        r, _how = view.target_row(tile)
        i, effect = _space(view, r)
        text = _("Play {tiles}: of your tiles, the best by where the rows would send them now; {tile} to row "
                 "{row}, space {space}: {effect}.").format(tiles=tiles_words(action["tiles"]), tile=tile,
                                                          row=r + 1, space=i + 1, effect=effect)
        if action["card"]:
            text += " " + _("With it, your action card {card}: {help}.").format(card=card_name(action["card"]),
                                                                               help=card_help(action["card"]))
        return text
    if do == "luck":
        return _("Put the luck card on row {row}, space {space}: your own tiles are likely to reach it first."
                 ).format(row=action["row"] + 1, space=action["space"] + 1)
    if do == "stop_row":
        return _("Put the STOP token on row {row}: of the open rows, keeping the tiles still to come off it "
                 "helps you most.").format(row=action["row"] + 1)
    i, effect = _space(view, action["row"])
    if do == "swap_row":
        return _("Swap on row {row}: your tile takes the place of {taken}, which comes to your hand.").format(
            row=action["row"] + 1, taken=view.rows[action["row"]].tiles[-1])
    return _("Place the tile on row {row}, space {space}: {effect}.").format(row=action["row"] + 1, space=i + 1,
                                                                           effect=effect)


__all__ = ["practice_hint", "reason"]
