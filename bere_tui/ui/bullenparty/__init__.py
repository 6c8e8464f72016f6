"""Bullenparty at the table: its board (rows, piles, scores, hand), its prompts and its table screen."""
