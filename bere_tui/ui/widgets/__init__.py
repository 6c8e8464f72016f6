"""Widgets of the table: rows, scores, the reveal, the hand, pickers. Each shows one thing, named for it."""
