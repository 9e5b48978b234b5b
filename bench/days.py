"""Games over days at rest: what 10,000 idle turn-based games cost a server, and what
the sweep costs per 1,000 due deadlines.

The games are written straight into a fresh SQLite database (dealt by the engine, two
people each, the first to move), so the figures are the server's and not the
set-up's. Memory: a server process started on that database holds no room for them
(a turn-based game waiting for a person rests in the database); its resident size is
compared with the same server on an empty database. Sweep: 1,000 of the games are
made due with their half-time warning to send, and one round of the sweep (claiming,
settling, writing the warnings and the next due moments) is timed, on this process,
with no room to wake.
"""

from __future__ import annotations

import asyncio
import os
import shutil
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

import httpx
from sqlalchemy import insert, update

from web.clock import FakeClock
from web.days import Sweep
from web.db import Database
from web.games import game_kind
from web.models import Game, GamePlayer, GameTable, Notice, User
from web.notify import Outbox
from web.ops.migrate import upgrade
from web.settings import Settings

NOW = datetime(2026, 12, 1, 12, 0, tzinfo=UTC)
PEOPLE = 200


@dataclass(frozen=True)
class DaysFigures:
    games: int
    rss_empty: int
    rss_full: int
    database_bytes: int
    due: int
    sweep_cpu: float
    sweep_wall: float
    notices: int
    outbox_cpu: float
    """The outbox's round over those notices (no device: each checked, none sent)."""


def _fill(url: str, games: int) -> None:
    """``games`` two-player Chromino games, turn-based, a day per move, dealt."""
    db = Database(url)
    kind = game_kind("chromino")
    options = kind.normalize_options({})
    with db.session() as session:
        session.execute(
            insert(User),
            [{"name": f"P{i}", "name_key": f"p{i}", "name_chosen": True} for i in range(PEOPLE)],
        )
        session.commit()
    tables, rows, players = [], [], []
    for index in range(games):
        a, b = 1 + index % PEOPLE, 1 + (index + 1) % PEOPLE
        setup = kind.deal([f"P{a}", f"P{b}"], f"bench/{index}", options)
        seats = [
            {"user_id": a, "bot": None, "name": f"P{a}"},
            {"user_id": b, "bot": None, "name": f"P{b}"},
        ]
        tables.append(
            {"id": index + 1, "invite_code": f"t{index}", "kind": "chromino", "creator_id": a,
             "options": options, "status": "playing", "game_id": f"g{index}", "turn_days": 1}
        )  # fmt: skip
        rows.append(
            {"id": f"g{index}", "table_id": index + 1, "kind": "chromino", "setup": setup,
             "seats": seats, "current_seat": int(setup["first"]), "turn_days": 1,
             "turn_started_at": NOW, "turn_deadline_at": NOW + timedelta(days=2)}
        )  # fmt: skip
        players += [
            {"game_id": f"g{index}", "seat": 0, "user_id": a},
            {"game_id": f"g{index}", "seat": 1, "user_id": b},
        ]
    with db.session() as session:
        for chunk in range(0, games, 1000):
            session.execute(insert(GameTable), tables[chunk : chunk + 1000])
            session.execute(insert(Game), rows[chunk : chunk + 1000])
            session.execute(insert(GamePlayer), players[2 * chunk : 2 * chunk + 2000])
        session.commit()
    db.dispose()


def _server_rss(url: str, workdir: Path) -> int:
    """The resident size of a server process started on ``url``, once it answers."""
    port = 18000 + os.getpid() % 1000
    env = {k: v for k, v in os.environ.items() if not k.startswith("CHROMINO_")}
    env.update(
        CHROMINO_ENVIRONMENT="test",
        CHROMINO_DATABASE_URL=url,
        CHROMINO_SECRET_KEY="b" * 40,
        CHROMINO_COACH="false",
    )
    command = [sys.executable, "-m", "web", "serve", "--host", "127.0.0.1", "--port", str(port)]
    with (workdir / "server.log").open("ab") as log:
        process = subprocess.Popen(command, env=env, stdout=log, stderr=subprocess.STDOUT)
    try:
        deadline = time.monotonic() + 60
        while time.monotonic() < deadline:
            try:
                if httpx.get(f"http://127.0.0.1:{port}/healthz", timeout=1).status_code == 200:
                    break
            except httpx.HTTPError:
                time.sleep(0.1)
        time.sleep(2)  # let start-up's garbage go
        status = Path(f"/proc/{process.pid}/status").read_text()
        line = next(line for line in status.splitlines() if line.startswith("VmRSS:"))
        return int(line.split()[1]) * 1024
    finally:
        process.terminate()
        process.wait(timeout=20)


