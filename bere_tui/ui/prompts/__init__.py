"""Decision prompts: one ModalScreen per kind of engine decision, each offering exactly `game.legal(player)`
and dismissing with one of those actions.

`make_prompt(view, legal, ascii)` picks the prompt for `view.pending["do"]`. The Anniversary prompts
(special, cancel, swap) live in their own modules; when one is missing the others still work.
"""

from __future__ import annotations

import importlib

from textual.screen import ModalScreen

#: do -> (module, class) of its prompt
PROMPTS: dict[str, tuple[str, str]] = {
    "select": ("bere_tui.ui.prompts.select", "SelectPrompt"),
    "take_row": ("bere_tui.ui.prompts.take_row", "TakeRowPrompt"),
    "draft": ("bere_tui.ui.prompts.draft", "DraftPrompt"),
    "special": ("bere_tui.ui.prompts.special", "SpecialPrompt"),
    "cancel": ("bere_tui.ui.prompts.cancel", "CancelPrompt"),
    "swap": ("bere_tui.ui.prompts.swap", "SwapPrompt"),
}


class NoPrompt(LookupError):
    """No prompt exists for this kind of decision (yet)."""


def prompt_class(do: str) -> type[ModalScreen]:
    try:
        module, name = PROMPTS[do]
    except KeyError:
        raise NoPrompt(do) from None
    try:
        return getattr(importlib.import_module(module), name)
    except (ImportError, AttributeError):
        raise NoPrompt(do) from None


def make_prompt(view, legal: list[dict], ascii: bool = False) -> ModalScreen:
    """The prompt for the decision `legal` belongs to (all of one kind, as game.legal gives them)."""
    do = legal[0]["do"] if legal else (view.pending or {}).get("do")
    return prompt_class(do)(view, legal, ascii=ascii)


__all__ = ["PROMPTS", "NoPrompt", "make_prompt", "prompt_class"]
