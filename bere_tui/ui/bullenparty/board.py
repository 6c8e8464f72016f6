"""How Bullenparty's table reads as text (RULES section 7): the rows with their Bull cards and closed marks,
each player's piles face up with the one that counts plus, the Bull cards taken and the score, and a hand.

Everything is drawn from a view; what counts plus and the score come from the view (the engine's BP10), never
worked out here. Lines never wrap: a line that would be too long shows its piles by their top cards.
"""

from __future__ import annotations

from rich.cells import cell_len, set_cell_size
from rich.text import Text

from bere_tui.engine.bullenparty import rules
from bere_tui.i18n import _, pgettext
from bere_tui.table.cardtext import card_label
from bere_tui.table.words import heads_text

#: the widest a name stands in the players panel (a longer one is cut: the setup keeps names short)
NAME_WIDTH = 12


def cards_text(cards, ascii: bool = False) -> Text:
    out = Text()
    for i, card in enumerate(cards):
        if i:
            out.append(" ")
        out.append_text(card_label(card, ascii, tight=True))
    return out


def bull_text(bull: int) -> str:
    return _("Bull {heads}").format(heads=bull)


def row_line(index: int, row, names: list[str], ascii: bool = False) -> Text:
    """`1  23• 88••• 51•  Bull 5  closed   11`: a row, or who took it. The total at the right is what taking
    the row collects, its Bull card included (BP5)."""
    out = Text(no_wrap=True, overflow="crop")
    out.append(f"{index + 1}  ", style="bold")
    if row.taken_by is not None:
        out.append(_("taken by {name}").format(name=names[row.taken_by]), style="dim")
        return out
    out.append_text(cards_text(row.cards, ascii))
    tail = Text()
    if row.bull is not None:
        tail.append("  " + bull_text(row.bull), style="bold")
    if row.closed:
        tail.append("  " + _("closed"), style="bold reverse")
    cost = f"{row.total:>4}"
    gap = max(1, 64 - out.cell_len - tail.cell_len)
    out.append_text(tail)
    out.append(" " * gap)
    out.append(cost, style="bold")
    return out


def rows_text(view, names: list[str], ascii: bool = False) -> Text:
    lines = [Text(_("ROWS") + "  " + _("(bullheads at the right; take a row to collect it)"), style="bold")]
    lines += [row_line(i, row, names, ascii) for i, row in enumerate(view.rows)]
    return Text("\n").join(lines)


def piles_text(pv, ascii: bool = False, width: int = 40) -> list[Text]:
    """A player's piles face up, bottom first; the one that counts plus is marked `+`, the others `-` (BP10).
    When they do not fit `width`, each pile shows its top card and its bullheads, `+[..88]12`, on as many lines
    as they need: every pile stays in view, never cut."""
    full = Text(no_wrap=True)
    for i, pile in enumerate(pv.piles):
        if i:
            full.append("  ")
        full.append("+" if i == pv.counting_pile else "-", style="bold")
        full.append("[")
        full.append_text(cards_text(pile, ascii))
        full.append("]")
    if full.cell_len <= width:
        return [full]
    lines = [Text(no_wrap=True)]
    for i, pile in enumerate(pv.piles):
        short = Text(no_wrap=True)
        short.append("+" if i == pv.counting_pile else "-", style="bold")
        short.append("[" + (".." if len(pile) > 1 else ""))
        short.append(str(pile[-1]), style="bold")
        short.append("]" + str(pv.pile_heads[i]))
        if lines[-1].cell_len and lines[-1].cell_len + 1 + short.cell_len > width:
            lines.append(Text(no_wrap=True))
        if lines[-1].cell_len:
            lines[-1].append(" ")
        lines[-1].append_text(short)
    return lines


def _right(text: str, width: int) -> str:
    return " " * max(0, width - cell_len(text)) + text


def players_text(view, names: list[str], marks: dict[int, str], ascii: bool = False, width: int = 76,
                 wrap: bool = True) -> Text:
    """Each player: hand size, piles, Bull cards taken, score so far (BP10); the score always shows. Columns as
    wide as their translated headings: each heading stands over its column (the hand size and the score right
    under the end of theirs, the Bull cards ending where their heading ends), and only the piles' legend gives
    way when the line is too long. Piles that do not fit go on to the next lines (`wrap`), else end in "…"
    (the replay, whose every line is taken)."""
    # TRANSLATORS: the headings of Bullenparty's players panel, each over its column
    heading, hand_label = pgettext("players panel", "PLAYERS"), pgettext("players panel", "hand")
    piles_label = pgettext("players panel", "piles (+ counts plus, - minus)")
    bulls_label, score_label = pgettext("players panel", "Bull cards"), pgettext("players panel", "score")
    bot = _("bot")
    name_w = max(NAME_WIDTH, cell_len(heading) - 2 - cell_len(bot))
    hand_w, score_w = max(2, cell_len(hand_label)), max(4, cell_len(score_label))
    tail_w = 2 + cell_len(bulls_label) + 2 + score_w
    head = Text(no_wrap=True, overflow="ellipsis", style="bold")
    head.append(heading + " " * (2 + name_w + cell_len(bot) - cell_len(heading)))
    head.append(" " + _right(hand_label, hand_w) + " ")
    legend = Text(piles_label)
    legend.truncate(max(1, width - head.cell_len - tail_w - 1), overflow="ellipsis")
    head.append_text(legend)
    head.append(" " * max(1, width - head.cell_len - tail_w) + "  " + bulls_label + "  " + _right(score_label, score_w))
    lines = [head]
    for p, pv in enumerate(view.players):
        line = Text(no_wrap=True, overflow="ellipsis")
        line.append(marks.get(p, " "), style="bold")
        name = set_cell_size(names[p], min(cell_len(names[p]), name_w))
        line.append(name + " " * (name_w - cell_len(name)), style="bold")
        line.append(" " + (bot if pv.bot else " " * cell_len(bot)), style="dim")  # as wide as its translation
        line.append(" " + _right(str(pv.hand_size), hand_w) + " ")
        tail = Text()
        if pv.bulls:
            tail.append("  " + _("Bulls {list}").format(list=" ".join(str(b) for b in pv.bulls)), style="bold")
        tail.append("  " + _right(str(pv.score), score_w), style="bold")
        indent = line.cell_len
        piles = piles_text(pv, ascii, max(8, width - indent - tail.cell_len - 1))
        if not wrap and len(piles) > 1:
            piles = [piles[0] + Text(" …")]
        line.append_text(piles[0])
        line.append(" " * max(1, width - line.cell_len - tail.cell_len))
        line.append_text(tail)
        lines.append(line)
        lines += [Text(" " * indent, no_wrap=True) + more for more in piles[1:]]  # the piles that did not fit
    return Text("\n").join(lines)


def hand_text(view, ascii: bool = False) -> Text:
    """The viewer's hand: number cards, and the zero card with its letter."""
    me = view.players[view.me]
    out = Text(_("YOUR HAND") + "  ", style="bold")
    out.append_text(cards_text(view.hand, ascii))
    if me.zero is not None:
        out.append("  ")
        out.append(_("zero card {letter}").format(letter=me.zero), style="bold reverse")
    out.append("  " + heads_text(rules.heads(view.hand)), style="dim")
    return out


__all__ = ["hand_text", "piles_text", "players_text", "row_line", "rows_text"]
