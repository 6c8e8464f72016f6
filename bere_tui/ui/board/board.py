"""How the board game's table reads as text (RULES section 6): every row of the side with its tiles and, on its
empty spaces, what each space does; which rows are active and which have a STOP token; the scores; the decks;
the viewer's hand and action cards.

Everything is drawn from a view (engine/board/view.py): the tiles, the layout and the luck cards' changes come
from it, and where a tile would go comes from the engine's rule (`view.target_row`), never worked out here.
A tile reads as its number and its bullheads as marks (`17•`, `55•••••`), never colour alone.
"""

from __future__ import annotations

from rich.cells import cell_len
from rich.text import Text

from bere_tui.i18n import _, pgettext
from bere_tui.table.board.words import card_help, card_name, luck_name, space_effect
from bere_tui.table.cardtext import ASCII_DOT, DOT

#: bullheads from which a tile is shown bold and reversed (the dearest; the board's tiles have 1 to 5)
DEAR = 5
ROW_PREFIX = 4  # "*10 ": the active mark, the row's number and a space


def tile_label(tile: int, heads, ascii: bool = False) -> Text:
    """`17•`: the tile's number and a mark per bullhead (BG-D1: the bullheads come from the board file)."""
    n = heads[tile]
    out = Text()
    out.append(str(tile), style="bold reverse" if n >= DEAR else "bold")
    out.append((ASCII_DOT if ascii else DOT) * n, style="reverse" if n >= DEAR else "dim")
    return out


def tiles_text(tiles, heads, ascii: bool = False) -> Text:
    out = Text()
    for i, tile in enumerate(tiles):
        if i:
            out.append(" ")
        out.append_text(tile_label(tile, heads, ascii))
    return out


def tile_plain(tile: int, heads, ascii: bool = False) -> str:
    return tile_label(tile, heads, ascii).plain


def space_mark(spec, index: int, overlay: str | None = None) -> str:
    """The short mark of an empty space: what it does when a tile lands there (the legend explains them)."""
    if overlay == "plus5":  # BG6: +5 instead of any other effect
        return pgettext("board space", "+5")
    if index == spec.final:
        if overlay == "final_bonus":  # BG6: the final space pays the row's bullheads
            return pgettext("board space", "BONUS")
        return pgettext("board space", "END")
    space = spec.spaces.get(index)
    if space is None:
        return ""
    if space.kind in ("bull_plus", "bull_minus"):
        sign = "+" if space.kind == "bull_plus" else "-"
        if space.value is None:
            # TRANSLATORS: a space that scores the bullheads (B) of the tile landing on it, plus or minus
            return sign + pgettext("board space", "B")
        return f"{sign}{space.value}"
    return {
        # TRANSLATORS: the board's space marks, short (at most 5 letters): take the row, play two tiles next
        # turn, draw a tile, the row into the hand, draw an action card
        "take_row": pgettext("board space", "TAKE"),
        "play_two": pgettext("board space", "x2"),
        "draw_tile": pgettext("board space", "DRAW"),
        "row_to_hand": pgettext("board space", "HAND"),
        "action_card": pgettext("board space", "CARD"),
    }.get(space.kind, space.kind)


def cell_width(view, ascii: bool = False) -> int:
    """The width of one space: the widest tile label, and room for the space marks."""
    heads = view.heads
    widest = max(len(str(t)) + heads[t] for t in range(1, len(heads)))
    return max(widest, 4)


def row_line(index: int, row, heads, width: int, ascii: bool = False, fresh=frozenset()) -> Text:
    """`*3  17•    42•     x2     -B     END`: an active row (`*`), its tiles, then its empty spaces' marks.
    Tiles in `fresh` (placed in the last turn shown) are underlined."""
    out = Text(no_wrap=True, overflow="crop")
    active = "*" if row.active else " "
    out.append(f"{active}{index + 1:>2} ", style="bold" if row.active else "dim")
    overlays = dict(row.overlays)
    for i in range(row.spec.length):
        if i:
            out.append(" ")
        if i < len(row.tiles):
            label = tile_label(row.tiles[i], heads, ascii)
            if row.tiles[i] in fresh:
                label.stylize("underline")
        elif i == len(row.tiles) and row.stopped:
            label = Text(pgettext("board space", "STOP")[:width], style="bold reverse")
        else:
            mark = space_mark(row.spec, i, overlays.get(i))
            if not mark:
                mark = "_" if ascii else "·"  # (in ASCII a bullhead is ".")
            style = "dim" if not row.active else ("bold" if i in overlays else "")
            if row.at_limit and i == len(row.tiles):  # the next tile finishes this row (BG-D4): `END!`
                mark, style = mark + "!", "bold reverse"
            label = Text(mark[:width], style=style)
        out.append_text(label)
        out.append(" " * (width - label.cell_len))
    return out


