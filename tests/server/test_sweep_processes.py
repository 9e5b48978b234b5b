"""The sweep with real processes: two on one PostgreSQL database settle each due game
and send each notice once between them; a process killed with a deadline due loses
nothing and fires nothing twice after its restart. Each process keeps a fake clock
(``POST /test/clock``), and sweeps every 0.2 s of real time."""

from __future__ import annotations

from collections.abc import Iterator
from datetime import UTC, datetime, timedelta
from pathlib import Path

import httpx
import pytest
from support.days import events, eventually, game_row, notices, turn_based_game
from support.live import Player, migrated_sqlite
from support.procs import ServerProcess, server_env
from support.pushservice import PushService
from support.services import require_redis

from web.db import Database

START = datetime(2026, 12, 1, 12, 0, tzinfo=UTC)
DAY = 86400
FAST_SWEEP = {"fake_clock": "true", "sweep_seconds": "0.2", "coach": "false"}


def set_clock(server: ServerProcess, moment: datetime) -> None:
    moved = httpx.post(f"{server.url}/test/clock", json={"to": moment.timestamp()})
    assert moved.status_code == 200, moved.text


def awake(person: Player) -> None:
    changed = person.http.patch(
        "/api/me/preferences", json={"time_zone": "UTC", "quiet": {"start": 0, "end": 0}}
    )
    assert changed.status_code == 200, changed.text


@pytest.fixture(scope="module")
def pair(pg_url: str, tmp_path_factory: pytest.TempPathFactory) -> Iterator[list[ServerProcess]]:
    """Two processes on one PostgreSQL database, fanned out through Redis."""
    redis_url = require_redis()
    logs = tmp_path_factory.mktemp("sweeping-pair")
    env = server_env(pg_url, redis_url=redis_url, fake_clock_start=START.isoformat(), **FAST_SWEEP)
    servers = [ServerProcess(env, logs / f"server-{name}.log") for name in "ab"]
    for server in servers:
        server.launch()
    try:
        for server in servers:
            server.wait_healthy()
        yield servers
    finally:
        for server in servers:
            server.kill()


def test_two_processes_settle_each_due_game_and_send_each_notice_once(
    pair: list[ServerProcess], pg_url: str
) -> None:
    db = Database(pg_url)
    with PushService() as push:
        games: dict[str, Player] = {}
        for index in range(6):
            home, away = pair[index % 2], pair[1 - index % 2]
            ana, bob = Player(home.url), Player(away.url)
            for person in (ana, bob):
                awake(person)
                assert person.http.post("/api/me/push-devices", json=push.subscribe()).is_success
            game_id = turn_based_game(ana, [bob], days=1, on_timeout="timeout")
            games[game_id] = ana
        for server in pair:
            set_clock(server, START + timedelta(minutes=2))

        def all_told() -> bool:
            told = [notices(db, game_id, "turn") for game_id in games]
            return all(len(t) == 1 and t[0].pushed == "sent" for t in told)

        eventually(all_told, timeout=30, what="every first player told")
        assert len(push.received) == len(games), "one push per game's turn"
        for server in pair:
            set_clock(server, START + timedelta(days=1, minutes=5))

        def all_timed_out() -> bool:
            return all(
                [e.action["action"] for e in events(db, game_id)] == ["timeout"]
                and game_row(db, game_id).lease_until is None
                and game_row(db, game_id).due_at is not None
                for game_id in games
            )

        eventually(all_timed_out, timeout=30, what="each turn timed out, once")
        for server in pair:  # the next players' turns go unseen for a minute
            set_clock(server, START + timedelta(days=1, minutes=8))

        def all_told_twice() -> bool:
            told = [notices(db, game_id, "turn") for game_id in games]
            return all(len(t) == 2 and all(n.pushed == "sent" for n in t) for t in told)

        eventually(all_told_twice, timeout=30, what="every second player told")
        assert len(push.received) == 2 * len(games)
        for game_id in games:
            assert [e.action["action"] for e in events(db, game_id)] == ["timeout"]
            assert [n.kind for n in notices(db, game_id, "turn")] == ["turn", "turn"]
    db.dispose()


def test_a_process_killed_with_a_deadline_due_fires_it_once_after_its_restart(
    tmp_path: Path,
) -> None:
    url = migrated_sqlite(tmp_path / "chromino.sqlite3")
    env = server_env(url, fake_clock_start=START.isoformat(), **FAST_SWEEP)
    server = ServerProcess(env, tmp_path / "server.log").start()
    db = Database(url)
    try:
        ana, bob = Player(server.url), Player(server.url)
        awake(ana)
        awake(bob)
        game_id = turn_based_game(ana, [bob], days=1, on_timeout="timeout")
        eventually(lambda: game_row(db, game_id).turn_deadline_at, what="the deadline")
        deadline = game_row(db, game_id).turn_deadline_at
        assert deadline is not None
        set_clock(server, deadline.replace(tzinfo=UTC) + timedelta(seconds=1))
        server.kill()  # the deadline is due: it may or may not have fired
        for restart in range(2):
            later = deadline.replace(tzinfo=UTC) + timedelta(minutes=10 * (restart + 1))
            server.env = {**env, "CHROMINO_FAKE_CLOCK_START": later.isoformat()}
            server.start()
            eventually(
                lambda: [e.action["action"] for e in events(db, game_id)] == ["timeout"],
                timeout=30,
                what="the deadline fired after the restart",
            )
            eventually(lambda: game_row(db, game_id).lease_until is None, timeout=30)
            server.kill()
        assert [e.action["action"] for e in events(db, game_id)] == ["timeout"]
    finally:
        server.kill()
        db.dispose()
