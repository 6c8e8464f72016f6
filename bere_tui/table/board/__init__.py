"""The board game at the table: its narrator (narrate)."""
