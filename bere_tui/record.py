"""bere-record/1 <-> engine (spec/record.md), and the bere-result/1 summary of a game.

Pydantic validates the file's shape here, at the edge; the engine then checks every rule while the actions
are replayed. Any problem becomes one RecordError whose message names it (for an action: its 0-based index,
what the game was asking for, and why the action is refused).
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Annotated, Literal, Union

from pydantic import BaseModel, ConfigDict, Field, StrictInt, StrictStr, ValidationError

from bere_tui.engine import VARIANTS, BereError, Game
from bere_tui.i18n import _

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


Action = Annotated[Union[SelectAction, DraftAction, TakeRowAction, SpecialAction, CancelAction, SwapAction],
                   Field(discriminator="do")]


class RecordModel(_Model):
    format: Literal["bere-record/1"]
    variant: Literal["base", "pro", "anniversary", "even-odd"]
    options: OptionsModel = OptionsModel()
    players: list[PlayerModel]
    seed: StrictInt
    deals: list[DealModel] = []
    actions: list[dict] = []


_ACTION_ADAPTER = None


def _action_adapter():
    global _ACTION_ADAPTER
    if _ACTION_ADAPTER is None:
        from pydantic import TypeAdapter

        _ACTION_ADAPTER = TypeAdapter(Action)
    return _ACTION_ADAPTER


def _first_error(exc: ValidationError, prefix: str = "") -> str:
    err = exc.errors()[0]
    loc = ".".join(str(x) for x in err["loc"] if not str(x).endswith("Action") and x not in
                   ("select", "draft", "take_row", "special", "cancel", "swap"))
    where = prefix + (loc if not prefix or not loc else "." + loc)
    msg = err["msg"]
    if err["type"] == "extra_forbidden":
        msg = _("unknown field")
    elif err["type"] == "union_tag_invalid":
        msg = _("there is no action {do!r}").format(do=err.get("input", {}).get("do") if isinstance(
            err.get("input"), dict) else None)
    elif err["type"] == "literal_error" and err["loc"] and err["loc"][-1] == "format":
        msg = _("unknown format {value!r} (this version reads {fmt})").format(value=err["input"], fmt=FORMAT)
    elif err["type"] == "literal_error" and err["loc"] and err["loc"][-1] == "variant":
        msg = _("unknown variant {value!r}").format(value=err["input"])
    return f"{where}: {msg}" if where else msg


def _clean_action(model: BaseModel) -> dict:
    """The action as the engine takes it: the record's own keys only (no unset optional special fields)."""
    data = model.model_dump(by_alias=True, exclude_unset=True)
    return data


def parse_record(data) -> tuple[RecordModel, list[dict]]:
    """Check a record's shape; returns the model and its actions as engine dicts."""
    if not isinstance(data, dict):
        raise RecordError(_("a record must be a JSON object"))
    if data.get("format") not in (None, FORMAT) and isinstance(data.get("format"), str):
        raise RecordError(_("format: unknown format {value!r} (this version reads {fmt})").format(
            value=data["format"], fmt=FORMAT))
    try:
        model = RecordModel.model_validate(data)
    except ValidationError as exc:
        raise RecordError(_first_error(exc)) from None
    info = VARIANTS[model.variant]
    if not info.min_players <= len(model.players) <= info.max_players:
        raise RecordError(_("players: {variant} is for {lo} to {hi} players, not {n}").format(
            variant=model.variant, lo=info.min_players, hi=info.max_players, n=len(model.players)))
    actions = []
    adapter = _action_adapter()
    for i, raw in enumerate(model.actions):
        if not isinstance(raw, dict):
            raise RecordError(_("action {i}: must be an object").format(i=i))
        try:
            actions.append(_clean_action(adapter.validate_python(raw)))
        except ValidationError as exc:
            raise RecordError(_("action {i}: {problem}").format(i=i, problem=_first_error(exc))) from None
    return model, actions


def new_game(model: RecordModel) -> Game:
    options = model.options.model_dump(exclude_none=True)
    deals = [d.model_dump(exclude_none=True) for d in model.deals]
    players = [p.model_dump(exclude_none=True) for p in model.players]
    try:
        return Game(model.variant, players, seed=model.seed, options=options, deals=deals)
    except BereError as exc:
        raise RecordError(str(exc)) from None


def replay(data, upto: int | None = None) -> Game:
    """Build the game a record describes, applying its actions (the first `upto` of them)."""
    model, actions = parse_record(data)
    game = new_game(model)
    for i, action in enumerate(actions[:upto]):
        asked = game.describe_pending()
        try:
            game.apply(action)
        except BereError as exc:
            raise RecordError(_("action {i} ({do} by player {p}): {why} (the game was asking for {asked})").format(
                i=i, do=action.get("do"), p=action.get("player"), why=exc, asked=asked)) from None
    return game


def load_json(path: str | Path):
    """Read a record file as JSON; every failure is a RecordError naming the file."""
    path = Path(path)
    try:
        text = path.read_text(encoding="utf-8")
    except FileNotFoundError:
        raise RecordError(_("{file}: no such file").format(file=path)) from None
    except (OSError, UnicodeDecodeError) as exc:
        raise RecordError(_("{file}: cannot be read ({why})").format(file=path, why=exc)) from None
    try:
        return json.loads(text)
    except json.JSONDecodeError as exc:
        raise RecordError(_("{file}: not valid JSON ({why})").format(file=path, why=exc)) from None


def load(path: str | Path) -> Game:
    return replay(load_json(path))


def dumps(game: Game) -> str:
    return json.dumps(game.record(), indent=1)


def result(game: Game) -> dict:
    """The bere-result/1 summary (spec/record.md): the state after the last action, with every hand."""
    pend = None
    if game.pending is not None:
        pend = {"do": game.pending["do"]}
        if game.pending["do"] == "select":
            pend["players"] = list(game.pending["players"])
        else:
            pend["player"] = game.pending["player"]
    totals = game.totals()
    return {
        "format": RESULT_FORMAT,
        "variant": game.variant,
        "finished": game.finished,
        "round": game.round,
        "rows": [{"cards": list(r.cards), "capacity": r.capacity, "stop": r.stop, "fifth_row": r.fifth,
                  "parity": None if r.parity is None else ("odd" if r.parity else "even")} for r in game.rows],
        "players": [{"name": info["name"], "hand": list(game.hands[p]),
                     "specials": list(game.specials[p]), "pile": list(game.piles[p]),
                     "set_aside": list(game.set_aside[p]), "round_scores": game.round_scores(p),
                     "total": totals[p]} for p, info in enumerate(game.players)],
        "winners": list(game.winners) if game.finished else [],
        "pending": pend,
    }
