"""6 nimmt!'s face: rows, scores, the reveal, the log and the hand, at the table and in a lesson. The table is
drawn from a table model (table/nimmt/model.py) that folds each event in, so that placements show one at a time."""

from __future__ import annotations

from typing import ClassVar

from rich.text import Text
from textual.app import ComposeResult
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.widgets import Static

from bere_tui.engine.nimmt import events as ev
from bere_tui.i18n import NP_, _
from bere_tui.table.cardtext import card_inline
from bere_tui.table.narrate import log_line
from bere_tui.table.nimmt.model import TableShow
from bere_tui.table.replay import Replay, Step
from bere_tui.table.words import special_name, variant_name
from bere_tui.ui.faces.base import TableFace
from bere_tui.ui.widgets.hand import HandView, hand_text
from bere_tui.ui.widgets.log import GameLog, covered_from
from bere_tui.ui.widgets.reveal import RevealView
from bere_tui.ui.widgets.rows import RowsView
from bere_tui.ui.widgets.scores import ScoreBoard
from bere_tui.ui.widgets.specials import SpecialsView
from bere_tui.ui.widgets.tablebody import table_body

#: how many steps back the replay's log panel is written (it shows the last dozen lines)
LOG_STEPS = 80

#: how long each kind of event stays on screen, in steps
EVENT_STEPS = {ev.Revealed: 2.0, ev.Placed: 1.0, ev.RowTaken: 1.5, ev.SpecialPlayed: 1.5, ev.Cancelled: 1.0,
               ev.ParityMoved: 1.0, ev.Drafted: 0.3, ev.Dealt: 1.0}


