"""Small dialogs: quit? (the highlighted default keeps playing), help with the keys, a notice, what becomes of
an unfinished game before a new one starts, and the "make the window at least 80x24" screen."""

from __future__ import annotations

from typing import ClassVar

from rich.table import Table
from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Center, Vertical
from textual.screen import ModalScreen, Screen
from textual.widgets import Static
from textual.widgets.option_list import Option

from bere_tui.i18n import N_, _
from bere_tui.ui.once import DismissOnce
from bere_tui.ui.widgets.choices import ChoiceDialog, ChoiceList
from bere_tui.ui.widgets.keybar import KeyBar

MIN_WIDTH, MIN_HEIGHT = 80, 24


def keys_table(variant: str = "base") -> list[tuple[str, str]]:
    """(keys, what they do): the keys are the same in every language; only words about them are translated.
    The board game says tiles where the card games say cards."""
    from bere_tui.systems import GAMES, system_of

    board = variant in GAMES and system_of(variant).pieces == "tiles"
    return [
        # TRANSLATORS: keep the letters h j k l (they are the keys)
        (_("arrows, h j k l"), _("move the highlight")),
        (_("digits"), _("pick a tile by its number, a row or a choice by its number") if board else
         _("pick a card by its number, a row or a choice by its number")),
        ("Enter", _("confirm; on the table, hurry the placements")),
        ("Esc", _("go back (hide your hand again, close this help)")),
        # TRANSLATORS: keep "?" and "F1" (they are the keys)
        (_("? or F1"), _("this help and the rules")),
        ("s", _("on the table: speed of the placements")),
        ("t", _("tile tracker: the tiles you have not seen, the decks left") if board else
         _("card tracker: cards seen this round, unseen ones")),
        ("ctrl+s", _("save the game to a file")),
        ("q", _("quit (asks first)")),
    ]


class QuitScreen(DismissOnce, ModalScreen[bool | str]):
    """Asks before quitting; Enter alone keeps playing. Dismisses with True (quit), False (keep playing) or the id
    of one of `more`: other ways out that the screen under it offers (a shared table's: leave it for now or for
    good), listed between the two."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("y", "answer(True)", N_("quit"), show=True),
        Binding("n,escape", "answer(False)", N_("keep playing"), show=True),
    ]

    def __init__(self, more: list[tuple[str, str]] | None = None) -> None:
        super().__init__()
        self.more = more or []

    def compose(self) -> ComposeResult:
        with Vertical(classes="dialog"):
            yield Static(_("Leave the table, or quit bere-tui?") if self.more else _("Quit bere-tui?"),
                         classes="dialog-title")
            yield ChoiceList(Option(_("Keep playing"), id="stay"), *(Option(text, id=f"more-{key}")
                                                                   for key, text in self.more),
                             Option(_("Quit"), id="quit"), id="quit-choice")
        yield KeyBar()

    def on_mount(self) -> None:
        self.query_one(ChoiceList).focus()

    def on_option_list_option_selected(self, message: ChoiceList.OptionSelected) -> None:
        message.stop()
        chosen = message.option_id or "stay"
        self.dismiss(chosen.removeprefix("more-") if chosen.startswith("more-") else chosen == "quit")

    def action_answer(self, quit_: bool) -> None:
        self.dismiss(quit_)


class HelpScreen(DismissOnce, ModalScreen[None]):
    """The keys that work, and the way to the rules."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("escape,enter,question_mark,f1", "close", N_("back"), show=True),
        Binding("r", "rules", N_("rules"), show=True),
    ]

    def __init__(self, variant: str = "base", rules_available: bool = False) -> None:
        super().__init__()
        self.variant = variant
        self.rules_available = rules_available

    def compose(self) -> ComposeResult:
        keys = Table.grid(padding=(0, 2))  # the key column as wide as its widest translated entry
        keys.add_column(style="bold", no_wrap=True)
        keys.add_column()
        for key, what in keys_table(self.variant):
            keys.add_row(key, what)
        with Vertical(classes="dialog wide"):
            yield Static(_("Help: the keys"), classes="dialog-title")
            yield Static(keys)
            yield Static(Text(_("Every screen has a highlighted choice: Enter alone always moves the game on."),
                              style="dim"), classes="help-note")
            if not self.rules_available:
                yield Static(_("The rules text is not installed."), classes="dim")
        yield KeyBar()

    def check_action(self, action: str, parameters) -> bool | None:
        if action == "rules":
            return self.rules_available
        return True

    def action_close(self) -> None:
        self.dismiss(None)

    def action_rules(self) -> None:
        self.dismiss(None)
        self.app.open_rules(self.variant)


