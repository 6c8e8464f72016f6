"""A sentence of the table: plain text (for lessons, tests and the status line) and where the cards stand in it,
so `Sentence.text(ascii)` shows each card as on the table (its number and bullheads). Every game's narrator
builds its sentences with `say`."""

from __future__ import annotations

from dataclasses import dataclass
from string import Formatter

from rich.text import Text

from bere_tui.table.cardtext import card_inline


@dataclass(frozen=True)
class Card:
    """A card in a sentence (shown as on the table)."""

    number: int


@dataclass(frozen=True)
class Cards:
    """Several cards in a sentence, separated by commas."""

    numbers: tuple[int, ...]


@dataclass(frozen=True)
class Sentence:
    """Plain text, the (start, end, card) spans of the cards in it, and a style for the whole line."""

    plain: str
    cards: tuple[tuple[int, int, int], ...] = ()
    style: str = ""

    def __str__(self) -> str:
        return self.plain

    def __add__(self, other: Sentence) -> Sentence:
        shift = len(self.plain)
        return Sentence(self.plain + other.plain,
                        self.cards + tuple((a + shift, b + shift, c) for a, b, c in other.cards), self.style)

    def text(self, ascii: bool = False) -> Text:
        """The sentence as a line of the log: each card as its label (number and bullheads)."""
        out = Text(style=self.style)
        at = 0
        for start, end, card in self.cards:
            out.append(self.plain[at:start])
            out.append_text(card_inline(card, ascii))
            at = end
        out.append(self.plain[at:])
        return out


def say(template: str, style: str = "", **fields) -> Sentence:
    """A translated template filled in; fields given as Card or Cards become card spans."""
    plain: list[str] = []
    spans: list[tuple[int, int, int]] = []
    at = 0

    def put(text: str, card: int | None = None) -> None:
        nonlocal at
        plain.append(text)
        if card is not None:
            spans.append((at, at + len(text), card))
        at += len(text)

    for literal, name, spec, conversion in Formatter().parse(template):
        if literal:
            put(literal)
        if name is None:
            continue
        value = fields[name]
        if isinstance(value, Card):
            put(str(value.number), value.number)
        elif isinstance(value, Cards):
            for i, c in enumerate(value.numbers):
                if i:
                    put(", ")
                put(str(c), c)
        else:
            put(format(str(value) if conversion == "s" else value, spec or ""))
    return Sentence("".join(plain), tuple(spans), style)


__all__ = ["Card", "Cards", "Sentence", "say"]
