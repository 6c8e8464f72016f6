"""What every game system's engine shares of the engine protocol: who decides now, the checks every action
passes before its own (the action's shape, its player, the decision asked) and the words for what the game waits
for.

A game that uses it (TurnProtocol: 6 nimmt!, Bullenparty, the board game) sets `SECRET` (the kind of decision
several players make at once, in secret: 6 nimmt!'s and the board game's selection, Bullenparty's bid) and
`ACTION_KEYS` (each kind of action -> its keys; None: its handler checks them), keeps `n`, `pending` (None when
over; `{"do", "players"}` for the secret decision, else `{"do", "player", ...}`) and `waiting` (who is still to
decide in secret), says in `refuse_secret(p)` why player p may not make the secret decision now and in
`describe_secret(players)` how the secret decision of `players` reads.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, ClassVar, Protocol, runtime_checkable

from bere_tui.engine.errors import IllegalAction
from bere_tui.engine.outcome import Outcome
from bere_tui.i18n import _


@runtime_checkable
class GameProtocol(Protocol):
    """What every game system's engine offers the table, the bots, the records and the lessons (issue 32). A game
    is made by its system's "make" part (bere_tui/systems.py); tests/conformance checks every registered one.

    `pending` is None once the game is over, else the decision asked: `{"do": kind, "players": [...]}` for the
    decision several players make at once in secret (B3, BP5, BG3), `{"do": kind, "player": p, ...}` for any
    other. `apply` raises IllegalAction and changes nothing when an action is not legal now; it returns the
    events the action caused (engine events, told by the system's narrator)."""

    variant: str
    players: list[dict]
    n: int
    seed: int
    options: dict
    turn: int
    finished: bool
    winners: tuple[int, ...]
    pending: dict | None
    opening_events: list
    waiting: list[int]

    @property
    def hands_public(self) -> bool: ...

    def deciders(self) -> list[int]: ...

    def legal(self, player: int) -> list[dict]: ...

    def apply(self, action: dict) -> list: ...

    def view(self, player: int | None = None) -> Any: ...

    def record(self) -> dict: ...

    def describe_pending(self) -> str: ...

    def copy(self) -> GameProtocol: ...

    def totals(self) -> list[int]: ...

    def outcome(self) -> Outcome:
        """Who wins (the engine says: the lowest or the highest total), each total broken into its parts and
        why the game ended (engine/outcome.py); the scores as they stand while the game goes on."""
        ...


class TurnProtocol:
    SECRET: ClassVar[str] = ""
    ACTION_KEYS: ClassVar[Mapping[str, frozenset[str] | None]] = {}
    #: kept by the game (see the module's docstring)
    n: int
    pending: dict | None
    waiting: list[int]

    @property
    def hands_public(self) -> bool:
        """Every hand is open to every player (then only a secret decision needs the keyboard to change hands)."""
        return False

    def describe_pending(self) -> str:
        """What the game waits for, in words (an error's, a lesson check's): the secret decision of the players
        still to make it, or one player's decision."""
        pend = self.pending
        if pend is None:
            return _("nothing (the game is over)")
        if pend["do"] == self.SECRET:
            return self.describe_secret(pend["players"])
        return _("{do} by player {player}").format(do=pend["do"], player=pend["player"])

    def describe_secret(self, players: list[int]) -> str:  # pragma: no cover - each game words its own
        raise NotImplementedError

    def deciders(self) -> list[int]:
        """The players the game waits for now (several only for the secret decision)."""
        pend = self.pending
        if pend is None:
            return []
        return list(pend["players"]) if pend["do"] == self.SECRET else [pend["player"]]

    def refuse_secret(self, p: int) -> None:  # pragma: no cover - each game says why
        raise IllegalAction(_("player {p} has already chosen this turn").format(p=p))

    def check_action(self, action) -> tuple[int, str]:
        """The checks every action passes first; returns (player, kind). Raises IllegalAction."""
        if not isinstance(action, dict):
            raise IllegalAction(_("an action must be an object"))
        do = action.get("do")
        p = action.get("player")
        if not isinstance(do, str) or do not in self.ACTION_KEYS:
            raise IllegalAction(_("there is no action {do!r}").format(do=do))
        if type(p) is not int or not 0 <= p < self.n:
            raise IllegalAction(_("there is no player {p!r}").format(p=p))
        pend = self.pending
        if pend is None:
            raise IllegalAction(_("the game is over"))
        if do != pend["do"]:
            raise IllegalAction(_("the game is waiting for {pending}, not {do}").format(
                pending=self.describe_pending(), do=do))
        if do == self.SECRET:
            if p not in self.waiting:
                self.refuse_secret(p)
        elif pend["player"] != p:
            raise IllegalAction(_("it is player {q}'s decision, not player {p}'s").format(q=pend["player"], p=p))
        keys = self.ACTION_KEYS[do]
        if keys is not None and action.keys() != keys:
            extra = set(action) - keys
            if extra:
                raise IllegalAction(_("unknown field {field!r} for {do}").format(field=min(extra), do=do))
            missing = sorted(keys - set(action))
            raise IllegalAction(_("{do} needs the field {field!r}").format(do=do, field=missing[0]))
        return p, do


__all__ = ["GameProtocol", "TurnProtocol"]
