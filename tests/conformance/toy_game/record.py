"""The toy game's record codec (the system's "record" part): bere-record/1 read with the shared envelope and
glue of bere_tui.record (SystemRecords), and its bere-result/1."""

from __future__ import annotations

from typing import Annotated, Any, Literal

from pydantic import BaseModel, ConfigDict, Field, StrictInt, TypeAdapter

from bere_tui.engine.errors import BereError
from bere_tui.record import (
    RESULT_FORMAT,
    PlayerModel,
    RecordError,
    SystemRecords,
    pending_result,
    seat_players,
)
from toy_game import VARIANT
from toy_game.engine import Game


class _Model(BaseModel):
    model_config = ConfigDict(extra="forbid", strict=True)


class OptionsModel(_Model):
    """No options."""


class PickAction(_Model):
    player: StrictInt
    do: Literal["pick"]
    card: StrictInt


class ClaimAction(_Model):
    player: StrictInt
    do: Literal["claim"]
    points: StrictInt


class RecordModel(_Model):
    format: Literal["bere-record/1"]
    variant: Literal["toy-high-card"]
    options: OptionsModel = OptionsModel()
    players: list[PlayerModel]
    seed: StrictInt
    deals: list[Any] = Field(default_factory=list)
    actions: list[Any] = Field(default_factory=list)


_ACTIONS = TypeAdapter(Annotated[PickAction | ClaimAction, Field(discriminator="do")])


def new_game(model: RecordModel) -> Game:
    try:
        return Game(seat_players(model), seed=model.seed)
    except BereError as exc:
        raise RecordError(str(exc)) from None


_RECORDS = SystemRecords(VARIANT, RecordModel, _ACTIONS, ("pick", "claim"), lambda model: (2, 4), new_game)
parse_record, replay = _RECORDS.parse_record, _RECORDS.replay


def result(game: Game) -> dict:
    return {"format": RESULT_FORMAT, "variant": VARIANT, "finished": game.finished,
            "players": [{"name": info["name"], "hand": list(game.hands[p]), "points": game.points[p]}
                        for p, info in enumerate(game.players)],
            "winners": list(game.winners), "pending": pending_result(game.pending)}
