"""New game: the variant, the seats (a person with a name, or a bot with its level) and the options.

Keyboard first: the variant has the focus from the start; up/down (or Tab) move between fields, left/right
(or space) change a choice (in a seat's name too: who sits there; a hint under the form says so), Enter
anywhere starts the game with what is shown; `>` marks the field with the focus, so that it shows without
colour. The last setup is offered again next time.

The ten seat rows are made once and the ones beyond the player count are hidden: a change of the count or of the
variant shows or hides rows at once, so a key typed right after it (Down after Right on the seat count) finds
the rows as they now are. (Rows made anew after each change came a moment later: keys in that moment moved the
focus among the old rows, and it fell back when they went, so Down seemed to skip or stick.) Seats taken away are
kept aside and come back, names and levels, when the count grows again.
"""

from __future__ import annotations

from typing import ClassVar

from rich.cells import cell_len
from rich.text import Text
from textual import events
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.message import Message
from textual.reactive import reactive
from textual.screen import Screen
from textual.widget import Widget
from textual.widgets import Button, Input, Label, Static

from bere_tui.i18n import N_, NP_, _, pgettext
from bere_tui.safetext import NAME_MAX, fit_name
from bere_tui.systems import GAMES, system_of
from bere_tui.table.words import bot_name, variant_name
from bere_tui.ui.once import DismissOnce
from bere_tui.ui.seating import BOT_LEVELS, Seat, TableSetup, free_name
from bere_tui.ui.widgets.cycler import Cycler
from bere_tui.ui.widgets.keybar import KeyBar

PERSON = "person"
#: a person with the coach on at their decisions (issue 34: ui/prompts/coach.py)
COACHED = "coached"
#: games a shared table (bere serve) does not seat yet
def local_only(variant: str) -> bool:
    """A game that cannot be seated at a shared table yet (its system says so: bere_tui/systems.py)."""
    return not system_of(variant).shared_tables
DEFAULT_BOT = "heuristic" if "heuristic" in BOT_LEVELS else BOT_LEVELS[-1]
#: seat rows made: as many as the largest table of any game (B1: 10)
MAX_SEATS = max(info.max_players for info in GAMES.values())
#: what marks the field with the focus in the labels' column (ASCII: the same with --ascii)
MARK = "> "


def kind_labels() -> tuple[list, list[str]]:
    values = [PERSON, *BOT_LEVELS, COACHED]
    labels = [_("person"), *[_("bot: {level}").format(level=bot_name(b)) for b in BOT_LEVELS], _("person, coached")]
    return values, labels



def seed_note(variant: str) -> str:
    """What the seed fixes: the board game deals tiles, the card games cards (the game system's `pieces`)."""
    if system_of(variant).pieces == "tiles":
        return _("the same seed deals the same tiles")
    return _("the same seed deals the same cards")


class Form(VerticalScroll, inherit_bindings=False):
    """The fields, scrolled when they do not fit (a long message, a long translation). Up/down are the screen's
    (the next field); a scroll view's own up/down bindings would scroll the form instead, whenever it can."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("pageup", "page_up", show=False),
        Binding("pagedown", "page_down", show=False),
    ]


class FieldLabel(Label):
    """A field's name in the labels' column, after `>` while a field of its row has the focus."""

    current: reactive[bool] = reactive(False)

    def __init__(self, text: str, **kwargs) -> None:
        super().__init__(**kwargs)
        self.text = text

    def render(self) -> Text:
        return Text((MARK if self.current else " " * len(MARK)) + self.text, style="bold" if self.current else "")


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


class SetupInput(Input, inherit_bindings=False):
    """A text field of the setup: Enter is the screen's (start the game, and the key bar says so there too)."""

    BINDINGS: ClassVar[list[BindingType]] = [b for b in Input.BINDINGS
                                             if not (isinstance(b, Binding) and b.key == "enter")]


class SeatName(SetupInput, inherit_bindings=False):
    """A seat's name: typed letters, Backspace and Delete edit it; Left and Right change the seat's kind, as on
    every other row of the form (Home and End move in the name)."""

    BINDINGS: ClassVar[list[BindingType]] = [
        *(b for b in SetupInput.BINDINGS if not (isinstance(b, Binding) and b.key in ("left", "right"))),
        Binding("left", "step_kind(-1)", N_("change"), show=False),
        Binding("right", "step_kind(1)", N_("change"), show=True, key_display="<- ->"),
    ]

    def action_step_kind(self, step: int) -> None:
        self.parent.query_one(Cycler).action_step(step)


