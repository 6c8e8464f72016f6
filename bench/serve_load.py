"""`bere serve` under load, over loopback only: the memory of a session and the time from a key to the screen,
at 1, 20 and 100 sessions (issue 33 item 9).

A server runs in this process on 127.0.0.1 (a free port, a temporary data root, one client key per session);
the sessions are opened one after the other up to each count, each until its title is drawn. At each count,
after the sessions have settled: each session's game process is read in /proc/PID/smaps_rollup, and the mean
unique memory (USS: its private pages) and proportional memory (PSS: private pages plus its share of the
shared ones) per session are printed with the RSS; then the key-to-screen latency of one session (Down/Up
alternately, the time from the key's write to the first byte of the redrawn screen), median and p95.

Bounded: at most --max-sessions sessions (default 100) and --max-seconds seconds (default 900) in all; the
server and every session end with the bench. Linux only (/proc).

By default it measures the forker's two warm-ups one after the other in the same run (--warm-ups title,session:
the title drawn without a terminal, as before, then a whole session's start on a scratch terminal, as now).

Usage: python bench/serve_load.py [--counts 1,20,100] [--keys 20] [--warm-ups title,session] [--max-seconds 900]
       [--json]
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import statistics
import sys
import tempfile
import time
from pathlib import Path

import asyncssh

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from bere_tui.serve.forker import WARM_UP_ENV
from bere_tui.serve.ssh import BereSSHServer, ServeConfig

TITLE = b"New game"
#: the figures before this bench's changes (issue 33: one process per session)
BEFORE = "about 38.5 MB per session (one process each, RSS); 15-25 ms from key to screen at 1-40 sessions"


def memory(pid: int) -> dict[str, float] | None:
    """RSS, PSS and USS (private clean + private dirty) of a process, in MiB; None when it has gone."""
    fields: dict[str, int] = {}
    try:
        with open(f"/proc/{pid}/smaps_rollup", encoding="ascii") as rollup:
            for line in rollup:
                name, _, rest = line.partition(":")
                if rest.strip().endswith("kB"):
                    fields[name] = int(rest.split()[0])
    except OSError:
        return None
    return {"rss": fields.get("Rss", 0) / 1024, "pss": fields.get("Pss", 0) / 1024,
            "uss": (fields.get("Private_Clean", 0) + fields.get("Private_Dirty", 0)) / 1024}


def tree(pid: int) -> list[int]:
    """The process and its descendants (a session may run its game in a child)."""
    found, todo = [], [pid]
    while todo:
        p = todo.pop()
        found.append(p)
        try:
            children = Path(f"/proc/{p}/task/{p}/children").read_text(encoding="ascii").split()
        except OSError:
            children = []
        todo.extend(int(c) for c in children)
    return found


class Session:
    def __init__(self, conn, process) -> None:
        self.conn, self.process = conn, process
        self.output = bytearray()
        self.arrived = asyncio.Event()
        self.reader = asyncio.ensure_future(self.read())

    async def read(self) -> None:
        try:
            while data := await self.process.stdout.read(65536):
                self.output += data
                self.arrived.set()
        except (asyncssh.Error, ConnectionError):
            pass

    async def until(self, text: bytes, timeout: float) -> None:
        end = time.monotonic() + timeout
        while text not in self.output:
            left = end - time.monotonic()
            if left <= 0:
                raise TimeoutError(f"{text!r} never came")
            self.arrived.clear()
            try:
                await asyncio.wait_for(self.arrived.wait(), left)
            except TimeoutError:
                pass

    async def key_to_screen(self, key: bytes, timeout: float = 10.0) -> float:
        """Seconds from writing `key` to the first byte the game sends back."""
        await asyncio.sleep(0.3)  # (the screen has settled; past the game's input gate)
        self.output.clear()
        self.arrived.clear()
        start = time.perf_counter()
        self.process.stdin.write(key)
        await asyncio.wait_for(self.arrived.wait(), timeout)
        return time.perf_counter() - start

    def close(self) -> None:
        self.conn.close()
        self.reader.cancel()


async def open_session(port: int, key: asyncssh.SSHKey) -> Session:
    conn = await asyncssh.connect("127.0.0.1", port, username="bench", client_keys=[key], known_hosts=None,
                                  agent_path=None, preferred_auth="publickey")
    process = await conn.create_process(term_type="xterm-256color", term_size=(80, 24), encoding=None)
    return Session(conn, process)


async def measure(counts: list[int], keys: int, deadline: float, root: Path, preload: bool) -> list[dict]:
    top = max(counts)
    server = BereSSHServer(ServeConfig(host="127.0.0.1", port=0, data_root=root, max_sessions=top + 1,
                                       idle_minutes=0, max_failed_logins=top + 10, preload=preload))
    await server.start()
    client_keys = [asyncssh.generate_private_key("ssh-ed25519") for _ in range(top)]
    server.config.authorized_keys.write_bytes(b"".join(k.export_public_key() for k in client_keys))
    sessions: list[Session] = []
    results = []
    try:
        for count in counts:
            while len(sessions) < count:
                if time.monotonic() > deadline:
                    raise TimeoutError("the bench ran out of time")
                session = await open_session(server.port, client_keys[len(sessions)])
                sessions.append(session)
                await session.until(TITLE, max(1.0, deadline - time.monotonic()))
            await asyncio.sleep(2.0)  # every session idle at its title
            pids = [p for child in list(server.children) for p in tree(child.pid)]
            figures = [m for m in (memory(p) for p in pids) if m]
            per = {name: statistics.mean(f[name] for f in figures) * len(figures) / count
                   for name in ("rss", "pss", "uss")}
            server_memory = memory(os.getpid()) or {}
            times = []
            for i in range(keys):
                times.append(await sessions[0].key_to_screen(b"\x1b[B" if i % 2 == 0 else b"\x1b[A"))
            times.sort()
            results.append({"sessions": count, "processes": len(figures),
                            "rss_mib": round(per["rss"], 1), "pss_mib": round(per["pss"], 1),
                            "uss_mib": round(per["uss"], 1),
                            "server_pss_mib": round(server_memory.get("pss", 0.0), 1),
                            "key_ms_median": round(statistics.median(times) * 1000, 1),
                            "key_ms_p95": round(times[min(len(times) - 1, int(len(times) * 0.95))] * 1000, 1)})
            print(format_row(results[-1]), flush=True)
    finally:
        for session in sessions:
            session.close()
        await server.close()
    return results


def format_row(row: dict) -> str:
    return (f"{row['sessions']:>4} sessions: per session USS {row['uss_mib']:.1f} MiB, PSS {row['pss_mib']:.1f} MiB, "
            f"RSS {row['rss_mib']:.1f} MiB ({row['processes']} processes; server PSS {row['server_pss_mib']:.1f} "
            f"MiB); key to screen median {row['key_ms_median']:.1f} ms, p95 {row['key_ms_p95']:.1f} ms")


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--counts", default="1,20,100", help="session counts, rising (default 1,20,100)")
    ap.add_argument("--keys", type=int, default=20, help="keys timed at each count (default 20)")
    ap.add_argument("--max-sessions", type=int, default=100, help="never more sessions than this (default 100)")
    ap.add_argument("--max-seconds", type=float, default=900.0, help="the whole bench's bound (default 900)")
    ap.add_argument("--json", action="store_true", help="print the figures as JSON too")
    ap.add_argument("--no-preload", action="store_true",
                    help="one new process per session (as before), not forked from the preloaded one")
    ap.add_argument("--warm-ups", default="title,session",
                    help="the forker's warm-ups measured one after the other in this run (serve.forker): title (the "
                         "title drawn without a terminal, before), session (a whole session's start, now); "
                         "default title,session")
    args = ap.parse_args(argv)
    counts = sorted({int(c) for c in args.counts.split(",") if c.strip()})
    if not counts or counts[0] < 1 or counts[-1] > args.max_sessions:
        ap.error(f"counts must be from 1 to --max-sessions ({args.max_sessions})")
    print(f"before: {BEFORE}", flush=True)
    warm_ups = [None] if args.no_preload else [w.strip() for w in args.warm_ups.split(",") if w.strip()]
    deadline = time.monotonic() + args.max_seconds
    results = []
    for warm_up in warm_ups:
        print("sessions: " + ("a new process each" if warm_up is None else
                              f"forked from the preloaded process (warm-up: {warm_up})"), flush=True)
        if warm_up is not None:
            os.environ[WARM_UP_ENV] = warm_up  # (read by the forker the server starts)
        with tempfile.TemporaryDirectory(prefix="bere-serve-load-") as tmp:
            rows = asyncio.run(measure(counts, args.keys, deadline, Path(tmp), warm_up is not None))
        results += [{**row, "warm_up": warm_up} for row in rows]
    if args.json:
        print(json.dumps(results, indent=1))
    return 0


if __name__ == "__main__":
    sys.exit(main())
