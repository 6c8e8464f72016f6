"""The `bere` command (bere_tui/command.py) is the command line with `bere serve` given to it: the server's
sessions run the command line in turn, so the command line itself does not import the server (no import circle,
tests/conformance/test_import_cycles.py)."""

from __future__ import annotations

import grimp

from bere_tui import cli, command


def test_the_command_gives_the_command_line_its_serve_command(monkeypatch):
    served = []
    monkeypatch.setattr(command, "cmd_serve", lambda args: served.append(args.port) or 0)
    assert command.main(["serve", "--port", "2299"]) == 0
    assert served == [2299]


def test_the_command_line_alone_does_not_serve(capsys):
    """A server's session runs `cli.main([])`; asked to serve it says how to start a server, in one line."""
    assert cli.main(["serve"]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and err.startswith("error: ") and "bere serve" in err


def test_the_command_line_imports_no_server():
    graph = grimp.build_graph("bere_tui", cache_dir=None)
    assert not any(m.startswith("bere_tui.serve") for m in graph.find_modules_directly_imported_by("bere_tui.cli"))
    assert "bere_tui.cli" in graph.find_modules_directly_imported_by("bere_tui.command")
