"""A board-game record read back (bere replay FILE, Replays), every hand and every secret choice shown.

BoardReplayScreen steps through the game as the other viewers do, through the one stepper of
bere_tui/table/replay.py: Right/Left by decision, Down/Up by turn (its reveal, BG3), PgDn/PgUp by hand dealt
(BG2: 2-3 players play a second hand), Home/End to the deal or the end. Each step shows the board, the scores,
every hand with its action cards and a choice not yet revealed, and what the decision did. `g` opens the whole
game as one scrolling log (BoardLogScreen: the start tiles and every hand dealt, then every action with what it
did, and the board as it ended); Esc goes back."""

from __future__ import annotations

from typing import ClassVar

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import VerticalScroll
from textual.screen import Screen
from textual.widgets import Static

from bere_tui.engine.board import events as bg
from bere_tui.i18n import N_, NP_, _
from bere_tui.table.board.words import card_name
from bere_tui.table.narrate import log_line
from bere_tui.table.replay import events_by_action
from bere_tui.ui.board.board import rows_text, scores_text, tiles_text
from bere_tui.ui.screens.replay_viewer import ActionReplayScreen, step_keys
from bere_tui.ui.screens.whole_log import WholeLogScreen
from bere_tui.ui.widgets.keybar import KeyBar


def choice_line(action: dict, names: list[str], heads, ascii: bool = False) -> Text | None:
    """A secret choice as the replay tells it (every hand open): "Ann chooses 17• (play first)"."""
    if action["do"] != "select":
        return None
    out = Text(names[action["player"]] + ": ", style="dim")
    out.append(_("chooses") + " ", style="dim")
    out.append_text(tiles_text(action["tiles"], heads, ascii))
    if action["card"]:
        out.append(" (" + card_name(action["card"]) + ")", style="dim")
    return out


def replay_lines(game, ascii: bool = False) -> list[Text]:
    """The whole game as lines: the hands dealt, then each action and its events, then the final board."""
    fresh, actions, per_action = events_by_action(game)
    heads = fresh.board.heads
    names = [p["name"] for p in fresh.players]
    lines = [Text(_("The deal"), style="bold")]
    for p, name in enumerate(names):
        line = Text(name + ": ", style="bold")
        line.append_text(tiles_text(sorted(fresh.setup["hands"][p]), heads, ascii))
        lines.append(line)

    def tell(event) -> None:
        told = log_line(event, names, ascii)
        if told is not None:
            lines.append(told)

    for event in fresh.opening_events:
        tell(event)
    for action, events in zip(actions, per_action):
        chose = choice_line(action, names, heads, ascii)
        if chose is not None:
            lines.append(chose)
        for event in events:
            tell(event)
    lines.append(Text(_("The board at the end"), style="bold"))
    lines.append(rows_text(fresh.view(None), ascii))
    if fresh.finished:
        lines.append(Text(", ".join(_("{name} {score}").format(name=names[p], score=fresh.scores[p])
                                    for p in range(len(names)))))
    return lines


class BoardLogScreen(WholeLogScreen):
    """A board-game record read back as one scrolling log (the shared whole-log screen)."""

    def __init__(self, game, title: str = "") -> None:
        super().__init__([], _("Board game replay") + (" - " + title if title else ""))
        self.game = game
        self.note = title

    def log_lines(self) -> list[Text]:
        return replay_lines(self.game, self.app.ascii)


def turn_starts(events) -> bool:
    """A step that starts a turn: its reveal (BG3)."""
    return any(isinstance(e, bg.Revealed) for e in events)


def hand_starts(events) -> bool:
    """A step that deals a hand (BG2): the board game's rounds."""
    return any(isinstance(e, bg.HandDealt) for e in events)


