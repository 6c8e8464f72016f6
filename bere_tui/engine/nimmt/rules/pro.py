"""The Pro variant (RULES section 3, P1-P3): fewer cards, all known, drafted in the open."""

from __future__ import annotations

from bisect import insort

from bere_tui.engine.cards import DECK_SIZE
from bere_tui.engine.errors import SetupError
from bere_tui.engine.events import Event
from bere_tui.engine.nimmt.events import Dealt, Drafted
from bere_tui.engine.nimmt.row import Row
from bere_tui.engine.nimmt.rules.base import ROWS, Variant
from bere_tui.i18n import _


class Pro(Variant):
    name = "pro"
    max_players = 6  # P1 (2 to 6 players)
    drafts = True  # P2
    public_hands = True  # P3

    def cards_in_play(self, n: int) -> int:
        """P1: only cards 1 to 10 x players + 4."""
        return 10 * n + ROWS

    def check_deal(self, game, deal: dict, index: int, where: str) -> None:
        if deal:
            raise SetupError(_("{where}: the Pro variant has no random deal; hands come from the draft (P2)")
                             .format(where=where))

    def start_round(self, game, ev: list[Event]) -> None:
        """P1-P3: the round's cards lie open in a pool; the draft starts one seat further on each round."""
        n = game.n
        last = self.cards_in_play(n)
        game.first_player = (game.round - 1) % n  # P3: the first drafter moves one seat each round
        game.pool = list(range(1, last + 1))  # P1
        game.hands = [[] for _ in range(n)]
        game.rows = []
        game.out_of_play = list(range(last + 1, DECK_SIZE + 1))
        game.dealt.append({})
        ev.append(Dealt(game.round, ()))
        game.pending = {"do": "draft", "player": game.first_player}

    def draft(self, game, p: int, card: int, ev: list[Event]) -> None:
        """P2: player p takes `card` from the pool; the next seat drafts until each holds 10, then the 4 cards
        left over start the rows, lowest in row 0."""
        game.pool.remove(card)
        insort(game.hands[p], card)
        ev.append(Drafted(p, card))
        if len(game.pool) > ROWS:  # P2: in seat order until each holds 10
            game.pending = {"do": "draft", "player": (p + 1) % game.n}
            return
        starters = sorted(game.pool)  # P2: the 4 left over start the rows, lowest in row 0
        game.pool = []
        game.rows = [Row([c]) for c in starters]
        game.dealt[-1] = {}
        ev.append(Dealt(game.round, tuple(starters)))
        game.start_turn()

    def recorded_deals(self, game) -> list[dict]:
        """P2: nothing is dealt at random, so the record gives no deals (spec/record.md)."""
        return []
