"""Anniversary variant: the special deck and the seven special cards (RULES section 4).

Each card is a pair of small functions: `check_<card>` says why a choice is not allowed (or None when it is),
`play_<card>` carries it out. `legal_specials` offers exactly the choices whose check passes, and `play`
refuses any other, so the two can never disagree. A refusal is a `Why`: the message of the refused action,
with a `note` of a few words for a prompt to show beside the row or card it is about. `unplayable`,
`insert_outcome` and `shift_outcome` answer a prompt's questions (engine.preview asks them from a view).
"""

from __future__ import annotations

from bisect import insort
from typing import Self

from bere_tui.engine.cards import HEADS
from bere_tui.engine.errors import IllegalAction, SetupError
from bere_tui.engine.events import Event
from bere_tui.engine.nimmt.events import Moved, Placed, SpecialPlayed, SpecialsGiven
from bere_tui.engine.nimmt.row import Row
from bere_tui.i18n import _, pgettext

#: the fields of a `special` action, by card (spec/record.md)
FIELDS: dict[str, tuple[str, ...]] = {
    "fifth_row": (),
    "seven_nimmt": ("row",),
    "insert": ("row",),
    "replace": ("with",),
    "shift": ("move", "to_row"),
    "stop": ("row",),
    "negative_positive": (),
}

#: A1: the seven special cards, four copies each (record spelling).
SPECIAL_NAMES: tuple[str, ...] = (
    "fifth_row", "seven_nimmt", "insert", "replace", "shift", "stop", "negative_positive",
)
SPECIAL_COPIES = 4

#: A4: these stay beside their row until their removal condition
STAYS_BESIDE_ROW = ("fifth_row", "seven_nimmt", "stop")

MAX_STOPS = 2  # A-STOP-1
MAX_ROWS = 5  # A-5TH-1


class Why(str):
    """Why a choice is refused: the message itself (rows numbered as in the record, from 0), and `note`, the
    same in a few words for a prompt to show beside the row or card the choice is about (gettext context
    "beside a row or card")."""

    note: str

    def __new__(cls, message: str, note: str | None = None) -> Self:
        why = super().__new__(cls, message)
        why.note = message if note is None else note
        return why


# ---------------------------------------------------------------- dealing (A1, A2, A6)

def full_special_deck() -> list[str]:
    return [name for name in SPECIAL_NAMES for _ in range(SPECIAL_COPIES)]


def check_deal(deal: dict, index: int, n: int, where: str) -> None:
    """A record's anniversary deal: round 1 gives all 28 special cards, later rounds none (spec/record.md)."""
    if index > 0:
        if "specials" in deal or "special_pile" in deal:
            raise SetupError(_("{where}: special cards of round 2 come from the draw pile (A6), not the deal")
                             .format(where=where))
        return
    specials, pile = deal.get("specials"), deal.get("special_pile")
    if not isinstance(specials, list) or len(specials) != n or not all(
            isinstance(h, list) and len(h) == 3 for h in specials):
        raise SetupError(_("{where}: 'specials' must give each player 3 special cards (A2)").format(where=where))
    if not isinstance(pile, list):
        raise SetupError(_("{where}: 'special_pile' must list the special draw pile").format(where=where))
    cards = [c for h in specials for c in h] + pile
    for c in cards:
        if c not in SPECIAL_NAMES:
            raise SetupError(_("{where}: {card!r} is not a special card").format(where=where, card=c))
    if sorted(cards) != sorted(full_special_deck()):
        raise SetupError(_("{where}: the special cards must be the 28 of the deck, 4 of each (A1)")
                         .format(where=where))


def discard_row_markers(game) -> None:
    """A6: special cards lying beside rows at the end of round 1 go to the discard pile first."""
    for row in game.rows:
        for name, on in (("fifth_row", row.fifth), ("seven_nimmt", row.seven), ("stop", row.stop)):
            if on:
                game.discard_pile.append(name)


def deal_specials(game, deal: dict | None, record_deal: dict, ev: list[Event]) -> None:
    """A2 (round 1: 3 each, the rest a draw pile) and A6 (round 2: 3, 2 or 1 more each)."""
    n = game.n
    if game.round == 1:
        deck = full_special_deck()
        game.rng.shuffle(deck)  # drawn from even when the deal is given (see Game._start_round)
        if deal is not None:
            hands = [list(h) for h in deal["specials"]]
            pile = list(deal["special_pile"])
        else:
            hands = [deck[3 * p:3 * p + 3] for p in range(n)]
            pile = deck[3 * n:]
        game.specials = [list(h) for h in hands]
        game.draw_pile = pile
        game.discard_pile = []
        record_deal["specials"] = [list(h) for h in hands]
        record_deal["special_pile"] = list(pile)
        return
    available = len(game.draw_pile) + len(game.discard_pile)
    count = next((k for k in (3, 2, 1) if k * n <= available), 0)
    for _k in range(count):  # one card at a time to each player from player 0 on (spec/record.md)
        for p in range(n):
            game.specials[p].append(game.draw_special())
    ev.append(SpecialsGiven(count))


