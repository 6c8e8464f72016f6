"""`heuristic` for Bullenparty: a sensible bidder and pile builder (bots/bullenparty/policy.py), from the view
and the legal actions only."""

from __future__ import annotations

from bere_tui.bots.base import Bot
from bere_tui.bots.bullenparty import policy
from bere_tui.engine.bullenparty.rules import ZERO


def decide(view, legal: list[dict]) -> dict:
    """The heuristic's choice among `legal` for the viewer of `view`."""
    me = view.me
    mine = view.players[me]
    do = legal[0]["do"]
    piles = mine.piles
    if do == "bid":
        zero_ok = any(a["card"] == ZERO for a in legal)
        others = sum(1 for q, pv in enumerate(view.players) if q != me and pv.took_row is None)
        next_bull = view.bull_deck[0] if view.bull_deck else None
        card = policy.choose_bid(view.hand, piles, view.rows, others, zero_ok, next_bull, view.unseen_cards())
        choice: dict[str, int | str | None] = {"card": card}
    elif do == "take":
        choice = {"row": policy.choose_take(piles, view.rows)}
    elif do == "zero_row":
        next_bull = view.bull_deck[0] if view.bull_deck else None
        choice = {"row": policy.choose_zero_row(view.drawn, piles, view.rows, next_bull)}
    else:
        card, pile = policy.choose_lay(view.hand, piles, bool(view.pending.get("end")), view.unseen_cards())
        choice = {"card": card, "pile": pile}
    for action in legal:
        if all(action[k] == v for k, v in choice.items()):
            return action
    return legal[0]  # pragma: no cover - the policy only picks legal moves


class HeuristicBot(Bot):
    name = "heuristic"

    def choose(self, view, legal: list[dict]) -> dict:
        return decide(view, legal)
