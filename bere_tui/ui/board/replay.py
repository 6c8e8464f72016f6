"""A board-game record read back (bere replay FILE, Replays): the start tiles and every hand dealt, then every
action with what it did, in order, every secret choice shown, and the board as it ended. The arrows and
PgUp/PgDn scroll, Home/End jump, Esc goes back."""

from __future__ import annotations

from typing import ClassVar

from rich.text import Text
from textual.binding import Binding, BindingType

from bere_tui.i18n import N_, _
from bere_tui.table.board.words import card_name
from bere_tui.table.narrate import log_line
from bere_tui.table.replay import events_by_action
from bere_tui.ui.board.board import rows_text, tiles_text
from bere_tui.ui.screens.whole_log import WholeLogScreen


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


class BoardReplayScreen(WholeLogScreen):
    """A board-game record read back: the whole game as one scrolling log (the shared whole-log screen)."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("r", "review", N_("game review"), show=True),  # (issue 34: ui/screens/review.py)
    ]

    def action_review(self) -> None:
        from bere_tui.ui.screens.review import open_review

        open_review(self.app, self.game)

    def __init__(self, game, title: str = "") -> None:
        super().__init__([], _("Board game replay") + (" - " + title if title else ""))
        self.game = game
        self.note = title

    def log_lines(self) -> list[Text]:
        return replay_lines(self.game, self.app.ascii)


__all__ = ["BoardReplayScreen", "replay_lines"]
