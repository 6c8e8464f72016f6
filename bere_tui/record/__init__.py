"""bere-record/1 <-> engine (spec/record.md), and the bere-result/1 summary of a game.

This package: the envelope every game system shares and 6 nimmt!'s records (here), Bullenparty's
(record/bullenparty.py) and the board game's (record/board.py), each found through its system's "record" part
(bere_tui/systems.py).

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
from typing import Annotated, Any, Literal

from pydantic import BaseModel, ConfigDict, Field, StrictInt, StrictStr, ValidationError

from bere_tui.bots import bot_key, known_bots
from bere_tui.engine import BereError
from bere_tui.engine.nimmt import VARIANTS, Game
from bere_tui.i18n import _
from bere_tui.jsonfile import JSONFileError, read_json
from bere_tui.safetext import cut_numbers, escape, name_problem, shown

FORMAT = "bere-record/1"
RESULT_FORMAT = "bere-result/1"

SpecialName = Literal["fifth_row", "seven_nimmt", "insert", "replace", "shift", "stop", "negative_positive"]


class RecordError(Exception):
    """A record that cannot be loaded or replayed; the message is one line for the player."""


class _Model(BaseModel):
    model_config = ConfigDict(extra="forbid", strict=True)


class PlayerModel(_Model):
    name: StrictStr = Field(min_length=1)
    bot: StrictStr | None = None


class OptionsModel(_Model):
    target: StrictInt | None = Field(default=None, ge=1)
    rounds: StrictInt | None = Field(default=None, ge=1)


class DealModel(_Model):
    rows: list[StrictInt] | None = None
    hands: list[list[StrictInt]] | None = None
    specials: list[list[SpecialName]] | None = None
    special_pile: list[SpecialName] | None = None


class _Action(_Model):
    player: StrictInt


class SelectAction(_Action):
    do: Literal["select"]
    card: StrictInt


class DraftAction(_Action):
    do: Literal["draft"]
    card: StrictInt


class TakeRowAction(_Action):
    do: Literal["take_row"]
    row: StrictInt


class SpecialAction(_Action):
    do: Literal["special"]
    card: SpecialName | None
    row: StrictInt | None = None
    with_: StrictInt | None = Field(default=None, alias="with")
    move: StrictInt | None = None
    to_row: StrictInt | None = None


class CancelAction(_Action):
    do: Literal["cancel"]
    positive: StrictInt
    cancel: list[StrictInt]


class SwapAction(_Action):
    do: Literal["swap"]
    discard: SpecialName | None


Action = Annotated[SelectAction | DraftAction | TakeRowAction | SpecialAction | CancelAction | SwapAction,
                   Field(discriminator="do")]


class RecordModel(_Model):
    format: Literal["bere-record/1"]
    variant: Literal["base", "pro", "anniversary", "even-odd"]
    options: OptionsModel = OptionsModel()
    players: list[PlayerModel]
    seed: StrictInt
    deals: list[DealModel] = []
    actions: list[Any] = []


_ACTION_ADAPTER = None


def _action_adapter():
    global _ACTION_ADAPTER
    if _ACTION_ADAPTER is None:
        from pydantic import TypeAdapter

        _ACTION_ADAPTER = TypeAdapter(Action)
    return _ACTION_ADAPTER


ACTION_KINDS = ("select", "draft", "take_row", "special", "cancel", "swap")


def _where(loc) -> str:
    """A pydantic error location as the record spells it: `deals[0].rows[1]`."""
    out = ""
    for part in loc:
        out += f"[{part}]" if isinstance(part, int) else (f".{escape(part)}" if out else escape(part))
    return out


def _first_error(exc: ValidationError, in_action: bool = False, kinds: tuple[str, ...] = ACTION_KINDS) -> str:
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


def read_action(i: int, raw, adapter, game=None, kinds: tuple[str, ...] = ACTION_KINDS,
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


def _player_counts(model: RecordModel) -> tuple[int, int]:
    rules = VARIANTS[model.variant]
    return rules.min_players, rules.max_players  # B1, P1, A1


def _parse_shell(data) -> RecordModel:
    """Check everything but the actions' own fields."""
    return read_envelope(data, RecordModel, _player_counts)


