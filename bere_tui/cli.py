"""The command line: the only place that chooses between the app, `replay` and `sim`.

Textual is imported only when a screen is opened, so `bere --version`, `bere replay --json` and `bere sim`
start fast.
"""

from __future__ import annotations

import argparse
import json
import os
import sys
from collections.abc import Callable
from pathlib import Path

from bere_tui import __version__, i18n
from bere_tui.argparse_texts import use_bere_catalogues
from bere_tui.i18n import _, ngettext, number
from bere_tui.safetext import error_line, escape, shown
from bere_tui.variant_names import VARIANT_NAMES

BOARD_SIDES = ("blue", "red")  # engine.board.SIDES: the blue base side, the red pro side (BG7)


class _Parser(argparse.ArgumentParser):
    def error(self, message):  # one clear line and exit 2, as argparse does, without the usage dump
        hint = _("(see: bere --help)")
        self.exit(2, error_line(message) + "\n" + hint + "\n")


def _names(text: str) -> list[str]:
    """A comma-separated list; an empty entry (`random,,random`) is refused, not skipped."""
    names = [x.strip() for x in text.split(",")]
    if not any(names):
        return []
    if not all(names):
        raise argparse.ArgumentTypeError(_("an empty name in {text}: write one name between each two commas")
                                         .format(text=shown(text)))
    return names


def _port(text: str) -> int:
    """A TCP port to listen on: 1 to 65535."""
    try:
        port = int(text)
    except ValueError:
        port = None
    if port is None or not 1 <= port <= 65535:
        raise argparse.ArgumentTypeError(_("a port is a number from 1 to 65535, not {text}").format(
            text=shown(text)))
    return port


def _zero_or_more(text: str, problem: str) -> int:
    try:
        number = int(text)
    except ValueError:
        number = None
    if number is None or number < 0:
        raise argparse.ArgumentTypeError(problem.format(text=shown(text)))
    return number


def _seconds(text: str) -> int:
    """A number of seconds: 0 or more."""
    return _zero_or_more(text, _("a number of seconds, 0 or more, not {text}"))


def _minutes(text: str) -> int:
    """A number of minutes: 0 or more."""
    return _zero_or_more(text, _("a number of minutes, 0 or more, not {text}"))


def _positive(text: str) -> int:
    """A count of at least 1."""
    try:
        count = int(text)
    except ValueError:
        count = None
    if count is None or count < 1:
        raise argparse.ArgumentTypeError(_("a number of at least 1, not {text}").format(text=shown(text)))
    return count


def _add_display_options(parser: argparse.ArgumentParser, default) -> None:
    """Options of every screen; accepted before or after the sub-command (`bere --ascii play`)."""
    parser.add_argument("--ascii", action="store_true", default=default,
                        help=_("plain ASCII: no box drawing or emoji"))
    parser.add_argument("--no-mouse", action="store_true", default=default, help=_("ignore the mouse"))
    parser.add_argument("--no-animation", action="store_true", default=default, help=_("show placements at once"))
    parser.add_argument("--config", metavar="PATH", default=default,
                        help=_("settings file (default: the user config folder)"))
    _add_language_option(parser, default)


def _add_language_option(parser: argparse.ArgumentParser, default) -> None:
    # TRANSLATORS: {known} lists language codes (en, cs, de, ...)
    text = _("language of the texts: {known} (default: the settings, else the system's)")
    parser.add_argument("--lang", metavar="LANG", default=default, help=text.format(known=", ".join(i18n.available())))


DISPLAY_DEFAULTS = {"ascii": False, "no_mouse": False, "no_animation": False, "config": None, "lang": None}


def _add_board_options(parser: argparse.ArgumentParser) -> None:
    """The board game's options (`--variant board` only; None when not given)."""
    parser.add_argument("--side", choices=BOARD_SIDES, default=None,
                        help=_("the board game: the side of the board, blue (base) or red (pro)"))
    parser.add_argument("--luck", action="store_true", default=None, help=_("the board game: with luck cards"))
    parser.add_argument("--board", metavar="FILE", default=None,
                        help=_("the board game: a board file, or a shipped board's name (default: standard)"))


