"""What a move the lesson did not ask for would do, and how it compares with the lesson's move.

Every explanation is computed from the move itself, never written for a kind of mistake, and tells only what
the learner may know:

- a card chosen in secret (B3) is placed on the rows as the learner sees them now; the others' cards are not
  known until the reveal, so the explanation says that a card placed first could change it. In a scripted
  lesson the others' cards are the lesson's own (`script`): the turn is played on a copy with them, and only
  what befalls the learner's card is told (never the others' cards, which show at the reveal);
- any other decision is applied to a copy of the game, and its events are told until someone else must decide
  (their special cards and choices are secret, A2: "not known yet", never guessed) or the turn ends;
- the lesson's own move is worked out the same way, and the two are compared by the bullheads the learner
  would take ("either would do" when they are equal).

The lesson step's `aim` (why the lesson asks for its move) follows; it is the same whatever the other move
was, so it must be true for every other move (tests/teach/test_teach_explain.py checks both parts).
"""

from __future__ import annotations

from collections.abc import Callable

from bere_tui.engine import IllegalAction
from bere_tui.engine.cards import row_bullheads
from bere_tui.engine.nimmt import Game
from bere_tui.engine.nimmt import events as ev
from bere_tui.engine.nimmt.specials import collected
from bere_tui.i18n import _, ngettext
from bere_tui.table.narrate import narrate
from bere_tui.table.sentence import Card, Sentence, say
from bere_tui.table.words import heads_text, special_name
from bere_tui.teach.outcome import Explanation, Outcome, explained


def next_decision(do: str) -> str:
    """The learner's own next decision after a move, in a sentence."""
    if do == "take_row":
        return _("Then you would choose which row to take.")
    if do == "special":
        return _("Then you would choose whether to play a special card.")
    if do == "cancel":
        return _("Then you would choose which cards Negative = Positive cancels.")
    if do == "swap":
        return _("Then you could swap a special card.")
    if do == "draft":
        return _("Then you would pick your next card.")
    return _("Then you would decide again.")


def others_decide(do: str, name: str) -> str:
    """Another player's coming decision: never guessed, only named."""
    if do == "special":
        return _("Then {name} may play a special card; that is not known yet.").format(name=name)
    if do == "take_row":
        return _("Then {name} chooses a row to take; which one is not known yet.").format(name=name)
    if do == "draft":
        return _("Then {name} picks a card; which one is not known yet.").format(name=name)
    return _("Then {name} decides; that is not known yet.").format(name=name)


def move_words(action: dict) -> Sentence:
    """The move in a few words: "your 62", "row 4", "Stop beside row 2", "no special card"."""
    do = action["do"]
    if do == "select":
        return say(_("your {card}"), card=Card(action["card"]))
    if do == "draft":
        return say(_("the {card}"), card=Card(action["card"]))
    if do == "take_row":
        return say(_("row {row}"), row=action["row"] + 1)
    if do == "cancel":
        return say(_("the {card} as the positive card"), card=Card(action["positive"]))
    if do == "swap":
        if action["discard"] is None:
            return say(_("keeping your special cards"))
        return say(_("discarding {special}"), special=special_name(action["discard"]))
    name = action.get("card")
    if name is None:
        return say(_("no special card"))
    special = special_name(name)
    if name in ("seven_nimmt", "stop"):
        return say(_("{special} beside row {row}"), special=special, row=action["row"] + 1)
    if name == "insert":
        return say(_("{special} into row {row}"), special=special, row=action["row"] + 1)
    if name == "replace":
        return say(_("{special} with your {card}"), special=special, card=Card(action["with"]))
    if name == "shift":
        return say(_("{special} of the {card} to row {row}"), special=special, card=Card(action["move"]),
                   row=action["to_row"] + 1)
    return say("{special}", special=special)


#: plays the lesson's scripted moves of the other seats on a copy of the game, while `still(game)` holds
Script = Callable[[Game, Callable[[Game], bool]], list[ev.Event]]


def outcome(game: Game, learner: int, action: dict, script: Script | None = None) -> Outcome:
    """What `action` of the learner would do (the game is not changed). Raises IllegalAction."""
    refused = game.check(action)
    if refused is not None:
        raise IllegalAction(refused)
    if action["do"] == "select":
        if script is not None:
            return _placed_in_turn(game, learner, action, script)
        return _placed_now(game, learner, action["card"])
    return _applied(game, learner, action)


