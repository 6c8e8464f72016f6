"""Bullenparty's lesson helpers: what a move would do (explain) and the practice hint (hint)."""
