"""How a number card reads on screen: its number and its bullheads as text (C2), never colour alone.

`55 •••••••` in Unicode, `55 .......` with --ascii. Cards of 5 or more bullheads are also bold and reversed,
so the dear ones stand out on a monochrome terminal too.
"""

from __future__ import annotations

from rich.text import Text

from bere_tui.engine.cards import HEADS

DOT = "•"
ASCII_DOT = "."
DEAR = 5  # bullheads from which a card is shown as dear


def heads_marks(card: int, ascii: bool = False) -> str:
    return (ASCII_DOT if ascii else DOT) * HEADS[card]


def card_label(card: int, ascii: bool = False, width: int = 0, tight: bool = False) -> Text:
    """One card as `NN marks`, padded to `width` cells; dear cards bold and reversed. The number takes three
    cells (right-aligned), or only its digits when `tight` (rows and hands, where cells are short)."""
    heads = HEADS[card]
    text = Text()
    style = "bold reverse" if heads >= DEAR else "bold"
    text.append(str(card) if tight else f"{card:>3}", style=style)
    text.append(heads_marks(card, ascii), style="reverse" if heads >= DEAR else "dim")
    if width and text.cell_len < width:
        text.append(" " * (width - text.cell_len))
    return text


def card_inline(card: int, ascii: bool = False) -> Text:
    """A card inside a line of text: its label without the padding before the number."""
    label = card_label(card, ascii)
    return label[len(label.plain) - len(label.plain.lstrip()):]


def card_plain(card: int, ascii: bool = True) -> str:
    """A card without styles (the rules text shows cards as the table does)."""
    return f"{card}{heads_marks(card, ascii)}"
