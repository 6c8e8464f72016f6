"""Views and events as JSON and back, for a table whose seats sit at other terminals (bere serve), for any game
system.

Only what a view or an event holds crosses the wire: a seat is sent `view(seat)` and the public events, never the
game. The codec is driven by each system's own classes, named in its registry entry (bere_tui/systems.py): its
"view" part (the view's dataclass) and its "events" part (the module of its events). A value is read back by the
type its field declares: a dataclass from its fields, `tuple[X, ...]` and `tuple[X, Y]` from lists, `X | None`,
`dict[int, X]` (JSON's keys are strings) and plain values; a field typed only `tuple` gets tuples all the way down.
An unknown kind of event, a missing field or a value of the wrong kind is refused (WireError), never guessed.
"""

from __future__ import annotations

import dataclasses
import sys
import types
import typing
from dataclasses import fields, is_dataclass
from functools import cache
from typing import Any, Union, get_args, get_origin, get_type_hints

from bere_tui.engine.events import Event


class WireError(ValueError):
    """A message that does not hold what it should."""


def plain(value):
    """A dataclass, tuple or dict as JSON-ready lists and dicts."""
    if is_dataclass(value) and not isinstance(value, type):
        return {f.name: plain(getattr(value, f.name)) for f in fields(value)}
    if isinstance(value, (tuple, list)):
        return [plain(v) for v in value]
    if isinstance(value, dict):
        return {k: plain(v) for k, v in value.items()}
    return value


def _tuples(value):
    """Lists as tuples, all the way down (a field typed only `tuple`)."""
    if isinstance(value, list):
        return tuple(_tuples(v) for v in value)
    return value


@cache
def _hints(cls: type) -> dict[str, Any]:
    return get_type_hints(cls, vars(sys.modules[cls.__module__]))


_SCALARS = {int: (int,), str: (str,), bool: (bool,), float: (int, float)}


def decode(tp, data):
    """`data` (as json.loads gave it) read back as a value of the type `tp`; WireError when it is not one."""
    if tp is Any or tp is object:
        return data
    if isinstance(tp, type) and is_dataclass(tp):
        if not isinstance(data, dict):
            raise WireError(f"{tp.__name__}: not an object")
        hints = _hints(tp)
        values = {}
        for f in fields(tp):
            if not f.init:
                continue
            if f.name not in data:
                if f.default is dataclasses.MISSING and f.default_factory is dataclasses.MISSING:
                    raise WireError(f"{tp.__name__}: the field {f.name} is missing")
                continue
            values[f.name] = decode(hints[f.name], data[f.name])
        return tp(**values)
    origin, args = get_origin(tp), get_args(tp)
    if origin in (Union, types.UnionType):
        if data is None and type(None) in args:
            return None
        problems = []
        for arg in args:
            if arg is type(None):
                continue
            try:
                return decode(arg, data)
            except WireError as exc:
                problems.append(str(exc))
        raise WireError("; ".join(problems) or "not None")
    if origin is typing.Literal:
        if data not in args:
            raise WireError(f"{data!r} is not one of {args!r}")
        return data
    if tp is tuple or origin is tuple:
        if not isinstance(data, list):
            raise WireError(f"{type(data).__name__}, not a list")
        if not args:
            return _tuples(data)
        if len(args) == 2 and args[1] is Ellipsis:
            return tuple(decode(args[0], v) for v in data)
        if len(args) != len(data):
            raise WireError(f"{len(data)} values, not {len(args)}")
        return tuple(decode(a, v) for a, v in zip(args, data, strict=True))
    if tp is list or origin is list:
        if not isinstance(data, list):
            raise WireError(f"{type(data).__name__}, not a list")
        return [decode(args[0], v) for v in data] if args else list(data)
    if tp is dict or origin is dict:
        if not isinstance(data, dict):
            raise WireError(f"{type(data).__name__}, not an object")
        if not args:
            return dict(data)
        key, value = args
        try:
            return {(int(k) if key is int else k): decode(value, v) for k, v in data.items()}
        except ValueError:
            raise WireError("a key that is not a number") from None
    if tp is type(None):
        if data is not None:
            raise WireError(f"{data!r}, not None")
        return None
    if tp in _SCALARS:
        if type(data) not in _SCALARS[tp] or (tp is int and isinstance(data, bool)):
            raise WireError(f"{data!r} is not a {tp.__name__}")
        return float(data) if tp is float else data
    raise WireError(f"no wire form for {tp!r}")  # pragma: no cover - a view or event field of a kind not listed


class Wire:
    """One game system's views and events as JSON and back: `Wire(View, events_module)`."""

    def __init__(self, view_class: type, events_module: types.ModuleType) -> None:
        self.view_class = view_class
        names = getattr(events_module, "__all__", None) or [
            name for name, value in vars(events_module).items()
            if isinstance(value, type) and value.__module__ == events_module.__name__]
        self.events: dict[str, type] = {}
        for name in names:
            cls = getattr(events_module, name)
            if isinstance(cls, type) and issubclass(cls, Event) and cls is not Event and is_dataclass(cls):
                self.events[name] = cls

    def event_to_wire(self, event: Event) -> dict:
        return {"type": type(event).__name__, **plain(event)}

    def event_from_wire(self, data) -> Event:
        if not isinstance(data, dict):
            raise WireError("an event that is not an object")
        cls = self.events.get(data.get("type"))  # type: ignore[arg-type]
        if cls is None:
            raise WireError(f"unknown event {data.get('type')!r}")
        return decode(cls, {k: v for k, v in data.items() if k != "type"})

    def view_to_wire(self, view) -> dict:
        return plain(view)

    def view_from_wire(self, data):
        return decode(self.view_class, data)


_WIRES: dict[tuple[str, str, str], Wire] = {}


def wire_of(system) -> Wire:
    """The wire of a game system (its "view" and "events" parts); WireError when it has none."""
    key = (system.name, system.parts.get("view", ""), system.parts.get("events", ""))
    if key not in _WIRES:
        view_class, events_module = system.part("view"), system.part("events")
        if view_class is None or events_module is None:
            raise WireError(f"{system.name}: no view or events part to seat it at a shared table")
        _WIRES[key] = Wire(view_class, events_module)
    return _WIRES[key]


__all__ = ["Wire", "WireError", "decode", "plain", "wire_of"]
