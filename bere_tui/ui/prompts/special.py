"""The Anniversary special-card prompt (A3, A-ORD-1), and the step-by-step prompt screen it shares with the
Negative = Positive and swap prompts.

A prompt is a list of steps; each step shows a title, optionally the rows with their cost, a list of choices
and one line saying what the choice does. Keys, as everywhere: arrows/hjkl and digits move the highlight (the
digit shown beside a choice, or the number of a card: typing 2 then 3 goes to the 23), Enter confirms. Esc goes
back one step. The prompt dismisses with exactly one action taken from the engine's legal list. What a choice
would do (why a card or a row cannot be chosen, where Insert and Shift put a card) comes from the engine
(engine.preview): no rule is worked out here.
"""

from __future__ import annotations

import textwrap
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from typing import ClassVar

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Vertical
from textual.css.query import NoMatches
from textual.widgets import OptionList, Static
from textual.widgets.option_list import Option

from bere_tui.engine.cards import row_bullheads
from bere_tui.engine.nimmt.preview import Preview
from bere_tui.engine.nimmt.view import RowView, View
from bere_tui.i18n import N_, _
from bere_tui.table.cardtext import card_inline, card_label
from bere_tui.table.words import heads_text, outcome_text, special_name
from bere_tui.ui.prompts.base import LEAVE_LESSON, PromptScreen
from bere_tui.ui.widgets.asciiscroll import use_ascii_scrollbars
from bere_tui.ui.widgets.keybar import KeyBar
from bere_tui.ui.widgets.log import GameLog, redraw_logs
from bere_tui.ui.widgets.preview import PreviewLine
from bere_tui.ui.widgets.rows import row_markers

# ---------------------------------------------------------------- words for the seven cards


def special_title(name: str | None) -> str:
    """The card's printed name (A1), or "No special card"."""
    return _("No special card") if name is None else special_name(name)


def special_help(name: str | None) -> str:
    """One line on what the card does, in RULES.md's words."""
    return {
        None: _("Place your card by the ordinary rules, without a special card."),
        # the rule ids stay here, never in the text: A-5TH-1, A-5TH-2, A-7N-1, A-INS-1..3, A-REP-1, A-SHI-1,
        # A-SHI-2, A-STOP-1..3, A-NP-1
        "fifth_row": _("Your card starts a fifth row. The next player to take a row also collects the card "
                       "they were placing; 4 rows remain."),
        "seven_nimmt": _("The chosen row holds 6 cards until it is taken. Then your card is placed by the "
                         "ordinary rules."),
        "insert": _("Your card goes into the chosen row where its number fits. A full row is still taken: "
                    "all but its last card."),
        "replace": _("Your card goes back to your hand; the card you choose is placed now instead, by the "
                     "ordinary rules."),
        "shift": _("Move one card to another row that has room, where its number fits; then your card is "
                   "placed by the ordinary rules."),
        "stop": _("Nobody may add to, take cards from or take the chosen row until the next row is taken. "
                  "Then your card is placed by the ordinary rules among the other rows."),
        "negative_positive": _("One card of the row you are about to take becomes positive and cancels "
                               "bullheads of this round."),
    }[name]


# ---------------------------------------------------------------- cards and rows as text


TABLE_WIDTH = 76  # inside the prompt's border and padding at 80 columns
CHOICE_WIDTH = TABLE_WIDTH - 5  # after the cursor and the digit, before a scroll bar


def cards_text(cards: Iterable[int], ascii: bool, new: int | None = None) -> Text:
    """Cards side by side; the card `new` (being placed or moved) stands in brackets, reversed."""
    text = Text()
    for i, c in enumerate(cards):
        if c == new:
            text.append(" [" if i else "[", style="bold")
            label = card_inline(c, ascii)
            label.stylize("reverse")
            text.append_text(label)
            text.append("]", style="bold")
        else:
            text.append(" " if i else "")
            text.append_text(card_label(c, ascii))
    return text


