"""Helpers of the UI tests: the text a pilot app shows, and apps set up for a given table."""

from __future__ import annotations

import re

from bere_tui.engine.nimmt import Game
from bere_tui.ui.app import BereApp, Start
from bere_tui.ui.session import Session


def screen_text(app) -> str:
    """What the screen shows now, line by line, with the screens under a see-through prompt."""
    from textual._context import visible_screen_stack

    visible_screen_stack.set(app._background_screens)
    strips = app.screen._compositor.render_strips()
    return "\n".join(strip.text.rstrip() for strip in strips)


def non_ascii(text: str) -> set[str]:
    return {ch for ch in text if not ch.isascii()}


def shown_cards(text: str, cards, ascii: bool = False) -> set[int]:
    """Which of `cards` appear on screen as card labels (number followed by its bullhead marks)."""
    mark = "." if ascii else "•"
    return {c for c in cards if re.search(rf"(?<!\d){c}{re.escape(mark)}", text)}


def last_turn(game) -> bool:
    """The last turn of a round, before anyone has chosen."""
    pend = game.pending
    return (game.turn == game.info.hand_size and pend is not None and pend["do"] == "select"
            and len(pend["players"]) == game.n)


def advance(game, stop) -> None:
    """Play every seat with random bots until `stop(game)` holds (to open the app late in a game)."""
    from bere_tui.bots import make_bot
    from bere_tui.bots.runner import deciders

    movers = {p: make_bot("random", 100 + p) for p in range(game.n)}
    while not stop(game):
        p = deciders(game)[0]
        game.apply(movers[p].choose(game.view(p), game.legal(p)))


def table_app(variant: str = "base", players=("Ann", "Ben"), bots=(), seed: int = 1, options=None,
              speed: str = "off", ascii: bool = False, until=None) -> BereApp:
    """An app that opens straight on the table: people first, then one seat per bot level; with `until`, the
    game is first played on by random moves until `until(game)` holds."""
    seats = [{"name": n} for n in players]
    spare = iter(n for n in ["Cid", "Dot", "Eve", "Fay", "Gus", "Hal", "Ivy", "Jon", "Kim", "Lou"]
                 if n not in players)
    for level in bots:
        seats.append({"name": next(spare), "bot": level})
    game = Game(variant, seats, seed=seed, options=options)
    if until is not None:
        advance(game, until)
    return BereApp(Start("game", session=Session(game)), speed=speed, ascii=ascii, remember=False)


def asking(app) -> bool:
    """Something other than the bare table is on top: a hand-off, a prompt or a dialog waits for a key."""
    from bere_tui.ui.screens.table import TableScreen

    return not isinstance(app.screen, TableScreen)


async def press_until(pilot, done, key: str = "enter", limit: int = 400) -> int:
    """Press `key` until `done()` holds, each time once the game waits for a key (the table shows its screens
    a moment after the key that led to them); returns the number of presses (fails past `limit`)."""
    for n in range(limit):
        await wait_for(pilot, lambda: done() or asking(pilot.app))
        if done():
            return n
        await pilot.press(key)
    raise AssertionError(f"still not done after {limit} presses of {key}")


async def wait_for(pilot, done, timeout: float = 30.0) -> None:
    """Let the app run until `done()` holds (the table draws itself before it pushes the next prompt). The
    timeout only ends a test whose app never gets there: a loaded machine may be slow, never that slow."""
    import time

    end = time.monotonic() + timeout
    while not done():
        if time.monotonic() > end:
            raise AssertionError("timed out waiting for the app")
        await pilot.pause(0.02)
    await pilot.pause()  # and let what came be drawn


async def press_on(pilot, screen_type, *keys: str) -> None:
    """Wait until a screen of `screen_type` is on top, then press `keys` (the game loop shows its screens a
    moment after the keys that led to them)."""
    await wait_for(pilot, lambda: isinstance(pilot.app.screen, screen_type))
    await pilot.press(*keys)


#: the character a key types (as Textual's pilot gives it)
KEY_CHARS = {"space": " ", "tab": "\t", "enter": "\r", "escape": "\x1b", "question_mark": "?", "plus": "+",
             "minus": "-"}


async def type_ahead(pilot, *keys: str) -> None:
    """Send `keys` all at once, as a fast typist, a held key or a slow connection delivers them: each key is on
    its way before the one before it has acted (pilot.press waits for the app after every key). Then let the
    app handle them all."""
    from textual import events

    for key in keys:
        pilot.app.post_message(events.Key(key, KEY_CHARS.get(key, key if len(key) == 1 else None)))
    await settle(pilot)


async def settle(pilot, rounds: int = 100) -> None:
    """Let the app run until no message waits anywhere (the app, the screen and its widgets)."""
    for _ in range(rounds):
        await pilot.pause()
        nodes = [pilot.app, *pilot.app.screen.walk_children(with_self=True)]
        if not any(node._message_queue.qsize() for node in nodes):
            return
    raise AssertionError(f"the app was still busy after {rounds} pauses")


def focus_trail(screen) -> list[str | None]:
    """The ids of the widgets `screen` gives the focus to from now on, in order (each move, also those a
    burst of keys makes before the screen is drawn again)."""
    trail: list[str | None] = []
    screen.watch(screen, "focused", lambda widget: widget is not None and trail.append(widget.id), init=False)
    return trail