class NoticeScreen(DismissOnce, ModalScreen[None]):
    """A message and one way on (Enter)."""

    BINDINGS: ClassVar[list[BindingType]] = [Binding("enter,escape", "close", N_("continue"), show=True)]

    def __init__(self, title: str, message: str) -> None:
        super().__init__()
        self.title_text = title
        self.message = message

    def compose(self) -> ComposeResult:
        with Vertical(classes="dialog"):
            yield Static(Text(self.title_text), classes="dialog-title")  # Text: a name or a file is never markup
            yield Static(Text(self.message))
            yield Static(Text(_("Enter: continue"), style="reverse"), classes="dialog-default")
        yield KeyBar()

    def action_close(self) -> None:
        self.dismiss(None)


class TooSmallScreen(Screen[None]):
    """Shown instead of a broken layout while the terminal is below 80x24; the game resumes when it grows."""

    def compose(self) -> ComposeResult:
        with Center(id="too-small"):
            yield Static(id="too-small-text")

    def on_mount(self) -> None:
        self.update_size()

    def on_resize(self) -> None:
        self.update_size()

    def update_size(self) -> None:
        w, h = self.app.size
        self.query_one("#too-small-text", Static).update(
            _("Make the window at least {w}x{h}.\nIt is {cw}x{ch} now.\nThe game goes on when it is big enough.")
            .format(w=MIN_WIDTH, h=MIN_HEIGHT, cw=w, ch=h))


class PickScreen(ChoiceDialog, DismissOnce, ModalScreen[str | None]):
    """A question and a list of choices; dismisses with the chosen id, or None (Esc)."""

    BINDINGS: ClassVar[list[BindingType]] = [Binding("escape", "cancel", N_("back"), show=True)]

    def __init__(self, question: str, choices: list[tuple[str, str]]) -> None:
        super().__init__()
        self.question = question
        self.choices = choices

    def compose(self) -> ComposeResult:
        with Vertical(classes="dialog"):
            yield Static(Text(self.question), classes="dialog-title")
            yield ChoiceList(*[Option(Text(label), id=key) for key, label in self.choices])  # names, as written
        yield KeyBar()

    def action_cancel(self) -> None:
        self.dismiss(None)


class ReplaceGameScreen(ChoiceDialog, DismissOnce, ModalScreen[str]):
    """Before a new game takes the autosave's place: keep the unfinished game there as a save ("keep", the
    highlighted choice), discard it ("discard"), or start nothing ("cancel", also Esc)."""

    BINDINGS: ClassVar[list[BindingType]] = [Binding("escape", "cancel", N_("cancel"), show=True)]
    DEFAULT_CSS = "#replace-choice { margin-top: 1; }"

    def __init__(self, summary: str) -> None:
        super().__init__()
        self.summary = summary

    def compose(self) -> ComposeResult:
        with Vertical(classes="dialog wide", id="replace-game"):
            yield Static(_("An unfinished game is saved"), classes="dialog-title")
            yield Static(Text(self.summary))  # its players' names, as written
            yield Static("\n" + _("The new game takes its place in the autosave. What becomes of the unfinished "
                                  "one?"))
            yield ChoiceList(Option(_("Keep it in the saves folder, then start"), id="keep"),
                             Option(_("Discard it, then start"), id="discard"),
                             Option(_("Cancel: start nothing"), id="cancel"), id="replace-choice")
        yield KeyBar()

    def action_cancel(self) -> None:
        self.dismiss("cancel")


class FieldDialog:
    """Mixin for a dialog around one text field: the field has the focus at once, its cursor at the end (and
    not blinking in a headless test run)."""

    def on_mount(self) -> None:
        from textual.widgets import Input

        field = self.query_one(Input)  # type: ignore[attr-defined]
        if self.app.is_headless:  # type: ignore[attr-defined]
            field.cursor_blink = False
        field.focus()
        field.cursor_position = len(field.value)


def default_line(text: str) -> Static:
    """The highlighted line that says what Enter does."""
    return Static(Text(" " + text + " ", style="bold reverse"), classes="dialog-default")
