"""The Anniversary variant (RULES section 4): the special cards around the rows and two rounds exactly.

The seven special cards themselves, their deal and the prompts' questions are engine.specials; this object
is where the Anniversary's rules meet the game's flow: the deal (A2, A6), what a take removes from beside the
rows (A-5TH-2, A-7N-2, A-STOP-3) and the end (A6, A7).
"""

from __future__ import annotations

from bere_tui.engine.events import Event
from bere_tui.engine.nimmt import specials as special_cards
from bere_tui.engine.nimmt.rules.base import Variant


class Anniversary(Variant):
    name = "anniversary"
    max_players = 8  # A1 (2 to 8 players)
    hand_size = 12  # A2
    options = ()  # A6-A7: two rounds, no target
    has_specials = True  # A1
    rounds_fixed = 2  # A6

    def check_special_deal(self, game, deal: dict, index: int, where: str) -> None:
        special_cards.check_deal(deal, index, game.n, where)  # A1, A2, A6

    def start_round(self, game, ev: list[Event]) -> None:
        if game.round > 1:
            special_cards.discard_row_markers(game)  # A6
        super().start_round(game, ev)

    def deal_specials(self, game, deal: dict | None, record_deal: dict, ev: list[Event]) -> None:
        special_cards.deal_specials(game, deal, record_deal, ev)  # A2, A6

    def collect_markers(self, game, r: int, taken: list[int], new_first: int) -> tuple[tuple, bool]:
        rows = game.rows
        row = rows[r]
        found = []
        removed = False
        fifth = next((i for i, x in enumerate(rows) if x.fifth), -1)
        if fifth >= 0:  # A-5TH-2: collect the placed card too; the row disappears
            rows[fifth].fifth = False
            game.discard_pile.append("fifth_row")
            found.append(("fifth_row", fifth))
            taken.append(new_first)
            removed = True
        if row.seven:  # A-7N-2
            row.seven = False
            game.discard_pile.append("seven_nimmt")
            found.append(("seven_nimmt", r))
        found += [("stop", i) for i, x in enumerate(rows) if x.stop]  # A-STOP-3, discarded in after_take
        return tuple(found), removed

    def after_take(self, game, ev: list[Event]) -> None:
        for x in game.rows:  # A-STOP-3: every Stop goes after the take
            if x.stop:
                x.stop = False
                game.discard_pile.append("stop")

    def game_over(self, game, totals: tuple[int, ...]) -> bool:
        return game.round >= self.rounds_fixed  # A6, A7: the 66-point end (B9) is not used

    def end_game(self, game) -> None:
        for hand in game.specials:  # A7: unused special cards are discarded
            game.discard_pile.extend(hand)
            hand.clear()
