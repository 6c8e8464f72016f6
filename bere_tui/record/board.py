"""bere-record/1 <-> the board-game engine (docs/board.md, "Record"; variant `board`), and its bere-result/1.

record.py hands a record whose `variant` is `board` to this module. The same edge as for the other games:
pydantic checks the file's shape, the engine every rule while the actions are replayed; any problem is one
RecordError naming it (for an action: its 0-based index, what it asked for, why it is refused, what the game
was asking for). The board is read by name from `options.board` (bere_tui/boards.py; default `standard`); a
board file that cannot be used, or one whose contents differ from `options.board_sha256`, is a RecordError too.
"""

from __future__ import annotations

from typing import Annotated, Any, Literal

from pydantic import Field, StrictBool, StrictInt, StrictStr, TypeAdapter

from bere_tui.engine.board import Game
from bere_tui.engine.board.game import ACTION_FIELDS, VARIANT
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
from bere_tui.systems import GAMES, make_game

ACTION_KINDS = tuple(ACTION_FIELDS)  # select, stop_row, place_row, swap_row, luck


class OptionsModel(_Model):
    """The side, luck cards on or off, and the board file (its name and the sha256 of its bytes)."""

    side: StrictStr | None = None
    luck: StrictBool | None = None
    board: Annotated[StrictStr, Field(min_length=1)] | None = None
    board_sha256: Annotated[StrictStr, Field(pattern=r"^[0-9a-f]{64}$")] | None = None


class DealModel(_Model):
    """The setup (BG2): the four start tiles, each hand, the supply and both decks, top first."""

    rows: list[StrictInt]
    hands: list[list[StrictInt]]
    supply: list[StrictInt]
    luck_deck: list[StrictStr]
    action_deck: list[StrictStr]


class _Action(_Model):
    player: StrictInt


class SelectAction(_Action):
    do: Literal["select"]
    tiles: list[StrictInt]
    card: StrictStr | None  # an action card played with the tiles (BG7), or null


class StopRowAction(_Action):
    do: Literal["stop_row"]
    row: StrictInt


class PlaceRowAction(_Action):
    do: Literal["place_row"]
    row: StrictInt


class SwapRowAction(_Action):
    do: Literal["swap_row"]
    row: StrictInt


class LuckAction(_Action):
    do: Literal["luck"]
    row: StrictInt
    space: StrictInt


Action = Annotated[SelectAction | StopRowAction | PlaceRowAction | SwapRowAction | LuckAction,
                   Field(discriminator="do")]
_ACTIONS = TypeAdapter(Action)


class RecordModel(_Model):
    format: Literal["bere-record/1"]
    variant: Literal["board"]
    options: OptionsModel = OptionsModel()
    players: list[PlayerModel]
    seed: StrictInt
    deals: list[DealModel] = Field(default_factory=list)
    actions: list[Any] = Field(default_factory=list)


def _player_counts(model: RecordModel) -> tuple[int, int]:
    info = GAMES[VARIANT]  # BG1; a board file may narrow it, which the engine checks
    return info.min_players, info.max_players


def new_game(model: RecordModel) -> Game:
    """The game a parsed record starts from, on the board its options name (as that file is now, when the
    record gives no board_sha256)."""
    deals = [d.model_dump() for d in model.deals]
    players = seat_players(model)
    options = model.options.model_dump(exclude_none=True)
    try:  # make_game reads the board file: a BoardFileError comes back as a SetupError naming file and field
        return make_game(VARIANT, players, seed=model.seed, options=options, deals=deals or None)
    except BereError as exc:
        raise RecordError(str(exc)) from None


_RECORDS = SystemRecords(VARIANT, RecordModel, _ACTIONS, ACTION_KINDS, _player_counts, new_game)
is_board, parse_record, replay = _RECORDS.is_mine, _RECORDS.parse_record, _RECORDS.replay


def result(game: Game) -> dict:
    """bere-result/1 for the board game (docs/board.md): the state after the last action, every hand shown.

    Rows and spaces are 0-based as in the actions; `changed` lists the spaces a luck card changed (BG6)."""
    pend = pending_result(game.pending)
    rows = []
    for r, spec in enumerate(game.specs):
        changed = [{"space": i, "card": kind} for (row, i), kind in sorted(game.overlays.items()) if row == r]
        rows.append({"tiles": list(game.rows[r]), "length": spec.length, "active": game.active[r],
                     "stop": r in game.stops, "changed": changed})
    return {
        "format": RESULT_FORMAT,
        "variant": VARIANT,
        "options": dict(game.options),
        "finished": game.finished,
        "hand": game.hand_no,
        "turn": game.turn,
        "rows": rows,
        "players": [{"name": info["name"], "hand": list(game.hands[p]), "action_cards": list(game.held[p]),
                     "play_two": game.two[p], "score": game.scores[p]} for p, info in enumerate(game.players)],
        "supply": list(game.supply),
        "luck_deck": list(game.luck_deck),
        "action_deck": list(game.action_deck),
        "out": sorted(game.out),
        "winners": list(game.winners) if game.finished else [],
        "pending": pend,
    }


__all__ = ["RecordModel", "is_board", "new_game", "parse_record", "replay", "result"]