def row_line(index: int | None, row: RowView, ascii: bool, cards: Iterable[int] | None = None,
             new: int | None = None, note: str = "", width: int = TABLE_WIDTH, cost: int | None = None) -> Text:
    """`1  12. 17. 23.  ...  7 nimmt!  cost 9`: the row (or `cards`, a preview of it), its reminders and
    `note` or else its cost: `cost`, what taking it collects (StepPrompt.row_cost), else its bullheads.
    Without `index` the row number is left to the caller (a choice's digit)."""
    text = Text(f"{index + 1} " if index is not None else "", style="bold")
    text.append_text(cards_text(row.cards if cards is None else cards, ascii, new))
    right = Text()
    marks = " ".join(row_markers(row))
    if marks:
        right.append(marks + "  ", style="italic")
    right.append(note or _("cost {n}").format(n=row.bullheads if cost is None else cost))
    gap = max(2, width - text.cell_len - right.cell_len)
    text.append(" " * gap)
    text.append_text(right)
    return text


def rows_text(view: View, ascii: bool, costs: list[int] | None = None) -> Text:
    """Every row, each with `costs[i]` (what taking it collects) or its bullheads."""
    return Text("\n").join(row_line(i, row, ascii, cost=costs[i] if costs else None)
                           for i, row in enumerate(view.rows))


# ---------------------------------------------------------------- the shared step prompt


def table_top(prompt) -> int:
    """The first screen line under the table's rows and revealed cards when the prompt opens over a table
    (0 without one): the box stays below it, so the revealed cards stay in view, and below the log's first
    line where there is room, so its newest line stays in view too."""
    stack = prompt.app.screen_stack
    under = stack[stack.index(prompt) - 1] if prompt in stack and stack.index(prompt) > 0 else None
    try:
        reveal = under.query_one("#reveal") if under is not None else None
    except NoMatches:
        return 0
    if reveal is None or not reveal.region:
        return 0
    lowest = (prompt.app.size.height or 24) - 8
    top = reveal.region.bottom if reveal.region.bottom < lowest else 0
    logs = under.query(GameLog)
    if top and logs and logs.first().region:
        top = max(top, min(logs.first().content_region.y + 1, lowest))
    return top


@dataclass
class Choice:
    """One line of a step: what it returns, how it reads, the number typed to go to it (shown beside it, unless
    it is a card's number, which the label shows), and why it is greyed (if it is)."""

    value: object
    label: Text | str
    key: str | None = None
    why_not: str | None = None
    marked: bool = False  # shows the `>` cursor
    show_key: bool = True


def numbered(choices: list[Choice], first: int = 1) -> list[Choice]:
    """Give each choice the digit of its place (from `first`), shown beside it; the tenth on have none."""
    for i, c in enumerate(choices):
        n = first + i
        c.key = str(n) if n <= 9 else None
    return choices


def card_choice(card: int, label: Text | str, why_not: str | None = None) -> Choice:
    """A choice that is a number card: typing the card's number goes to it."""
    return Choice(card, label, str(card), why_not, show_key=False)


@dataclass
class Step:
    title: Text | str
    choices: list[Choice]
    pick: Callable[[object], None]
    help: Callable[[object], str] | str = ""
    show_rows: bool = True
    default: int = 0
    extra: Text | str = ""  # a line under the title (e.g. the value left)
    toggle: Callable[[int], None] | None = None  # Space toggles the highlighted choice
    #: where the card being placed would go with the highlighted choice, and what it would cost: (the card
    #: placed, in words) or None (the engine's preview, issue 35); a step without it shows no preview line
    preview: Callable[[object], tuple[int, str] | None] | None = None


class StepList(OptionList):
    """The choices of one step: arrows or hjkl move, Enter confirms."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("down,j,right,l", "cursor_down", N_("move"), key_display=N_("Arrows"), show=True),
        Binding("up,k,left,h", "cursor_up", N_("move"), show=False),
        Binding("enter", "select", N_("choose"), key_display="Enter"),
    ]


class PromptBox(Vertical):
    """The box of a step prompt. Its height changes with the step and the help of the highlighted choice: the
    table's log then draws again, to end above it."""

    def on_resize(self) -> None:
        redraw_logs(self.app)


