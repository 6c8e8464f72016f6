"""The replay viewer: a finished (or saved) game stepped through forward and back, by event, by turn and by round,
with every hand shown (it is a replay) and the log following the step.

The steps come from `table.replay.Replay`; the rows, the reveal and the scores are the live table's widgets,
drawn from the step's TableShow. The first step shows at once; the others are built as the keys ask for them and,
a little at a time between key presses, in the background (a long record took seconds to show, issue 36).
"""

from __future__ import annotations

import asyncio
import time
from typing import ClassVar

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.screen import Screen
from textual.widgets import Static

from bere_tui.i18n import N_, NP_, _
from bere_tui.table.cardtext import card_inline
from bere_tui.table.replay import ActionReplay, Replay, Step, Stepper
from bere_tui.table.words import special_name, variant_name
from bere_tui.ui.widgets.keybar import KeyBar
from bere_tui.ui.widgets.log import GameLog
from bere_tui.ui.widgets.reveal import RevealView
from bere_tui.ui.widgets.rows import RowsView
from bere_tui.ui.widgets.scores import ScoreBoard

#: how many steps back the log panel is written (it shows the last dozen lines)
LOG_STEPS = 80
#: the background building of steps: at most BUILD_SLICE seconds at a time, then BUILD_PAUSE seconds for the
#: keys and the drawing (it starts once the first step is drawn)
BUILD_SLICE = 0.01
BUILD_PAUSE = 0.01


def step_keys(step: str, step_back: str, turn: str, turn_back: str, round_: str, round_back: str,
              *more: BindingType) -> list[BindingType]:
    """The keys of every viewer that steps (table/replay.py's Stepper), each game naming its steps, turns and
    rounds: one step, turn or round on (or back), to the start or the end, then `more`, then Esc."""
    return [
        Binding("right,l,enter", "go('event', True)", step, show=True, key_display="<- ->"),
        Binding("left,h", "go('event', False)", step_back, show=False),
        Binding("down,j", "go('turn', True)", turn, show=True, key_display=NP_("key name", "up/down")),
        Binding("up,k", "go('turn', False)", turn_back, show=False),
        Binding("pagedown,right_square_bracket", "go('round', True)", round_, show=True, key_display="PgUp/PgDn"),
        Binding("pageup,left_square_bracket", "go('round', False)", round_back, show=False),
        Binding("home", "jump(0)", NP_("replay key", "start"), show=False),
        Binding("end", "jump(-1)", NP_("replay key", "end"), show=False),
        *more,
        Binding("r", "review", N_("game review"), show=True),  # (issue 34: ui/screens/review.py)
        Binding("escape", "back", N_("back"), show=True),
    ]


class Stepping:
    """What the keys of step_keys() do in a viewer with a `replay` (a Stepper), the `index` of the step shown
    and `show_step()`."""

    replay: Stepper
    index: int

    def action_review(self) -> None:
        """The game review of the game replayed (issue 34: ui/screens/review.py)."""
        from bere_tui.ui.screens.review import open_review

        open_review(self.app, self.replay.game)

    def show_step(self) -> None:  # pragma: no cover - each viewer draws its step
        raise NotImplementedError

    def action_go(self, by: str, forward: bool) -> None:
        self.jump(self.replay.move(self.index, by, forward))

    def action_jump(self, index: int) -> None:
        self.jump(index if index >= 0 else self.replay.last)

    def jump(self, index: int) -> None:
        if index != self.index:
            self.index = index
            self.show_step()

    def action_back(self) -> None:
        self.app.pop_screen()  # type: ignore[attr-defined]