# ---------------------------------------------------------------- the seven cards

def check_fifth_row(game, p, card, f):
    if len(game.rows) >= MAX_ROWS:
        return Why(_("five rows already lie on the table"))  # A-5TH-1
    return None


def play_fifth_row(game, p, card, f, ev):
    """A-5TH-1: the revealed card starts a fifth row instead of being placed."""
    game.rows.append(Row([card], fifth=True))
    ev.append(Placed(p, card, len(game.rows) - 1, 0, True, via="fifth_row"))
    return "after"


def _row_check(game, r):
    if not isinstance(r, int) or isinstance(r, bool) or not 0 <= r < len(game.rows):
        return Why(_("row {row!r} does not exist").format(row=r), pgettext("beside a row or card", "no such row"))
    return None


def check_seven_nimmt(game, p, card, f):
    r = f["row"]
    why = _row_check(game, r)
    if why:
        return why
    if game.rows[r].seven:
        return Why(_("row {row} already has a 7 nimmt! card").format(row=r), pgettext("beside a row or card", "has 7 nimmt! already"))  # A-7N-1
    if game.rows[r].stop:
        return Why(_("row {row} is stopped").format(row=r), pgettext("beside a row or card", "stopped"))
    return None


def play_seven_nimmt(game, p, card, f, ev):
    """A-7N-1: the row's capacity becomes 6; the card is then placed by B4-B6."""
    game.rows[f["row"]].seven = True
    return "place"


def check_insert(game, p, card, f):
    r = f["row"]
    why = _row_check(game, r)
    if why:
        return why
    if game.rows[r].stop:
        return Why(_("row {row} is stopped").format(row=r), pgettext("beside a row or card", "stopped"))  # A-INS-1, A-STOP-2
    return None


def insert_outcome(rows, r: int, card: int) -> tuple[list[int], list[int] | None]:
    """Insert into row r (A-INS-1): the row's cards with `card` at its ascending place, and the cards taken
    (None when the row had room, A-INS-2; else all but the last, A-INS-3, or with a fifth row out the whole row,
    A-5TH-2 Decision). `rows` are the engine's rows or a view's."""
    row = rows[r]
    cards = list(row.cards)
    insort(cards, card)
    if len(row.cards) < row.capacity:  # A-INS-2
        return cards, None
    return cards, collected(rows, cards[:-1], cards[-1])


def collected(rows, taken: list[int], placed: int) -> list[int]:
    """The cards a take collects: the row's (or Insert's) `taken`, and with a fifth row out the card being
    placed too (A-5TH-2)."""
    return [*taken, placed] if any(x.fifth for x in rows) else list(taken)


def play_insert(game, p, card, f, ev):
    """A-INS-1..3: into the row at its ascending place; a full row is still taken, all but its last card."""
    r = f["row"]
    cards, taken = insert_outcome(game.rows, r, card)
    if taken is None:  # A-INS-2
        game.rows[r].cards = cards
        at = cards.index(card)
        ev.append(Placed(p, card, r, at, after=cards[at - 1] if at else 0, via="insert"))
    else:  # A-INS-3
        game.take_row(p, r, cards[:-1], cards[-1], "insert", ev)
    return "after"


def check_replace(game, p, card, f):
    w = f["with"]
    if not game.hands[p]:
        return Why(_("your hand holds no other card"))  # A-REP-2
    if w not in game.hands[p] or isinstance(w, bool):
        return Why(_("card {card!r} is not in your hand").format(card=w), pgettext("beside a row or card", "not in your hand"))
    return None


def play_replace(game, p, card, f, ev):
    """A-REP-1: the revealed card returns to the hand; the replacement is placed now by B4-B6 (no special)."""
    hand = game.hands[p]
    hand.remove(f["with"])
    insort(hand, card)
    game.placing.card = f["with"]
    return "place"


def _row_of(game, card):
    for r, row in enumerate(game.rows):
        if card in row.cards:
            return r
    return -1


