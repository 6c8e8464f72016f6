"""A Bullenparty game record read back (bere replay FILE, Replays), every hand and every secret bid shown.

BullenpartyReplayScreen steps through the game one decision at a time, as the 6 nimmt! viewer steps through
its events: the rows, the piles and scores, every hand, and what the decision did. Right/Left go by decision,
Down/Up by bidding (its reveal), PgDn/PgUp by round, Home/End to the deal or the end; `g` opens the whole game
as one scrolling log (BullenpartyLogScreen); Esc goes back."""

from __future__ import annotations

from typing import ClassVar

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.screen import Screen
from textual.widgets import Static

from bere_tui.engine.bullenparty import Game, rules
from bere_tui.engine.bullenparty import events as bp
from bere_tui.i18n import N_, NP_, _
from bere_tui.table.narrate import log_line
from bere_tui.table.replay import events_by_action
from bere_tui.ui.bullenparty.board import cards_text, players_text, rows_text
from bere_tui.ui.screens.whole_log import WholeLogScreen
from bere_tui.ui.widgets.keybar import KeyBar


def replay_lines(game, ascii: bool = False) -> list[Text]:
    """The whole game as lines: the hands dealt, then each action and its events (bids shown: all hands open)."""
    _fresh, actions, per_action = events_by_action(game)
    deal = game.setup  # the hands and zero cards dealt (BP3), as the record keeps them
    names = [p["name"] for p in game.players]
    lines = [Text(_("The deal"), style="bold")]
    for p, name in enumerate(names):
        # TRANSLATORS: before a player's hand as dealt (Bullenparty's replay): "Ann: 12 47 68 ..."
        line = Text(_("{name}:").format(name=name) + " ", style="bold")
        line.append_text(cards_text(sorted(deal["hands"][p]), ascii))
        line.append("  " + _("zero card {letter}").format(letter=deal["zero"][p]))
        lines.append(line)
    def tell(event) -> None:
        told = log_line(event, names, ascii)
        if told is not None:
            lines.append(told)
        if isinstance(event, bp.RoundStarted):  # the rows as dealt (BP4)
            for r, cards in enumerate(event.rows):
                lines.append(Text("  " + _("row {n}:").format(n=r + 1) + " ").append_text(cards_text(cards, ascii)))

    for event in game.opening_events:
        tell(event)
    for action, events in zip(actions, per_action):
        if action["do"] == "bid":
            bid = action["card"]
            what = _("the zero card") if bid == rules.ZERO else str(bid)
            lines.append(Text(_("{name} bids {what}").format(name=names[action["player"]], what=what), style="dim"))
        for event in events:
            tell(event)
    if game.finished:
        scores = game.scores()
        lines.append(Text(", ".join(_("{name} {score}").format(name=names[p], score=scores[p])
                                    for p in range(len(names)))))
    return lines


class BullenpartyLogScreen(WholeLogScreen):
    """The whole game as one scrolling log, every hand and bid shown (the replay's `g`)."""

    def __init__(self, game, title: str = "") -> None:
        super().__init__([], _("Bullenparty replay") + (" - " + title if title else ""))
        self.game = game

    def log_lines(self) -> list[Text]:
        return replay_lines(self.game, self.app.ascii)


def step_lines(game, ascii: bool = False) -> tuple[list, list[list[Text]], list[set[str]]]:
    """The game at each step (a copy: the deal, then after each decision), what each step did, in lines, and
    where each step stands: "bidding" (its bids revealed), "round" (a round's rows laid out)."""
    record = game.record()  # a game the engine accepted: every action applies again
    names = [p["name"] for p in game.players]
    start = Game(record["players"], seed=record["seed"], deals=record["deals"])
    states = [start.copy()]
    told = [[Text(_("The deal"), style="bold")] + [line for e in start.opening_events
                                                  if (line := log_line(e, names, ascii)) is not None]]
    stops = [{"bidding", "round"}]
    for action in record["actions"]:
        events = start.apply(action)
        states.append(start.copy())
        lines = []
        if action["do"] == "bid":
            bid = action["card"]
            what = _("the zero card") if bid == rules.ZERO else str(bid)
            lines.append(Text(_("{name} bids {what}").format(name=names[action["player"]], what=what)))
        lines += [line for e in events if (line := log_line(e, names, ascii)) is not None]
        told.append(lines)
        stops.append({"bidding" for e in events if isinstance(e, bp.BidsRevealed)}
                     | {"round" for e in events if isinstance(e, bp.RoundStarted)})
    return states, told, stops


