"""Views and events as JSON and back, for a table whose seats sit at other terminals (bere serve).

Only what a view or an event holds crosses the wire: a seat is sent `view(seat)` and the public events,
never the game. Tuples travel as lists and come back as tuples; an unknown kind of event is refused.
"""

from __future__ import annotations

from dataclasses import fields, is_dataclass

from bere_tui.engine.nimmt import events as ev
from bere_tui.engine.nimmt.view import PlayerView, RowView, View


class WireError(ValueError):
    """A message that does not hold what it should."""


def plain(value):
    """A dataclass, tuple or dict as JSON-ready lists and dicts."""
    if is_dataclass(value):
        return {f.name: plain(getattr(value, f.name)) for f in fields(value)}
    if isinstance(value, (tuple, list)):
        return [plain(v) for v in value]
    if isinstance(value, dict):
        return {k: plain(v) for k, v in value.items()}
    return value


def _tuples(value):
    if isinstance(value, list):
        return tuple(_tuples(v) for v in value)
    return value


def event_to_wire(event: ev.Event) -> dict:
    return {"type": type(event).__name__, **plain(event)}


def event_from_wire(data: dict) -> ev.Event:
    try:
        name = data["type"]
        if name not in ev.__all__ or name == "Event":
            raise WireError(f"unknown event {name!r}")
        cls = getattr(ev, name)
        return cls(**{f.name: _tuples(data[f.name]) for f in fields(cls) if f.name in data})
    except (KeyError, TypeError) as exc:
        raise WireError(f"bad event: {exc}") from None


def view_to_wire(view: View) -> dict:
    return plain(view)


def view_from_wire(data: dict) -> View:
    try:
        values = {f.name: _tuples(data[f.name]) for f in fields(View)}
        values["options"] = dict(data["options"])
        values["pending"] = None if data["pending"] is None else dict(data["pending"])
        values["rows"] = tuple(RowView(**{k: _tuples(v) for k, v in r.items()}) for r in data["rows"])
        values["players"] = tuple(PlayerView(**{k: _tuples(v) for k, v in p.items()}) for p in data["players"])
        return View(**values)
    except (KeyError, TypeError, AttributeError) as exc:
        raise WireError(f"bad view: {exc}") from None


__all__ = ["WireError", "event_from_wire", "event_to_wire", "plain", "view_from_wire", "view_to_wire"]
