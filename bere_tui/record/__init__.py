"""bere-record/1 <-> engine (spec/record.md), and the bere-result/1 summary of a game.

This package: the envelope every game system shares (here) and each system's records (record/nimmt.py,
record/bullenparty.py, record/board.py), each found through its system's "record" part (bere_tui/systems.py).

Pydantic validates the file's shape here, at the edge; the engine then checks every rule while the actions
are replayed. Any problem becomes one RecordError whose message names it (for an action: its 0-based index,
what the game was asking for, and why the action is refused); every value it echoes from the file is escaped
(safetext), so the message stays one line. Player names are checked here too (safetext.name_problem); a
record to replay names known bots, possibly by their level (`hard` for `strong`): the game gets the bot's own
name.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field, StrictStr, ValidationError

from bere_tui.bots import bot_key, known_bots
from bere_tui.engine import BereError
from bere_tui.i18n import _
from bere_tui.jsonfile import JSONFileError, read_json
from bere_tui.safetext import cut_numbers, escape, name_problem, shown

FORMAT = "bere-record/1"
RESULT_FORMAT = "bere-result/1"

class RecordError(Exception):
    """A record that cannot be loaded or replayed; the message is one line for the player."""


class _Model(BaseModel):
    model_config = ConfigDict(extra="forbid", strict=True)


class PlayerModel(_Model):
    name: StrictStr = Field(min_length=1)
    bot: StrictStr | None = None


def _where(loc) -> str:
    """A pydantic error location as the record spells it: `deals[0].rows[1]`."""
    out = ""
    for part in loc:
        out += f"[{part}]" if isinstance(part, int) else (f".{escape(part)}" if out else escape(part))
    return out


def _first_error(exc: ValidationError, in_action: bool = False, kinds: tuple[str, ...] = ()) -> str:
    """The first problem pydantic found, as `where: what` in the record's own terms."""
    err = exc.errors()[0]
    loc, kind, value = tuple(err["loc"]), err["type"], err.get("input")
    if in_action and loc and loc[0] in kinds:
        loc = loc[1:]  # the discriminated union names the action kind first
    if kind == "extra_forbidden":
        loc, name = loc[:-1], loc[-1]
        msg = (_("unknown option {name}") if loc == ("options",) else _("unknown field {name}")).format(name=shown(name))
    elif kind == "missing":
        loc, name = loc[:-1], loc[-1]
        msg = _("the field {name} is missing").format(name=shown(name))
    elif kind == "union_tag_not_found":
        msg = _("the field 'do' is missing")
    elif kind == "union_tag_invalid":
        msg = _("there is no action {do}").format(do=shown(value.get("do") if isinstance(value, dict) else None))
    elif kind == "literal_error" and loc == ("format",):
        msg = _("unknown format {value} (this version reads {fmt})").format(value=shown(value), fmt=FORMAT)
    elif kind == "literal_error" and loc == ("variant",):
        from bere_tui.systems import GAMES

        msg = _("unknown variant {value}; known: {known}").format(value=shown(value), known=", ".join(GAMES))
    else:
        msg = escape(err["msg"], limit=None)
        if isinstance(value, (str, int, float, bool)) or value is None:
            msg = _("{problem}, not {value}").format(problem=msg, value=shown(value))
    where = _where(loc)
    return f"{where}: {msg}" if where else msg


