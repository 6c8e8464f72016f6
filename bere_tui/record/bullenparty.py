"""bere-record/1 <-> the Bullenparty engine (spec/record.md, "Variant `bullenparty`"), and its bere-result/1.

record.py hands a record whose `variant` is `bullenparty` to this module. The same edge as for 6 nimmt!:
pydantic checks the file's shape, the engine every rule while the actions are replayed; any problem is one
RecordError naming it (for an action: its 0-based index, what it asked for, why it is refused, what the game
was asking for). docs/bullenparty.md describes what the record leaves to the project.
"""

from __future__ import annotations

from typing import Annotated, Any, Literal

from pydantic import Field, StrictInt, TypeAdapter

from bere_tui.engine.bullenparty import Game, rules
from bere_tui.engine.bullenparty.game import VARIANT
from bere_tui.engine.errors import BereError
from bere_tui.record import (
    RESULT_FORMAT,
    PlayerModel,
    RecordError,
    SystemRecords,
    _Model,
    pending_result,
    seat_players,
)

Letter = Literal["A", "B", "C", "D", "E"]
ACTION_KINDS = ("bid", "take", "zero_row", "lay")


class OptionsModel(_Model):
    """No options yet: any key is an unknown option."""


class DealModel(_Model):
    removed: list[StrictInt]
    zero: list[Letter]
    hands: list[list[StrictInt]]
    draw_pile: list[StrictInt]
    reshuffles: list[list[StrictInt]] | None = None


class _Action(_Model):
    player: StrictInt


class BidAction(_Action):
    do: Literal["bid"]
    card: StrictInt | Literal["zero"]


class TakeAction(_Action):
    do: Literal["take"]
    row: StrictInt


class ZeroRowAction(_Action):
    do: Literal["zero_row"]
    row: StrictInt


class LayAction(_Action):
    do: Literal["lay"]
    card: StrictInt
    pile: StrictInt | None


Action = Annotated[BidAction | TakeAction | ZeroRowAction | LayAction, Field(discriminator="do")]
_ACTIONS = TypeAdapter(Action)


class RecordModel(_Model):
    format: Literal["bere-record/1"]
    variant: Literal["bullenparty"]
    options: OptionsModel = OptionsModel()
    players: list[PlayerModel]
    seed: StrictInt
    deals: list[DealModel] = Field(default_factory=list)
    actions: list[Any] = Field(default_factory=list)


def new_game(model: RecordModel) -> Game:
    deals = [d.model_dump(exclude_none=True) for d in model.deals]
    try:
        return Game(seat_players(model), seed=model.seed, options=model.options.model_dump(), deals=deals)
    except BereError as exc:
        raise RecordError(str(exc)) from None


_RECORDS = SystemRecords(VARIANT, RecordModel, _ACTIONS, ACTION_KINDS,
                         lambda model: (rules.MIN_PLAYERS, rules.MAX_PLAYERS), new_game)  # BP1
is_bullenparty, parse_record, replay = _RECORDS.is_mine, _RECORDS.parse_record, _RECORDS.replay


def result(game: Game) -> dict:
    """bere-result/1 for Bullenparty (spec/record.md): the state after the last action, every hand shown.

    A taken row keeps its number with no cards and no Bull card (they are in the taker's hand and beside
    them); `closed` stays as it was. `draw_pile` lists the cards left, top first."""
    pend = pending_result(game.pending)
    scores = game.scores()
    return {
        "format": RESULT_FORMAT,
        "variant": VARIANT,
        "finished": game.finished,
        "round": game.round,
        "rows": [{"cards": list(r.cards), "bull": r.bull, "closed": r.closed, "taken_by": r.taken_by}
                 for r in game.rows],
        "players": [{"name": info["name"], "hand": game.held(p), "zero": game.letters[p],
                     "piles": [list(pile) for pile in game.piles[p]], "bulls": list(game.bulls[p]),
                     "score": scores[p]} for p, info in enumerate(game.players)],
        "draw_pile": list(game.draw),
        "winners": list(game.winners) if game.finished else [],
        "pending": pend,
    }


__all__ = ["RecordModel", "is_bullenparty", "new_game", "parse_record", "replay", "result"]
