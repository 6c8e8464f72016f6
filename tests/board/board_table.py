"""Exact positions of the board game for the rule tests (RULES section 6): a small hand-made Board built
directly from engine/board/layout.py, and a Game on it whose setup is given as `deals=[...]` (the record's
setup entry, checked by Game._check_deal), so that every test knows each tile's place.
"""

from __future__ import annotations

from bere_tui.engine.board import Board, Game, RowSpec, Side, Space

TILES = 60
#: heads[t] for the small board: 1 to 5 bullheads, tile t has t % 5 + 1 (so 10 has 1, 14 has 5)
HEADS = (0, *(t % 5 + 1 for t in range(1, TILES + 1)))


def row(length: int, **specials) -> RowSpec:
    """A row of `length` spaces; specials as s<N>=kind or s<N>=(kind, value), N counted from 1 as a player
    counts (the engine's index is N-1)."""
    spaces = {}
    for key, spec in specials.items():
        kind, value = (spec, None) if isinstance(spec, str) else spec
        spaces[int(key[1:]) - 1] = Space(kind, value)
    return RowSpec(length, spaces)


def plain_rows(count: int = 10, length: int = 6) -> list[RowSpec]:
    return [row(length) for _r in range(count)]


def board(rows=None, *, pro: bool = False, hand: int = 3, luck=(), actions=(), stop_tokens: int = 2,
          second_hand_max_players: int = 3, tiles: int = TILES) -> Board:
    """A Board with one side: `blue` (base) or, with pro=True, `red` (pro)."""
    rows = tuple(rows if rows is not None else plain_rows())
    name = "red" if pro else "blue"
    return Board(name="test-board", sha256="0" * 64, heads=HEADS[: tiles + 1], sides={name: Side(name, pro, rows)},
                 luck_cards=tuple(luck), action_cards=tuple(actions), hand=hand,
                 second_hand_max_players=second_hand_max_players, stop_tokens=stop_tokens)


def game(b: Board, start, hands, *, supply_first=(), luck: bool = False, luck_deck=None, action_deck=None,
         names=None) -> Game:
    """A Game on board `b`: `start` the 4 start tiles (rows 0-3), `hands` each player's tiles; the supply is
    `supply_first` on top, then every other tile in rising order."""
    used = set(start) | {t for h in hands for t in h} | set(supply_first)
    supply = [*supply_first, *(t for t in range(1, b.tiles + 1) if t not in used)]
    pro = next(iter(b.sides.values())).pro
    deal = {"rows": list(start), "hands": [list(h) for h in hands], "supply": supply,
            "luck_deck": list(luck_deck if luck_deck is not None else (b.luck_cards if luck else ())),
            "action_deck": list(action_deck if action_deck is not None else (b.action_cards if pro else ()))}
    side = "red" if pro else "blue"
    players = names or [f"P{p + 1}" for p in range(len(hands))]
    return Game(players, seed=1, options={"side": side, "luck": luck}, deals=[deal], board=b)


def select(g: Game, choices: dict, cards: dict | None = None) -> list:
    """Every player in `choices` chooses those tiles (an int or a list), with an action card from `cards`."""
    ev = []
    for p, tiles in choices.items():
        tiles = [tiles] if isinstance(tiles, int) else list(tiles)
        ev += g.apply({"player": p, "do": "select", "tiles": tiles, "card": (cards or {}).get(p)})
    return ev


def of(events, cls) -> list:
    return [e for e in events if isinstance(e, cls)]


def snapshot(g: Game):
    """Everything an illegal action must leave as it was: the record and every view."""
    import json

    return json.dumps(g.record(), sort_keys=True), [g.view(p) for p in [None, *range(g.n)]], repr(g.pending)


def autoplay(g: Game, pick=lambda actions: actions[0]) -> list:
    """Play to the end, each decision `pick`ed from the legal actions; the events."""
    ev = []
    while not g.finished:
        p = g.deciders()[0]
        ev += g.apply(pick(g.legal(p)))
    return ev


def card_rows(count: int = 10, length: int = 10) -> list[RowSpec]:
    """Pro rows whose every space short of the final one draws an action card (BG7)."""
    return [row(length, **{f"s{i}": "action_card" for i in range(2, length)}) for _r in range(count)]
