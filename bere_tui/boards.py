"""Board-definition files of the board game (`bere-board/1`, docs/board.md): read, checked, and turned into the
engine's `Board` (engine/board/layout.py). The edge where pydantic checks a file's shape; the engine never reads
a file and holds no layout of its own (BG-D2).

A shipped board is named by its file's stem (`standard` is `bere_tui/assets/boards/standard.json`); any other name is a
path to a player's own file. Every problem is one BoardFileError naming the file and the field.
"""

from __future__ import annotations

import hashlib
from pathlib import Path
from typing import Annotated, Literal

from pydantic import (
    BaseModel,
    ConfigDict,
    Field,
    StrictBool,
    StrictInt,
    StrictStr,
    ValidationError,
    model_validator,
)

from bere_tui.engine.board.layout import (
    ACTION_KINDS,
    ACTIVE_ROWS,
    LUCK_KINDS,
    PRO_SPACE_KINDS,
    Board,
    RowSpec,
    Side,
    Space,
    SpaceKind,
)
from bere_tui.i18n import _
from bere_tui.jsonfile import MAX_BYTES, JSONFileError, loads, read_bytes
from bere_tui.paths import assets
from bere_tui.safetext import escape, shown

FORMAT = "bere-board/1"
DEFAULT_BOARD = "standard"
#: rows a side may have: 4 active and at least one empty to move to (BG-D4); ten fit the table at 80x24
MIN_ROWS, MAX_ROWS = ACTIVE_ROWS + 1, 10
MIN_LENGTH, MAX_LENGTH = 3, 10


class BoardFileError(Exception):
    """A board file that cannot be used; the message is one line naming the file and the field."""


class _Model(BaseModel):
    model_config = ConfigDict(extra="forbid", strict=True)


class SpaceModel(_Model):
    space: Annotated[StrictInt, Field(ge=2)]  # counted from 1; the first space only ever holds a moved tile
    kind: SpaceKind
    value: Annotated[StrictInt, Field(ge=1, le=20)] | None = None  # bull spaces: a printed value
    reconstruction: StrictBool = False
    note: StrictStr = ""

    @model_validator(mode="after")
    def _value_only_on_bulls(self):
        if self.value is not None and self.kind not in ("bull_plus", "bull_minus"):
            raise ValueError(_("only a bull space has a value"))
        return self


class RowModel(_Model):
    length: Annotated[StrictInt, Field(ge=MIN_LENGTH, le=MAX_LENGTH)]
    spaces: list[SpaceModel] = []
    reconstruction: StrictBool = False
    note: StrictStr = ""

    @model_validator(mode="after")
    def _spaces_inside(self):
        seen = set()
        for s in self.spaces:
            if s.space >= self.length:  # BG-D2: the last space is the final space
                raise ValueError(_("space {space} is the final space or past it (the row has {length} spaces); "
                                   "specials go on spaces 2 to {last}").format(
                    space=s.space, length=self.length, last=self.length - 1))
            if s.space in seen:
                raise ValueError(_("space {space} is given twice").format(space=s.space))
            seen.add(s.space)
        return self


#: the most rows of a side with a row_to_hand space: one active row at least has none (see _ends below)
MAX_GATHER_ROWS = ACTIVE_ROWS - 1


