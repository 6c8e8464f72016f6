"""SpecialsView (Anniversary): what the table shows of the special cards (issue 35): the special draw pile's
and discard pile's sizes (A2, A5) and how many special cards each player holds (their names are secret: A2).

Drawn from the table model (TableShow.specials, .special_piles, taken from the engine's view); cards and
names are laid out between pieces, never broken inside one, at the widget's width.
"""

from __future__ import annotations

from rich.text import Text
from textual.widget import Widget

from bere_tui.i18n import _, pgettext
from bere_tui.ui.widgets.flow import flow


def specials_text(names: list[str], show, width: int) -> Text:
    """`SPECIAL CARDS  draw pile 16  discard pile 2` then `in hand: Ann 3  Ben 2  Cid 3`, flowing on."""
    draw, discard = show.special_piles
    head = Text(_("SPECIAL CARDS") + "  ", style="bold")
    piles = [Text(_("draw pile {n}").format(n=draw)), Text(_("discard pile {n}").format(n=discard))]
    lines = flow(piles, width, gap=2, first=head, indent=2)
    # TRANSLATORS: before each player's count of special cards in hand (Anniversary): "in hand: Ann 3  Ben 2"
    first = Text(_("in hand:") + " ", style="dim")
    counts = [Text(pgettext("special cards in hand", "{name} {count}").format(name=name, count=count))
              for name, count in zip(names, show.specials)]
    lines += flow(counts, width, gap=2, first=first, indent=2)
    return Text("\n").join(lines)


class SpecialsView(Widget):
    DEFAULT_CSS = """
    SpecialsView { height: auto; width: 1fr; }
    """

    def __init__(self, names: list[str], show, *, id: str | None = None) -> None:
        super().__init__(id=id)
        self.names = names
        self.show = show

    def _text(self, width: int) -> Text:
        return specials_text(self.names, self.show, max(1, width))

    def get_content_height(self, container, viewport, width: int) -> int:
        return len(self._text(width).split("\n"))

    def render(self) -> Text:
        return self._text(self.content_size.width or self.size.width)


__all__ = ["SpecialsView", "specials_text"]
