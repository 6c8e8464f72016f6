"""New game: the variant, the seats (a person with a name, or a bot with its level) and the options.

Keyboard first: up/down (or Tab) move between fields, left/right change a choice, Enter anywhere starts the
game with what is shown; the last setup is offered again next time.
"""

from __future__ import annotations

from typing import ClassVar

from rich.cells import cell_len
from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, VerticalScroll
from textual.message import Message
from textual.screen import Screen
from textual.widgets import Button, Input, Label, Static

from bere_tui.engine.games import GAMES
from bere_tui.i18n import N_, NP_, _, pgettext
from bere_tui.safetext import NAME_MAX, fit_name
from bere_tui.table.words import bot_name, variant_name
from bere_tui.ui.once import DismissOnce
from bere_tui.ui.seating import BOT_LEVELS, Seat, TableSetup, free_name
from bere_tui.ui.widgets.cycler import Cycler
from bere_tui.ui.widgets.keybar import KeyBar

PERSON = "person"
#: games a shared table (bere serve) does not seat yet
LOCAL_ONLY = ("bullenparty", "board")
DEFAULT_BOT = "heuristic" if "heuristic" in BOT_LEVELS else BOT_LEVELS[-1]


def kind_labels() -> tuple[list, list[str]]:
    values = [PERSON, *BOT_LEVELS]
    labels = [_("person"), *[_("bot: {level}").format(level=bot_name(b)) for b in BOT_LEVELS]]
    return values, labels



def seed_note(variant: str) -> str:
    """What the seed fixes: the board game deals tiles, the card games cards."""
    if variant == "board":
        return _("the same seed deals the same tiles")
    return _("the same seed deals the same cards")


class SeatCount(Cycler):
    """The number of seats: stops at the variant's limits (B1, P1, A1) instead of going round, and says so."""

    class AtLimit(Message):
        def __init__(self, count: SeatCount, step: int) -> None:
            super().__init__()
            self.count = count
            self.step = step

    def action_step(self, step: int) -> None:
        if not 0 <= self.index + step < len(self.values):
            self.post_message(self.AtLimit(self, step))
            return
        super().action_step(step)