def hands_text(state, names: list[str], ascii: bool = False) -> Text:
    """Every hand of a replay with its action cards (BG7) and a choice not yet revealed (BG3)."""
    heads = state.board.heads
    lines = [Text(_("HANDS (every hand and choice shown)"), style="bold")]
    for p, name in enumerate(names):
        line = Text(no_wrap=True, overflow="ellipsis")
        line.append(name[:12].ljust(13), style="bold")
        choice = None if state.revealed else state.choices.get(p)  # (until the reveal: BG3)
        if choice is not None:
            line.append(_("chose:") + " ", style="bold")
            line.append_text(tiles_text(choice[0], heads, ascii))
            if choice[1]:
                line.append(" (" + card_name(choice[1]) + ")")
            line.append("  ")
        if state.held[p]:
            line.append(_("cards:") + " " + ", ".join(card_name(c) for c in state.held[p]) + "  ", style="dim")
        line.append_text(tiles_text(state.hands[p], heads, ascii))
        lines.append(line)
    return Text("\n").join(lines)


class BoardReplayScreen(ActionReplayScreen):
    """The game step by step (see the module's docstring)."""

    DEFAULT_CSS = """
    BoardReplayScreen #bg-replay-head { height: 1; overflow: hidden; }
    BoardReplayScreen #bg-rows { height: auto; padding: 0 1; }
    BoardReplayScreen #bg-scores { height: auto; padding: 0 1; }
    BoardReplayScreen #bg-hands { height: auto; padding: 0 1; }
    BoardReplayScreen #bg-below { height: 1fr; padding: 0 1; }
    """
    BINDINGS: ClassVar[list[BindingType]] = step_keys(
        NP_("replay key", "decision"), NP_("replay key", "decision back"), NP_("replay key", "turn"),
        NP_("replay key", "turn back"), NP_("replay key", "hand"), NP_("replay key", "hand back"),
        Binding("g", "log", N_("whole log"), show=True))

    turn_starts = staticmethod(turn_starts)
    round_starts = staticmethod(hand_starts)

    def log_screen(self) -> Screen:
        return BoardLogScreen(self.game, self.note)

    def compose(self) -> ComposeResult:
        yield Static(id="bg-replay-head")
        yield Static(id="bg-rows")
        yield Static(id="bg-scores")
        yield Static(id="bg-hands")
        with VerticalScroll(id="bg-below", can_focus=False):  # (its own keys would hide the screen's)
            yield Static(id="bg-step")  # (what the decision did: a turn's placements may be many)
        yield KeyBar()

    def show_step(self) -> None:
        step = self.replay.step(self.index)
        state, ascii = step.state, self.app.ascii
        view = state.view(None)
        head = Text(" " + _("Board game replay") + "  ", style="bold", no_wrap=True, overflow="ellipsis")
        parts = [_("turn {n}").format(n=step.turn)]
        if self.replay.complete:
            parts.append(_("step {i} of {n}").format(i=self.index + 1, n=len(self.replay.built)))
        else:  # (the steps after it are built as they are asked for)
            parts.append(_("step {i}").format(i=self.index + 1))
        head.append(" - ".join(parts))
        if self.note:
            head.append("  " + self.note, style="dim")
        self.query_one("#bg-replay-head", Static).update(head)
        self.query_one("#bg-rows", Static).update(rows_text(view, ascii))
        self.query_one("#bg-scores", Static).update(scores_text(view, self.names, {}))
        self.query_one("#bg-hands", Static).update(hands_text(state, self.names, ascii))
        lines = [Text(_("The deal"), style="bold")] if step.action is None else []
        if step.action is not None:
            chose = choice_line(step.action, self.names, state.board.heads, ascii)
            if chose is not None:
                lines.append(chose)
        lines += [line for e in step.events if (line := log_line(e, self.names, ascii)) is not None]
        self.query_one("#bg-step", Static).update(Text("\n").join(lines))
        below = self.query_one("#bg-below", VerticalScroll)
        if any(isinstance(e, bg.GameOver) for e in step.events):  # the end: who wins shows, the last line
            self.call_after_refresh(below.scroll_end, animate=False)
        else:
            below.scroll_home(animate=False)


__all__ = ["BoardLogScreen", "BoardReplayScreen", "hands_text", "replay_lines"]
