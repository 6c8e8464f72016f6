"""`bere serve`: an SSH server that runs the game for each authorized key, on a pseudo-terminal of its own.

- Authentication by public key only: a key listed in the authorized-keys file gets in (the file is read again
  at each login, so a friend's key added while the server runs works at once; a line's `from=` patterns are
  honoured, as asyncssh reads them); any other key, and every password, is refused. A line that cannot be
  read is named at start. Logins, refused keys and sessions go to the serve log (servelog).
- One process per session (`python -m bere_tui.serve.session` on a new pty, in a new session with the pty as its
  controlling terminal): the client's terminal size goes to the pty, and each window change too (the kernel
  sends SIGWINCH). When the connection drops, the pty hangs up: the game autosaves on SIGHUP and ends; the same
  key's next login offers Continue.
- Each key has its own data folder under the data root (autosave, saves, replays, history, settings). The game
  runs in serve mode (BERE_SERVE=1): no path comes from the client, saves stay in that folder.
- Only TERM, LANG and LC_* pass from the client; COLORTERM is truecolor unless the client says otherwise.
- The client's keys reach the game as UTF-8 whatever it sends (a byte that is not UTF-8 becomes U+FFFD), and
  its window size is kept within MAX_COLS x MAX_ROWS. An unexpected error of the game is logged on the server
  (the key's errors.log, see serve.session); the player reads one line.
"""

from __future__ import annotations

import asyncio
import codecs
import fcntl
import hashlib
import json
import os
import signal
import struct
import sys
import termios
import time
from dataclasses import dataclass, field
from pathlib import Path

import asyncssh

from bere_tui.i18n import N_, _
from bere_tui.safetext import error_line
from bere_tui.serve.guard import FailedLogins
from bere_tui.serve.limits import clamped_size
from bere_tui.serve.servelog import ServeLog
from bere_tui.serve.session import LOG_ENV
from bere_tui.serve.tables import AWAY_ENV, JOIN_ENV, PLAYER_ENV, TABLES_ENV, normal_code

#: environment variables a client may set for its game
CLIENT_ENV = ("TERM", "LANG", "COLORTERM")
CLIENT_ENV_PREFIX = "LC_"
SERVE_ENV = "BERE_SERVE"
KEEPALIVE_SECONDS = 30
KEEPALIVE_COUNT = 3
HANGUP_GRACE = 5.0  # seconds a game has to autosave and end after its connection dropped
#: the line a player reads when their session ended for want of a key (in that player's language)
IDLE = N_("No key for a long time: the session has ended. Your game is saved; log in again to go on.")
#: the line each player reads when the server stops (in that player's language)
STOPPING = N_("The server is going down. Your game will be there after the restart: Continue, or join your "
              "table again with its code.")
#: the line for a client that asked for a command other than `join CODE` (in that client's language)
ONLY_THE_GAME = N_("Only the game runs here: connect with `ssh -t`, and no command but `join CODE`.")
#: the line for a client without a terminal (in that client's language)
NO_TERMINAL = N_("The game needs a terminal: connect with `ssh -t`.")
#: the line for a client when every session is taken (in that client's language)
FULL = N_("The table is full ({n} sessions); try again later.")


class ServeError(Exception):
    """A server that cannot start (a port in use, an unreadable key file); the message is one line."""


@dataclass
class ServeConfig:
    host: str = "127.0.0.1"
    port: int = 2222
    host_key: Path | None = None
    authorized_keys: Path | None = None
    data_root: Path | None = None
    max_sessions: int = 16
    idle_minutes: int = 30  # a session with no key from its player for this long ends (0: never)
    max_failed_logins: int = 10  # refused keys per address per minute before that address is refused at once
    away_offer: int = 60  # seconds a seat has had nobody at it before any player may give it to a bot
    away_auto: int = 180  # ... before the table gives it to a bot by itself (0: never)
    preload: bool = False  # each game forked from one process that has loaded the libraries (serve.forker)
    game_command: list[str] = field(default_factory=lambda: [sys.executable, "-m", "bere_tui.serve.session"])

    def resolved(self) -> ServeConfig:
        from bere_tui.storage import data_dir

        root = self.data_root or data_dir() / "serve"
        return ServeConfig(self.host, self.port, self.host_key or root / "ssh_host_ed25519_key",
                           self.authorized_keys or root / "authorized_keys", root, self.max_sessions,
                           self.idle_minutes, self.max_failed_logins, self.away_offer, self.away_auto, self.preload,
                           list(self.game_command))


