"""The base game's rules (RULES section 2), as the class every 6 nimmt! variant starts from.

A variant is a small rule object, one per variant (as python-chess's variant boards): `Variant` holds the
base game, B1-B10, and each variant subclasses it, changing the few facts and hooks that differ. The game
state lives in `engine.game.Game`; the hooks here are handed the game and change it the way their rule says.
The table, the bots and the screens ask the same object their questions (`has_specials`, `public_hands`,
`rounds_fixed`...), so no rule is worked out twice.
"""

from __future__ import annotations

import random

from bere_tui.engine.cards import DECK_SIZE
from bere_tui.engine.errors import SetupError
from bere_tui.engine.events import UNREAD, Event
from bere_tui.engine.nimmt.events import Dealt
from bere_tui.engine.nimmt.row import Row
from bere_tui.i18n import _

DEFAULT_TARGET = 66  # B9

ROWS = 4  # B2: four row starters


#: for each length of list shuffled: its steps (i, i + 1, (i + 1).bit_length()), i from the top down
_SHUFFLE_STEPS: dict[int, tuple[tuple[int, int, int], ...]] = {}


def shuffle(rng: random.Random, cards: list) -> None:
    """`rng.shuffle(cards)`, the same order from the same generator (random.Random.shuffle and _randbelow), in
    one function: a round's deal is a good part of a bot-only game's time."""
    steps = _SHUFFLE_STEPS.get(len(cards))
    if steps is None:
        steps = _SHUFFLE_STEPS[len(cards)] = tuple((i, i + 1, (i + 1).bit_length())
                                                   for i in range(len(cards) - 1, 0, -1))
    bits = rng.getrandbits
    for i, n, k in steps:
        j = bits(k)
        while j >= n:
            j = bits(k)
        cards[i], cards[j] = cards[j], cards[i]


def is_card_number(value) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


