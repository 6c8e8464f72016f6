"""The text a pilot app shows now, line by line (what a person would read), for assertions in UI tests."""

from __future__ import annotations


def screen_text(app) -> str:
    from textual._context import visible_screen_stack

    visible_screen_stack.set(app._background_screens)
    strips = app.screen._compositor.render_strips()
    return "\n".join(strip.text.rstrip() for strip in strips)


def non_ascii(text: str) -> set[str]:
    return {ch for ch in text if not ch.isascii()}