def check_shift(game, p, card, f):
    move, to = f["move"], f["to_row"]
    src = _row_of(game, move) if isinstance(move, int) and not isinstance(move, bool) else -1
    if src < 0:
        return Why(_("card {card!r} is not in a row").format(card=move), pgettext("beside a row or card", "not in a row"))
    why = _row_check(game, to)
    if why:
        return why
    if game.rows[src].stop:
        return Why(_("row {row} is stopped: no card may leave it").format(row=src),  # A-STOP-2
                   _("its row is stopped"))
    if to == src:
        return Why(_("the card must move to another row"), pgettext("beside a row or card", "its own row"))
    dest = game.rows[to]
    if dest.stop:
        return Why(_("row {row} is stopped").format(row=to), pgettext("beside a row or card", "stopped"))
    if len(dest.cards) >= dest.capacity:
        return Why(_("row {row} is full").format(row=to), pgettext("beside a row or card", "full"))  # A-SHI-1 Decision
    return None


def shift_outcome(rows, move: int, to: int) -> tuple[list[int], bool]:
    """Shift (A-SHI-1): row `to`'s cards with `move` at its ascending place, and whether its own row is left
    empty, so the revealed card starts that row again (A-SHI-2). `rows` are the engine's rows or a view's."""
    cards = list(rows[to].cards)
    insort(cards, move)
    src = next(row for row in rows if move in row.cards)
    return cards, len(src.cards) == 1


def play_shift(game, p, card, f, ev):
    """A-SHI-1/2: move one card to another row at its ascending place, then place by B4-B6 (or into the
    emptied row)."""
    move, to = f["move"], f["to_row"]
    src = _row_of(game, move)
    cards, emptied = shift_outcome(game.rows, move, to)
    game.rows[src].cards.remove(move)
    game.rows[to].cards = cards
    ev.append(Moved(p, move, src, to, cards.index(move)))
    if emptied:  # A-SHI-2
        game.rows[src].cards = [card]
        ev.append(Placed(p, card, src, 0, True, via="shift"))
        return "after"
    return "place"


def check_stop(game, p, card, f):
    r = f["row"]
    why = _row_check(game, r)
    if why:
        return why
    if game.rows[r].stop:
        return Why(_("row {row} is already stopped").format(row=r), pgettext("beside a row or card", "already stopped"))
    if sum(row.stop for row in game.rows) >= MAX_STOPS:
        return Why(_("two Stop cards already lie out"))  # A-STOP-1
    return None


def play_stop(game, p, card, f, ev):
    """A-STOP-1/2: the row is blocked; the card is placed among the other rows."""
    game.rows[f["row"]].stop = True
    return "place"


def check_negative_positive(game, p, card, f):
    if not game.takes_row(card):
        return Why(_("Negative = Positive is only for a card that is about to take a row"),  # A-NP-1
                   _("your card will not take a row"))
    return None


def play_negative_positive(game, p, card, f, ev):
    """A-NP-1: remembered; the cancellation is asked after the take (A-ORD-3)."""
    game.placing.np = True
    return "place"


CHECKS = {name: globals()["check_" + name] for name in SPECIAL_NAMES}
PLAYS = {name: globals()["play_" + name] for name in SPECIAL_NAMES}


def _candidates(game, name, p):
    rows = range(len(game.rows))
    if name in ("seven_nimmt", "insert", "stop"):
        return [{"row": r} for r in rows]
    if name == "replace":
        return [{"with": c} for c in game.hands[p]]
    if name == "shift":
        return [{"move": c, "to_row": r} for row in game.rows for c in row.cards for r in rows]
    return [{}]


#: why a card that chooses a row has no allowed choice at all, in a few words
def _no_choice(name: str) -> str:
    return {
        "seven_nimmt": _("every row has a 7 nimmt! card or is stopped"),  # A-7N-1
        "insert": _("every row is stopped"),  # A-INS-1
        "shift": _("no card can move to another row"),  # A-SHI-1
        "stop": _("two Stop cards already lie out"),  # A-STOP-1
    }[name]


def unplayable(game, p, card, name) -> str | None:
    """Why special card `name` cannot be played with `card` at this placement (no choice is allowed), in a
    few words; None when some choice is."""
    whys = [CHECKS[name](game, p, card, f) for f in _candidates(game, name, p)]
    if any(why is None for why in whys):
        return None
    if name in ("seven_nimmt", "insert", "shift", "stop"):
        return _no_choice(name)
    if not whys:  # Replace with an empty hand
        whys = [CHECKS[name](game, p, card, {"with": None})]
    return whys[0].note