class SetupScreen(DismissOnce, Screen[TableSetup | None]):
    """Dismisses with the TableSetup to start, or None (Esc: back to the title)."""

    BINDINGS: ClassVar[list[BindingType]] = [
        # TRANSLATORS: the setup's key bar: Enter starts the game (a verb, as "change" and "back")
        Binding("enter", "start", NP_("setup key", "start"), show=True),
        Binding("escape", "back", N_("back"), show=True),
        Binding("down,j", "app.focus_next", N_("next field"), show=False),
        Binding("up,k", "app.focus_previous", N_("previous field"), show=False),
        Binding("plus", "seats(1)", N_("add seat"), show=True, key_display="+"),
        Binding("minus", "seats(-1)", N_("remove seat"), show=True, key_display="-"),
    ]

    def __init__(self, setup: TableSetup, hosting: bool = False) -> None:
        super().__init__()
        self.hosting = hosting  # a shared table (bere serve): person seats are friends at their terminals
        variant = "base" if hosting and setup.variant in LOCAL_ONLY else setup.variant  # not shared yet
        self.setup = TableSetup(variant, [Seat(s.name, s.bot) for s in setup.seats], setup.target, None,
                                side=setup.side, luck=setup.luck, board=setup.board)
        self._clamp()

    # ------------------------------------------------------------------ layout

    def compose(self) -> ComposeResult:
        yield Static(Text(_("HOST A TABLE") if self.hosting else _("NEW GAME"), style="bold"), id="setup-title")
        with VerticalScroll(id="setup-form", can_focus=False):
            with Horizontal(classes="field"):
                yield Label(_("Variant"), classes="field-label")
                variants = [v for v in GAMES if not (self.hosting and v in LOCAL_ONLY)]  # not shared yet
                yield Cycler(variants, [variant_name(v) for v in variants], self.setup.variant, id="variant")
                yield Label("", id="variant-note", classes="field-note")
            with Horizontal(classes="field"):
                yield Label(_("Seats"), classes="field-label")
                yield SeatCount(list(range(2, 11)), [str(n) for n in range(2, 11)], len(self.setup.seats),
                                id="seat-count")
                yield Label(_("you sit at seat 1; friends join with the table's code")
                            if self.hosting else _("people pass the keyboard; bots play themselves"),
                            classes="field-note")
            yield VerticalScroll(id="seats", can_focus=False)
            with Horizontal(classes="field", id="target-field"):
                # TRANSLATORS: the setup's field for the total that ends the game (66)
                yield Label(_("Target"), classes="field-label")
                yield Input(str(self.setup.target) if self.setup.target else "", placeholder="66",
                            type="integer", max_length=4, id="target")
                yield Label(_("total that ends the game"), classes="field-note")
            with Horizontal(classes="field", id="side-field"):
                # TRANSLATORS: the setup's field for the board game's side (blue: the base game, red: pro)
                yield Label(_("Side"), classes="field-label")
                yield Cycler(["blue", "red"], [_("blue (base)"), _("red (pro)")], self.setup.side, id="side")
                yield Label(_("red adds action cards"), classes="field-note")
            with Horizontal(classes="field", id="luck-field"):
                yield Label(_("Luck"), classes="field-label")
                yield Cycler([False, True], [pgettext("luck cards", "off"), pgettext("luck cards", "on")],
                             self.setup.luck, id="luck")
                yield Label(_("luck cards: minus points draw one"), classes="field-note")
            with Horizontal(classes="field"):
                # TRANSLATORS: the setup's field for the number that fixes the shuffle (the same seed, the same deal)
                yield Label(_("Seed"), classes="field-label")
                yield Input("", placeholder=pgettext("seed", "random"), type="integer", max_length=12, id="seed")
                yield Label(seed_note(self.setup.variant), id="seed-note", classes="field-note")
            with Horizontal(classes="field", id="start-field"):
                yield Label("", classes="field-label")
                yield Button(_("Open the table") if self.hosting else _("Start the game"), id="start",
                             variant="primary")
            yield Static("", id="setup-problems")
        yield KeyBar()

    def label_width(self) -> int:
        """The labels' column: as wide as the widest translated label (10 cells at least), never cut."""
        labels = [_("Variant"), _("Seats"), _("Target"), _("Side"), _("Luck"), _("Seed"),
                  _("Seat {n}").format(n=10)]
        return max(10, *(cell_len(label) + 1 for label in labels))

    def on_mount(self) -> None:
        self._width_labels()
        self._rebuild_seats()
        self._update_notes()
        self.query_one("#start", Button).focus()
        self._freeze_cursors()

    def _width_labels(self) -> None:
        width = self.label_width()
        for label in self.query(".field-label"):
            label.styles.width = width

    def _freeze_cursors(self) -> None:
        """No blinking cursor when nobody watches (pilot tests and snapshots stay the same every run)."""
        if self.app.is_headless:
            for field in self.query(Input):
                field.cursor_blink = False

    def _rebuild_seats(self) -> None:
        box = self.query_one("#seats", VerticalScroll)
        box.remove_children()
        values, labels = kind_labels()
        rows = []
        width = self.label_width()
        for i, seat in enumerate(self.setup.seats):
            kind = seat.bot if seat.bot else PERSON
            label = Label(_("Seat {n}").format(n=i + 1), classes="field-label")
            label.styles.width = width
            rows.append(Horizontal(
                label,
                Cycler(values, labels, kind, id=f"kind-{i}", classes="seat-kind"),
                Input(seat.name, id=f"name-{i}", classes="seat-name"),
                classes="field seat",
            ))
        box.mount_all(rows)
        box.styles.height = len(rows)
        self.call_after_refresh(self._freeze_cursors)

    def _clamp(self) -> None:
        lo, hi = self.setup.limits()
        seats = self.setup.seats
        while len(seats) > hi:
            seats.pop()
        while len(seats) < lo:
            seats.append(Seat(free_name([s.name for s in seats]), DEFAULT_BOT))

    def _update_notes(self) -> None:
        lo, hi = self.setup.limits()
        self.query_one("#variant-note", Label).update(_("{lo} to {hi} players").format(lo=lo, hi=hi))
        self.query_one("#target-field").display = self.setup.uses_target()
        board = self.setup.variant == "board"
        self.query_one("#side-field").display = board
        self.query_one("#luck-field").display = board
        self.query_one("#seed-note", Label).update(seed_note(self.setup.variant))
        count = self.query_one("#seat-count", Cycler)
        count.values = list(range(lo, hi + 1))
        count.labels = [str(n) for n in count.values]
        count.set_reactive(Cycler.index, count.values.index(len(self.setup.seats)))
        count.refresh()
        self.query_one("#setup-problems", Static).update("")

    # ------------------------------------------------------------------ changes

    def on_cycler_changed(self, message: Cycler.Changed) -> None:
        cid = message.cycler.id or ""
        if cid == "variant":
            self.setup.variant = message.value
            self._clamp()
            self._rebuild_seats()
        elif cid == "side":
            self.setup.side = message.value
        elif cid == "luck":
            self.setup.luck = message.value
        elif cid == "seat-count":
            self._resize(message.value)
        elif cid.startswith("kind-"):
            i = int(cid.split("-")[1])
            self.setup.seats[i].bot = None if message.value == PERSON else message.value
        self._update_notes()

    def _resize(self, n: int) -> None:
        seats = self.setup.seats
        while len(seats) > n:
            seats.pop()
        while len(seats) < n:
            seats.append(Seat(free_name([s.name for s in seats]), DEFAULT_BOT))
        self._clamp()
        self._rebuild_seats()

    def action_seats(self, step: int) -> None:
        lo, hi = self.setup.limits()
        n = len(self.setup.seats) + step
        if lo <= n <= hi:
            self._resize(n)
            self._update_notes()
        else:
            self._say_limit(step)

    def on_seat_count_at_limit(self, message: SeatCount.AtLimit) -> None:
        message.stop()
        self._say_limit(message.step)

    def _say_limit(self, step: int) -> None:
        lo, hi = self.setup.limits()
        variant = variant_name(self.setup.variant)
        text = (_("{variant}: at most {n} players").format(variant=variant, n=hi) if step > 0 else
                _("{variant}: at least {n} players").format(variant=variant, n=lo))
        self._say(text)

    def _say(self, text: str) -> None:
        self.query_one("#setup-problems", Static).update(Text(text, style="bold"))

    def on_input_changed(self, message: Input.Changed) -> None:
        iid = message.input.id or ""
        if iid.startswith("name-"):
            i = int(iid.split("-")[1])
            name, cut = fit_name(message.value)
            self.setup.seats[i].name = name
            if cut:  # a paste or a typed letter too many: keep the first NAME_MAX characters, and say so
                message.input.value = name
                self._say(_("A name has at most {n} characters: seat {i} is cut to {name}.").format(
                    n=NAME_MAX, i=i + 1, name=name))

    def on_input_submitted(self, message: Input.Submitted) -> None:
        message.stop()
        self.action_start()

    def on_button_pressed(self, message: Button.Pressed) -> None:
        message.stop()
        if message.button.id == "start":
            self.action_start()

    # ------------------------------------------------------------------ leaving

    def _number(self, iid: str) -> tuple[int | None, str | None]:
        text = self.query_one(iid, Input).value.strip()
        if not text:
            return None, None
        try:
            return int(text), None
        except ValueError:
            return None, _("{value!r} is not a whole number").format(value=text)

    def action_start(self) -> None:
        problems = []
        target, bad = self._number("#target")
        if bad:
            problems.append(bad)
        seed, bad = self._number("#seed")
        if bad:
            problems.append(bad)
        self.setup.target = target if self.setup.uses_target() else None
        self.setup.seed = seed
        problems += self.setup.problems()
        if problems:
            self._say(_("Cannot start: ") + "; ".join(problems))
            return
        self.dismiss(self.setup)

    def action_back(self) -> None:
        self.dismiss(None)