class SideModel(_Model):
    pro: StrictBool
    rows: Annotated[list[RowModel], Field(min_length=MIN_ROWS, max_length=MAX_ROWS)]
    reconstruction: StrictBool = False
    note: StrictStr = ""

    @model_validator(mode="after")
    def _pro_spaces_on_pro_side(self):
        if not self.pro:
            for r, row in enumerate(self.rows):
                for s in row.spaces:
                    if s.kind in PRO_SPACE_KINDS:
                        raise ValueError(_("row {row}: a {kind} space belongs on a pro side (\"pro\": true)").format(
                            row=r + 1, kind=s.kind))
        return self

    @model_validator(mode="after")
    def _ends(self):
        """Every game on an accepted side ends, however it is played (issue 36: a side whose every row has a
        row_to_hand space on space 2 played for ever). Refused: more than MAX_GATHER_ROWS rows with a
        row_to_hand space ("gather rows"). Why that is enough, from engine/board/game.py:

        1. A turn that starts has a player holding tiles (the game ends when every hand is empty, on a pro side
           when one is, `_end_turn`), so it places at least one tile; a turn asks a bounded number of actions
           (a select each, and per tile at most a STOP row, a row to place or swap, a luck card). So a game
           without end places tiles for ever.
        2. Only finitely many of these can happen: a tile leaves the game (`out` only grows), a tile leaves the
           supply, a luck or action card is drawn, an action card is played, a luck card's space acts. So in a
           game without end there is a last one; after it every tile goes where BG3 puts it (no action card,
           so no STOP token either), and never onto a final space (BG-D4: its row's other tiles, at least 2,
           leave the game) nor a take_row space (BG-D5: at least 1 leaves, specials stand on space 2 or
           later). The active rows stay the same (they change only at a final space).
        3. A row without a row_to_hand space then only grows, one space per tile, so it takes finitely many
           more tiles before it would reach its final space; after its last one its last tile never changes.
        4. So from some time on every tile lands in a gather row, and (the condition) at least one active row
           is not one: let m be the highest last tile of those rows, fixed from then on. A tile lands in a
           gather row G either after G's last tile g < tile with no row's last tile between (BG3 "closest"),
           or, lower than every row's last tile, after the highest one (BG3 "lowest"). Either way it becomes
           G's last tile (a row_to_hand space leaves it on the first space alone). A closest landing raises g;
           once g < m it stays below m (m lies between g and any higher tile), so G can no longer be the
           highest, and a lowest landing (which needs g > m and leaves g below m) comes at most once per
           gather row. The sum of the gather rows' last tiles rises at every other landing and is bounded by
           three times the highest tile: finitely many landings, against 1. Every game ends.
        A side with four gather rows can make all four active, and a tile that lands on row_to_hand gives the
        row back to the hands: tiles go round for ever (the issue's board), so the line is drawn there."""
        gather = [r + 1 for r, row in enumerate(self.rows) if any(s.kind == "row_to_hand" for s in row.spaces)]
        if len(gather) > MAX_GATHER_ROWS:
            raise ValueError(_("rows {rows} have a row_to_hand space; a side may have at most {k} such rows, "
                               "else all the active rows may give their tiles back to the hands and the game "
                               "might never end").format(rows=", ".join(map(str, gather)), k=MAX_GATHER_ROWS))
        return self


class CardCount(_Model):
    kind: StrictStr
    count: Annotated[StrictInt, Field(ge=0, le=100)]
    reconstruction: StrictBool = False
    note: StrictStr = ""


class DeckModel(_Model):
    cards: list[CardCount]
    reconstruction: StrictBool = False
    note: StrictStr = ""


class TilesModel(_Model):
    bullheads: Annotated[list[Annotated[StrictInt, Field(ge=1, le=5)]], Field(min_length=20, max_length=200)]  # BG1
    rule: StrictStr = ""
    reconstruction: StrictBool = False
    note: StrictStr = ""


class PlayersModel(_Model):
    min: Annotated[StrictInt, Field(ge=2, le=6)]
    max: Annotated[StrictInt, Field(ge=2, le=6)]
    reconstruction: StrictBool = False
    note: StrictStr = ""


class BoardModel(_Model):
    format: Literal["bere-board/1"]
    name: StrictStr = ""
    sources: list[StrictStr] = []
    reconstruction: StrictStr = ""
    players: PlayersModel
    hand: Annotated[StrictInt, Field(ge=1, le=20)] = 12
    second_hand_max_players: Annotated[StrictInt, Field(ge=0, le=6)] = 3
    stop_tokens: Annotated[StrictInt, Field(ge=0, le=5)] = 2
    tiles: TilesModel
    luck_cards: DeckModel
    action_cards: DeckModel
    sides: dict[Literal["blue", "red"], SideModel]

    @model_validator(mode="after")
    def _consistent(self):
        if not self.sides:
            raise ValueError(_("sides: a board needs at least one side, blue or red"))
        if self.players.min > self.players.max:
            raise ValueError(_("players: min is more than max"))
        for key, deck, kinds in (("luck_cards", self.luck_cards, LUCK_KINDS),
                                 ("action_cards", self.action_cards, ACTION_KINDS)):
            for i, c in enumerate(deck.cards):
                if c.kind not in kinds:
                    raise ValueError(_("{field}: unknown card {kind}; known: {known}").format(
                        field=f"{key}.cards[{i}].kind", kind=shown(c.kind), known=", ".join(kinds)))
        for n in range(self.players.min, self.players.max + 1):
            hands = 2 if n <= self.second_hand_max_players else 1
            if ACTIVE_ROWS + self.hand * n * hands > len(self.tiles.bullheads):
                raise ValueError(_("tiles: {k} tiles are too few for {n} players with hands of {hand}").format(
                    k=len(self.tiles.bullheads), n=n, hand=self.hand))
        return self


def _file(name: str) -> str:
    """A board file's name as a message shows it: quoted and escaped, never cut (a path is only clear whole)."""
    return escape(repr(name), None)