class NimmtFace(TableFace):
    """6 nimmt! (every variant): its layout is the table body's (ui/widgets/tablebody.py, ui/screens/table.tcss)."""

    EVENT_STEPS = EVENT_STEPS
    POINTS: ClassVar[dict[str, str]] = {"hand": "#hand-area", "specials": "#hand-area", "rows": "#rows",
                                        "scores": "#scores", "pile": "#scores", "log": "#log"}
    SNAPSHOTS = False
    #: the replay viewer: the table's layout, with every hand below it (the table's own is ui/screens/table.tcss)
    CSS = """
    ReplayScreen.-face-nimmt #replay-body { height: 1fr; }
    ReplayScreen.-face-nimmt #replay-left { width: 1fr; padding: 0 1; }
    ReplayScreen.-face-nimmt #replay-right { width: 29; border-left: solid $primary; padding: 0 0 0 1; }
    App.-ascii ReplayScreen.-face-nimmt #replay-right { border-left: ascii $primary; }
    ReplayScreen.-face-nimmt #replay-reveal { margin-top: 1; }
    ReplayScreen.-face-nimmt #replay-status { margin-top: 1; height: auto; }
    ReplayScreen.-face-nimmt #replay-log-title { margin-top: 1; }
    ReplayScreen.-face-nimmt #replay-log { height: 1fr; background: $surface; }
    ReplayScreen.-face-nimmt #replay-hands { height: auto; max-height: 50%; padding: 0 1; border-top: solid $primary; }
    App.-ascii ReplayScreen.-face-nimmt #replay-hands { border-top: ascii $primary; }
    ReplayScreen.-face-nimmt #replay-hands-text { height: auto; }
    """

    def __init__(self, host, lesson: bool = False) -> None:
        super().__init__(host, lesson)
        if lesson:
            from bere_tui.teach.describe import Teller

            self.teller = Teller(host.game.view(host.viewer), host.viewer)
            self.show = self.teller.table  # one model: the teller folds each event into it
        else:
            self.show = TableShow.from_view(host.game.view(None))

    # ------------------------------------------------------------------ layout

    def compose(self) -> ComposeResult:
        host = self.host
        yield from table_body(host.names, host.levels, self.show, self.ascii,
                              public_hands=host.game.rules.public_hands,
                              specials=host.game.rules.has_specials and not self.lesson)  # (the table only)

    # ------------------------------------------------------------------ drawing

    def header_parts(self) -> list[str]:
        g, show = self.host.game, self.show
        # TRANSLATORS: the game's name as the printed edition of your language has it (6 bere!, 6 qui prend !)
        parts = [_("6 nimmt!"), variant_name(g.variant)]  # (HEADER_LEAD: these two name the game)
        rounds_fixed = g.rules.rounds_fixed  # A6: two rounds (the text keeps the number, as translated)
        if rounds_fixed:
            parts.append(_("round {n} of 2").format(n=show.round))
        else:
            parts.append(_("round {n}").format(n=show.round))
        if show.turn:
            parts.append(_("turn {t} of {n}").format(t=show.turn, n=g.rules.hand_size))
        if not rounds_fixed:  # B9, B10
            rounds = g.options.get("rounds")
            # TRANSLATORS: the table's header: a game of {n} rounds, or one played until a total reaches {n} points
            parts.append(_("{n} rounds").format(n=rounds) if rounds else _("to {n}").format(n=g.options["target"]))
        return parts

    def draw(self) -> None:
        host = self.host
        for widget in (host.query_one(RowsView), host.query_one(RevealView), host.query_one(ScoreBoard),
                       *host.query(SpecialsView)):
            widget.refresh(layout=True)

    def on_resize(self) -> None:
        """(The header is the host's.)"""

    def draw_hand(self, view, note: str | None = None) -> None:
        """A hand shows on the table only when one person plays against bots (nobody else is looking)."""
        game = self.host.game
        hand = self.host.query_one(HandView)
        if game.rules.public_hands:  # P3: every hand is public, so all are shown (under the rows)
            hand.show_hands([(pv.name, pv.hand or ()) for pv in game.view(None).players])
        elif view is not None:
            specials = view.my_specials if view.rules.has_specials else None
            hand.show_hand(self.names[view.me], view.hand, specials, view.players[view.me].drawn)
        else:
            hand.hide(note or "")

    def make_room_for_log(self) -> None:
        """While a prompt covers the bottom of the table, the log keeps its newest line in view: with many
        players the scores take the room, so they show the lines that fit (the game's player among them) and
        "…"; all of them again once there is room (redraw_logs)."""
        logs, boards = self.host.query(GameLog), self.host.query(ScoreBoard)
        if not logs or not boards:  # (a table not composed yet, or one going away)
            return
        log, board = logs.first(), boards.first()
        full = 1 + len(board.names)
        cover = covered_from(log)
        if cover is None or not log.region:
            want = full
        else:
            shown = board.limit or full
            want = max(3, min(full, shown + (cover - log.content_region.y) - log.newest_height()))
        limit = None if want >= full else want
        if limit != board.limit:
            board.limit = limit
            board.refresh(layout=True)

    def set_marks(self, marks: dict[int, str]) -> None:
        board = self.host.query_one(ScoreBoard)
        board.marks = marks
        board.refresh()

    def forced_text(self, name: str) -> str:
        """6 nimmt!: the last card."""
        return _("{name} has one card left: it is played.").format(name=name)

    def tracker(self, view):
        from bere_tui.ui.screens.tracker import TrackerScreen

        return TrackerScreen(view, self.ascii)

    def prompt(self, view, legal: list[dict]):
        from bere_tui.ui.prompts import make_prompt

        return make_prompt(view, legal, self.ascii)

    def prompt_class(self, do: str) -> type:
        from bere_tui.ui.prompts import prompt_class

        return prompt_class(do)

    # ------------------------------------------------------------------ the table's events

    async def round_summary(self, scored: ev.RoundScored) -> None:
        from bere_tui.ui.screens.scores import RoundSummaryScreen

        host = self.host
        await host.pause(1.0)
        await host.settle()
        await host.app.push_screen_wait(RoundSummaryScreen(
            scored.round, host.names, host.levels, list(scored.scores), list(scored.totals), self.ascii,
            list(scored.cards)))

    async def show_events(self, events: list) -> None:
        host = self.host
        moving = any(isinstance(e, (ev.Revealed, ev.Placed, ev.RowTaken, ev.Drafted)) for e in events)
        host.set_animating(moving and host.app.speed != "off")
        log = host.query_one(GameLog)
        for event in events:
            host.log_event(event, log)
            if isinstance(event, ev.Selected):
                continue
            self.show.apply(event)
            self.describe_status(event)
            host.redraw()
            steps = EVENT_STEPS.get(type(event))
            if steps:
                await host.pause(steps)
        host.set_animating(False)
        self.show.clear_marks()
        self.show.sync(host.game.view(None))
        host.redraw()

    def describe_status(self, event) -> None:
        host, names = self.host, self.names
        if isinstance(event, ev.Revealed):
            host.set_marks({})
            host.set_status(_("All cards are revealed; they are placed lowest first."))
        elif isinstance(event, ev.RowTaken) or isinstance(event, ev.Placed) and not event.new_row:
            host.set_marks({event.player: ">"})
            line = log_line(event, names, self.ascii)  # the log's sentence: one wording everywhere
            host.set_status(line.plain if line else "")
        elif isinstance(event, ev.Dealt):
            host.set_marks({})
            host.set_status(_("Round {n} begins.").format(n=event.round))
        elif isinstance(event, ev.GameOver):
            line = log_line(event, names, self.ascii)
            host.set_status(line.plain if line else "")

    # ------------------------------------------------------------------ a lesson

    def tell(self, event) -> str | None:
        return self.teller.tell(event)

    def secret(self, event) -> bool:
        return isinstance(event, ev.Selected)  # B3

    def deals_hands(self, event) -> bool:
        return isinstance(event, ev.Dealt)

    @staticmethod
    def your_move(do: str) -> str:
        return your_move(do)

    def lesson_hand(self) -> None:
        """The learner's hand (and special cards); in Pro every hand is open (P3), so all are shown, a line
        each, under the rows as at the table."""
        view = self.host.game.view(self.host.viewer)
        hand = self.host.query_one(HandView)
        if view.rules.public_hands:
            hand.show_hands([(pv.name, pv.hand or ()) for pv in view.players])
            return
        specials = view.my_specials if view.rules.has_specials else None
        lines = hand_text("", view.hand, specials, self.ascii).split("\n")
        lines[0] = Text(_("YOUR HAND"), style="bold")
        hand.content = Text("\n").join(lines)
        hand.refresh(layout=True)

    def sync(self) -> None:
        self.show.clear_marks()
        self.show.sync(self.host.game.view(self.host.viewer))
        self.draw()
        self.lesson_hand()

    # ------------------------------------------------------------------ the replay viewer

    REPLAY_KEYS = (
        # TRANSLATORS: the replay viewer's keys: one event, turn or round on (or back)
        NP_("replay key", "event"), NP_("replay key", "event back"), NP_("replay key", "turn"),
        NP_("replay key", "turn back"), NP_("replay key", "round"), NP_("replay key", "round back"))

    @classmethod
    def replay(cls, game) -> Replay:
        """One step per event (each placement on its own), every decision among them (table/replay.py)."""
        return Replay(game)

    def compose_replay(self) -> ComposeResult:
        show = self.host.replay.step(self.host.index).show
        with Horizontal(id="replay-body"):
            with Vertical(id="replay-left"):
                yield RowsView(show, self.ascii, id="replay-rows")
                yield RevealView(self.names, show, self.ascii, id="replay-reveal")
                yield Static(id="replay-status")
            with Vertical(id="replay-right"):
                yield ScoreBoard(self.names, self.host.levels, show, id="replay-scores")
                yield Static(Text(_("LOG"), style="bold"), id="replay-log-title")
                yield GameLog(id="replay-log")
        with VerticalScroll(id="replay-hands", can_focus=False):
            yield Static(id="replay-hands-text")

    def step_parts(self, step: Step) -> list[str]:
        parts = []
        if step.show.round:
            parts.append(_("round {n}").format(n=step.show.round))
        if step.show.turn:
            parts.append(_("turn {n}").format(n=step.show.turn))
        return parts

    def step_lines(self, step: Step) -> list[Text]:
        told = self.host.replay.line(step)
        return [] if told is None else [told.text(self.ascii)]

    def end_lines(self, game) -> list[Text]:
        """(The game's end is told by its last event: who wins, with the totals.)"""
        return []

    def draw_step(self) -> None:
        host = self.host
        step = host.replay.step(host.index)
        for widget in (host.query_one(RowsView), host.query_one(RevealView), host.query_one(ScoreBoard)):
            widget.show = step.show
            widget.refresh(layout=True)
        player = getattr(step.event, "player", None)
        if player is None and step.action is not None:
            player = step.action.get("player")
        host.query_one(ScoreBoard).marks = {player: ">"} if isinstance(player, int) else {}
        lines = self.step_lines(step)
        host.query_one("#replay-status", Static).update(lines[0] if lines else "")
        width = (host.size.width or host.app.size.width) - 2
        host.query_one("#replay-hands-text", Static).update(self.replay_hands(step, width))
        self.write_replay_log()

    #: the last step written to the replay's log panel
    _logged = -2

    def write_replay_log(self) -> None:
        """The log up to the step shown: one more line when moving on by one step, else written again."""
        host = self.host
        log, index = host.query_one(GameLog), host.index
        if index == self._logged + 1:
            first = index
        else:
            log.lines.clear()
            first = max(0, index - LOG_STEPS + 1)
        for step in host.replay.built[first:index + 1]:
            for line in self.step_lines(step):
                log.write(line)
        log.refresh()
        self._logged = index

    def replay_hands(self, step: Step, width: int = 78) -> Text:
        """Every player's hand at this step, the card chosen this turn beside it, and (Anniversary) the special
        cards: on the same line when it has room, else on a line of their own."""
        names, ascii = self.names, self.ascii
        indent = max(len(n) for n in names) + 1
        lines = [Text(_("HANDS (a replay shows them all)"), style="bold")]
        for p, name in enumerate(names):
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
            if self.host.game.rules.has_specials:
                specials = Text(_("specials:") + " " + (", ".join(special_name(s) for s in step.specials[p])
                                                         or _("none")), style="italic")
                if line.cell_len + 2 + specials.cell_len <= width:
                    line.append("  ")
                    line.append_text(specials)
                else:
                    lines.append(Text(" " * (indent + 1)) + specials)
        return Text("\n").join(lines)


def your_move(do: str) -> str:
    """The practice game's narration while the learner decides."""
    return {
        "take_row": _("Your card is lower than every row it may follow: choose a row to take. Press i for a hint."),
        "draft": _("Your pick: choose a card of the open pool. Press i for a hint."),
        "special": _("Your card is next: play a special card with it, or none. Press i for a hint."),
        "cancel": _("Negative = Positive: choose the positive card and the cards it cancels. Press i for a hint."),
        "swap": _("You took a row: swap a special card, or keep them all. Press i for a hint."),
    }.get(do, _("Your move: choose a card. Press i for a hint: what a careful player would do, and why."))


__all__ = ["EVENT_STEPS", "NimmtFace", "your_move"]
