"""The engines of the game systems: pure Python, no UI, no file or terminal I/O. What they share is
here (errors, the cards' bullheads, the events' base, the engine protocol); each game's rules in its
own folder: nimmt/ (6 nimmt! and its variants), bullenparty/, board/."""

from bere_tui.engine.cards import HEADS, bullheads, row_bullheads
from bere_tui.engine.errors import BereError, IllegalAction, SetupError

__all__ = ["HEADS", "BereError", "IllegalAction", "SetupError", "bullheads", "row_bullheads"]