def hands_text(state, names: list[str], ascii: bool = False) -> Text:
    """Every hand of a replay with its zero card, and a bid not yet revealed."""
    lines = [Text(_("HANDS (every hand and bid shown)"), style="bold")]
    for p, name in enumerate(names):
        line = Text(no_wrap=True, overflow="ellipsis")
        line.append(name[:12].ljust(13), style="bold")
        line.append_text(cards_text(state.hands[p], ascii))
        line.append("  " + _("zero card {letter}").format(letter=state.letters[p]), style="dim")
        bid = state.bids.get(p) if state.pending is not None and state.pending["do"] == "bid" else None
        if bid is not None:
            what = _("zero card {letter}").format(letter=state.letters[p]) if bid == rules.ZERO else str(bid)
            line.append("  " + _("bid: {what}").format(what=what), style="bold")
        lines.append(line)
    return Text("\n").join(lines)


class BullenpartyReplayScreen(Screen[None]):
    """The game step by step (see the module's docstring)."""

    DEFAULT_CSS = """
    BullenpartyReplayScreen #bp-replay-head { height: 1; overflow: hidden; }
    BullenpartyReplayScreen #bp-rows { height: auto; padding: 0 1; }
    BullenpartyReplayScreen #bp-players { height: auto; padding: 0 1; }
    BullenpartyReplayScreen #bp-hands { height: auto; padding: 0 1; }
    BullenpartyReplayScreen #bp-step { height: 1fr; padding: 0 1; }
    """
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("right,l,enter", "go('step', True)", NP_("replay key", "decision"), show=True,
                key_display="<- ->"),
        Binding("left,h", "go('step', False)", NP_("replay key", "decision back"), show=False),
        Binding("down,j", "go('bidding', True)", NP_("replay key", "turn"), show=True,
                key_display=NP_("key name", "up/down")),
        Binding("up,k", "go('bidding', False)", NP_("replay key", "turn back"), show=False),
        Binding("pagedown,right_square_bracket", "go('round', True)", NP_("replay key", "round"), show=True,
                key_display="PgUp/PgDn"),
        Binding("pageup,left_square_bracket", "go('round', False)", NP_("replay key", "round back"), show=False),
        Binding("home", "jump(0)", NP_("replay key", "start"), show=False),
        Binding("end", "jump(-1)", NP_("replay key", "end"), show=False),
        Binding("g", "log", N_("whole log"), show=True),
        Binding("escape", "app.pop_screen", N_("back"), show=True),
        Binding("r", "review", N_("game review"), show=True),  # (issue 34: ui/screens/review.py)
    ]

    def action_review(self) -> None:
        from bere_tui.ui.screens.review import open_review

        open_review(self.app, self.game)

    def __init__(self, game, title: str = "") -> None:
        super().__init__()
        self.game = game
        self.note = title
        self.names = [p["name"] for p in game.players]
        self.states, self.told, self.stops = step_lines(game)
        self.step = 0

    def compose(self) -> ComposeResult:
        yield Static(id="bp-replay-head")
        yield Static(id="bp-rows")
        yield Static(id="bp-players")
        yield Static(id="bp-hands")
        yield Static(id="bp-step")
        yield KeyBar()

    def on_mount(self) -> None:
        if self.app.ascii:  # the lines were told before the app's display options were known
            self.states, self.told, self.stops = step_lines(self.game, True)
        self.show()

    def show(self) -> None:
        state = self.states[self.step]
        view = state.view(None)
        head = Text(" " + _("Bullenparty replay") + "  ", style="bold", no_wrap=True, overflow="ellipsis")
        head.append(_("round {round}, decision {i} of {n}").format(
            round=state.round, i=self.step, n=len(self.states) - 1))
        if self.note:
            head.append("  " + self.note, style="dim")
        self.query_one("#bp-replay-head", Static).update(head)
        ascii = self.app.ascii
        self.query_one("#bp-rows", Static).update(rows_text(view, self.names, ascii))
        self.query_one("#bp-players", Static).update(players_text(view, self.names, {}, ascii, wrap=False))
        self.query_one("#bp-hands", Static).update(hands_text(state, self.names, ascii))
        lines = self.told[self.step]
        if self.step == len(self.states) - 1 and state.finished:
            scores = state.scores()
            lines = [*lines, Text(", ".join(_("{name} {score}").format(name=self.names[p], score=scores[p])
                                            for p in range(len(self.names))), style="bold")]
        self.query_one("#bp-step", Static).update(Text("\n").join(lines))

    def action_go(self, unit: str, forward: bool) -> None:
        i = self.step
        last = len(self.states) - 1
        while True:
            i += 1 if forward else -1
            if i < 0 or i > last:
                i = max(0, min(i, last))
                break
            if unit == "step" or unit in self.stops[i]:
                break
        self.step = i
        self.show()

    def action_jump(self, where: int) -> None:
        self.step = where % len(self.states)
        self.show()

    def action_log(self) -> None:
        self.app.push_screen(BullenpartyLogScreen(self.game, self.note))


__all__ = ["BullenpartyLogScreen", "BullenpartyReplayScreen", "hands_text", "replay_lines", "step_lines"]