def host_key(path: Path) -> asyncssh.SSHKey:
    """The server's key: read, or made on the first start and kept readable by its owner alone (0600)."""
    if path.exists():
        try:
            return asyncssh.read_private_key(path)
        except (OSError, asyncssh.KeyImportError) as exc:
            raise ServeError(_("cannot read the host key {path}: {why}").format(path=path, why=exc)) from None
    key = asyncssh.generate_private_key("ssh-ed25519")
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
        with os.fdopen(fd, "wb") as out:
            out.write(key.export_private_key())
    except OSError as exc:
        raise ServeError(_("cannot write the host key {path}: {why}").format(
            path=path, why=exc.strerror or exc)) from None
    return key


def key_folder_name(key: asyncssh.SSHKey) -> str:
    """A data folder name for a client key: a hash of the key, the same at every login."""
    return hashlib.sha256(key.public_data).hexdigest()[:24]


@dataclass
class AuthorizedKeys:
    """The authorized-keys file as read: its entries (None: nobody may log in) and the lines skipped."""

    entries: asyncssh.SSHAuthorizedKeys | None
    skipped: list[int]  # line numbers (from 1) that are not a key line asyncssh can read

    def allows(self, key: asyncssh.SSHKey, address: str) -> bool:
        """Whether `key`, connecting from `address`, may log in (a line's `from=` patterns must match)."""
        if self.entries is None:
            return False
        try:
            return self.entries.validate(key, address, address) is not None
        except ValueError:  # an address that is not an IP address (from= cannot be checked): refused
            return False


def read_authorized_keys(path: Path) -> AuthorizedKeys:
    """The authorized-keys file in OpenSSH's format, options included (an unreadable or missing file allows
    nobody); each line is read on its own, so that one it cannot read lets nobody in and is named."""
    try:
        text = path.read_text(encoding="utf-8", errors="replace")
    except OSError:
        return AuthorizedKeys(None, [])
    good, skipped = [], []
    for number, line in enumerate(text.splitlines(), 1):
        line = line.strip()
        if not line or line.startswith("#"):
            continue
        try:
            asyncssh.import_authorized_keys(line)
        except (asyncssh.KeyImportError, ValueError):
            skipped.append(number)
            continue
        good.append(line)
    return AuthorizedKeys(asyncssh.import_authorized_keys("\n".join(good)) if good else None, skipped)


def fingerprint(key: asyncssh.SSHKey) -> str:
    return key.get_fingerprint("sha256")


class _Server(asyncssh.SSHServer):
    """Public-key authentication against the authorized-keys file; the key is kept for its data folder."""

    def __init__(self, config: ServeConfig, log: ServeLog, failures: FailedLogins) -> None:
        self.config = config
        self.log = log
        self.failures = failures
        self.conn: asyncssh.SSHServerConnection | None = None
        self.address = "?"
        self.port = 0
        self.user = ""
        self.key: asyncssh.SSHKey | None = None
        self.logged_in = False

    def connection_made(self, conn: asyncssh.SSHServerConnection) -> None:
        self.conn = conn
        peer = conn.get_extra_info("peername") or ("?", 0)
        self.address = str(peer[0])
        self.port = peer[1] if len(peer) > 1 else 0

    def connection_lost(self, exc: Exception | None) -> None:
        if not self.logged_in:
            self.log.event("no-login", address=self.address, port=self.port, user=self.user)

    def auth_completed(self) -> None:
        self.logged_in = True
        key = fingerprint(self.key) if self.key is not None else "?"
        self.log.event("login", key=key, address=self.address, port=self.port, user=self.user)

    def begin_auth(self, username: str) -> bool:
        self.user = username
        return True

    def password_auth_supported(self) -> bool:
        return False

    def kbdint_auth_supported(self) -> bool:
        return False

    def public_key_auth_supported(self) -> bool:
        return True

    def validate_public_key(self, username: str, key: asyncssh.SSHKey) -> bool:
        if self.failures.blocked(self.address):
            self.log.event("limited", key=fingerprint(key), address=self.address, port=self.port, user=username)
            return False
        if not read_authorized_keys(self.config.authorized_keys).allows(key, self.address):
            self.failures.failed(self.address)
            self.log.event("refused", key=fingerprint(key), address=self.address, port=self.port, user=username)
            return False
        self.key = key
        if self.conn is not None:
            self.conn.set_extra_info(bere_key=key_folder_name(key), bere_fingerprint=fingerprint(key))
        return True


