"""Running `bere serve` for friends (issue 33 item 8): a session with no key for the idle timeout ends with one
line in its player's language (its game saved), an address whose keys were refused too often in a minute is
refused at once for the rest of that minute, and both go to the serve log. The server's clocks are moved by the
tests: nothing waits for real minutes, nor depends on how fast anything runs."""

from __future__ import annotations

import asyncssh
import pytest
from hubtools import Clock
from sshtools import authorize, client_key, connect, running_server

from bere_tui.cli import build_parser
from bere_tui.serve.guard import FailedLogins

pytestmark = pytest.mark.real_gate  # a child process: the gate keeps its real delays there anyway


def test_failed_logins_are_counted_per_address_within_a_minute():
    clock = Clock()
    failures = FailedLogins(3, clock=clock)
    for _ in range(3):
        assert not failures.blocked("192.0.2.7")
        failures.failed("192.0.2.7")
    assert failures.blocked("192.0.2.7") and not failures.blocked("192.0.2.8")
    clock.now += 59
    assert failures.blocked("192.0.2.7")
    clock.now += 1
    assert not failures.blocked("192.0.2.7")


async def test_an_address_refused_too_often_is_refused_at_once_for_the_rest_of_the_minute(tmp_path):
    ann, eve = client_key(tmp_path, "ann"), client_key(tmp_path, "eve")
    async with running_server(tmp_path / "root", max_failed_logins=3) as server:
        authorize(server.config.authorized_keys, ann)
        clock = Clock()
        server.failures.clock = clock
        for _ in range(3):
            with pytest.raises(asyncssh.PermissionDenied):
                async with connect(server, eve):
                    pass
        with pytest.raises(asyncssh.PermissionDenied):  # even a good key, from that address, this minute
            async with connect(server, ann):
                pass
        clock.now += 60
        async with connect(server, ann) as client:
            await client.wait_for("New game")
    log = server.log.path.read_text(encoding="utf-8")
    assert log.count(" refused ") == 3 and f"limited key={ann.get_fingerprint()}" in log


async def test_a_session_with_no_key_for_the_idle_timeout_ends_with_one_line(tmp_path):
    ann = client_key(tmp_path, "ann")
    async with running_server(tmp_path / "root", idle_minutes=30) as server:
        authorize(server.config.authorized_keys, ann)
        clock = Clock()
        server.clock, server.idle_check = clock, 0.02
        async with connect(server, ann) as client:
            await client.wait_for("New game")
            clock.now += 29 * 60
            await client.keys("down")  # a key: the half hour counts again from here
            await client.wait_for("> Host a table")  # (the game has it: the server has read it)
            clock.now += 29 * 60
            await client.keys("up")
            await client.wait_for("> New game")
            assert not client.closed.is_set()
            clock.now += 30 * 60
            await client.wait_for("No key for a long time")
            await client.closed.wait()
    assert " idle " in server.log.path.read_text(encoding="utf-8")


async def test_with_no_idle_timeout_a_session_stays(tmp_path):
    ann = client_key(tmp_path, "ann")
    async with running_server(tmp_path / "root", idle_minutes=0) as server:
        authorize(server.config.authorized_keys, ann)
        clock = Clock()
        server.clock, server.idle_check = clock, 0.02
        async with connect(server, ann) as client:
            await client.wait_for("New game")
            clock.now += 10_000 * 60
            await client.keys("down")
            await client.wait_for("> Host a table")
            assert not client.closed.is_set()


def test_the_servers_times_for_away_seats_reach_a_new_tables_settings(tmp_path, monkeypatch):
    from bere_tui.serve.ssh import game_env
    from bere_tui.serve.tables import TableSettings, server_settings

    env = game_env({}, tmp_path, tmp_path / "tables", "ann-key", (30, 0))
    monkeypatch.setenv("BERE_TABLE_AWAY", env["BERE_TABLE_AWAY"])
    assert server_settings(clock=60) == TableSettings(away_offer=30, away_auto=0, clock=60)
    monkeypatch.delenv("BERE_TABLE_AWAY")
    assert server_settings() == TableSettings()


def test_the_idle_timeout_and_the_failed_logins_are_options_of_bere_serve():
    args = build_parser().parse_args(["serve", "--idle-timeout", "0", "--max-failed-logins", "5",
                                      "--away-offer", "30", "--away-auto", "0"])
    assert args.idle_timeout == 0 and args.max_failed_logins == 5
    assert args.away_offer == 30 and args.away_auto == 0
    assert build_parser().parse_args(["serve"]).idle_timeout == 30
    with pytest.raises(SystemExit):
        build_parser().parse_args(["serve", "--idle-timeout", "-1"])