def build_parser() -> argparse.ArgumentParser:
    parser = _Parser(prog="bere", description=_("6 nimmt! (6 bere!, Take 5) in the terminal."))
    parser.add_argument("--version", action="version", version=f"bere-tui {__version__}",
                        help=_("show the version and exit"))
    _add_display_options(parser, argparse.SUPPRESS)
    display = argparse.ArgumentParser(add_help=False)
    _add_display_options(display, argparse.SUPPRESS)
    language = argparse.ArgumentParser(add_help=False)
    _add_language_option(language, argparse.SUPPRESS)
    sub = parser.add_subparsers(dest="command", parser_class=_Parser)

    play = sub.add_parser("play", parents=[display], help=_("start a game, skipping the setup screen"))
    play.add_argument("--variant", choices=VARIANT_NAMES, default="base")
    play.add_argument("--players", type=_names, default=[], help=_("names of the people, comma-separated"))
    play.add_argument("--bots", type=_names, default=[],
                      help=_("one bot seat per bot: random, heuristic, strong (or easy, medium, hard)"))
    play.add_argument("--seed", type=int, default=None)
    play.add_argument("--target", type=int, default=None, help=_("points that end a game (default 66)"))
    play.add_argument("--load", metavar="FILE", help=_("continue a saved game record"))
    _add_board_options(play)

    teach = sub.add_parser("teach", parents=[display], help=_("learn the game by playing guided deals"))
    teach.add_argument("lesson", nargs="?", help=_("the lesson to open"))

    replay = sub.add_parser("replay", parents=[display], help=_("show a game record"))
    replay.add_argument("file")
    replay.add_argument("--json", action="store_true", help=_("print the final state as bere-result/1"))

    serve = sub.add_parser("serve", parents=[language], help=_("be an SSH server: friends play with `ssh -t -p PORT HOST`"))
    serve.add_argument("--host", default="127.0.0.1", help=_("address to listen on (default 127.0.0.1)"))
    serve.add_argument("--port", type=_port, default=None, help=_("port (default 2222; with --web 8000)"))
    serve.add_argument("--web", action="store_true", help=_("serve in a browser instead (textual-serve)"))
    serve.add_argument("--host-key", metavar="FILE", help=_("the server's key (made on the first start)"))
    serve.add_argument("--authorized-keys", metavar="FILE", help=_("the players' public keys, one a line"))
    serve.add_argument("--data-root", metavar="DIR", help=_("one data folder per key below this one"))
    serve.add_argument("--max-sessions", type=_positive, default=16, help=_("sessions at once (default 16)"))
    serve.add_argument("--idle-timeout", type=_minutes, default=30, metavar="MINUTES",
                       help=_("end a session with no key for this long; its game is saved (default 30; 0: never)"))
    serve.add_argument("--max-failed-logins", type=_positive, default=10, metavar="N",
                       help=_("refused keys per address per minute before it is refused at once (default 10)"))
    serve.add_argument("--away-offer", type=_seconds, default=60, metavar="SECONDS",
                       help=_("shared tables: a seat with nobody at it for this long may be given to a bot by any "
                              "player (default 60)"))
    serve.add_argument("--away-auto", type=_seconds, default=180, metavar="SECONDS",
                       help=_("shared tables: a seat its player left is given to a bot after this long (default "
                              "180; 0: never)"))

    sim = sub.add_parser("sim", parents=[language], help=_("play bot-only games and print statistics"))
    sim.add_argument("--variant", choices=VARIANT_NAMES, default="base")
    sim.add_argument("--bots", type=_names, required=True,
                     help=_("one seat per bot: random, heuristic, strong (or easy, medium, hard)"))
    sim.add_argument("--games", type=int, required=True)
    sim.add_argument("--seed", type=int, default=0)
    sim.add_argument("--json", action="store_true")
    _add_board_options(sim)
    return parser


