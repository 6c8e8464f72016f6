"""The engine's exceptions. Messages are for players: they go through the translation function."""


class BereError(Exception):
    """Base of every error the engine raises on purpose."""


class IllegalAction(BereError):
    """An action the rules do not allow now. The game state is left exactly as it was."""


class SetupError(BereError):
    """A game that cannot be set up: wrong player count, unknown option, a broken deal."""