class Variant:
    """The base game (variant `base`). Class attributes are the facts the table asks about; methods are the
    hooks `Game` calls where a variant may differ."""

    name = "base"
    min_players = 2  # B1
    max_players = 10  # B1
    hand_size = 10  # B2, B8: ten cards, ten turns
    #: options the record may carry for this variant (record spec: `target`, `rounds`; B10)
    options: tuple[str, ...] = ("target", "rounds")
    #: the special cards of the Anniversary edition are in play (A1)
    has_specials = False
    #: hands come from an open draft instead of a random deal (P2)
    drafts = False
    #: every hand is shown to everybody (P3); otherwise a hand is its owner's alone (B10)
    public_hands = False
    #: the game lasts exactly this many rounds (A6), or None: it ends by B9's target or the `rounds` option
    rounds_fixed: int | None = None
    #: the EVEN/ODD card lies beside a row (E1)
    parity_card = False

    def __repr__(self) -> str:
        return f"<{type(self).__name__} {self.name!r}>"

    # ---------------------------------------------------------------- setup

    def cards_in_play(self, n: int) -> int:
        """The number cards of a round are 1 to this (B2: all 104)."""
        return DECK_SIZE

    def check_deal(self, game, deal: dict, index: int, where: str) -> None:
        """A record's deal for round `index` (spec/record.md): 4 row starters and a full hand each (B2), every
        card once. Raises SetupError."""
        rows, hands = deal.get("rows"), deal.get("hands")
        if not isinstance(rows, list) or len(rows) != ROWS:
            raise SetupError(_("{where}: 'rows' must list 4 row starters").format(where=where))
        if not isinstance(hands, list) or len(hands) != game.n:
            raise SetupError(_("{where}: 'hands' must hold one hand per player ({n})").format(
                where=where, n=game.n))
        seen: set[int] = set()
        for card in rows + [c for h in hands if isinstance(h, list) for c in h]:
            if not is_card_number(card) or not 1 <= card <= DECK_SIZE:
                raise SetupError(_("{where}: {card!r} is not a card (1 to 104)").format(
                    where=where, card=card))
            if card in seen:
                raise SetupError(_("{where}: card {card} is dealt twice").format(where=where, card=card))
            seen.add(card)
        hand = self.hand_size
        for p, h in enumerate(hands):
            if not isinstance(h, list) or len(h) != hand:
                raise SetupError(_("{where}: player {p}'s hand must hold {k} cards").format(
                    where=where, p=p, k=hand))
        self.check_special_deal(game, deal, index, where)

    def check_special_deal(self, game, deal: dict, index: int, where: str) -> None:
        """The special cards of a record's deal: none without the Anniversary's special deck (A1)."""
        if "specials" in deal or "special_pile" in deal:
            raise SetupError(_("{where}: special cards belong to the anniversary variant").format(
                where=where))

    def draft(self, game, p: int, card: int, ev: list[Event]) -> None:  # pragma: no cover - only Pro drafts
        """P2: player p takes `card` from the open pool (a variant that `drafts` says how)."""
        raise NotImplementedError(f"{self.name} has no draft")

    # ---------------------------------------------------------------- a round

    def start_round(self, game, ev: list[Event]) -> None:
        """B2: shuffle the 104 cards, deal a hand to each player, 4 cards start the rows; the rest are out of
        play. Then the first turn (B3)."""
        n = game.n
        hand = self.hand_size
        idx = game.round - 1
        # The generator is drawn from the same way whether or not the record gives this deal, so that
        # later shuffles (A5) replay identically either way.
        deck = list(range(1, DECK_SIZE + 1))
        shuffle(game.rng, deck)
        if idx < len(game.given_deals):
            deal = game.given_deals[idx]
            rows = list(deal["rows"])
            hands = [list(h) for h in deal["hands"]]
            used = set(rows).union(*hands)
            game.out_of_play = [c for c in range(1, DECK_SIZE + 1) if c not in used]
        else:
            hands = [deck[p * hand:(p + 1) * hand] for p in range(n)]
            rows = deck[n * hand:n * hand + ROWS]
            game.out_of_play = deck[n * hand + ROWS:]  # (in the deck's order: nobody sees them, B2)
            deal = None
        game.hands = [sorted(h) for h in hands]
        game.rows = [Row([c]) for c in rows]
        # (lists of their own: the hands in play are sorted copies)
        record_deal = {"rows": rows, "hands": hands}
        self.deal_specials(game, deal, record_deal, ev)
        game.dealt.append(record_deal)
        if ev is not UNREAD:
            ev.append(Dealt(game.round, tuple(rows)))
        self.lay_row_markers(game, ev)
        game.start_turn()

    def deal_specials(self, game, deal: dict | None, record_deal: dict, ev: list[Event]) -> None:
        """Special cards dealt with the number cards (A2): none in the base game."""

    def lay_row_markers(self, game, ev: list[Event]) -> None:
        """A card laid beside a row when the rows are dealt (E2): none in the base game."""

    def recorded_deals(self, game) -> list[dict]:
        """The `deals` of the game record (spec/record.md): every round's deal."""
        return [{k: (list(v) if isinstance(v, list) else v) for k, v in d.items()} for d in game.dealt]

    # ---------------------------------------------------------------- taking a row

    def collect_markers(self, game, r: int, taken: list[int], new_first: int) -> tuple[tuple, bool]:
        """Before row r is taken (B5, B6): the special cards beside rows that the take removes, as
        (card, row) pairs, and whether row r disappears. `taken` may grow. The base game has none."""
        return (), False

    def after_take(self, game, ev: list[Event]) -> None:
        """What happens once a row has been taken and its new first card laid: nothing in the base game."""

    # ---------------------------------------------------------------- end of a round

    def game_over(self, game, totals: tuple[int, ...]) -> bool:
        """B9: after a round in which a total reaches the target (66), or after the rounds of B10's option."""
        if game.options["rounds"] is not None:
            return game.round >= game.options["rounds"]  # B10 option
        return max(totals) >= game.options["target"]  # B9

    def end_game(self, game) -> None:
        """What is cleared away when the game ends: nothing in the base game (B9)."""
