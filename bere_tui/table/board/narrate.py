"""The board game's events as sentences (RULES section 6), in the style of table.narrate: the player's name as a
label before a colon ("Ann: 17 to row 2, space 4"), never the subject of a declined verb; what each tile and
each special space did, with its points. `narrate` hands the board game's events here.

Tiles are told by their numbers only: their bullheads come from the board file (BG-D1), which a sentence does
not know; the points a space paid are told in words instead.
"""

from __future__ import annotations

from bere_tui.engine.board import events as bg
from bere_tui.i18n import _, ngettext
from bere_tui.table.board.words import card_name, luck_name
from bere_tui.table.words import winners_line


def _points(points: int) -> str:
    return ngettext("{points:+d} point", "{points:+d} points", abs(points)).format(points=points)


def _tiles(tiles) -> str:
    return ", ".join(str(t) for t in tiles)


def _space_kind(kind: str) -> str:
    return {
        "bull_plus": _("a plus bull space"),
        "bull_minus": _("a minus bull space"),
        "plus5": _("a luck card's +5 space"),
    }.get(kind, kind)


def _card(kind: str | None) -> str:
    return card_name(kind) if kind else ""


def tell(e, names: list[str], you: int | None = None):
    """The sentence for a board-game event, or None for a secret choice and the end of a turn (the scores
    show on the table)."""
    from bere_tui.table.sentence import say

    player = getattr(e, "player", None)
    name = names[player] if player is not None else ""
    if isinstance(e, bg.SetUp):
        return say(_("The board game: {k} start tiles on the top rows: {tiles}"), "bold", k=len(e.rows),
                   tiles=_tiles(t for _r, t in e.rows))
    if isinstance(e, bg.HandDealt):
        return say(ngettext("Hand {hand}: {n} tile each", "Hand {hand}: {n} tiles each", e.size), "bold",
                   hand=e.hand, n=e.size)
    if isinstance(e, (bg.Selected, bg.TurnEnded)):
        return None
    if isinstance(e, bg.Revealed):
        parts = []
        for p, tiles, card in e.choices:
            if card:
                parts.append(_("{name} {tiles} with {card}").format(name=names[p], tiles=" + ".join(map(str, tiles)),
                                                                    card=_card(card)))
            else:
                parts.append(_("{name} {tiles}").format(name=names[p], tiles=" + ".join(map(str, tiles))))
        return say(_("Turn {n}: {choices}"), "bold", n=e.turn, choices=", ".join(parts))
    if isinstance(e, bg.StopPlaced):
        if e.row is None:
            return say(_("{name}: no STOP token left, the card is spent"), name=name)
        return say(_("{name}: a STOP token on row {row}, no tile goes there this turn"), "bold", name=name,
                   row=e.row + 1)
    if isinstance(e, bg.TilePlaced):
        if e.how == "lowest":
            text = _("{name}: {tile} to row {row}, space {space} (lower than every row end)")
        elif e.how == "anywhere":
            text = _("{name}: {tile} to row {row}, space {space} (placed anywhere)")
        else:
            text = _("{name}: {tile} to row {row}, space {space}")
        return say(text, name=name, tile=e.tile, row=e.row + 1, space=e.space + 1)
    if isinstance(e, bg.TileSwapped):
        return say(_("{name}: {tile} takes the place of {taken} in row {row}, space {space}; {taken} goes to "
                     "the hand"), name=name, tile=e.tile, taken=e.taken, row=e.row + 1, space=e.space + 1)
    if isinstance(e, bg.SpaceScored):
        return say(_("{name}: {points} from {space} (row {row}, space {n})"), "bold", name=name,
                   points=_points(e.points), space=_space_kind(e.kind), row=e.row + 1, n=e.space + 1)
    if isinstance(e, bg.RowFinished):
        if e.bonus:
            text = _("{name}: {tile} fills the final space of row {row} with a final bonus: {tiles} leave the "
                     "game, {points}; {tile} starts row {to}")
        else:
            text = _("{name}: {tile} fills the final space of row {row}: {tiles} leave the game, {points}; "
                     "{tile} starts row {to}")
        return say(text, "bold", name=name, tile=e.tile, row=e.row + 1, tiles=_tiles(e.tiles) or "-",
                   points=_points(e.points), to=e.to_row + 1)
    if isinstance(e, bg.RowTaken):
        if not e.tiles:
            return say(_("{name}: {tile} on a take-the-row space of row {row}, with no tile to take"), name=name,
                       tile=e.tile, row=e.row + 1)
        return say(_("{name}: {tile} takes row {row}: {tiles} leave the game, {points}"), "bold", name=name,
                   tile=e.tile, row=e.row + 1, tiles=_tiles(e.tiles), points=_points(e.points))
    if isinstance(e, bg.RowGathered):
        return say(_("{name}: {tile} gathers row {row}: {tiles} into the hand"), "bold", name=name, tile=e.tile,
                   row=e.row + 1, tiles=_tiles(e.tiles) or "-")
    if isinstance(e, bg.PlayTwo):
        return say(_("{name}: two tiles next turn (a play-two space)"), name=name)
    if isinstance(e, bg.TileDrawn):
        return say(_("{name}: a tile drawn from the supply"), name=name)
    if isinstance(e, bg.ActionDrawn):
        return say(_("{name}: an action card drawn"), name=name)
    if isinstance(e, bg.LuckDrawn):
        return say(_("{name}: minus points draw a luck card: {card}"), name=name, card=luck_name(e.kind))
    if isinstance(e, bg.LuckPlaced):
        return say(_("{name}: the luck card {card} on row {row}, space {space}"), "bold", name=name,
                   card=luck_name(e.kind), row=e.row + 1, space=e.space + 1)
    if isinstance(e, bg.LuckDiscarded):
        return say(_("{name}: the luck card {card} has no space to change and is put aside"), name=name,
                   card=luck_name(e.kind))
    if isinstance(e, bg.HandPenalty):
        return say(_("{name}: {tiles} left in hand, {points}"), "bold", name=name, tiles=_tiles(e.tiles),
                   points=_points(e.points))
    if isinstance(e, bg.GameOver):
        return say("{line}", "bold reverse",
                   line=winners_line([names[p] for p in e.winners], you is not None and e.winners == (you,)))
    return None


__all__ = ["tell"]