def game_env(client_env: dict, folder: Path, tables: Path | None = None, player: str = "",
             away: tuple[int, int] = (60, 180)) -> dict[str, str]:
    """The environment of a session's game: the server's PATH and Python, the client's terminal and language
    (nothing else of the client's), the key's own data folder and error log, and the shared tables' folder with
    the key's name there."""
    env = {k: v for k, v in os.environ.items() if k in ("PATH", "HOME", "PYTHONPATH", "VIRTUAL_ENV")}
    for name, value in client_env.items():
        if isinstance(name, bytes):
            name = name.decode("utf-8", "replace")
        if isinstance(value, bytes):
            value = value.decode("utf-8", "replace")
        if name in CLIENT_ENV or name.startswith(CLIENT_ENV_PREFIX):
            env[name] = value
    env.setdefault("COLORTERM", "truecolor")
    env.update({"PYTHONUTF8": "1", SERVE_ENV: "1", "BERE_DATA_DIR": str(folder / "data"),
                "BERE_CONFIG": str(folder / "settings.json"), LOG_ENV: str(folder / "errors.log")})
    if tables is not None and player:
        env.update({TABLES_ENV: str(tables), PLAYER_ENV: player, AWAY_ENV: f"{away[0]},{away[1]}"})
    return env


def client_language(client_env: dict, folder: Path) -> str:
    """The language of a client's game: the key's setting, else the client's LANG/LC_* (bere_tui.i18n.choose)."""
    from bere_tui.i18n import choose

    setting = None
    try:
        saved = json.loads((folder / "settings.json").read_text(encoding="utf-8"))
        setting = saved.get("language") if isinstance(saved, dict) else None
    except (OSError, ValueError):
        pass
    env = game_env(client_env, folder)
    return choose(setting=setting if isinstance(setting, str) else None, environ=env)


def set_size(fd: int, cols: int, rows: int) -> None:
    """The pty's window size: the client's, clamped (clamped_size)."""
    cols, rows = clamped_size(cols, rows)
    fcntl.ioctl(fd, termios.TIOCSWINSZ, struct.pack("HHHH", rows, cols, 0, 0))


class KeyDecoder:
    """The client's bytes as UTF-8 for the game: a byte that is not UTF-8 (a Latin-1 terminal's é) becomes
    U+FFFD instead of ending the game; a character split between two reads is kept whole."""

    def __init__(self) -> None:
        self._decoder = codecs.getincrementaldecoder("utf-8")(errors="replace")

    def __call__(self, data: bytes) -> bytes:
        return self._decoder.decode(data).encode("utf-8")


def _take_terminal() -> None:  # pragma: no cover - runs in the child between fork and exec
    """In the game's process: the pty (its stdin) becomes the controlling terminal of its new session."""
    fcntl.ioctl(0, termios.TIOCSCTTY, 0)