def _where(loc) -> str:
    out = ""
    for part in loc:
        if part in ("function-after",) or (isinstance(part, str) and part.startswith("function-")):
            continue
        out += f"[{part}]" if isinstance(part, int) else (f".{escape(str(part))}" if out else escape(str(part)))
    return out


def _problem(exc: ValidationError) -> str:
    err = exc.errors()[0]
    loc, kind = tuple(err["loc"]), err["type"]
    if kind == "extra_forbidden":
        return _("{where}: unknown field").format(where=_where(loc))
    if kind == "missing":
        return _("{where}: the field is missing").format(where=_where(loc))
    msg = err["msg"].removeprefix("Value error, ")
    where = _where(loc)
    msg = escape(msg, limit=None)  # our own messages and pydantic's, never cut (values in them are shown())
    return _("{where}: {problem}").format(where=where, problem=msg) if where else msg


def shipped_boards() -> list[str]:
    """The names of the boards shipped with the game."""
    folder = assets() / "boards"
    return sorted(p.name[:-5] for p in folder.iterdir() if p.name.endswith(".json"))


def board_source(name: str):
    """The file a board name stands for: a shipped board's, or the path itself."""
    if "/" not in name and "\\" not in name and not name.endswith(".json"):
        return assets() / "boards" / f"{name}.json"
    return Path(name)


def parse_board(raw: bytes, name: str) -> Board:
    """A board from a file's bytes; `name` is how records and messages name it."""
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError:
        raise BoardFileError(_("board file {file}: not UTF-8 text").format(file=_file(name))) from None
    try:
        data = loads(text)
    except JSONFileError as exc:
        raise BoardFileError(_("board file {file}: {why}").format(file=_file(name), why=exc)) from None
    if not isinstance(data, dict):
        raise BoardFileError(_("board file {file}: must be a JSON object").format(file=_file(name)))
    if data.get("format") != FORMAT:
        raise BoardFileError(_("board file {file}: format: must be {fmt}").format(file=_file(name), fmt=FORMAT))
    try:
        model = BoardModel.model_validate(data)
    except ValidationError as exc:
        raise BoardFileError(_("board file {file}: {problem}").format(file=_file(name), problem=_problem(exc))) from None
    sides: dict[str, Side] = {}
    reconstructed = []
    for key, side in model.sides.items():
        rows = tuple(RowSpec(row.length, {s.space - 1: Space(s.kind, s.value) for s in row.spaces})
                     for row in side.rows)
        sides[key] = Side(key, side.pro, rows)
        if side.reconstruction or any(row.reconstruction or any(s.reconstruction for s in row.spaces)
                                      for row in side.rows):
            reconstructed.append(f"sides.{key}")
    if model.players.reconstruction:
        reconstructed.append("players")
    if model.tiles.reconstruction:
        reconstructed.append("tiles")
    for deck_key in ("luck_cards", "action_cards"):
        deck = getattr(model, deck_key)
        if deck.reconstruction or any(c.reconstruction for c in deck.cards):
            reconstructed.append(deck_key)
    return Board(
        name=name,
        sha256=hashlib.sha256(raw).hexdigest(),
        heads=(0, *model.tiles.bullheads),
        sides=sides,
        luck_cards=tuple(c.kind for c in model.luck_cards.cards for _i in range(c.count)),
        action_cards=tuple(c.kind for c in model.action_cards.cards for _i in range(c.count)),
        hand=model.hand,
        second_hand_max_players=model.second_hand_max_players,
        min_players=model.players.min,
        max_players=model.players.max,
        stop_tokens=model.stop_tokens,
        reconstructed=tuple(reconstructed),
    )


def load_board(name: str = DEFAULT_BOARD) -> Board:
    """The board `name` (a shipped board's name or a path), or a BoardFileError naming the file and the field."""
    if not isinstance(name, str) or not name or "\0" in name:
        raise BoardFileError(_("a board is named by a file name or a path"))
    source = board_source(name)
    try:  # (only a regular file is opened, without waiting: a FIFO or a device is refused, never waited on)
        raw = read_bytes(source, MAX_BYTES)
    except FileNotFoundError:
        known = ", ".join(shipped_boards())
        raise BoardFileError(_("board file {file}: no such file (boards shipped: {known})").format(
            file=_file(name), known=known)) from None
    except JSONFileError as exc:  # a folder, a FIFO, a device, a socket, or a file that cannot be read
        raise BoardFileError(_("board file {file}: {problem}").format(file=_file(name), problem=exc)) from None
    if len(raw) > MAX_BYTES:
        raise BoardFileError(_("board file {file}: too large").format(file=_file(name)))
    return parse_board(raw, name)


__all__ = ["DEFAULT_BOARD", "FORMAT", "BoardFileError", "load_board", "parse_board", "shipped_boards"]