class StartButton(Button, inherit_bindings=False):
    """The start button: Enter is the screen's (so the key bar names it), space and a click press it."""

    BINDINGS: ClassVar[list[BindingType]] = [Binding("space", "press", show=False)]


class SetupScreen(DismissOnce, Screen[TableSetup | None]):
    """Dismisses with the TableSetup to start, or None (Esc: back to the title)."""

    BINDINGS: ClassVar[list[BindingType]] = [
        # TRANSLATORS: the setup's key bar: Enter starts the game (a verb, as "change" and "back")
        Binding("enter", "start", NP_("setup key", "start"), show=True),
        Binding("escape", "back", N_("back"), show=True),
        Binding("down,j,tab", "next_field", N_("next field"), show=False),
        Binding("up,k,shift+tab", "previous_field", N_("previous field"), show=False),
        # TRANSLATORS: the setup's key bar, after the keys "+ -" (a seat more, a seat less): the number of seats
        Binding("plus", "seats(1)", NP_("setup key", "seats"), show=True, key_display="+ -"),
        Binding("minus", "seats(-1)", N_("remove seat"), show=False),
    ]

    def __init__(self, setup: TableSetup, hosting: bool = False) -> None:
        super().__init__()
        self.hosting = hosting  # a shared table (bere serve): person seats are friends at their terminals
        variant = "base" if hosting and local_only(setup.variant) else setup.variant  # not shared yet
        self.setup = TableSetup(variant, [Seat(s.name, s.bot, s.coach) for s in setup.seats], setup.target, None,
                                side=setup.side, luck=setup.luck, board=setup.board)
        self.spare: list[Seat] = []  # seats taken away (the first is the next to come back)
        self._hinting = False  # the line under the form holds the name field's hint, not a problem
        self.opening_note = self._clamp()  # why the seats are fewer or more than asked (a board file's players)

    # ------------------------------------------------------------------ layout

    def compose(self) -> ComposeResult:
        yield Static(Text(_("HOST A TABLE") if self.hosting else _("NEW GAME"), style="bold"), id="setup-title")
        with Form(id="setup-form", can_focus=False):
            with Horizontal(classes="field"):
                yield FieldLabel(_("Variant"), classes="field-label")
                variants = [v for v in GAMES if not (self.hosting and local_only(v))]  # not shared yet
                yield Cycler(variants, [variant_name(v) for v in variants], self.setup.variant, id="variant",
                             on_change=self._variant_changed)
                yield Label("", id="variant-note", classes="field-note")
            with Horizontal(classes="field"):
                yield FieldLabel(_("Seats"), classes="field-label")
                yield SeatCount(list(range(2, MAX_SEATS + 1)), [str(n) for n in range(2, MAX_SEATS + 1)],
                                len(self.setup.seats), id="seat-count", on_change=self._count_changed)
                yield Label(_("you sit at seat 1; friends join with the table's code")
                            if self.hosting else _("people pass the keyboard; bots play themselves"),
                            classes="field-note")
            values, labels = kind_labels()
            with Vertical(id="seats"):
                for i in range(MAX_SEATS):  # all made now; those beyond the player count are hidden
                    with Horizontal(classes="field seat", id=f"seat-{i}"):
                        yield FieldLabel(_("Seat {n}").format(n=i + 1), classes="field-label")
                        yield Cycler(values, labels, PERSON, id=f"kind-{i}", classes="seat-kind",
                                     on_change=self._kind_changed)
                        yield SeatName("", id=f"name-{i}", classes="seat-name")
            with Horizontal(classes="field", id="target-field"):
                # TRANSLATORS: the setup's field for the total that ends the game (66)
                yield FieldLabel(_("Target"), classes="field-label")
                yield SetupInput(str(self.setup.target) if self.setup.target else "", placeholder="66",
                                 type="integer", max_length=4, id="target")
                yield Label(_("total that ends the game"), classes="field-note")
            with Horizontal(classes="field", id="side-field"):
                # TRANSLATORS: the setup's field for the board game's side (blue: the base game, red: pro)
                yield FieldLabel(_("Side"), classes="field-label")
                yield Cycler(["blue", "red"], [_("blue (base)"), _("red (pro)")], self.setup.side, id="side",
                             on_change=self._side_changed)
                yield Label(_("red adds action cards"), classes="field-note")
            with Horizontal(classes="field", id="luck-field"):
                yield FieldLabel(_("Luck"), classes="field-label")
                yield Cycler([False, True], [pgettext("luck cards", "off"), pgettext("luck cards", "on")],
                             self.setup.luck, id="luck", on_change=self._luck_changed)
                yield Label(_("luck cards: minus points draw one"), classes="field-note")
            with Horizontal(classes="field"):
                # TRANSLATORS: the setup's field for the number that fixes the shuffle (the same seed, the same deal)
                yield FieldLabel(_("Seed"), classes="field-label")
                yield SetupInput("", placeholder=pgettext("seed", "random"), type="integer", max_length=12,
                                 id="seed")
                yield Label(seed_note(self.setup.variant), id="seed-note", classes="field-note")
            with Horizontal(classes="field", id="start-field"):
                yield FieldLabel("", classes="field-label")
                yield StartButton(_("Open the table") if self.hosting else _("Start the game"), id="start",
                                  variant="primary")
            yield Static("", id="setup-problems")
        yield KeyBar()

    def label_width(self) -> int:
        """The labels' column: the focus mark, then the widest translated label (10 cells at least), never cut."""
        labels = [_("Variant"), _("Seats"), _("Target"), _("Side"), _("Luck"), _("Seed"),
                  _("Seat {n}").format(n=MAX_SEATS)]
        return len(MARK) + max(10, *(cell_len(label) + 1 for label in labels))

    def on_mount(self) -> None:
        width = self.label_width()
        for label in self.query(".field-label"):
            label.styles.width = width
        self._show_seats()
        self._update_notes()
        if self.opening_note:
            self._say(self.opening_note)
        self._freeze_cursors()
        # at once (not focus(), which waits its turn): the arrows change the first field from the first key on
        self.set_focus(self.query_one("#variant", Cycler))
        self._mark()

    def _freeze_cursors(self) -> None:
        """No blinking cursor when nobody watches (pilot tests and snapshots stay the same every run)."""
        if self.app.is_headless:
            for field in self.query(Input):
                field.cursor_blink = False

    def _show_seats(self) -> None:
        """The rows of the seats there are, with their kinds and names; the others hidden. A focus on a row that
        goes moves to the same field of the last row that stays."""
        seats = self.setup.seats
        focused = self.focused
        row = focused.parent if focused is not None else None
        if row is not None and row.has_class("seat") and int((row.id or "seat-0").split("-")[1]) >= len(seats):
            field = "kind" if isinstance(focused, Cycler) else "name"
            self.set_focus(self.query_one(f"#{field}-{len(seats) - 1}"))
        for i in range(MAX_SEATS):
            if i < len(seats):
                seat = seats[i]
                kind = self.query_one(f"#kind-{i}", Cycler)
                value = seat.bot or (COACHED if seat.coach else PERSON)
                kind.index = kind.values.index(value) if value in kind.values else 0
                name = self.query_one(f"#name-{i}", Input)
                if name.value != seat.name:
                    name.value = seat.name
            self.query_one(f"#seat-{i}").display = i < len(seats)

    def _take_spare(self) -> Seat:
        """The next seat to add: the last one taken away (under another name if its own is taken meanwhile)."""
        taken = [s.name for s in self.setup.seats]
        if not self.spare:
            return Seat(free_name(taken), DEFAULT_BOT)
        seat = self.spare.pop(0)
        if not seat.name.strip() or seat.name.casefold() in {t.casefold() for t in taken}:
            seat = Seat(free_name(taken), seat.bot)
        return seat

    def _clamp(self, n: int | None = None) -> str:
        """`n` seats (as many as now without it), within the limits (the variant's, or the board file's); why
        the count had to change when a board file narrows it, else ""."""
        lo, hi = self.setup.limits()
        seats = self.setup.seats
        asked = len(seats) if n is None else n
        n = max(lo, min(hi, asked))
        while len(seats) > n:
            self.spare.insert(0, seats.pop())
        while len(seats) < n:
            seats.append(self._take_spare())
        return self.setup.limit_text(most=asked > n) if asked != n and self.setup.board_narrows() else ""

    def _read_names(self) -> None:
        """The names as typed (their Changed messages may still be on the way after keys typed ahead)."""
        for i, seat in enumerate(self.setup.seats):
            seat.name = fit_name(self.query_one(f"#name-{i}", Input).value)[0]

    def _update_notes(self) -> None:
        lo, hi = self.setup.limits()
        self.query_one("#variant-note", Label).update(_("{lo} to {hi} players").format(lo=lo, hi=hi))
        self.query_one("#target-field").display = self.setup.uses_target()
        board = self.setup.uses_board()
        self.query_one("#side-field").display = board
        self.query_one("#luck-field").display = board
        self.query_one("#seed-note", Label).update(seed_note(self.setup.variant))
        count = self.query_one("#seat-count", Cycler)
        count.values = list(range(lo, hi + 1))
        count.labels = [str(n) for n in count.values]
        count.set_reactive(Cycler.index, count.values.index(len(self.setup.seats)))
        count.refresh()
        self.query_one("#setup-problems", Static).update("")

    # ------------------------------------------------------------------ moving

    def fields(self) -> list[Widget]:
        """The fields shown, in the order of the form (top to bottom, a seat's kind before its name)."""
        form = self.query_one("#setup-form")
        return [w for w in form.query("*") if w.can_focus and w.display
                and all(node.display for node in w.ancestors if node is not form and node is not self)]

    def action_next_field(self) -> None:
        self._move(1)

    def action_previous_field(self) -> None:
        self._move(-1)

    def _move(self, step: int) -> None:
        """The next or previous field, round at the ends. In the form's order, not Textual's focus chain: that
        one sorts the fields by where they were last drawn, and a row shown a moment ago (a seat added by a key
        typed ahead) has not been drawn yet, so it came first and Down jumped over seats or back."""
        fields = self.fields()
        if not fields:
            return
        if self.focused in fields:
            self.set_focus(fields[(fields.index(self.focused) + step) % len(fields)])
        else:
            self.set_focus(fields[0 if step > 0 else -1])

    def on_descendant_focus(self, event: events.DescendantFocus) -> None:
        self._mark()
        hint = self.query_one("#setup-problems", Static)
        if isinstance(event.widget, SeatName):  # Down from a seat's kind goes into its name: say so
            n = int((event.widget.id or "name-0").split("-")[1]) + 1
            hint.update(Text(_("Seat {n}: type the name; Left and Right change who sits there, Up and Down go "
                               "to the other fields.").format(n=n), style="italic"))
            self._hinting = True
        elif self._hinting:
            hint.update("")
            self._hinting = False

    def _mark(self) -> None:
        """`>` before the label of the row with the focus."""
        row = self.focused.parent if self.focused is not None else None
        for label in self.query(FieldLabel):
            label.current = label.parent is row

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        # + and - are typed into a name or a number (and the key bar does not offer them there)
        return not (action == "seats" and isinstance(self.focused, Input))

    # ------------------------------------------------------------------ changes (at once: see the module's note)

    def _variant_changed(self, cycler: Cycler) -> None:
        self.setup.variant = cycler.value
        self._read_names()
        note = self._clamp()
        self._show_seats()
        self._update_notes()
        if note:
            self._say(note)

    def _count_changed(self, cycler: Cycler) -> None:
        self._resize(cycler.value)

    def _kind_changed(self, cycler: Cycler) -> None:
        i = int((cycler.id or "kind-0").split("-")[1])
        if i < len(self.setup.seats):
            self.setup.seats[i].bot = None if cycler.value in (PERSON, COACHED) else cycler.value
            self.setup.seats[i].coach = cycler.value == COACHED
        self.query_one("#setup-problems", Static).update("")

    def _side_changed(self, cycler: Cycler) -> None:
        self.setup.side = cycler.value

    def _luck_changed(self, cycler: Cycler) -> None:
        self.setup.luck = cycler.value

    def _resize(self, n: int) -> None:
        self._read_names()
        self._clamp(n)
        self._show_seats()
        self._update_notes()

    def action_seats(self, step: int) -> None:
        lo, hi = self.setup.limits()
        n = len(self.setup.seats) + step
        if lo <= n <= hi:
            self._resize(n)
        else:
            self._say_limit(step)

    def on_seat_count_at_limit(self, message: SeatCount.AtLimit) -> None:
        message.stop()
        self._say_limit(message.step)

    def _say_limit(self, step: int) -> None:
        self._say(self.setup.limit_text(most=step > 0))

    def _say(self, text: str) -> None:
        self.query_one("#setup-problems", Static).update(Text(text, style="bold"))
        self._hinting = False

    def on_input_changed(self, message: Input.Changed) -> None:
        field = message.input
        iid = field.id or ""
        if iid.startswith("name-"):
            i = int(iid.split("-")[1])
            if i >= len(self.setup.seats):
                return  # a hidden row's (its seat is kept aside)
            name, cut = fit_name(field.value)  # (the value now: the message may be older than the last key)
            self.setup.seats[i].name = name
            if cut:  # a paste or a typed letter too many: keep the first NAME_MAX characters, and say so
                field.value = name
                self._say(_("A name has at most {n} characters: seat {i} is cut to {name}.").format(
                    n=NAME_MAX, i=i + 1, name=name))

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
        self._read_names()
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
