"""The replay viewer of every game (`bere replay FILE`, Replays on the title screen, "Watch the replay" on the end
screen): a finished or saved game stepped through forward and back, with every hand shown (it is a replay).

One screen hosts the game's face (ui/faces; its system's "face" part), as the table and the lessons do. The face
makes the steps (`replay(game)`: table/replay.py's Stepper; by decision, 6 nimmt! by each event of a decision),
draws a step (`compose_replay`, `draw_step`), says where a step is (`step_parts`) and tells the whole game as
one log (`replay_log`). The keys are the same for every game (step_keys): Right/Left one step, Down/Up one turn
(its reveal), PgDn/PgUp one round (its deal), Home/End to the deal or the end, `g` the whole game as one log,
`r` the game review, Esc back; the face names its steps, turns and rounds on the key bar (REPLAY_KEYS).

The first step shows at once; the others are built as the keys ask for them and, a little at a time between key
presses, in the background (a long record took seconds to show, issue 36).
"""

from __future__ import annotations

import asyncio
import time
from typing import ClassVar

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.screen import Screen
from textual.widgets import Static

from bere_tui.i18n import N_, NP_, _
from bere_tui.table.words import variant_name
from bere_tui.ui.faces import add_face_css, host_face
from bere_tui.ui.screens.whole_log import WholeLogScreen
from bere_tui.ui.widgets.keybar import KeyBar
from bere_tui.ui.widgets.log import GameLog

#: the background building of steps: at most BUILD_SLICE seconds at a time, then BUILD_PAUSE seconds for the
#: keys and the drawing (it starts once the first step is drawn)
BUILD_SLICE = 0.01
BUILD_PAUSE = 0.01


def step_keys(step: str, step_back: str, turn: str, turn_back: str, round_: str, round_back: str,
              *more: BindingType) -> list[BindingType]:
    """The keys of the replay viewer, named for its steps, turns and rounds: one step, turn or round on (or
    back), to the start or the end, then `more`, the game review and Esc."""
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


#: the actions of step_keys' six named keys, in the order of a face's REPLAY_KEYS
STEP_ACTIONS = ("go('event', True)", "go('event', False)", "go('turn', True)", "go('turn', False)",
                "go('round', True)", "go('round', False)")


class ReplayScreen(Screen[None]):
    """The replay of `game` (any registered game), at its first step (or its last: `at_end`); `title` is shown at
    the right of the header (the file's name). Esc goes back to where the viewer was opened from."""

    DEFAULT_CSS = """
    ReplayScreen #replay-header { height: 1; background: $primary-background; }
    """
    AUTO_FOCUS = None  # the arrow keys move the replay, not a panel
    BINDINGS: ClassVar[list[BindingType]] = step_keys(
        NP_("replay key", "decision"), NP_("replay key", "decision back"), NP_("replay key", "turn"),
        NP_("replay key", "turn back"), NP_("replay key", "round"), NP_("replay key", "round back"),
        Binding("g", "log", N_("whole log"), show=True))

    def __init__(self, game, title: str = "", at_end: bool = False) -> None:
        from bere_tui.systems import system_of

        super().__init__()
        self.game = game
        self.note = title
        self.names = [p["name"] for p in game.players]
        self.levels: list[str | None] = [p.get("bot") for p in game.players]
        system = system_of(game.variant)
        self.replay = system.part("face").replay(game)
        self.index = self.replay.last if at_end else 0
        self.face = host_face(self, system, lesson=False)
        #: the key bar's names of the six step keys: the face's (a board game's rounds are its hands)
        self.key_names = dict(zip(STEP_ACTIONS, self.face.REPLAY_KEYS, strict=True))

    def _post_register(self, app) -> None:
        super()._post_register(app)
        add_face_css(app, self.face)

    @property
    def ascii(self) -> bool:
        return getattr(self.app, "ascii", False)

    @property
    def step(self):
        """The step shown."""
        return self.replay.step(self.index)

    def compose(self) -> ComposeResult:
        yield Static(id="replay-header")
        yield from self.face.compose_replay()
        yield KeyBar()

    def on_mount(self) -> None:
        self.show_step()
        if not self.replay.complete:
            self.call_after_refresh(self.build_in_background)

    def on_resize(self) -> None:
        if self.is_mounted:
            self.show_step()

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
        """The header: "Replay - Base game - round 1 - turn 3 - step 12 of 96", the title at the right."""
        r = self.replay
        parts = [_("Replay"), variant_name(self.game.variant), *self.face.step_parts(self.step)]
        if r.complete:
            parts.append(_("step {i} of {n}").format(i=self.index + 1, n=len(r.built)))
        else:  # (the steps after it are still being built)
            # TRANSLATORS: the replay viewer's header while it still counts the steps of a long game
            parts.append(_("step {i}").format(i=self.index + 1))
        out = Text(" " + " - ".join(parts), style="bold", no_wrap=True, overflow="ellipsis")
        hint = self.note
        width = self.size.width or 80
        room = width - out.cell_len - 2
        if hint and room > 8:
            hint = hint if len(hint) <= room else "..." + hint[-(room - 3):]
            out.append(" " * max(1, width - out.cell_len - len(hint) - 1))
            out.append(hint, style="dim")
        return out

    def show_step(self) -> None:
        self.query_one("#replay-header", Static).update(self.header_text())
        self.face.draw_step()

    def log_lines(self) -> list[str]:
        """The log panel's lines as plain text, newest last (for tests; [] for a face without one)."""
        return [line.plain for log in self.query(GameLog).results(GameLog) for line in log.lines]

    # ------------------------------------------------------------------ the keys

    def action_go(self, by: str, forward: bool) -> None:
        self.jump(self.replay.move(self.index, by, forward))

    def action_jump(self, index: int) -> None:
        self.jump(index if index >= 0 else self.replay.last)

    def jump(self, index: int) -> None:
        if index != self.index:
            self.index = index
            self.show_step()

    def action_log(self) -> None:
        """`g`: the whole game as one scrolling log, every hand shown."""
        parts = [_("Replay"), variant_name(self.game.variant), _("whole log"), *([self.note] if self.note else [])]
        self.app.push_screen(WholeLogScreen(self.face.replay_log(), " - ".join(parts)))

    def action_review(self) -> None:
        """`r`: the game review of the game replayed (issue 34: ui/screens/review.py)."""
        from bere_tui.ui.screens.review import open_review

        open_review(self.app, self.game)

    def action_back(self) -> None:
        self.app.pop_screen()


__all__ = ["ReplayScreen", "step_keys"]