def _fail(message: str) -> int:
    print(error_line(message), file=sys.stderr)
    return 2


def board_options(args) -> tuple[dict, str | None]:
    """The board game's options of `bere play`/`bere sim` ({} for another variant), or the problem in one line:
    one of them given with another variant, or a board file that cannot be used (named with its field)."""
    given = [f"--{key}" for key in ("side", "luck", "board") if getattr(args, key, None) is not None]
    from bere_tui.systems import GAMES

    if "board" not in GAMES[args.variant].options:  # (the options of a game on a board: side, luck, board file)
        if given:
            return {}, _("{option} is an option of the board game (--variant board), not of {variant}").format(
                option=given[0], variant=args.variant)
        return {}, None
    options = {key: getattr(args, key) for key in ("side", "luck", "board") if getattr(args, key, None) is not None}
    from bere_tui.boards import DEFAULT_BOARD, BoardFileError, board_source, load_board

    name = options.get("board")
    if name and not board_source(name).exists() and Path(name).is_file():  # `--board myboard`: a file here,
        options["board"] = os.path.join(os.curdir, name)  # not a shipped board's name (the record keeps ./myboard)

    try:
        board = load_board(options.get("board", DEFAULT_BOARD))
    except BoardFileError as exc:
        return options, str(exc)
    side = options.get("side", "blue")
    if side not in board.sides:
        return options, _("board file {file}: sides: this board has the sides {sides}, not {side}").format(
            file=escape(repr(board.name), None), sides=", ".join(board.sides), side=side)
    return options, None


def cmd_replay_json(path: str) -> int:
    """`bere replay FILE --json`: the bere-result/1 line, or one error line naming the file and the problem."""
    from bere_tui.record import RecordError, load_json, replay, result

    try:
        data = load_json(path, pipe=True)  # (`bere replay <(cat game.json) --json`); its errors name the file
    except RecordError as exc:
        return _fail(str(exc))
    try:
        game = replay(data)
    except RecordError as exc:
        return _fail(_("{file}: {problem}").format(file=escape(path, None), problem=exc))
    print(json.dumps(result(game)))
    return 0


def cmd_sim(args) -> int:
    from bere_tui.bots import bot_key, known_bots
    from bere_tui.sim import simulate
    from bere_tui.systems import GAMES

    lo, hi = GAMES[args.variant].min_players, GAMES[args.variant].max_players
    unknown = [b for b in args.bots if bot_key(b) is None]
    if unknown:
        return _fail(_("unknown bot {bot}; known: {known}").format(bot=shown(unknown[0]), known=known_bots()))
    args.bots = [bot_key(b) for b in args.bots]
    if not lo <= len(args.bots) <= hi:
        return _fail(_("{variant} is for {lo} to {hi} players, not {n}").format(
            variant=args.variant, lo=lo, hi=hi, n=len(args.bots)))
    if args.games < 1:
        return _fail(_("--games must be at least 1"))
    options, problem = board_options(args)
    if problem is not None:
        return _fail(problem)
    from bere_tui.engine.errors import BereError

    try:
        stats = simulate(args.variant, args.bots, args.games, args.seed, options)
    except BereError as exc:  # a setup the board cannot seat (its player counts)
        return _fail(str(exc))
    if args.json:
        print(json.dumps(stats))
        return 0
    print(ngettext("{games} game of {variant} in {seconds} s", "{games} games of {variant} in {seconds} s",
                   stats["games"]).format(games=stats["games"], variant=args.variant,
                                          seconds=number(stats["seconds"], 2)))
    rows = [[_("seat"), _("bot"), _("wins"), _("mean score")]]  # translated, then laid out
    rows += [[str(i), seat["bot"], str(seat["wins"]), number(seat["mean_score"], 2)]
             for i, seat in enumerate(stats["seats"])]
    for line in columns(rows, minimum=(4, 12, 6, 11), right=(True, False, True, True), gaps=("  ", " ", " ")):
        print(line)
    return 0


