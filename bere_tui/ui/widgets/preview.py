"""PreviewLine: one line under a prompt's choices saying what the highlighted choice would do now, as the engine
answers it (engine.preview, engine.bullenparty.preview, the board view's outcomes): `23 -> row 2, card 6: the
row is full, you take 11 bullheads`. It never wraps (one line at 80x24); the prompt updates it as the highlight
moves (issue 35)."""

from __future__ import annotations

from rich.text import Text
from textual.widgets import Static

from bere_tui.table.cardtext import card_inline


def preview_text(card: int | None, words: str, ascii: bool = False) -> Text:
    """`words` after the card they are about (`23 -> ...`), or alone without a card."""
    out = Text(no_wrap=True, overflow="ellipsis")
    if card is not None:
        out.append_text(card_inline(card, ascii))
        out.append(" -> " if ascii else " → ")
    out.append(words)
    return out


class PreviewLine(Static):
    DEFAULT_CSS = """
    PreviewLine { height: 1; width: 1fr; color: $text-muted; text-wrap: nowrap; text-overflow: ellipsis; }
    """

    def __init__(self, ascii: bool = False, *, id: str | None = None) -> None:
        super().__init__("", id=id, classes="preview-line")
        self.ascii = ascii

    def show(self, card: int | None, words: str | None) -> None:
        """What `card` would do, in `words`; None hides the line."""
        self.display = words is not None
        self.update(preview_text(card, words, self.ascii) if words is not None else "")
