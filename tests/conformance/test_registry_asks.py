"""Shared code asks the registry and refuses what it does not know (issue 32): no game falls back to 6 nimmt!.

- `make_game` of a variant no registered system has is a SetupError naming it and the known ones;
- `system_of_events` of an event no registered system makes is a LookupError (its events are told by nobody);
- every shipped system has its `bere sim` games (its "sim" part), 6 nimmt! too: `bere sim` plays every game
  through one loop (bere_tui/sim.py), each game g seeded seed + g.
"""

from __future__ import annotations

from dataclasses import dataclass

import pytest

from bere_tui.engine.errors import SetupError
from bere_tui.engine.events import Event
from bere_tui.engine.nimmt import events as nimmt_events
from bere_tui.sim import simulate
from bere_tui.systems import GAMES, SYSTEMS, make_game, system_of, system_of_events

#: each shipped variant's bots, as few and fast as `bere sim` takes
BOTS = {"base": ["random", "heuristic"], "pro": ["random"] * 3, "anniversary": ["random", "random"],
        "even-odd": ["random"] * 4, "bullenparty": ["random", "heuristic"], "board": ["random"] * 3}


def test_make_game_refuses_a_variant_no_system_plays():
    with pytest.raises(SetupError) as refused:
        make_game("chess", [{"name": "Ann"}, {"name": "Ben"}], seed=1)
    said = str(refused.value)
    assert "chess" in said and all(variant in said for variant in GAMES)


def test_an_event_of_no_registered_system_is_refused_not_told_as_6_nimmt():
    @dataclass(slots=True)
    class Stranger(Event):
        pass

    with pytest.raises(LookupError, match="Stranger"):
        system_of_events(Stranger())
    assert system_of_events(nimmt_events.GameOver(winners=(0,), totals=(3,))) is SYSTEMS["nimmt"]


@pytest.mark.parametrize("variant", list(GAMES))
def test_every_system_plays_bere_sims_games_through_its_sim_part(variant):
    assert system_of(variant).part("sim") is not None
    bots = BOTS[variant]
    stats = simulate(variant, bots, 2, seed=4)
    play = system_of(variant).part("sim")(variant, {})
    games = [play(bots, 4 + g, [[] for _ in bots]) for g in range(2)]
    assert [seat["wins"] for seat in stats["seats"]] == [sum(p in g.winners for g in games) for p in range(len(bots))]
    assert [seat["mean_score"] for seat in stats["seats"]] == [
        round(sum(g.totals()[p] for g in games) / 2, 3) for p in range(len(bots))]