def columns(rows: list[list[str]], minimum, right, gaps) -> list[str]:
    """Plain-text columns as wide as their widest cell (translated headings included) or `minimum`."""
    from rich.cells import cell_len

    widths = [max(low, *(cell_len(row[i]) for row in rows)) for i, low in enumerate(minimum)]
    lines = []
    for row in rows:
        cells = [" " * (w - cell_len(c)) + c if r else c + " " * (w - cell_len(c))
                 for c, w, r in zip(row, widths, right, strict=True)]
        lines.append(cells[0] + "".join(g + c for g, c in zip(gaps, cells[1:], strict=True)))
    return [line.rstrip() for line in lines]


def main(argv: list[str] | None = None, serve: Callable[[argparse.Namespace], int] | None = None) -> int:
    """The command line: `argv` (None: the process's). `serve`: what `bere serve` runs (the `bere` command gives
    it, bere_tui/command.py: the server's sessions run this command line in turn, so it does not know them)."""
    try:
        return _main(argv, serve)
    except KeyboardInterrupt:  # Ctrl+C in any command (`bere sim`, reading a pipe...): one line, no traceback
        print(_("interrupted"), file=sys.stderr)
        return 130
    except BrokenPipeError:  # the reader of our output went away (`bere replay F --json | head`): no traceback
        import os

        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        return 1


def _early(argv: list[str], option: str) -> str | None:
    """The value of `--option X` or `--option=X` anywhere before `--`, read before the parser is built (its
    help texts are translated): the last one given, as argparse takes it."""
    value = None
    for i, arg in enumerate(argv):
        if arg == "--":
            break
        if arg == option and i + 1 < len(argv):
            value = argv[i + 1]
        elif arg.startswith(option + "="):
            value = arg[len(option) + 1:]
    return value


def choose_language(argv: list[str]) -> str | None:
    """Install the language (--lang, the Settings entry, the environment: i18n.choose); an error message when
    --lang names a language without a catalogue."""
    asked = _early(argv, "--lang")
    from bere_tui.storage.settings import read_language

    i18n.install(i18n.choose(asked, read_language(_early(argv, "--config"))))
    if asked is not None and i18n.known(asked) is None:
        return _("no translation into {lang}; known: {known}").format(
            lang=shown(asked), known=", ".join(i18n.available()))
    return None


def _empty_file_name(args) -> str | None:
    """`bere replay ''` and `bere play --load ''` (an unset shell variable): what to write instead."""
    if args.command == "replay" and not args.file.strip():
        return _("the file name is empty: name the game record to show (bere replay FILE)")
    if args.command == "play" and args.load is not None and not args.load.strip():
        return _("the file name after --load is empty: name the game record to continue (bere play --load FILE)")
    return None


def _main(argv: list[str] | None, serve: Callable[[argparse.Namespace], int] | None) -> int:
    argv = sys.argv[1:] if argv is None else list(argv)
    problem = choose_language(argv)
    use_bere_catalogues()  # argparse's own texts (usage, headings, errors) in the same language
    if problem is not None:
        return _fail(problem)
    # no arguments (the usual start, and every `bere serve` session's): what the parser would give, without
    # building it (a forked session's own memory was 1 MiB more with it: serve.forker)
    args = build_parser().parse_args(argv) if argv else argparse.Namespace(command=None)
    for key, value in DISPLAY_DEFAULTS.items():
        if not hasattr(args, key):
            setattr(args, key, value)
    problem = _empty_file_name(args)
    if problem is not None:
        return _fail(problem)
    if args.command == "replay" and args.json:
        return cmd_replay_json(args.file)
    if args.command == "sim":
        return cmd_sim(args)
    if args.command == "play":
        args.board_options, problem = board_options(args)
        if problem is not None:
            return _fail(problem)
    if args.command == "serve":
        if serve is None:  # (a session of the server runs no server: only an old install's script comes here)
            return _fail(_("bere serve starts from the bere command; install bere-tui again: pip install ."))
        return serve(args)
    from bere_tui.ui.app import run_app  # Textual only from here on

    return run_app(args)
