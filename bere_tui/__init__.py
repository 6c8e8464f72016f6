"""bere-tui: 6 nimmt! (6 bere!, Take 5) in the terminal."""

__version__ = "0.1.0"