def _placed_in_turn(game: Game, learner: int, action: dict, script: Script) -> Outcome:
    """A secret choice in a scripted lesson: the turn played on a copy with the others' scripted cards, until
    it ends or the learner decides again; only the learner's own placements and takes are told."""
    trial = game.copy()
    turn = (trial.round, trial.turn)
    events = trial.apply(action)
    events += script(trial, lambda g: (g.round, g.turn) == turn)
    out = Outcome(scripted=True)
    for e in events:
        if isinstance(e, _STOP_AT):
            break
        if not isinstance(e, (ev.Placed, ev.RowTaken)) or e.player != learner:
            continue  # (the others' cards are not told: they show at the reveal)
        out.events.append(e)
        if isinstance(e, ev.RowTaken):
            out.sentences.append(say(ngettext("Your {card} would take row {row}: {n} card, {heads}.",
                                              "Your {card} would take row {row}: {n} cards, {heads}.",
                                              len(e.cards)),
                                     card=Card(e.card), row=e.row + 1, n=len(e.cards), heads=heads_text(e.bullheads)))
        elif e.via != "take":
            out.sentences.append(say(_("Your {card} would go to row {row} and take nothing."), card=Card(e.card),
                                     row=e.row + 1))
    out.cost = trial.totals()[learner] - game.totals()[learner]
    pend = trial.pending
    if pend is not None and (trial.round, trial.turn) == turn and pend.get("player") == learner:
        if pend["do"] == "take_row":
            best, extra = _cheapest_take(trial, pend["card"])
            out.sentences.append(say(_("Your {card} would be lower than every row that may take it when its turn "
                                       "comes: you would choose a row to take; the cheapest, row {row}, has "
                                       "{heads}."), card=Card(pend["card"]), row=best + 1, heads=heads_text(extra)))
            out.cost += extra
            out.at_least = True
        elif pend["do"] == "special":  # what it costs depends on the learner's own next decision
            out.sentences.append(say(_("Your {card} would be the next card to place: you would choose whether to "
                                       "play a special card with it."), card=Card(action["card"])))
            out.cost = None
        else:
            out.sentences.append(say(next_decision(pend["do"])))
            out.before_cancel = pend["do"] == "cancel"
    if not out.sentences:
        out.sentences.append(say(_("Your {card} would wait for its turn: the others' cards are placed first."),
                                 card=Card(action["card"])))
    return out


def _cheapest_take(game: Game, card: int) -> tuple[int, int]:
    """A low card's cheapest row and what taking it costs (with a fifth row out, the card too: A-5TH-2)."""
    rows = game.rows
    costs = {r: row_bullheads(collected(rows, rows[r].cards, card)) for r in game.low_card_rows()}
    best = min(costs, key=lambda r: (costs[r], r))
    return best, costs[best]


def _placed_now(game: Game, learner: int, card: int) -> Outcome:
    """A secret choice: the card placed on the rows as they are now (public), before anyone else's card."""
    rows = game.rows
    out = Outcome(by_rows_now=True)
    told = out.sentences
    r = game.target_row(card)  # B4 among the rows that accept the card (A-STOP-2, E3)
    closest = max((i for i, row in enumerate(rows) if row.cards[-1] < card), key=lambda i: rows[i].cards[-1],
                  default=-1)  # the closest lower end of all rows, whether or not it accepts the card
    if closest >= 0 and closest != r:
        why = (_("row {row} is stopped") if rows[closest].stop else
               _("row {row} takes only even cards") if rows[closest].parity == 0 else
               _("row {row} takes only odd cards"))
        told.append(say(_("Your {card} would follow the {tail}, but {why}."), card=Card(card),
                        tail=Card(rows[closest].cards[-1]), why=why.format(row=closest + 1)))
    if r < 0:
        best, cost = _cheapest_take(game, card)
        text = _("Your {card} would be lower than every row that may take it: you would choose a row to take; "
                 "the cheapest, row {row}, has {heads}.") if game.refused_by(card) else \
            _("Your {card} would be lower than every row's end: you would choose a row to take; the cheapest, "
              "row {row}, has {heads}.")
        told.append(say(text, card=Card(card), row=best + 1, heads=heads_text(cost)))
        out.cost, out.at_least = cost, True
    else:
        row = rows[r]
        if len(row.cards) >= row.capacity:  # B5, A9
            taken = collected(rows, row.cards, card)
            out.cost = row_bullheads(taken)
            told.append(say(ngettext("Your {card} would be one card too many for row {row}: you would take {n} "
                                     "card, {heads}.",
                                     "Your {card} would be one card too many for row {row}: you would take {n} "
                                     "cards, {heads}.", len(taken)),
                            card=Card(card), row=r + 1, n=len(taken), heads=heads_text(out.cost)))
        else:
            out.cost = 0
            told.append(say(_("Your {card} would go after the {tail} in row {row} and take nothing."),
                            card=Card(card), tail=Card(row.cards[-1]), row=r + 1))
    return out


#: events after which the explanation stops (a new round's deal is not known yet)
_STOP_AT = (ev.RoundScored, ev.GameOver)