class ForkedGame:
    """A session's game forked by the forker (serve.forker): what the server uses of asyncio's Process."""

    def __init__(self, pid: int, reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        self.pid = pid
        self.returncode: int | None = None
        self._writer = writer
        self._ended = asyncio.ensure_future(self._read_exit(reader))

    async def _read_exit(self, reader: asyncio.StreamReader) -> None:
        try:
            line = await reader.readline()
            self.returncode = int(json.loads(line)["exit"])
        except (ValueError, KeyError, TypeError, ConnectionError):
            self.returncode = -1  # (the forker has gone)
        self._writer.close()

    async def wait(self) -> int:
        await asyncio.shield(self._ended)
        return self.returncode if self.returncode is not None else -1

    def send_signal(self, sig: int) -> None:
        if self.returncode is None:
            try:
                os.kill(self.pid, sig)
            except ProcessLookupError:
                pass

    def kill(self) -> None:
        self.send_signal(signal.SIGKILL)


class BereSSHServer:
    """The server: `await start()`, then sessions come and go until `close()`."""

    def __init__(self, config: ServeConfig) -> None:
        self.config = config.resolved()
        self.sessions = 0
        self.stopping = False
        self.running: set[asyncio.Task] = set()  # the sessions' tasks
        self.resumed: list[str] = []  # the tables reloaded at the start
        self.children: set[asyncio.subprocess.Process] = set()
        self._server: asyncssh.SSHAcceptor | None = None
        self.log = ServeLog(self.config.data_root)
        self.failures = FailedLogins(self.config.max_failed_logins)
        self.clock = time.monotonic  # the idle timeout's clock (tests move their own)
        self.forker: asyncio.subprocess.Process | None = None
        self.forker_socket: Path | None = None
        self.idle_check = 5.0  # seconds between looks at a session's last key

    @property
    def port(self) -> int:
        assert self._server is not None
        return self._server.sockets[0].getsockname()[1]

    async def start(self) -> None:
        cfg = self.config
        try:
            cfg.data_root.mkdir(parents=True, exist_ok=True)
        except OSError as exc:
            raise ServeError(_("cannot use the data folder {path}: {why}").format(
                path=cfg.data_root, why=exc.strerror or exc)) from None
        key = host_key(cfg.host_key)
        try:
            self._server = await asyncssh.create_server(
                lambda: _Server(cfg, self.log, self.failures), cfg.host, cfg.port, server_host_keys=[key],
                process_factory=self.session,
                encoding=None, keepalive_interval=KEEPALIVE_SECONDS, keepalive_count_max=KEEPALIVE_COUNT,
                allow_scp=False, sftp_factory=None, agent_forwarding=False, x11_forwarding=False,
                allow_pty=True, line_editor=False)
        except OSError as exc:
            raise ServeError(_("cannot listen on {host}:{port}: {why}").format(
                host=cfg.host, port=cfg.port, why=exc.strerror or exc)) from None
        self.log.event("start", host=cfg.host, port=self.port)
        if cfg.preload:
            await self._start_forker()
        from bere_tui.serve.tables import resume_tables

        self.resumed = await asyncio.to_thread(resume_tables, cfg.data_root / "tables")
        for code in self.resumed:
            self.log.event("resume", table=code)

    async def _start_forker(self, wait: float = 60.0) -> None:
        """The process the games are forked from (serve.forker), once it has loaded the libraries."""
        import tempfile

        folder = Path(tempfile.mkdtemp(prefix="bere-forker-"))  # (a short path for the socket)
        self.forker_socket = folder / "forker.sock"
        with open(self.config.data_root / "forker.log", "ab") as log:  # noqa: ASYNC230 - once, at the start
            self.forker = await asyncio.create_subprocess_exec(
                sys.executable, "-m", "bere_tui.serve.forker", str(self.forker_socket),
                stdin=asyncio.subprocess.DEVNULL, stdout=asyncio.subprocess.PIPE, stderr=log,
                start_new_session=True)
        assert self.forker.stdout is not None
        try:
            ready = await asyncio.wait_for(self.forker.stdout.readline(), wait)
        except TimeoutError:
            ready = b""
        if ready.strip() != b"ready":
            self.forker.kill()
            raise ServeError(_("the games' process did not start; see {log}").format(
                log=self.config.data_root / "forker.log"))

    async def _stop_forker(self) -> None:
        if self.forker is not None and self.forker.returncode is None:
            self.forker.terminate()
            try:
                await asyncio.wait_for(self.forker.wait(), HANGUP_GRACE)
            except TimeoutError:
                self.forker.kill()
        if self.forker_socket is not None:
            import shutil

            shutil.rmtree(self.forker_socket.parent, ignore_errors=True)

    async def _fork_game(self, env: dict[str, str], folder: Path, slave: int) -> ForkedGame:
        """A session's game, forked by the forker on the pty `slave`."""
        import socket

        assert self.forker_socket is not None
        sock = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        try:
            sock.connect(str(self.forker_socket))
            socket.send_fds(sock, [json.dumps({"env": env, "cwd": str(folder)}).encode()], [slave])
        except OSError:
            sock.close()
            raise
        sock.setblocking(False)
        reader, writer = await asyncio.open_unix_connection(sock=sock)
        line = await asyncio.wait_for(reader.readline(), 30)
        try:
            pid = int(json.loads(line)["pid"])
        except (ValueError, KeyError, TypeError):
            writer.close()
            raise OSError("the forker did not fork") from None
        return ForkedGame(pid, reader, writer)

    async def close(self) -> None:
        """Stop: each game ends (it autosaves), and its player reads in one line that the server is going down
        and the game will be there after the restart; the tables' hubs stop (their records stay)."""
        self.stopping = True
        for child in list(self.children):
            if child.returncode is None:
                child.send_signal(signal.SIGHUP)
        from bere_tui.serve.hub import stop_hubs

        stop_hubs(self.config.data_root / "tables")
        if self.running:
            await asyncio.wait(set(self.running), timeout=HANGUP_GRACE + 1)
        if self._server is not None:
            self._server.close()
            await self._server.wait_closed()
            self.log.event("stop")
        await self._stop_forker()

    def _say(self, process, text: str) -> None:
        try:
            process.stdout.write((text + "\r\n").encode("utf-8"))
        except (OSError, asyncssh.Error):
            pass  # the client has gone

    async def session(self, process: asyncssh.SSHServerProcess) -> None:
        """One SSH session: the game on a pty, its output to the client and the client's keys to it."""
        key = process.channel.get_connection().get_extra_info("bere_fingerprint", "?")
        join = None
        if process.command:
            words = process.command.split()
            join = normal_code(words[1]) if len(words) == 2 and words[0] == "join" else None
            if join is None:
                self._say(process, self.client_line(process, ONLY_THE_GAME))
                process.exit(2)
                return
        if process.get_terminal_type() is None:
            self._say(process, self.client_line(process, NO_TERMINAL))
            process.exit(2)
            return
        if self.stopping:
            self._say(process, self.client_line(process, STOPPING))
            process.exit(1)
            return
        if self.sessions >= self.config.max_sessions:
            self.log.event("full", key=key, sessions=self.sessions)
            self._say(process, self.client_line(process, FULL).format(n=self.config.max_sessions))
            process.exit(1)
            return
        self.sessions += 1
        status = None
        task = asyncio.current_task()
        if task is not None:
            self.running.add(task)
        try:
            status, idle = await self._run_game(process, join)
            if idle:
                self.log.event("idle", key=key, minutes=self.config.idle_minutes)
            if self.stopping or idle:
                self._say(process, self.client_line(process, IDLE if idle else STOPPING))
                status = 0  # (the game ended on its hang-up, as it should)
            process.exit(status)
        finally:
            self.sessions -= 1
            self.running.discard(task)
            self.log.event("end", key=key, status=status)

    def client_line(self, process, message: str) -> str:
        """`message` (marked with N_) in the client's language: every line the server itself writes to a
        client is in that client's words, never the server's (issue 33 item 6)."""
        from bere_tui.i18n import translated

        player = process.channel.get_connection().get_extra_info("bere_key", "unknown")
        return translated(message, client_language(process.env, self.config.data_root / "players" / player))

    async def _run_game(self, process: asyncssh.SSHServerProcess, join: str | None = None) -> tuple[int, bool]:
        """The game of one session: its exit status, and whether it ended for want of a key (idle)."""
        conn = process.channel.get_connection()
        player = conn.get_extra_info("bere_key", "unknown")
        folder = self.config.data_root / "players" / player
        folder.mkdir(parents=True, exist_ok=True)
        env = game_env(process.env, folder, self.config.data_root / "tables", player,
                       (self.config.away_offer, self.config.away_auto))
        if join:
            env[JOIN_ENV] = join
        env["TERM"] = process.get_terminal_type() or env.get("TERM", "xterm-256color")
        cols, rows = process.get_terminal_size()[:2]
        master, slave = os.openpty()
        set_size(master, cols, rows)
        try:
            if self.forker_socket is not None:
                child = await self._fork_game(env, folder, slave)
            else:
                child = await asyncio.create_subprocess_exec(
                    *self.config.game_command, stdin=slave, stdout=slave, stderr=slave, env=env,
                    cwd=str(folder), start_new_session=True, preexec_fn=_take_terminal)
        finally:
            os.close(slave)
        self.children.add(child)
        try:
            return await self._bridge(process, master, child)
        finally:
            self.children.discard(child)

    async def _bridge(self, process, master: int, child) -> tuple[int, bool]:
        loop = asyncio.get_running_loop()
        output_done = asyncio.Event()
        last_key = self.clock()
        idle = asyncio.Event()

        def from_game() -> None:
            try:
                data = os.read(master, 65536)
            except OSError:  # EIO: the game ended and closed its terminal
                data = b""
            if not data:
                loop.remove_reader(master)
                output_done.set()
                return
            try:
                process.stdout.write(data)
            except (OSError, asyncssh.Error):
                pass  # the client is gone; the keys' side notices and hangs up the game

        loop.add_reader(master, from_game)
        as_utf8 = KeyDecoder()

        async def to_game() -> None:
            while True:
                try:
                    data = await process.stdin.read(65536)
                except asyncssh.TerminalSizeChanged as change:
                    set_size(master, change.width, change.height)
                    continue
                except (asyncssh.BreakReceived, asyncssh.SignalReceived):
                    continue
                except (asyncssh.Error, ConnectionError, OSError):
                    return
                if not data:
                    return
                nonlocal last_key
                last_key = self.clock()
                try:
                    os.write(master, as_utf8(data))
                except OSError:
                    return

        async def watch_idle() -> None:
            limit = self.config.idle_minutes * 60
            if limit <= 0:  # no idle timeout: this waits until the session ends
                await asyncio.Event().wait()
            while True:
                await asyncio.sleep(self.idle_check)
                if self.clock() - last_key >= limit:
                    idle.set()
                    return

        keys = asyncio.ensure_future(to_game())
        ended = asyncio.ensure_future(output_done.wait())
        watcher = asyncio.ensure_future(watch_idle())
        await asyncio.wait({keys, ended, watcher}, return_when=asyncio.FIRST_COMPLETED)
        watcher.cancel()
        if idle.is_set() and not output_done.is_set():  # nobody at the terminal: the game autosaves and ends,
            child.send_signal(signal.SIGHUP)              # its last output (the terminal restored) reaching it
            try:
                await asyncio.wait_for(output_done.wait(), HANGUP_GRACE)
            except TimeoutError:
                pass
        if not output_done.is_set():  # the client went away: hang up the game's terminal (it autosaves)
            loop.remove_reader(master)
            os.close(master)
            master = -1
            try:
                await asyncio.wait_for(child.wait(), HANGUP_GRACE)
            except TimeoutError:
                child.kill()
                await child.wait()
        else:
            await child.wait()
        keys.cancel()
        ended.cancel()
        if master >= 0:
            os.close(master)
        return (child.returncode if child.returncode and child.returncode > 0 else 0), idle.is_set()


def start_report(server: BereSSHServer) -> list[str]:
    """What the server says when it starts: where it listens, each authorized-keys line it cannot read, and
    where its log is."""
    cfg = server.config
    lines = [_("bere serve: listening on {host}:{port} (keys: {keys}; data: {root}). Ctrl+C stops it.").format(
        host=cfg.host, port=server.port, keys=cfg.authorized_keys, root=cfg.data_root)]
    keys = read_authorized_keys(cfg.authorized_keys)
    for number in keys.skipped:
        lines.append(_("{path}, line {line}: not a public key line that can be read; nobody logs in with it.")
                     .format(path=cfg.authorized_keys, line=number))
    if keys.entries is None:
        lines.append(_("No authorized key yet: add a player's public key (one line of ~/.ssh/id_ed25519.pub) to "
                       "{path}.").format(path=cfg.authorized_keys))
    if server.resumed:
        lines.append(_("Tables reloaded, their games going on: {codes}.").format(codes=", ".join(server.resumed)))
    lines.append(_("Logins and refused keys are written to {path}.").format(path=server.log.path))
    return lines


async def serve_forever(config: ServeConfig) -> None:
    server = BereSSHServer(config)
    await server.start()
    for line in start_report(server):
        print(line, flush=True)
    stop = asyncio.Event()
    loop = asyncio.get_running_loop()
    for sig in (signal.SIGINT, signal.SIGTERM, signal.SIGHUP):  # (SIGHUP: the terminal it ran in closed)
        loop.add_signal_handler(sig, stop.set)
    try:
        await stop.wait()
    finally:
        await server.close()


def run_serve(args) -> int:
    config = ServeConfig(host=args.host, port=args.port or 2222,
                         host_key=Path(args.host_key) if args.host_key else None,
                         authorized_keys=Path(args.authorized_keys) if args.authorized_keys else None,
                         data_root=Path(args.data_root) if args.data_root else None,
                         max_sessions=args.max_sessions, idle_minutes=args.idle_timeout,
                         max_failed_logins=args.max_failed_logins, away_offer=args.away_offer,
                         away_auto=args.away_auto, preload=True)
    try:
        asyncio.run(serve_forever(config))
    except ServeError as exc:  # (escaped: a path or host given on the command line may hold anything)
        print(error_line(str(exc)), file=sys.stderr)
        return 2
    return 0


__all__ = ["BereSSHServer", "ServeConfig", "ServeError", "run_serve"]
