"""How the command line opens the app: `bere play` seats (people first, then one bot seat per level), and a
clear one-line error, never a traceback, when a game cannot start."""

from __future__ import annotations

import pytest

from bere_tui.cli import build_parser, main
from bere_tui.ui.app import start_from_args


def args_of(argv: str):
    return build_parser().parse_args(argv.split())


def test_play_seats_people_first_then_one_bot_per_level():
    start = start_from_args(args_of("play --players Ann,Ben --bots heuristic,random --seed 5"))
    assert start.kind == "game"
    game = start.session.game
    assert [p["name"] for p in game.players][:2] == ["Ann", "Ben"]
    assert [p.get("bot") for p in game.players] == [None, None, "heuristic", "random"]
    assert len({p["name"] for p in game.players}) == 4
    assert game.seed == 5 and start.session.people == [0, 1]


def test_play_without_seats_opens_the_setup_with_that_variant():
    start = start_from_args(args_of("play --variant pro"))
    assert start.kind == "setup" and start.setup.variant == "pro"


def test_plain_bere_opens_the_title():
    assert start_from_args(args_of("")).kind == "title"


def test_plain_bere_gives_what_the_parser_gives_without_building_it(monkeypatch):
    """`bere` without arguments (every `bere serve` session) skips the parser (serve.forker: memory); the
    arguments are the very ones the parser gives for none."""
    import argparse

    from bere_tui import cli

    assert build_parser().parse_args([]) == argparse.Namespace(command=None)
    seen = []
    monkeypatch.setattr(cli, "build_parser", lambda: pytest.fail("the parser was built"))
    monkeypatch.setattr("bere_tui.ui.app.run_app", lambda args: seen.append(args) or 0)
    assert main([]) == 0
    assert seen and seen[0].command is None


@pytest.mark.parametrize("argv, words", [
    ("play --players Ann", "2 to 10 players"),
    ("play --variant pro --players A,B,C,D,E,F,G", "2 to 6 players"),
    ("play --players Ann --bots nosuch", "unknown bot"),
    ("play --players Ann,ann", "two seats are called"),
    ("play --variant anniversary --players Ann,Ben --target 40", "no target"),
    ("play --load /nonexistent/save.json", "save.json"),
    ("replay /nonexistent/game.json", "game.json"),
])
def test_a_game_that_cannot_start_gives_one_clear_error(argv, words, capsys):
    assert main(argv.split()) == 2
    err = capsys.readouterr().err
    assert err.startswith("error: ") and words in err
    assert "Traceback" not in err and len(err.strip().splitlines()) == 1


def test_a_broken_save_names_the_file(tmp_path, capsys):
    bad = tmp_path / "broken.json"
    bad.write_text('{"format": "bere-record/1", "variant": "base"', encoding="utf-8")
    assert main(["play", "--load", str(bad)]) == 2
    err = capsys.readouterr().err
    assert "broken.json" in err and "Traceback" not in err
