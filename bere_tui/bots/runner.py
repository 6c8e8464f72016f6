"""Play a game with bots in some or all seats: the loop `bere sim`, tests and benchmarks share.

Bots choose among `legal`, so their actions are applied as trusted (Game.apply: not checked again), and each
gets its view built only if it reads it (Game.lazy_view): a `random` bot's decision costs no view. A bot that
chooses by the number of legal actions alone (Bot.blind: `random`) gets no view and no list at all: the game
hands out the action it picks (Game.legal_pick). When every seat is such a bot, the game plays itself out with
their picks (Game.play_blind), a turn's selections picked together. `bere sim` asks for a game without events
(Game(events=False)): nobody reads them there.
"""

from __future__ import annotations

from time import perf_counter_ns

from bere_tui.bots import Bot, bot_key, make_bot
from bere_tui.bots.nimmt import BOTS as NIMMT_BOTS
from bere_tui.engine.nimmt import Game


def deciders(game: Game) -> list[int]:
    """The players the game waits for now."""
    return game.deciders()


def bot_step(game: Game, bots: dict, player: int) -> list:
    """Let the bot of `player` make its decision; returns the events."""
    return game.apply(bots[player].choose(game.lazy_view(player), game.legal(player)), trusted=True)


#: 6 nimmt!'s own bot class of each bot name seen (make_bot's bots are also ready for the other games' views)
_BOT_CLASSES: dict[str, type[Bot]] = {}


def _bots(bot_names: list[str], seed: int) -> list:
    """A bot per seat, seeded seed * 1000 + seat; but the bots that choose blind (`random`) share the generator
    of the first of them: a bot-only game seeds one generator for them, not one per seat (seeding one costs
    about what a turn of four random bots does)."""
    bots, shared = [], None
    for p, name in enumerate(bot_names):
        cls = _BOT_CLASSES.get(name)
        if cls is None:
            key = bot_key(name)
            if key is None:
                bots.append(make_bot(name, seed * 1000 + p))  # (it says why the name is unknown)
                continue
            cls = _BOT_CLASSES[name] = NIMMT_BOTS[key]
        if cls.blind and shared is not None:
            bots.append(cls(rng=shared.rng))
            continue
        bot = cls(seed * 1000 + p)
        if cls.blind:
            shared = bot
        bots.append(bot)
    return bots


def play_bot_game(variant: str, bot_names: list[str], seed: int, options: dict | None = None,
                  times: list[list[int]] | None = None, events: bool = True) -> Game:
    """A whole game with one bot per seat. `times`, one list per seat: each decision's wall time (whole
    nanoseconds, time.perf_counter_ns) is added to its seat's list. `events=False`: the game makes no events
    (Game(events=False)), for `bere sim`."""
    players = [{"name": f"{name} {i + 1}", "bot": name} for i, name in enumerate(bot_names)]
    game = Game(variant, players, seed=seed, options=options, events=events)
    bots = _bots(bot_names, seed)
    picks = [bot.pick if bot.blind else None for bot in bots]
    all_blind = None not in picks
    apply, legal, view, legal_pick = game.apply, game.legal, game.lazy_view, game.legal_pick
    clock = perf_counter_ns
    if times is None:
        times = [[] for _ in bots]  # (not kept)
    if all_blind:
        game.play_blind(picks, times, clock)
        return game
    while not game.finished:
        for p in game.deciders():
            pick = picks[p]
            if pick is not None:
                start = clock()
                action = legal_pick(p, pick)
                times[p].append(clock() - start)
            else:
                v, options_now = view(p), legal(p)
                start = clock()
                action = bots[p].choose(v, options_now)
                times[p].append(clock() - start)
            apply(action, True)
    return game


def bot_games(variant: str, options: dict | None = None):
    """`bere sim`'s games of a 6 nimmt! variant (its system's "sim" part, bere_tui/sim.py): `play(bot_names,
    seed, times)` -> a finished game, each seat's decisions timed, no events made (nobody reads them). The
    variants' options are their defaults (`bere sim` gives none but the board game's)."""
    return lambda bot_names, seed, times: play_bot_game(variant, bot_names, seed, times=times, events=False)
