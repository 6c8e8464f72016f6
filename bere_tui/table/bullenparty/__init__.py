"""Bullenparty at the table: its narrator (narrate)."""