class ActionReplayScreen(Stepping, Screen[None]):
    """A viewer that steps by decision (table/replay.py's ActionReplay), every hand shown: a game's viewer says
    which steps start a turn and a round (`turn_starts`, `round_starts`: from a step's events), draws a step
    (`show_step`) and gives its whole game as one log (`log_screen`, the `g` key of its step_keys)."""

    AUTO_FOCUS = None  # the arrow keys move the replay, not a panel

    def __init__(self, game, title: str = "") -> None:
        super().__init__()
        self.game = game
        self.note = title
        self.replay = ActionReplay(game, self.turn_starts, self.round_starts)
        self.names = self.replay.names
        self.index = 0

    @staticmethod
    def turn_starts(events) -> bool:  # pragma: no cover - each game says
        raise NotImplementedError

    @staticmethod
    def round_starts(events) -> bool:  # pragma: no cover - each game says
        raise NotImplementedError

    def log_screen(self) -> Screen:  # pragma: no cover - each game says
        raise NotImplementedError

    def on_mount(self) -> None:
        self.show_step()

    def action_log(self) -> None:
        self.app.push_screen(self.log_screen())


def step_line(replay: Replay, step: Step, ascii: bool = False) -> Text | None:
    """The step's sentence (Replay.line) as a line of the log."""
    told = replay.line(step)
    return told.text(ascii) if told is not None else None


def hands_text(replay: Replay, step: Step, ascii: bool = False, width: int = 78) -> Text:
    """Every player's hand at this step, the card chosen this turn beside it, and (Anniversary) the special
    cards: on the same line when it has room, else on a line of their own."""
    indent = max(len(n) for n in replay.names) + 1
    lines = [Text(_("HANDS (a replay shows them all)"), style="bold")]
    for p, name in enumerate(replay.names):
        line = Text()
        line.append(f"{name:<{indent}}", style="bold")
        for card in step.hands[p]:
            line.append(" ")
            line.append_text(card_inline(card, ascii))
        if not step.hands[p]:
            line.append(" " + _("(empty)"), style="dim")
        if step.chosen[p] is not None:
            line.append("  " + _("chose") + " ", style="italic")
            line.append_text(card_inline(step.chosen[p], ascii))
        lines.append(line)
        if replay.game.rules.has_specials:
            specials = Text(_("specials:") + " " + (", ".join(special_name(s) for s in step.specials[p])
                                                     or _("none")), style="italic")
            if line.cell_len + 2 + specials.cell_len <= width:
                line.append("  ")
                line.append_text(specials)
            else:
                lines.append(Text(" " * (indent + 1)) + specials)
    return Text("\n").join(lines)