def legal_specials(game, p, card) -> list[dict]:
    """A-ORD-1: no special card, or each card held with each allowed choice."""
    out = [{"player": p, "do": "special", "card": None}]
    held = set(game.specials[p])
    for name in SPECIAL_NAMES:
        if name not in held:
            continue
        check = CHECKS[name]
        for f in _candidates(game, name, p):
            if check(game, p, card, f) is None:
                out.append({"player": p, "do": "special", "card": name, **f})
    return out


def play(game, p, action: dict, ev: list[Event], check: bool = True) -> None:
    """Validate (unless `check` is False: a trusted action, Game.apply) and carry out a `special` action (A3: at
    most one special card per placement)."""
    name = action.get("card")
    pl = game.placing
    if check and name is not None and (not isinstance(name, str) or name not in SPECIAL_NAMES):
        raise IllegalAction(_("{card!r} is not a special card").format(card=name))  # (a list, a number: not one)
    fields = FIELDS.get(name, ()) if name is not None else ()
    if check:
        extra = set(action) - {"player", "do", "card", *fields}
        if extra:
            raise IllegalAction(_("unknown field {field!r} for this special card").format(field=min(extra)))
        missing = [f for f in fields if f not in action]
        if missing:
            raise IllegalAction(_("{card} needs the field {field!r}").format(card=name, field=missing[0]))
        if name is None and "card" not in action:
            raise IllegalAction(_("special needs the field 'card' (null for none)"))
    if name is None:
        game.pending = None
        return
    f = {k: action[k] for k in fields}
    if check:
        if name not in game.specials[p]:
            raise IllegalAction(_("you hold no {card} card").format(card=name))
        why = CHECKS[name](game, p, pl.card, f)
        if why is not None:
            raise IllegalAction(why)
    game.specials[p].remove(name)
    if name not in STAYS_BESIDE_ROW:  # A4
        game.discard_pile.append(name)
    pl.special = name
    game.pending = None
    ev.append(SpecialPlayed(p, name, pl.card, tuple((k, v) for k, v in f.items())))
    pl.stage = PLAYS[name](game, p, pl.card, f, ev)


# ---------------------------------------------------------------- Negative = Positive (A-NP-1, A-ORD-3)

def _best_cancel(cards: list[int], value: int) -> list[int]:
    """The set of cards with the most bullheads not above `value` (fewest cards on a tie)."""
    best: dict[int, list[int]] = {0: []}
    for c in sorted(cards, key=lambda c: -HEADS[c]):
        h = HEADS[c]
        for s, chosen in sorted(best.items(), reverse=True):
            t = s + h
            if t <= value and (t not in best or len(best[t]) > len(chosen) + 1):
                best[t] = chosen + [c]
    return sorted(best[max(best)])


def legal_cancels(game, p) -> list[dict]:
    """For each card of the taken row that may become positive, the best cancellation it allows.

    A-NP-1: the positive card is one of the row being taken; under A-5TH-2 the placed card is collected
    (so it may be cancelled) but it is not a card of that row.
    """
    out = []
    pile = game.piles[p]
    for positive in sorted(set(game.placing.taken_row)):
        rest = [c for c in pile if c != positive]
        out.append({"player": p, "do": "cancel", "positive": positive,
                    "cancel": _best_cancel(rest, HEADS[positive])})
    return out


def cancel_problem(row_cards, pile, positive, cancel) -> str | None:
    """Why a Negative = Positive choice is not allowed (A-NP-1), or None: `positive` must be one of `row_cards`
    (the row being taken) and `cancel` other cards of `pile` (this round's bull pile, the take included) with
    at most the positive card's bullheads."""
    if isinstance(positive, bool) or positive not in row_cards:
        return _("card {card!r} is not a card of the row you took").format(card=positive)
    if not isinstance(cancel, list):
        return _("'cancel' must list cards")
    seen = set()
    for c in cancel:
        if isinstance(c, bool) or c == positive or c not in pile or c in seen:
            return _("card {card!r} cannot be cancelled: it is not in your bull pile of this round").format(card=c)
        seen.add(c)
    value = HEADS[positive]
    spent = sum(HEADS[c] for c in cancel)
    if spent > value:
        return _("those cards have {spent} bullheads; the positive card gives only {value}").format(
            spent=spent, value=value)
    return None


def check_cancel(game, p, action) -> tuple[int, list[int]]:
    positive, cancel = action["positive"], action["cancel"]
    why = cancel_problem(game.placing.taken_row, game.piles[p], positive, cancel)  # A-NP-1
    if why is not None:
        raise IllegalAction(why)
    return positive, sorted(cancel)