def _applied(game: Game, learner: int, action: dict) -> Outcome:
    """Any other decision: applied to a copy; told until someone else decides or the turn is over."""
    trial = game.copy()
    events = trial.apply(action)
    names = [p["name"] for p in game.players]
    out = Outcome()
    ended = False
    for e in events:
        if isinstance(e, _STOP_AT):
            ended = True
            break
        out.events.append(e)
        told = narrate(e, names, you=learner, why=True)
        if told is not None:
            out.sentences.append(told if told.plain.endswith(".") else told + say("."))
    if action["do"] not in ("draft", "swap"):
        # what this placement of the learner's card costs: a take it already made counts (a cancellation
        # comes after the take, A-ORD-3)
        pl = game.placing
        before = game.totals()[learner]
        if pl is not None and pl.player == learner and pl.taken:
            before -= row_bullheads(pl.taken)
        out.cost = trial.totals()[learner] - before
    pend = trial.pending
    if ended:
        out.sentences.append(say(_("Then the round is over.")))
    elif pend is not None and pend["do"] != "select":
        who = pend["player"]
        if who == learner:
            out.sentences.append(say(next_decision(pend["do"])))
            if pend["do"] == "take_row" and out.cost is not None:
                _row, extra = _cheapest_take(trial, pend["card"])
                out.cost += extra
                out.at_least = True
            elif pend["do"] == "cancel":
                out.before_cancel = True
        else:
            out.sentences.append(say(others_decide(pend["do"], names[who])))
    if not out.sentences:
        out.sentences.append(say(_("That move changes nothing on the table yet.")))
    return out


def _amount(o: Outcome) -> str:
    """What a move would cost, as the end of a sentence: "would cost nothing", "would cost 9 bullheads"."""
    if o.at_least:
        return _("would cost at least {heads}").format(heads=heads_text(o.cost))
    if o.before_cancel:
        return _("would cost {heads} before cancelling").format(heads=heads_text(o.cost))
    if o.cost == 0:
        return _("would cost nothing")
    if o.cost < 0:
        return _("would take {heads} off your score").format(heads=heads_text(-o.cost))
    return _("would cost {heads}").format(heads=heads_text(o.cost))


def _spent(action: dict) -> str | None:
    """The special card a move would use up (None: none)."""
    return action.get("card") if action["do"] == "special" else None


def compare(wrong: Outcome, want: Outcome, action: dict, want_action: dict) -> Sentence:
    """The lesson's move beside the learner's: what it would cost, and the difference in bullheads."""
    move = move_words(want_action)
    if wrong.cost is None or want.cost is None:
        return say(_("The lesson's move: {move}."), move=move)
    amount = _amount(want)
    if want.exact and wrong.at_least and wrong.cost > want.cost:
        return say(_("The lesson's move, {move}, {amount}: at least {diff} fewer than yours."), move=move,
                   amount=amount, diff=heads_text(wrong.cost - want.cost))
    if not (wrong.exact and want.exact):
        return say(_("The lesson's move, {move}, {amount}."), move=move, amount=amount)
    d = wrong.cost - want.cost
    if d > 0:
        return say(_("The lesson's move, {move}, {amount}: {diff} fewer than yours."), move=move, amount=amount,
                   diff=heads_text(d))
    if d < 0:
        return say(_("The lesson's move, {move}, {amount}: {diff} more than yours."), move=move, amount=amount,
                   diff=heads_text(-d))
    mine, theirs = _spent(action), _spent(want_action)
    if mine and not theirs:
        return say(_("The lesson's move, {move}, {amount} too, and keeps your {special} for later."), move=move,
                   amount=amount, special=special_name(mine))
    if theirs and not mine:
        return say(_("The lesson's move, {move}, {amount} too: either would do here, and yours keeps the special "
                     "card."), move=move, amount=amount)
    return say(_("The lesson's move, {move}, {amount} too: either would do here."), move=move, amount=amount)


def explain(game: Game, learner: int, action: dict, want_action: dict | None, aim: str | None,
            script: Script | None = None) -> Explanation:
    """`action` (not the lesson's move `want_action`) explained from the learner's seat; `script`: the others'
    moves of a scripted lesson. Raises IllegalAction."""
    return explained(lambda a: outcome(game, learner, a, script), action, want_action, aim,
                     lambda wrong, want: compare(wrong, want, action, want_action), worked_out)


def worked_out(wrong: Outcome, want: Outcome | None) -> list[Sentence]:
    """How the outcome was worked out, where the others' secret cards could change it (B3)."""
    notes = []
    if wrong.scripted:
        notes.append(say(_("Both are worked out with the cards the others play in this lesson, which show "
                           "only at the reveal.") if want is not None else
                         _("That is worked out with the cards the others play in this lesson, which show "
                           "only at the reveal.")))
    if wrong.by_rows_now:
        notes.append(say(_("Both are worked out on the rows as they are now; the others' cards show only at "
                           "the reveal, and one placed first could change that.") if want is not None else
                         _("That is worked out on the rows as they are now; the others' cards show only at the "
                           "reveal, and one placed first could change it.")))
    return notes


__all__ = ["Explanation", "Outcome", "compare", "explain", "move_words", "next_decision", "outcome"]
