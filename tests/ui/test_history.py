"""Player history: a game played to the end at the table is kept (replays folder and history), the History
screen shows games, wins and mean score per player and variant, and the title screen has a line about it."""

from __future__ import annotations

import pytest
from uitools import press_until, screen_text, table_app

from bere_tui.bots.runner import play_bot_game
from bere_tui.engine.nimmt import Game
from bere_tui.storage import LastSeats, Seat, Settings, list_replays, player_stats, record_finished_game
from bere_tui.ui.app import BereApp
from bere_tui.ui.screens.history import HistoryScreen, summary_line
from bere_tui.ui.screens.scores import ResultsScreen
from bere_tui.ui.screens.title import TitleScreen


@pytest.fixture(autouse=True)
def own_folders(tmp_path, monkeypatch):
    monkeypatch.setenv("BERE_DATA_DIR", str(tmp_path / "data"))
    monkeypatch.setenv("BERE_CONFIG", str(tmp_path / "config" / "settings.json"))


def named_game(variant: str, seed: int, names=("Ann", "Ben")) -> Game:
    """A finished bot game, with the first seat renamed as a person (the history counts by name)."""
    game = play_bot_game(variant, ["random"] * len(names), seed=seed,
                         options=None if variant == "anniversary" else {"rounds": 1})
    for info, name in zip(game.players, names):
        info["name"] = name
    game.players[0].pop("bot")
    return game


async def test_a_game_played_to_the_end_is_kept_for_replays_and_history():
    app = table_app("base", players=(), bots=("random", "random"), seed=8, options={"rounds": 1})
    async with app.run_test(size=(80, 24)) as pilot:
        await press_until(pilot, lambda: isinstance(app.screen, ResultsScreen), key="wait:50", limit=200)
        game = app.game
        replays = list_replays()
        assert len(replays) == 1 and replays[0].totals == tuple(game.totals())
        stats, warning = player_stats()
        assert warning is None
        assert sorted((s.name, s.games, s.wins) for s in stats) == sorted(
            (info["name"], 1, int(p in game.winners)) for p, info in enumerate(game.players))


async def test_history_screen_shows_counts_per_player_and_variant():
    games = [named_game("base", 1), named_game("base", 2), named_game("pro", 3)]
    for g in games:
        assert record_finished_game(g)[0]
    app = BereApp(settings=Settings(last_seats=LastSeats(seats=[Seat(name="Ann"), Seat(name="Ben",
                                                                                        bot="random")])),
                  remember=False)
    async with app.run_test(size=(80, 24)) as pilot:
        assert isinstance(app.screen, TitleScreen)
        ann = [g.totals()[0] for g in games]
        wins = sum(0 in g.winners for g in games)
        line = " ".join(screen_text(app).split())
        assert f"Ann: 3 games, {wins} win" in line and "mean score" not in line  # scores of games do not mix
        assert ann
        menu = app.screen.query_one("#title-menu")
        menu.highlighted = [menu.get_option_at_index(i).id for i in range(menu.option_count)].index("history")
        await pilot.press("enter")
        assert isinstance(app.screen, HistoryScreen)
        rows = [" ".join(r.split()) for r in screen_text(app).splitlines()]
        base = [g for g in games if g.variant == "base"]
        base_wins = sum(0 in g.winners for g in base)
        assert any(r.startswith(f"Ann Base game 2 {base_wins} {sum(g.totals()[0] for g in base) / 2:.1f}")
                   for r in rows), rows
        pro_ann = games[2].totals()[0]
        assert any(r.startswith(f"Pro 1 {int(0 in games[2].winners)} {pro_ann:.1f}") for r in rows), rows
        assert any(r.startswith(f"all variants 3 {wins} {sum(ann) / 3:.1f}") for r in rows), rows
        assert any(r.startswith("Ben (bot: easy) Base game 2") for r in rows), rows
        await pilot.press("escape")
        assert isinstance(app.screen, TitleScreen)


def test_summary_line_names_only_people_with_games():
    game = named_game("base", 4)
    record_finished_game(game)
    stats, _warning = player_stats()
    assert summary_line(stats, ["Zed"]) == ""
    assert summary_line(stats, ["Ann"]).startswith("Ann: 1 game, ")


async def test_an_empty_history_says_so():
    app = BereApp(remember=False)
    async with app.run_test(size=(80, 24)) as pilot:
        app.push_screen(HistoryScreen())
        await pilot.pause()
        assert "No finished games yet" in screen_text(app)


def test_bullenparty_scores_never_mix_with_6_nimmt_in_a_mean():
    """6 nimmt! counts bullheads taken (lowest wins, B9), Bullenparty counts points (highest wins, BP10): the
    "all variants" line sums only the variants of one game, and the title line gives no mean at all."""
    from bere_tui.ui.screens.history import history_table

    games = [named_game("base", 1), named_game("pro", 2)]
    from bere_tui.bots.bullenparty.runner import play_bot_game as play_bullenparty

    bp = play_bullenparty(["random", "random"], seed=3)
    for info, name in zip(bp.players, ("Ann", "Ben")):
        info["name"] = name
    bp.players[0].pop("bot")
    for g in [*games, bp]:
        assert record_finished_game(g)[0]
    stats, _warning = player_stats()
    from rich.console import Console

    console = Console(width=100, record=True)
    console.print(history_table(stats))
    rows = [" ".join(r.split()) for r in console.export_text().splitlines()]
    six = [g.totals()[0] for g in games]
    ann = rows[rows.index(next(r for r in rows if r.startswith("Ann"))):][:4]
    assert ann[0].startswith("Ann Base game") and ann[1].startswith("Pro"), rows  # 6 nimmt!'s variants together
    assert ann[2] == f"all variants 2 {sum(0 in g.winners for g in games)} {sum(six) / 2:.1f}", rows
    assert any(r.startswith(f"Bullenparty 1 {int(0 in bp.winners)} {bp.totals()[0]:.1f}") for r in rows), rows
    assert "mean" not in summary_line(stats, ["Ann"])
