"""The `bere` command (and `python -m bere_tui`): the command line (bere_tui/cli.py), with `bere serve`.

The server's sessions run the command line themselves (bere_tui/serve: each SSH or browser session is a `bere`
with no arguments), so the command line does not know the server: this module, above both, gives it the
`serve` command.
"""

from __future__ import annotations

import argparse
import sys

from bere_tui import cli
from bere_tui.i18n import _
from bere_tui.safetext import error_line


def main(argv: list[str] | None = None) -> int:
    """`bere ARGS`: the command line, `bere serve` included."""
    return cli.main(argv, serve=cmd_serve)


def cmd_serve(args: argparse.Namespace) -> int:
    """`bere serve`: an SSH server (asyncssh), or with --web a browser one (textual-serve)."""
    if args.web:
        from bere_tui.serve.web import run_web

        return run_web(args)
    try:
        from bere_tui.serve.ssh import run_serve
    except ImportError:
        print(error_line(_("serving over SSH needs asyncssh: pip install 'bere-tui[ssh]'")), file=sys.stderr)
        return 2
    return run_serve(args)


__all__ = ["cmd_serve", "main"]