class StepPrompt(PromptScreen):
    """A decision in steps. Subclasses give `first_step()`; a step's `pick` shows the next step or dismisses."""

    CSS_PATH = "special.tcss"
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("escape", "back", N_("back"), key_display="Esc"),
        LEAVE_LESSON,  # (in a lesson, from the first step)
        # TRANSLATORS: the space bar's name in the key bar
        Binding("space", "toggle", N_("toggle"), key_display=N_("Space")),
        *[Binding(str(d), f"digit('{d}')", N_("go to"), key_display="0-9", show=d == 1) for d in range(10)],
    ]

    #: the fields of the action, in the order the steps ask for them
    FIELDS: ClassVar[tuple[str, ...]] = ()

    def __init__(self, view: View, legal: list[dict], ascii: bool = False) -> None:
        super().__init__(view, legal, ascii)
        if ascii:
            self.add_class("-ascii")
        self.steps: list[Step] = []
        self.last_pick: list[int] = []
        self.preview = Preview(view)  # the engine's answers about this decision
        self._typed = ""  # digits typed so far, for a card's number

    # -- building

    def compose(self) -> ComposeResult:
        with PromptBox(id="prompt-box"):
            yield Static(id="prompt-title")
            yield Static(id="prompt-extra")
            yield Static(id="prompt-rows")
            yield StepList(id="prompt-choices")
            yield PreviewLine(self.ascii, id="prompt-preview")
            yield Static(id="prompt-help")
        yield KeyBar()

    def on_mount(self) -> None:
        use_ascii_scrollbars(self.ascii, self.query_one(StepList))
        self.show_step(self.first_step())

    def first_step(self) -> Step:  # pragma: no cover - abstract
        raise NotImplementedError

    @property
    def step(self) -> Step:
        return self.steps[-1]

    @property
    def placed_card(self) -> int | None:
        pend = self.view.pending or {}
        return pend.get("card")

    def row_cost(self, r: int, cards: list[int] | None = None) -> int:
        """What taking row `r` (or `cards`, the row as a special card leaves it) collects, in bullheads: with a
        5th Row out, the card being placed too (A-5TH-2), as the engine counts it (engine.preview)."""
        return row_bullheads(self.preview.take(r, cards=cards))

    # -- showing

    def show_step(self, step: Step, highlight: int | None = None) -> None:
        """Show `step` on top of the earlier ones (Esc returns to them)."""
        if not self.steps or self.steps[-1] is not step:
            self.steps.append(step)
        self._typed = ""
        self.query_one("#prompt-title", Static).update(step.title)
        extra = self.query_one("#prompt-extra", Static)
        extra.update(step.extra)
        extra.display = bool(step.extra)
        rows = self.query_one("#prompt-rows", Static)
        rows.display = step.show_rows and not table_top(self)  # the table's own rows show above the box
        if rows.display:
            costs = [self.row_cost(r) for r in range(len(self.view.rows))]
            rows.update(rows_text(self.view, self.ascii, costs))
        choices = self.query_one(StepList)
        choices.styles.max_height = self._list_height(step)
        for c in step.choices:
            c.marked = False
        choices.set_options(self._option(c, False) for c in step.choices)
        index = step.default if highlight is None else highlight
        if step.choices and step.choices[index].why_not is not None:
            index = next((i for i, c in enumerate(step.choices) if c.why_not is None), 0)
        choices.highlighted = index
        choices.focus()
        self._mark(index)
        self.refresh_bindings()
        if self.guide is not None:  # a lesson's move (or its hint's) at this step too
            self.call_after_refresh(self.highlight_hint)

    def highlight(self, action: dict) -> None:
        """The choice of this step that `action` makes, when the action says it (FIELDS)."""
        fields = [f for f in self.FIELDS if f in action]
        k = len(self.steps) - 1
        if 0 <= k < len(fields):
            for i, choice in enumerate(self.step.choices):
                if choice.value == action[fields[k]] and choice.why_not is None:
                    self.query_one(StepList).highlighted = i

    def _list_height(self, step: Step) -> int:
        """The lines left for the choices, so that the box fits under the table's rows and revealed cards
        (or, without a table behind, on the screen) at 80x24."""
        top = table_top(self)
        height = (self.app.size.height or 24) - top
        help_text = step.help if isinstance(step.help, str) else max(
            (step.help(c.value) for c in step.choices), key=len, default="")
        used = 1 + 1 + 1  # the key line, the border, the title
        used += 1 if step.preview is not None else 0
        used += len(textwrap.wrap(help_text, TABLE_WIDTH)) if help_text else 0
        used += str(step.extra).count("\n") + 1 if step.extra else 0
        used += len(self.view.rows) + 1 if step.show_rows and not top else 0
        return max(3, height - used)

    def _option(self, choice: Choice, marked: bool) -> Option:
        text = Text(("> " if marked else "  ") + (f"{choice.key} " if choice.key and choice.show_key else
                                                  "" if not choice.show_key else "  "))
        text.append_text(choice.label if isinstance(choice.label, Text) else Text(choice.label))
        if choice.why_not is not None and choice.why_not not in text.plain:
            text.append(" - " + choice.why_not, style="italic")
        return Option(text, disabled=choice.why_not is not None)

    def _mark(self, index: int | None) -> None:
        """Mark the highlighted line with `>` too, so the cursor shows without colour."""
        choices = self.query_one(StepList)
        for i, c in enumerate(self.step.choices):
            want = i == index
            if c.marked != want:
                c.marked = want
                choices.replace_option_prompt_at_index(i, self._option(c, want).prompt)
        help_text = self.step.help
        if callable(help_text):
            value = self.step.choices[index].value if index is not None and self.step.choices else None
            help_text = help_text(value)
        self.query_one("#prompt-help", Static).update(help_text)
        self.show_preview(index)

    def show_preview(self, index: int | None) -> None:
        """The preview line of the highlighted choice (Step.preview), hidden when it has none."""
        step, line = self.step, self.query_one(PreviewLine)
        said = None
        if step.preview is not None and index is not None and step.choices:
            choice = step.choices[index]
            said = step.preview(choice.value) if choice.why_not is None else None
        line.show(*(said or (None, None)))

    def placement_preview(self, special: str | None = None, **choices) -> tuple[int, str] | None:
        """Where the card being placed (or the card Replace places instead) would go after `special` with
        these choices, from the engine (engine.preview: the special card's own play on a copy of this
        player's table, then B4-B6)."""
        outcome = self.preview.outcome(None, special, **choices)
        if outcome is None:
            return None
        card = choices.get("with", self.placed_card)
        return card, outcome_text(outcome)

    def update_extra(self, extra: Text | str) -> None:
        self.step.extra = extra
        widget = self.query_one("#prompt-extra", Static)
        widget.update(extra)
        widget.display = bool(extra)
        self.query_one(StepList).styles.max_height = self._list_height(self.step)

    def relabel(self, index: int) -> None:
        """Redraw one choice after its label changed."""
        c = self.step.choices[index]
        self.query_one(StepList).replace_option_prompt_at_index(index, self._option(c, c.marked).prompt)

    # -- keys

    def on_option_list_option_highlighted(self, event: OptionList.OptionHighlighted) -> None:
        event.stop()
        if self.steps:
            self._mark(event.option_index)

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        event.stop()
        self.choose(event.option_index)

    def choose(self, index: int) -> None:
        step = self.step
        choice = step.choices[index]
        if choice.why_not is not None:
            return
        settled = self.guide.settled(self, index) if self.guide is not None else None
        if settled is not None:  # a lesson explains a move it did not ask for at once (LessonGuide.settled)
            self.dismiss(settled)
            return
        self.last_pick.append(index)
        step.pick(choice.value)

    def picks_with(self, index: int) -> dict:
        """The fields chosen so far, with this step's choice `index` (FIELDS)."""
        k = len(self.steps) - 1
        picks = {self.FIELDS[i]: self.steps[i].choices[self.last_pick[i]].value for i in range(k)}
        picks[self.FIELDS[k]] = self.step.choices[index].value
        return picks

    def action_digit(self, digit: str) -> None:
        """Digits move the highlight to the choice with that number (a card's number may take several digits:
        2 then 3 go to the 23, when there is one); Enter confirms, as in every prompt. The number of a greyed
        choice moves nothing: the help line says why it cannot be chosen."""
        for typed in (self._typed + digit, digit):
            index = self._find(typed)
            if index is not None:
                self._typed = typed
                self.query_one(StepList).highlighted = index
                return
            greyed = next((c for c in self.step.choices if c.key == typed and c.why_not is not None), None)
            if greyed is not None:
                self._typed = ""
                self.app.bell()
                self.query_one("#prompt-help", Static).update(
                    _("{number} cannot be chosen: {why}").format(number=typed, why=greyed.why_not))
                return
        self._typed = ""
        self.app.bell()

    def _find(self, typed: str) -> int | None:
        """The choice whose number is `typed`, else the first whose number starts with it (not a greyed one)."""
        keys = [c.key or "" if c.why_not is None else "" for c in self.step.choices]
        if typed in keys:
            return keys.index(typed)
        return next((i for i, k in enumerate(keys) if k.startswith(typed)), None)

    def action_toggle(self) -> None:
        index = self.query_one(StepList).highlighted
        if self.step.toggle is not None and index is not None:
            self.step.toggle(index)

    def action_back(self) -> None:
        """Esc: one step back; on the first step nothing happens (the game waits for this decision)."""
        if len(self.steps) > 1:
            self.steps.pop()
            index = self.last_pick.pop() if self.last_pick else 0
            self.show_step(self.steps[-1], highlight=index)

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action == "back":
            return len(self.steps) > 1
        if action == "toggle":
            return bool(self.steps) and self.step.toggle is not None
        return super().check_action(action, parameters)

    # -- finishing

    def finish(self, **fields) -> None:
        """Dismiss with the legal action that has these fields (never one the engine did not offer)."""
        for action in self.legal:
            if all(action.get(k) == v for k, v in fields.items()):
                self.dismiss(dict(action))
                return
        raise ValueError(f"no legal action with {fields}")  # pragma: no cover - a bug in a prompt


