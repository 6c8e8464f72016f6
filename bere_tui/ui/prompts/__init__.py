"""Decision prompts: one ModalScreen per kind of engine decision (take_row, draft, special, ...)."""