def _check_bots(model: RecordModel) -> None:
    """Every bot seat names a bot (or its level). (Lessons, read by parse_record, mark scripted seats with a
    name of their own.)"""
    for i, player in enumerate(model.players):
        if player.bot is not None and bot_key(player.bot) is None:
            raise RecordError(_("players[{i}].bot: unknown bot {bot}; known: {known}").format(
                i=i, bot=shown(player.bot), known=known_bots()))


def _action_error(i: int, raw, why: str, game: Game | None = None) -> RecordError:
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


def _parse_action(i: int, raw, game: Game | None = None) -> dict:
    """One action as the engine takes it (the record's own keys only), or a RecordError naming action i."""
    return read_action(i, raw, _action_adapter(), game, by_alias=True)


def parse_record(data) -> tuple[RecordModel, list[dict]]:
    """Check a record's shape; returns the model and its actions as engine dicts."""
    system = _system_of(data)
    if system is not None:
        return system.parse_record(data)
    model = _parse_shell(data)
    return model, [_parse_action(i, raw) for i, raw in enumerate(model.actions)]


def new_game(model) -> Game:
    """The game a parsed record starts from (its deal; no action applied yet), of whichever game system."""
    system = _system(getattr(model, "variant", None))
    if system is not None:
        return system.new_game(model)
    options = model.options.model_dump(exclude_none=True)
    deals = [d.model_dump(exclude_none=True) for d in model.deals]
    try:
        return Game(model.variant, seat_players(model), seed=model.seed, options=options, deals=deals)
    except BereError as exc:
        raise RecordError(str(exc)) from None


def replay(data, upto: int | None = None) -> Game:
    """Build the game a record describes, applying its actions (the first `upto` of them; all are checked).

    A refused action is named with the decision the game was asking for at that point."""
    system = _system_of(data)
    if system is not None:
        return system.replay(data, upto)
    model = _parse_shell(data)
    _check_bots(model)
    return apply_recorded(new_game(model), model.actions, upto, _parse_action)


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
    """The record module of the game system of `variant` (its "record" part: bere_tui/systems.py), None for 6
    nimmt!'s own variants (this module) and for a variant that names no game (refused by 6 nimmt!'s checks)."""
    from bere_tui.systems import GAMES, system_of

    if not isinstance(variant, str) or variant not in GAMES:
        return None
    return system_of(variant).part("record")


def _system_of(data):
    return _system(data.get("variant")) if isinstance(data, dict) else None


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


def load(path: str | Path, pipe: bool = False) -> Game:
    return replay(load_json(path, pipe))


def dumps(game: Game) -> str:
    return json.dumps(game.record(), indent=1)


def result(game: Game) -> dict:
    """The bere-result/1 summary (spec/record.md): the state after the last action, with every hand."""
    system = _system(game.variant)
    if system is not None:
        return system.result(game)
    pend = pending_result(game.pending)
    totals = game.totals()
    return {
        "format": RESULT_FORMAT,
        "variant": game.variant,
        "finished": game.finished,
        "round": game.round,
        "rows": [{"cards": list(r.cards), "capacity": r.capacity, "stop": r.stop, "fifth_row": r.fifth,
                  "parity": None if r.parity is None else ("odd" if r.parity else "even")} for r in game.rows],
        "players": [{"name": info["name"], "hand": game.held(p),
                     "specials": list(game.specials[p]), "pile": list(game.piles[p]),
                     "set_aside": list(game.set_aside[p]), "round_scores": game.round_scores(p),
                     "total": totals[p]} for p, info in enumerate(game.players)],
        "winners": list(game.winners) if game.finished else [],
        "pending": pend,
    }
