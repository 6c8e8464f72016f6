"""The board game at the table: its board (rows and spaces, scores, decks, hand), its prompts, its table screen and
its replay viewer."""