# ---------------------------------------------------------------- the special-card prompt (A-ORD-1)


class SpecialPrompt(StepPrompt):
    """Play a special card with the card being placed, or none (the default): A3, A-ORD-1."""

    FIELDS = ("card", "row", "with", "move", "to_row")

    def first_step(self) -> Step:
        view, card = self.view, self.placed_card
        held = view.my_specials  # in the order of the rules (A1), as the hand shows them
        playable = {a["card"] for a in self.legal}
        choices = [Choice(None, special_title(None), "0")]
        for name in dict.fromkeys(held):
            count = held.count(name)
            label = special_title(name) + (f" x{count}" if count > 1 else "")
            why = None if name in playable else self.preview.unplayable(name)
            choices.append(Choice(name, label, None, why))
        title = Text(_("Your card ") if self.second_person else
                     _("{name}: your card ").format(name=view.players[self.player].name))
        title.append_text(card_inline(card, self.ascii))
        title.append(" " + _("is next. Play a special card with it?"))
        return Step(title, [choices[0], *numbered(choices[1:])], self.pick_card, help=special_help,
                    preview=self.card_preview)

    def card_preview(self, name: str | None) -> tuple[int, str] | None:
        """The question's preview: without a special card (or with Negative = Positive, which changes only what
        the take costs afterwards, A-NP-1) the card goes where B4-B6 send it; the other cards ask for a choice
        first, whose step shows its own preview."""
        return self.placement_preview() if name in (None, "negative_positive") else None

    def pick_card(self, name: str | None) -> None:
        if name in (None, "fifth_row", "negative_positive"):
            self.finish(card=name)
            return
        step = {
            "seven_nimmt": self.rows_step,
            "insert": self.insert_step,
            "stop": self.rows_step,
            "replace": self.replace_step,
            "shift": self.shift_step,
        }[name](name)
        self.show_step(step)

    def _title(self, name: str, question: str) -> Text:
        text = Text(special_title(name) + ": ", style="bold")
        text.append(question)
        return text

    def _refused_row(self, r: int, row: RowView, why: str) -> Choice:
        """A row that cannot be chosen, with the engine's reason in a few words."""
        return Choice(r, row_line(None, row, self.ascii, note=why, width=CHOICE_WIDTH), str(r + 1), why)

    def rows_step(self, name: str) -> Step:
        """7 nimmt! and Stop: which row (A-7N-1, A-STOP-1)."""
        allowed = {a["row"] for a in self.legal if a["card"] == name}
        choices = []
        for r, row in enumerate(self.view.rows):
            if r in allowed:
                line = row_line(None, row, self.ascii, width=CHOICE_WIDTH, cost=self.row_cost(r))
                choices.append(Choice(r, line, str(r + 1)))
            else:
                choices.append(self._refused_row(r, row, self.preview.refusal(name, row=r).note))
        return Step(self._title(name, _("which row?")), choices,
                    lambda r: self.finish(card=name, row=r), help=special_help(name), show_rows=False,
                    default=min(allowed), preview=lambda r: self.placement_preview(name, row=r))

    def insert_step(self, name: str) -> Step:
        """Insert: each row with the card at its place, and what a full row costs (A-INS-1..3)."""
        allowed = {a["row"] for a in self.legal if a["card"] == name}
        card = self.placed_card
        choices = []
        for r, row in enumerate(self.view.rows):
            if r not in allowed:
                choices.append(self._refused_row(r, row, self.preview.refusal(name, row=r).note))
                continue
            cards, taken = self.preview.insert(r)
            if taken is None:
                note = _("fits")
            else:
                collected = self.preview.take(r, card=cards[-1], cards=taken)  # A-INS-3, A-5TH-2
                note = _("full: you take {heads}").format(heads=heads_text(row_bullheads(collected)))
            choices.append(Choice(r, row_line(None, row, self.ascii, cards, card, note, width=CHOICE_WIDTH),
                                  str(r + 1)))
        title = self._title(name, _("which row? Your card is shown at its place."))
        return Step(title, choices, lambda r: self.finish(card=name, row=r), help=special_help(name),
                    show_rows=False, default=min(allowed))

    def replace_step(self, name: str) -> Step:
        """Replace: which card of the hand is placed instead (A-REP-1); typing its number goes to it."""
        cards = [a["with"] for a in self.legal if a["card"] == name]
        choices = [card_choice(c, card_label(c, self.ascii)) for c in cards]
        title = self._title(name, _("which card of your hand is placed instead?"))
        return Step(title, choices, lambda c: self.finish(card=name, **{"with": c}), help=special_help(name),
                    preview=lambda c: self.placement_preview(name, **{"with": c}))

    def shift_step(self, name: str) -> Step:
        """Shift, first part: the card to move (A-SHI-1); typing its number goes to it."""
        moves = {a["move"] for a in self.legal if a["card"] == name}
        choices = []
        for r, row in enumerate(self.view.rows):
            for c in row.cards:
                if c in moves:
                    label = card_label(c, self.ascii, width=12)
                    label.append(_("from row {row}").format(row=r + 1), style="dim")
                    choices.append(card_choice(c, label))
        title = self._title(name, _("which card moves?"))
        return Step(title, choices, self.pick_shift_card, help=special_help(name))

    def pick_shift_card(self, move: int) -> None:
        """Shift, second part: where it goes, shown at its place (A-SHI-1, Decision: the row needs room)."""
        name = "shift"
        allowed = {a["to_row"] for a in self.legal if a["card"] == name and a["move"] == move}
        choices = []
        emptied = False
        for r, row in enumerate(self.view.rows):
            if r in allowed:
                cards, emptied = self.preview.shift(move, r)
                cost = _("cost {n}").format(n=self.row_cost(r, cards))
                label = row_line(None, row, self.ascii, cards, move, cost, CHOICE_WIDTH)
                choices.append(Choice(r, label, str(r + 1)))
            else:
                choices.append(self._refused_row(r, row, self.preview.refusal(name, move=move, to_row=r).note))
        help_text = special_help(name)
        if emptied:  # A-SHI-2
            help_text = _("That row becomes empty: your card starts it again.")
        title = self._title(name, _("where does {card} go?").format(card=move))
        self.show_step(Step(title, choices, lambda r: self.finish(card=name, move=move, to_row=r),
                            help=help_text, show_rows=False, default=min(allowed),
                            preview=lambda r: self.placement_preview(name, move=move, to_row=r)))