class _NoRooms:
    """The sweep's rooms, for a round that wakes none (warnings only)."""

    async def room(self, game_id: str) -> Any:
        raise AssertionError(f"no room should be needed ({game_id})")

    async def wake(self, game_id: str) -> Any:
        raise AssertionError(f"no room should be needed ({game_id})")

    def evict(self, room: Any) -> None:
        return None


def _sweep_due(url: str, due: int) -> tuple[float, float, int, float]:
    """CPU and wall seconds of one sweep round over ``due`` games whose half-time
    warning is due (their turns began 14 hours ago: half of a waking day in UTC
    with the default nights has run)."""
    db = Database(url)
    started = NOW - timedelta(hours=14)
    with db.session() as session:
        ids = [f"g{index}" for index in range(due)]
        session.execute(
            update(Game).where(Game.id.in_(ids)).values(due_at=NOW, turn_started_at=started)
        )
        session.commit()
    clock = FakeClock(NOW)
    sweep = Sweep(db, clock, _NoRooms(), every=5)
    cpu, wall = time.process_time(), time.perf_counter()
    settled = asyncio.run(sweep.once())
    cpu, wall = time.process_time() - cpu, time.perf_counter() - wall
    assert settled == due, f"settled {settled} of {due}"
    with db.session() as session:
        made = session.query(Notice).count()
    clock.advance(61)  # the turn notices are due too
    outbox = Outbox(db, clock, Settings(environment="test", database_url=url), "s" * 40)
    sent_cpu = time.process_time()
    handled = asyncio.run(outbox.send_due())
    sent_cpu = time.process_time() - sent_cpu
    assert handled == 0, "nobody has a device: every notice is settled without sending"
    db.dispose()
    return cpu, wall, made, sent_cpu


def bench_days(games: int = 10_000, due: int = 1_000) -> DaysFigures:
    """Fill a database, weigh a server on it and on an empty one, time the sweep (of
    ``due`` of the games, or all of them if there are fewer)."""
    due = min(due, games)
    workdir = Path(tempfile.mkdtemp(prefix="chromino-days-"))
    try:
        empty = f"sqlite:///{workdir / 'empty.sqlite3'}"
        full_path = workdir / "full.sqlite3"
        full = f"sqlite:///{full_path}"
        upgrade(empty)
        upgrade(full)
        before = full_path.stat().st_size
        _fill(full, games)
        database_bytes = full_path.stat().st_size - before
        rss_empty = _server_rss(empty, workdir)
        rss_full = _server_rss(full, workdir)
        cpu, wall, made, outbox_cpu = _sweep_due(full, due)
        return DaysFigures(
            games, rss_empty, rss_full, database_bytes, due, cpu, wall, made, outbox_cpu
        )
    finally:
        shutil.rmtree(workdir, ignore_errors=True)


def report(figures: DaysFigures) -> None:
    extra = (figures.rss_full - figures.rss_empty) / 2**20
    print(f"Games over days ({figures.games} idle turn-based games in SQLite)")
    print(
        f"  server memory: {figures.rss_empty / 2**20:.1f} MiB on an empty database, "
        f"{figures.rss_full / 2**20:.1f} MiB with the games ({extra:+.1f} MiB: no room loaded)"
    )
    print(f"  database: {figures.database_bytes / figures.games / 1024:.1f} KiB per game")
    print(
        f"  sweep, {figures.due} due half-time warnings: {figures.sweep_cpu * 1e3:.0f} ms CPU, "
        f"{figures.sweep_wall * 1e3:.0f} ms wall per round "
        f"({figures.sweep_cpu * 1e6 / figures.due:.0f} us CPU a game; "
        f"{figures.notices} notices written)"
    )
    print(
        f"  outbox, the {2 * figures.due} notices then due (no device): "
        f"{figures.outbox_cpu * 1e3:.0f} ms CPU"
    )


if __name__ == "__main__":
    report(bench_days())
