"""6 nimmt! (RULES sections 1-5): the rules of the base game and its variants; pure Python, no UI, no file or
terminal I/O.

Public API: `Game` (pending, legal, apply, view), `IllegalAction`, `SetupError`, the event classes,
`bullheads` and the variant table `VARIANTS`.
"""

from bere_tui.engine.cards import HEADS, bullheads, row_bullheads
from bere_tui.engine.errors import BereError, IllegalAction, SetupError
from bere_tui.engine.nimmt.events import *
from bere_tui.engine.nimmt.game import Game
from bere_tui.engine.nimmt.variants import SPECIAL_NAMES, VARIANTS, VariantInfo

__all__ = [
    "HEADS",
    "SPECIAL_NAMES",
    "VARIANTS",
    "BereError",
    "Game",
    "IllegalAction",
    "SetupError",
    "VariantInfo",
    "bullheads",
    "row_bullheads",
]
