"""HandView: the table's hand area. It shows a hand only when nobody else may be looking (one person at the
table); at a hot-seat table hands appear only in the selection prompt after the hand-off (B10). In Pro every
hand is public (P3): the area then shows every player's hand, one line each.

Cards are laid out between cards, never broken inside one, at the widget's width (a hand of twelve cards of
the Anniversary edition takes two lines when its cards are wide).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from rich.text import Text
from textual.widget import Widget

from bere_tui.i18n import _
from bere_tui.table.cardtext import card_label
from bere_tui.table.words import special_name
from bere_tui.ui.widgets.flow import flow

#: the hand area's width inside its padding at 80 columns
WIDTH = 78
NAME_WIDTH = 10


def _cards(cards, ascii: bool) -> list[Text]:
    return [card_label(c, ascii, tight=True) for c in cards]


def _title(name: str) -> Text:
    return Text(_("{name}'S HAND").format(name=name.upper()) if name else _("YOUR HAND"), style="bold")


def specials_lines(specials, width: int = WIDTH, note: str = "", drawn: str | None = None) -> list[Text]:
    """`SPECIAL CARDS  Replace  5th Row` (Anniversary, A2: secret to their owner), what the owner's swap drew
    this turn (`drawn`, A5), and `note` after them."""
    head = Text(_("SPECIAL CARDS") + "  ", style="bold")
    names = [Text(special_name(s)) for s in specials] or [Text(_("none"))]
    if drawn is not None:
        names.append(Text(_("(your swap drew {card})").format(card=special_name(drawn)), style="bold"))
    if note:
        names.append(Text(note, style="dim"))
    return flow(names, width, gap=2, first=head, indent=min(head.cell_len, width // 2))


def hand_lines(name: str, cards, specials, ascii: bool = False, width: int = WIDTH,
               drawn: str | None = None) -> list[Text]:
    """`ANN'S HAND  3• 12• 55•••••••` (cards flowing on under the first), then the special cards, if any (and
    what a swap drew: specials_lines)."""
    title = _title(name)
    title.append("  ")
    pieces = _cards(cards, ascii) or [Text(_("(empty)"), style="dim")]
    lines = flow(pieces, width, first=title, indent=min(title.cell_len, width // 2))
    return lines + (specials_lines(specials, width, drawn=drawn) if specials is not None else [])


def hand_text(name: str, cards, specials, ascii: bool = False, width: int = WIDTH) -> Text:
    """The same with the title on a line of its own: `ANN'S HAND`, the cards, the special cards."""
    lines = [_title(name)]
    lines += flow(_cards(cards, ascii) or [Text(_("(empty)"), style="dim")], width, first=Text(" "), indent=1)
    lines += specials_lines(specials, width) if specials is not None else []
    return Text("\n").join(lines)


def hands_lines(hands: Sequence[tuple[str, Sequence[int]]], ascii: bool = False, width: int = WIDTH) -> list[Text]:
    """Every player's hand (Pro, P3): a line each, `Ann        3• 12• 17•`, cards flowing on under the first."""
    name_width = min(NAME_WIDTH, max((len(n) for n, _c in hands), default=0))
    lines: list[Text] = []
    for name, cards in hands:
        first = Text(f"{name[:name_width]:<{name_width}}", style="bold")
        first.append("  ")
        pieces = _cards(cards, ascii) or [Text(_("(empty)"), style="dim")]
        lines += flow(pieces, width, first=first, indent=name_width + 2)
    return lines


class HandView(Widget):
    DEFAULT_CSS = """
    HandView { height: auto; width: 1fr; }
    """

    def __init__(self, ascii: bool = False, *, id: str | None = None, classes: str | None = None) -> None:
        super().__init__(id=id, classes=classes)
        self.ascii = ascii
        self._lines: Callable[[int], list[Text]] = self._message(
            _("Hands stay hidden: each person sees theirs after the hand-off."))

    # -- what it shows

    def show_hand(self, name: str, cards, specials, drawn: str | None = None) -> None:
        """`drawn`: the special card the person's swap drew this turn (A5), shown beside their special cards."""
        self._set(lambda width: hand_lines(name, cards, specials, self.ascii, width, drawn))

    def show_hands(self, hands: Sequence[tuple[str, Sequence[int]]]) -> None:
        """Every player's hand (Pro: hands are public, P3)."""
        hands = [(name, tuple(cards)) for name, cards in hands]
        self.border_title = _("EVERY HAND (open in Pro)")
        self._set(lambda width: hands_lines(hands, self.ascii, width))

    def hide(self, message: str = "") -> None:
        self._set(self._message(message or _("Hands stay hidden: each person sees theirs after the hand-off.")))

    @property
    def content(self) -> Text:
        return Text("\n").join(self._lines(self._width()))

    @content.setter
    def content(self, text: Text) -> None:
        """Any text (a lesson's own hand lines); it is wrapped at the widget's width like any text."""
        self._lines = lambda width: [part for line in text.split("\n")
                                     for part in (line.wrap(self.app.console, width) or [line])]

    # -- drawing

    def _message(self, message: str) -> Callable[[int], list[Text]]:
        return lambda width: list(Text(message, style="dim").wrap(self.app.console, width))

    def _set(self, lines: Callable[[int], list[Text]]) -> None:
        self._lines = lines
        self.refresh(layout=True)

    def _width(self) -> int:
        return max(1, self.content_size.width or WIDTH)

    def get_content_height(self, container, viewport, width: int) -> int:
        return max(1, len(self._lines(max(1, width))))

    def render(self) -> Text:
        return Text("\n").join(self._lines(self._width()))