def read_envelope(data, model_class: type[_Model], player_counts):
    """The part of a record every game system reads the same way (spec/record.md): a JSON object of this
    format, the shape of `model_class` (the game system's own model), as many players as
    `player_counts(model)` = (fewest, most) allows, and every name fit to show. Returns the model."""
    if not isinstance(data, dict):
        raise RecordError(_("a record must be a JSON object"))
    if data.get("format") not in (None, FORMAT) and isinstance(data.get("format"), str):
        raise RecordError(_("format: unknown format {value} (this version reads {fmt})").format(
            value=shown(data["format"]), fmt=FORMAT))
    try:
        model = model_class.model_validate(data)
    except ValidationError as exc:
        raise RecordError(_first_error(exc)) from None
    lo, hi = player_counts(model)
    if not lo <= len(model.players) <= hi:
        raise RecordError(_("players: {variant} is for {lo} to {hi} players, not {n}").format(
            variant=model.variant, lo=lo, hi=hi, n=len(model.players)))
    for i, player in enumerate(model.players):
        problem = name_problem(player.name)
        if problem is not None:
            raise RecordError(f"players[{i}].name: {problem}")
    return model


def read_action(i: int, raw, adapter, game=None, kinds: tuple[str, ...] = (),
                by_alias: bool = False) -> dict:
    """Action i of a record as its engine takes it (the record's own keys only), checked by `adapter` (the
    game system's pydantic TypeAdapter of its actions, whose kinds are `kinds`), or a RecordError naming
    action i."""
    if not isinstance(raw, dict):
        raise _action_error(i, raw, _("an action must be an object"), game)
    try:
        model = adapter.validate_python(raw)
    except ValidationError as exc:
        raise _action_error(i, raw, _first_error(exc, in_action=True, kinds=kinds), game) from None
    return model.model_dump(by_alias=by_alias, exclude_unset=True)


def _check_bots(model) -> None:
    """Every bot seat names a bot (or its level). (Lessons, read by parse_record, mark scripted seats with a
    name of their own.)"""
    for i, player in enumerate(model.players):
        if player.bot is not None and bot_key(player.bot) is None:
            raise RecordError(_("players[{i}].bot: unknown bot {bot}; known: {known}").format(
                i=i, bot=shown(player.bot), known=known_bots()))


def _action_error(i: int, raw, why: str, game=None) -> RecordError:
    """One line for a refused action: its index, what it asked for, why not, what the game was asking for."""
    head = _("action {i}").format(i=i)
    if isinstance(raw, dict) and isinstance(raw.get("do"), str):
        if "player" in raw:
            head = _("action {i} ({do} by player {p})").format(i=i, do=escape(raw["do"], 20), p=shown(raw["player"]))
        else:
            head = _("action {i} ({do})").format(i=i, do=escape(raw["do"], 20))
    why = cut_numbers(why)  # (the engine's message repeats the card or player as given)
    if game is not None:
        asked = game.describe_pending()
        if asked not in why:
            why = _("{why} (the game was asking for {asked})").format(why=why, asked=asked)
    return RecordError(f"{head}: {why}")


def parse_record(data) -> tuple[Any, list[dict]]:
    """Check a record's shape; returns the model and its actions as engine dicts."""
    return _system_of(data).parse_record(data)


def new_game(model):
    """The game a parsed record starts from (its deal; no action applied yet), of whichever game system."""
    return _system(model.variant).new_game(model)


def replay(data, upto: int | None = None):
    """Build the game a record describes, applying its actions (the first `upto` of them; all are checked).

    A refused action is named with the decision the game was asking for at that point."""
    return _system_of(data).replay(data, upto)


def apply_recorded(game, raw_actions: list, upto: int | None, parse_action):
    """Apply a record's actions to `game` (the first `upto`; the rest are only checked for their shape), by
    `parse_action(i, raw[, game])` of the record's game system. A refused action names the decision asked."""
    stop = len(raw_actions[:upto])
    for i, raw in enumerate(raw_actions):
        if i >= stop:
            parse_action(i, raw)
            continue
        action = parse_action(i, raw, game)
        try:
            game.apply(action)
        except BereError as exc:
            raise _action_error(i, raw, str(exc), game) from None
    return game


