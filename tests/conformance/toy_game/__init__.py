"""A toy fourth game, defined only here, in a few files: it is registered through bere_tui.systems.register
(`registered_toy()`), and the conformance suite (tests/conformance/test_every_system.py) runs over it like over
the three shipped games. Nothing in bere_tui knows it: a shared module that assumed one of the three games would
fail here (issue 32).

The game ("High card"): 2 to 4 players hold 3 cards each of 1-12. Each turn every player picks a card in secret;
the picks are shown together, and the player of the highest card decides whether to claim a point for it
(0 or 1). After three turns the most points win (ties share).
"""

from __future__ import annotations

from bere_tui.i18n import N_, NP_
from bere_tui.systems import GameInfo, GameSystem, registered

VARIANT = "toy-high-card"

TOY = GameSystem("toy", (VARIANT,), highest_wins=True, shared_tables=False, parts={
    "make": "toy_game.engine:make",
    "record": "toy_game.record",
    "events": "toy_game.events",
    "view": "toy_game.engine:View",
    "narrate": "toy_game.narrate:tell",
    "bots": "toy_game.bots:make",
})
GAMES = [GameInfo(VARIANT, 2, 4, (), "toy", NP_("variant", "High card"), N_("2 to 4 players: the highest card"))]


def registered_toy():
    """The toy game registered for the time of a `with` block."""
    return registered(TOY, GAMES)