def rows_text(view, ascii: bool = False, fresh=frozenset()) -> Text:
    width = cell_width(view, ascii)
    lines = [row_line(r, row, view.heads, width, ascii, fresh) for r, row in enumerate(view.rows)]
    return Text("\n").join(lines)


def legend_text(view, width: int = 78, lines: int = 2) -> Text:
    """What the marks mean, on at most `lines` lines of `width` (the rules screen says more)."""
    # TRANSLATORS: the legend of the board's marks, each short: keep the mark (*, +B, TAKE, ...) as it is
    # shown on the board
    parts = [_("* active"), _("+B/-B bullheads"), _("+3 points"), _("TAKE the row"), _("x2 play two"),
             _("END final")]
    if view.pro:
        parts += [_("DRAW a tile"), _("HAND gather"), _("CARD action"), _("STOP token")]
    if view.luck:
        parts += [_("+5/BONUS luck")]
    if view.pro:  # (the action cards a player holds, `[2]` beside the score)
        parts += [_("[2] cards")]
    # TRANSLATORS: the marks before a name on the score line: who decides now, who has chosen a tile
    parts += [_("> decides"), _("+ has chosen")]  # (last: they give way first when the lines are full)
    rows: list[str] = [""]
    for part in parts:
        if rows[-1] and cell_len(rows[-1]) + 2 + cell_len(part) > width:
            if len(rows) == lines:
                break
            rows.append("")
        rows[-1] += ("  " if rows[-1] else "") + part
    return Text("\n".join(rows), style="dim", no_wrap=True, overflow="ellipsis")


def rows_width(view, ascii: bool = False) -> int:
    """The cells the rows take: the prefix and the longest row's spaces."""
    width = cell_width(view, ascii)
    longest = max(row.spec.length for row in view.rows)
    return ROW_PREFIX + longest * (width + 1) - 1


def decks_text(view, inline: bool = False) -> Text:
    """The decks and tokens left, one to a line (beside the rows), or `inline` on one line (under rows too long
    to leave room beside them)."""
    # TRANSLATORS: beside the board's rows, short (10 cells): tiles in the supply, luck and action cards left,
    # STOP tokens left, tiles out of the game
    lines = [_("supply {n}").format(n=view.supply_size)]
    if view.luck:
        lines.append(_("luck {n}").format(n=view.luck_left))
    if view.pro:
        lines.append(_("actions {n}").format(n=view.actions_left))
        lines.append(_("STOP {n}").format(n=view.stop_tokens))
    lines.append(_("out {n}").format(n=len(view.out)))
    return Text(("  " if inline else "\n").join(lines), style="dim", no_wrap=True, overflow="ellipsis")


def scores_text(view, names: list[str], marks: dict[int, str]) -> Text:
    """Everyone's points in seat order: `>Ann 12  Ben(bot) -3 [2]`: `>` who decides, `+` who has chosen,
    `[2]` action cards held (pro side), `x2` two tiles next turn."""
    out = Text(_("SCORES") + " ", style="bold")
    for p, pv in enumerate(view.players):
        if p:
            out.append("  ")
        out.append(marks.get(p, " "), style="bold")
        out.append(names[p][:12], style="bold")
        if pv.bot:
            out.append(_("(bot)"), style="dim")
        out.append(f" {pv.score}", style="bold reverse" if p in view.winners else "bold")
        if view.pro and pv.card_count:
            out.append(f" [{pv.card_count}]")
        if pv.two:
            out.append(" " + pgettext("board space", "x2"), style="bold")
    return out


def hand_text(view, ascii: bool = False) -> Text:
    """The viewer's hand and, on the pro side, their action cards."""
    out = Text(_("YOUR HAND") + "  ", style="bold")
    me = view.players[view.me]
    if me.two:
        out.append(_("two tiles this turn") + "  ", style="bold reverse")
    cards = view.my_cards
    if cards:  # (before the tiles, so that a long hand does not hide them)
        out.append(_("cards:") + " ", style="bold")
        out.append(", ".join(card_name(c) for c in cards) + "  ")
    out.append_text(tiles_text(view.hand, view.heads, ascii))
    return out


__all__ = ["card_help", "card_name", "cell_width", "decks_text", "hand_text", "legend_text", "luck_name",
           "row_line", "rows_text", "rows_width", "scores_text", "space_effect", "space_mark", "tile_label", "tiles_text"]