class SystemRecords:
    """The record glue a game system beside 6 nimmt! shares (record/bullenparty.py, record/board.py): the envelope
    of its record model, at most one deal (the setup), its actions through its adapter, and replay. `new_game`
    makes the game a parsed record starts from."""

    def __init__(self, variant: str, model_class, adapter, kinds: tuple[str, ...], player_counts, new_game) -> None:
        self.variant, self.model_class, self.adapter, self.kinds = variant, model_class, adapter, kinds
        self.player_counts, self.new_game = player_counts, new_game

    def is_mine(self, data) -> bool:
        """Whether this record (parsed JSON) is of this system."""
        return isinstance(data, dict) and data.get("variant") == self.variant

    def parse_shell(self, data):
        model = read_envelope(data, self.model_class, self.player_counts)
        if len(model.deals) > 1:
            raise RecordError(_("deals: {variant} has one entry, the setup").format(variant=self.variant))
        return model

    def parse_action(self, i: int, raw, game=None) -> dict:
        return read_action(i, raw, self.adapter, game, kinds=self.kinds)

    def parse_record(self, data) -> tuple[Any, list[dict]]:
        """Check a record's shape; returns the model and its actions as engine dicts."""
        model = self.parse_shell(data)
        return model, [self.parse_action(i, raw) for i, raw in enumerate(model.actions)]

    def replay(self, data, upto: int | None = None):
        """Build the game a record describes, applying its actions (the first `upto` of them; all are checked)."""
        model = self.parse_shell(data)
        _check_bots(model)
        return apply_recorded(self.new_game(model), model.actions, upto, self.parse_action)


def seat_players(model) -> list[dict]:
    """A parsed record's players as the engines take them, each bot by its own name (`hard` -> `strong`)."""
    players = [p.model_dump(exclude_none=True) for p in model.players]
    for player in players:
        if "bot" in player:
            player["bot"] = bot_key(player["bot"]) or player["bot"]
    return players


def pending_result(pending: dict | None) -> dict | None:
    """What bere-result/1 says of the decision asked: its kind, and the players of a secret decision or the
    player of any other."""
    if pending is None:
        return None
    if "players" in pending:
        return {"do": pending["do"], "players": list(pending["players"])}
    return {"do": pending["do"], "player": pending["player"]}


def _system(variant):
    """The record module of the game system of `variant` (its "record" part: bere_tui/systems.py)."""
    from bere_tui.systems import GAMES, system_of

    if not isinstance(variant, str) or variant not in GAMES:
        return None
    return system_of(variant).part("record")


def _system_of(data):
    """The record module of a record's game system. A record whose variant names none gets one RecordError: its
    first problem, read against every system's variants (the format first, then the variant)."""
    system = _system(data.get("variant")) if isinstance(data, dict) else None
    if system is not None:
        return system
    from pydantic import create_model

    from bere_tui.systems import GAMES

    envelope = create_model("Envelope", __base__=_Model, format=(Literal["bere-record/1"], ...),
                            variant=(Literal[tuple(GAMES)], ...), players=(list[PlayerModel], ...))
    read_envelope(data, envelope, lambda model: (0, 0))
    raise RecordError(_("a record must be a JSON object"))  # pragma: no cover - the envelope refused it above


def load_json(path: str | Path, pipe: bool = False):
    """Read a record file as JSON (jsonfile.read_json; with `pipe`, a file named on the command line, a pipe
    is read too); every failure is a RecordError naming the file."""
    path = Path(path)
    try:
        return read_json(path, pipe=pipe)
    except FileNotFoundError:
        raise RecordError(_("{file}: no such file").format(file=escape(path, None))) from None
    except JSONFileError as exc:
        raise RecordError(_("{file}: {problem}").format(file=escape(path, None), problem=exc)) from None


def load(path: str | Path, pipe: bool = False):
    return replay(load_json(path, pipe))


def dumps(game) -> str:
    return json.dumps(game.record(), indent=1)


def result(game) -> dict:
    """The bere-result/1 summary (spec/record.md): the state after the last action, with every hand."""
    return _system(game.variant).result(game)
