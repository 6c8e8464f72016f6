"""Test helpers for the Anniversary and Even/Odd tests: hand-built tables and a full count of the cards.

`table()` deals a real round-1 deal (all 28 special cards, A2) and then lays the wanted extra row cards from
the cards out of play, so every position it builds still holds each card exactly once.
"""

from __future__ import annotations

from collections import Counter
from itertools import chain

from bere_tui.engine.nimmt import Game
from bere_tui.engine.nimmt.row import Row
from bere_tui.engine.nimmt.specials import full_special_deck

HAND = 12  # A2


def table(rows, hands, specials=(), top=(), seed=0) -> Game:
    """An anniversary game at turn 1.

    rows: 4 lists of ascending cards (the first starts the row, the rest come from the cards out of play);
    hands: each player's chosen cards, padded to 12 with the highest unused cards;
    specials: each player's special cards (0 to 3; the rest of the 28 form the draw pile);
    top: the first cards of the special draw pile, top first.
    """
    n = len(hands)
    used = {c for r in rows for c in r} | {c for h in hands for c in h}
    spare = (c for c in range(104, 0, -1) if c not in used)
    full_hands = [list(h) + [next(spare) for _ in range(HAND - len(h))] for h in hands]
    wanted = [list(s) for s in specials] + [[] for _ in range(n - len(specials))]
    rest = Counter(full_special_deck()) - Counter(c for s in wanted for c in s) - Counter(top)
    rest_list = sorted(rest.elements())
    # the deal gives 3 each (A2); the padding goes back to the bottom of the draw pile after the deal
    padding = []
    dealt = []
    for s in wanted:
        pad = [rest_list.pop() for _ in range(3 - len(s))]
        padding.append(pad)
        dealt.append(s + pad)
    deal = {"rows": [r[0] for r in rows], "hands": full_hands, "specials": dealt,
            "special_pile": list(top) + rest_list}
    g = Game("anniversary", [f"P{p}" for p in range(n)], seed=seed, deals=[deal])
    for p in range(n):
        g.specials[p] = list(wanted[p])
        g.draw_pile.extend(padding[p])
    for r, cards in enumerate(rows):
        lay(g, r, cards)
    return g


def lay(g: Game, r: int, cards) -> None:
    """Make row r hold exactly `cards`, taken from the cards out of play (its old ones go there)."""
    g.out_of_play.extend(c for c in g.rows[r].cards if c not in cards)
    for c in cards:
        if c in g.out_of_play:
            g.out_of_play.remove(c)
    g.rows[r].cards = list(cards)


def take_special(g: Game, name: str) -> None:
    """Take the lowest `name` special card out of the draw pile (to lay it beside a row); the top stays."""
    pile = g.draw_pile
    del pile[len(pile) - 1 - pile[::-1].index(name)]


def mark(g: Game, r: int, name: str) -> None:
    """Lay a 7 nimmt! ("seven_nimmt") or Stop ("stop") card from the draw pile beside row r."""
    take_special(g, name)
    setattr(g.rows[r], {"seven_nimmt": "seven", "stop": "stop"}[name], True)


def add_fifth_row(g: Game, cards) -> None:
    """Start a fifth row (A-5TH-1) holding `cards`, with its 5th Row card from the draw pile."""
    take_special(g, "fifth_row")
    g.rows.append(Row([]))
    g.rows[-1].fifth = True
    lay(g, len(g.rows) - 1, cards)


def give_pile(g: Game, p: int, cards) -> None:
    """Put cards out of play into player p's bull pile of this round."""
    for c in cards:
        g.out_of_play.remove(c)
    g.piles[p].extend(cards)


def select(g: Game, cards) -> list:
    """Every player selects: cards[p] for player p. Returns the events."""
    ev = []
    for p, c in enumerate(cards):
        ev += g.apply({"player": p, "do": "select", "card": c})
    return ev


def act(g: Game, p: int, do: str, **fields) -> list:
    """Apply one action; fields spelt as in the record (`with_` for `with`)."""
    if "with_" in fields:
        fields["with"] = fields.pop("with_")
    return g.apply({"player": p, "do": do, **fields})


# ---------------------------------------------------------------- the full count of the cards


def number_cards(g: Game) -> list[int]:
    """Every number card wherever it lies: hands, rows, bull piles, set aside, out of play, the Pro pool,
    a secret selection, the revealed cards still to place and the card being placed."""
    cards = list(chain(chain.from_iterable(g.hands), chain.from_iterable([r.cards for r in g.rows]),
                       chain.from_iterable(g.piles), chain.from_iterable(g.set_aside), g.out_of_play, g.pool))
    if g.pending is not None and g.pending["do"] == "select":
        cards += g.selected.values()
    cards += [c for c, _p in g.queue]
    if g.placing is not None and g.placing.stage in ("special", "place"):
        cards.append(g.placing.card)  # not yet in a row
    return cards


def special_list(g: Game) -> list[str]:
    """Every special card: in hands, beside rows (7 nimmt!, Stop, 5th Row), in the draw and discard piles."""
    cards = list(chain(chain.from_iterable(g.specials), g.draw_pile, g.discard_pile))
    for row in g.rows:
        if row.seven:
            cards.append("seven_nimmt")
        if row.stop:
            cards.append("stop")
        if row.fifth:
            cards.append("fifth_row")
    return cards


def special_cards(g: Game) -> Counter:
    return Counter(special_list(g))


FULL_SPECIALS = Counter(full_special_deck())
SORTED_SPECIALS = sorted(full_special_deck())
ALL_NUMBERS = list(range(1, 105))


def assert_accounted(g: Game) -> None:
    """A1: all 104 number cards and all 28 special cards lie exactly once somewhere."""
    numbers = number_cards(g)
    numbers.sort()
    assert numbers == ALL_NUMBERS
    if g.variant == "anniversary":
        specials = special_list(g)
        specials.sort()
        assert specials == SORTED_SPECIALS


def secret_selection(g: Game, action: dict, was_waiting: int) -> bool:
    """A select that leaves others still to choose only moves one card from a hand to the secret selection
    (B3); that is all it is checked for: the full count follows at the last select of the turn."""
    if action["do"] != "select" or was_waiting < 2:
        return False
    p, card = action["player"], action["card"]
    assert g.selected[p] == card and card not in g.hands[p] and p not in g.waiting
    return True