class ReplayScreen(Stepping, Screen[None]):
    """Esc goes back to where the viewer was opened from (the title screen)."""

    CSS_PATH = "replay_viewer.tcss"
    AUTO_FOCUS = None  # the arrow keys move the replay, not a panel
    BINDINGS: ClassVar[list[BindingType]] = step_keys(
        # TRANSLATORS: the replay viewer's keys: one event, turn or round on (or back), to the start or the end
        NP_("replay key", "event"), NP_("replay key", "event back"), NP_("replay key", "turn"),
        NP_("replay key", "turn back"), NP_("replay key", "round"), NP_("replay key", "round back"))

    def __init__(self, replay: Replay, title: str = "", at_end: bool = False) -> None:
        super().__init__()
        self.replay = replay
        self.title_text = title
        self.index = replay.last if at_end else 0
        self._logged = -2  # the last step written to the log

    @property
    def ascii(self) -> bool:
        return getattr(self.app, "ascii", False)

    @property
    def step(self) -> Step:
        return self.replay.step(self.index)

    def compose(self) -> ComposeResult:
        r, show = self.replay, self.step.show
        yield Static(id="replay-header")
        with Horizontal(id="replay-body"):
            with Vertical(id="replay-left"):
                yield RowsView(show, self.ascii, id="replay-rows")
                yield RevealView(r.names, show, self.ascii, id="replay-reveal")
                yield Static(id="replay-status")
            with Vertical(id="replay-right"):
                yield ScoreBoard(r.names, r.levels, show, id="replay-scores")
                yield Static(Text(_("LOG"), style="bold"), id="replay-log-title")
                yield GameLog(id="replay-log")
        hands = VerticalScroll(id="replay-hands")
        hands.can_focus = False
        with hands:
            yield Static(id="replay-hands-text")
        yield KeyBar()

    def on_mount(self) -> None:
        self.show_step()
        if not self.replay.complete:
            self.call_after_refresh(self.build_in_background)

    def build_in_background(self) -> None:
        self.run_worker(self.build_steps(), group="replay-steps", exclusive=True)

    async def build_steps(self) -> None:
        """The steps not built yet, a slice at a time, each followed by a pause for the keys and the drawing;
        the header then says how many steps there are."""
        while True:
            end = time.perf_counter() + BUILD_SLICE
            while time.perf_counter() < end:
                if self.replay.build_more(20):
                    for header in self.query("#replay-header").results(Static):  # (none once the viewer was left)
                        header.update(self.header_text())
                    return
            await asyncio.sleep(BUILD_PAUSE)

    # ------------------------------------------------------------------ drawing

    def header_text(self) -> Text:
        step, r = self.step, self.replay
        parts = [_("Replay"), variant_name(r.variant)]
        if step.show.round:
            parts.append(_("round {n}").format(n=step.show.round))
        if step.show.turn:
            parts.append(_("turn {n}").format(n=step.show.turn))
        if r.complete:
            parts.append(_("step {i} of {n}").format(i=self.index + 1, n=len(r.built)))
        else:  # (the steps after it are still being built)
            # TRANSLATORS: the replay viewer's header while it still counts the steps of a long game
            parts.append(_("step {i}").format(i=self.index + 1))
        out = Text(" " + " - ".join(parts), style="bold")
        hint = self.title_text
        width = self.size.width or 80
        room = width - out.cell_len - 2
        if hint and room > 8:
            hint = hint if len(hint) <= room else "..." + hint[-(room - 3):]
            out.append(" " * max(1, width - out.cell_len - len(hint) - 1))
            out.append(hint, style="dim")
        return out

    def show_step(self) -> None:
        step = self.step
        self.query_one("#replay-header", Static).update(self.header_text())
        for widget in (self.query_one(RowsView), self.query_one(RevealView), self.query_one(ScoreBoard)):
            widget.show = step.show
            widget.refresh(layout=True)
        board = self.query_one(ScoreBoard)
        board.marks = self._marks(step)
        line = step_line(self.replay, step, self.ascii)
        self.query_one("#replay-status", Static).update(line or "")
        width = (self.size.width or self.app.size.width) - 2
        self.query_one("#replay-hands-text", Static).update(hands_text(self.replay, step, self.ascii, width))
        self.write_log()

    def _marks(self, step: Step) -> dict[int, str]:
        player = getattr(step.event, "player", None)
        if player is None and step.action is not None:
            player = step.action.get("player")
        return {player: ">"} if isinstance(player, int) else {}

    def write_log(self) -> None:
        """The log up to this step: one more line when moving on by one step, else written again."""
        log = self.query_one(GameLog)
        if self.index == self._logged + 1:
            first = self.index
        else:
            log.lines.clear()
            first = max(0, self.index - LOG_STEPS + 1)
        for step in self.replay.built[first:self.index + 1]:
            line = step_line(self.replay, step, self.ascii)
            if line is not None:
                log.write(line)
        log.refresh()
        self._logged = self.index

    def log_lines(self) -> list[str]:
        """The log's lines as plain text, newest last (for tests)."""
        return [line.plain for line in self.query_one(GameLog).lines]


def replay_screen(game, title: str = "") -> ReplayScreen:
    """The replay viewer of a 6 nimmt! game (its system's "replay_screen" part, bere_tui/systems.py)."""
    from bere_tui.table.replay import Replay

    return ReplayScreen(Replay(game), title)
