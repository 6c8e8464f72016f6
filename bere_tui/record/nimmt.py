"""bere-record/1 <-> the 6 nimmt! engine (spec/record.md: base, Pro, Anniversary, Even/Odd), and its
bere-result/1. record/__init__.py hands a record whose variant is one of 6 nimmt!'s to this module."""

from __future__ import annotations

from typing import Annotated, Any, Literal

from pydantic import Field, StrictInt

from bere_tui.engine import BereError
from bere_tui.engine.nimmt import VARIANTS, Game
from bere_tui.record import (
    RESULT_FORMAT,
    PlayerModel,
    RecordError,
    _check_bots,
    _Model,
    apply_recorded,
    pending_result,
    read_action,
    read_envelope,
    seat_players,
)

SpecialName = Literal["fifth_row", "seven_nimmt", "insert", "replace", "shift", "stop", "negative_positive"]


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
    deals: list[DealModel] = Field(default_factory=list)
    actions: list[Any] = Field(default_factory=list)


_ACTION_ADAPTER = None


def _action_adapter():
    global _ACTION_ADAPTER
    if _ACTION_ADAPTER is None:
        from pydantic import TypeAdapter

        _ACTION_ADAPTER = TypeAdapter(Action)
    return _ACTION_ADAPTER


ACTION_KINDS = ("select", "draft", "take_row", "special", "cancel", "swap")


ACTION_KINDS = ("select", "draft", "take_row", "special", "cancel", "swap")


def _player_counts(model: RecordModel) -> tuple[int, int]:
    rules = VARIANTS[model.variant]
    return rules.min_players, rules.max_players  # B1, P1, A1


def _parse_shell(data) -> RecordModel:
    """Check everything but the actions' own fields."""
    return read_envelope(data, RecordModel, _player_counts)


def _parse_action(i: int, raw, game: Game | None = None) -> dict:
    """One action as the engine takes it (the record's own keys only), or a RecordError naming action i."""
    return read_action(i, raw, _action_adapter(), game, ACTION_KINDS, by_alias=True)


def parse_record(data) -> tuple[RecordModel, list[dict]]:
    """Check a record's shape; returns the model and its actions as engine dicts."""
    model = _parse_shell(data)
    return model, [_parse_action(i, raw) for i, raw in enumerate(model.actions)]


def new_game(model) -> Game:
    """The game a parsed record starts from (its deal; no action applied yet)."""
    options = model.options.model_dump(exclude_none=True)
    deals = [d.model_dump(exclude_none=True) for d in model.deals]
    try:
        return Game(model.variant, seat_players(model), seed=model.seed, options=options, deals=deals)
    except BereError as exc:
        raise RecordError(str(exc)) from None


def replay(data, upto: int | None = None) -> Game:
    """Build the game a record describes, applying its actions (the first `upto` of them; all are checked)."""
    model = _parse_shell(data)
    _check_bots(model)
    return apply_recorded(new_game(model), model.actions, upto, _parse_action)


def result(game: Game) -> dict:
    """The bere-result/1 summary (spec/record.md): the state after the last action, with every hand."""
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


__all__ = ["RecordModel", "new_game", "parse_record", "replay", "result"]
