"""`bere serve --web`: the game in a browser through textual-serve (the `web` extra), on localhost by default.

textual-serve starts one game process per browser tab (a websocket). Each starts here, in `session_main`,
with a data folder of its own under the data root (autosave, saves, history, settings), in serve mode: no path
comes from the browser, and a save made with ctrl+s is also offered as a download.
"""

from __future__ import annotations

import os
import shlex
import sys
import uuid
from datetime import datetime
from pathlib import Path

from bere_tui.i18n import _
from bere_tui.safetext import escape

WEB_ENV = "BERE_WEB"


def session_folder(root: Path, now: datetime | None = None) -> Path:
    """A new folder for one browser session: its date and time, and a random part no other session has."""
    stamp = (now or datetime.now()).strftime("%Y%m%d-%H%M%S")
    folder = root / "web" / f"{stamp}-{uuid.uuid4().hex[:8]}"
    folder.mkdir(parents=True)
    return folder


def session_env(folder: Path) -> dict[str, str]:
    return {"BERE_DATA_DIR": str(folder / "data"), "BERE_CONFIG": str(folder / "settings.json"),
            "BERE_SERVE": "1", WEB_ENV: "1"}


def session_main(argv: list[str] | None = None) -> int:  # pragma: no cover - runs under textual-serve
    """One browser session's game: `python -m bere_tui.serve.web ROOT`."""
    argv = sys.argv[1:] if argv is None else argv
    root = Path(argv[0]) if argv else Path.cwd()
    os.environ.update(session_env(session_folder(root)))
    from bere_tui.cli import main

    return main([])


def game_command(root: Path) -> str:
    return " ".join(shlex.quote(part) for part in (sys.executable, "-m", "bere_tui.serve.web", str(root)))


def run_web(args) -> int:
    try:
        from textual_serve.server import Server
    except ImportError:
        print(_("error: serving in a browser needs textual-serve: pip install 'bere-tui[web]'"), file=sys.stderr)
        return 2
    from bere_tui.storage import data_dir

    root = Path(args.data_root) if args.data_root else data_dir() / "serve"
    try:
        root.mkdir(parents=True, exist_ok=True)
    except OSError as exc:
        problem = _("cannot use the data folder {path}: {why}").format(path=root, why=exc.strerror or exc)
        print(_("error: {problem}").format(problem=escape(problem, None)), file=sys.stderr)
        return 2
    host = args.host
    port = args.port or 8000
    print(_("bere serve --web: open http://{host}:{port} in a browser (data: {root}). Ctrl+C stops it.").format(
        host=host, port=port, root=root), flush=True)
    Server(game_command(root), host=host, port=port, title="bere-tui").serve()
    return 0


if __name__ == "__main__":  # pragma: no cover
    sys.exit(session_main())
