"""Load: many four-player games of scripted people against one server process, on loopback.

The server is a real ``chromino serve`` subprocess (uvicorn configured as a host
runs it; a SQLite file in a temporary directory; its log at warnings only). This
process creates the guests and tables over HTTP (concurrently), opens four
websockets per game, and has scripted clients play real games: each game's player
to move sends a legal tile (else a draw, else a pass) about once per ``interval``
seconds, game start times spread over the first interval. A finished game is
replaced by its rematch.

The latency of a move is measured from just before the client sends the command
to the moment the *last* of the game's four viewers has received (and parsed) the
broadcast ``event`` — the slowest viewer, not the sender alone. The sender's own
event latency is reported too. Only moves sent after the warm-up count.

The clients run on one asyncio loop (uvloop); its lag (how late a 50 ms sleep
wakes) is measured and reported, so a client that cannot keep up shows in the
figures rather than hiding as server latency; the clients' garbage collector is
paused while they play. Like browsers, the clients offer permessage-deflate; the
server declines it, as ``chromino serve`` does unless the host turns it on
(``CHROMINO_WEBSOCKET_COMPRESSION``: a delta of a few hundred bytes gains little
from it). The server keeps its default limits (10 messages a second per socket,
bursts of 30). The CPU used by the rest of the machine during the run is
reported: on a shared machine it moves the tail latency more than anything in
the server.
"""

from __future__ import annotations

import asyncio
import gc
import os
import random
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

from .load_clients import LiveGame, Load, Viewer, idle_games
from .load_figures import IdleFigures, LoadResult, machine_busy_seconds
from .load_people import People, cookie
from .load_plan import PRELUDE_MOVES, SEATS, LoadPlan
from .load_report import report
from .load_servers import REDIS_URL, Server, fresh_database

# The parts of a run live in the ``bench/load_*.py`` modules (its plan, servers, people,
# clients, figures and report); this module runs them, one run or the comparison of one
# process with two.


async def _run(plan: LoadPlan, env: dict[str, str]) -> LoadResult:
    with (
        tempfile.TemporaryDirectory(prefix="chromino-load-") as directory,
        fresh_database(Path(directory), plan) as database_url,
    ):
        extra = dict(env)
        if plan.processes > 1 or plan.postgres:
            extra.setdefault("CHROMINO_REDIS_URL", REDIS_URL)
            # a channel of this run's own: another run (or a test) may share the Redis server
            extra.setdefault("CHROMINO_REDIS_CHANNEL", f"chromino:bench:{Path(directory).name}")
        servers = [
            Server(Path(directory), extra, database_url, name=f"server-{number}")
            for number in range(plan.processes)
        ]
        try:
            for server in servers:
                await server.wait_healthy()
            return await _drive(servers, plan)
        except BaseException:
            for server in servers:
                server.log.flush()
                tail = server.log_path.read_text(errors="replace")[-3000:]
                print(f"{server.log_path.name} ends with:\n{tail}", file=sys.stderr)
            raise
        finally:
            for server in servers:
                server.kill()
            keep = os.environ.get("CHROMINO_LOAD_KEEP_LOG")
            if keep:
                Path(keep).write_bytes(servers[0].log_path.read_bytes())


async def _drive(servers: list[Server], plan: LoadPlan) -> LoadResult:
    rng = random.Random(plan.seed)
    people = People(servers[0].url)
    load = Load([server.url for server in servers], plan.interval, rng, plan.routing)
    began = time.perf_counter()
    made = await asyncio.gather(*(people.game() for _ in range(plan.games)))
    for _ in range(plan.hard_games):
        await people.bot_game("strong")
    setup_seconds = time.perf_counter() - began
    live = [
        LiveGame(game_id, seats, [Viewer(seat, cookie(p)) for seat, p in enumerate(seats)], index)
        for index, (game_id, seats) in enumerate(made)
    ]
    began = time.perf_counter()
    await load.open_every(live)
    result = LoadResult(
        games=plan.games,
        setup_seconds=setup_seconds,
        connect_seconds=time.perf_counter() - began,
        cores=os.cpu_count() or 1,
    )
    if plan.idle_games:
        result.idle = await _open_idle(people, load, servers[0], plan.idle_games)
    # The load generator must not stall on its own garbage collection: what it
    # holds is frozen, and collection is off while it plays (reference counting
    # frees the messages; they make no cycles).
    gc.collect()
    gc.freeze()
    gc.disable()
    try:
        await _play(load, live, servers, plan=plan, result=result)
    finally:
        gc.enable()
        gc.unfreeze()
    if result.idle is not None:
        result.idle.rss_end = servers[0].rss()
    await asyncio.gather(*(load.close_all(game) for game in [*live, *load.idle_games]))
    await people.close()
    for server in servers:
        if server.process.poll() is not None:
            load.error(f"{server.log_path.stem} died with {server.process.returncode}")
    result.moves = load.moves
    result.latencies = load.latencies
    result.own_latencies = load.own_latencies
    result.sent_times = load.sent_times
    result.errors = load.errors
    result.client_lag = load.lag
    result.rematches = load.rematches
    result.rematch_times = load.rematch_times
    result.max_connections = load.max_sockets
    result.event_bytes = load.event_bytes
    result.bytes_at = load.bytes_at
    return result


async def _open_idle(people: People, load: Load, server: Server, games: int) -> IdleFigures:
    """``games`` more tables of the same four guests, dealt, every seat connected."""
    began = time.perf_counter()
    idle = await idle_games(people, games)
    setup = time.perf_counter() - began
    await asyncio.sleep(1)  # the active games' rooms settled
    before = server.rss()
    await load.open_every(idle)
    await asyncio.sleep(1)
    load.idle_games = idle
    return IdleFigures(games, games * SEATS, setup, before, server.rss())


async def _play(
    load: Load,
    live: list[LiveGame],
    servers: list[Server],
    *,
    plan: LoadPlan,
    result: LoadResult,
) -> None:
    """Play for the warm-up and the measured window; fill in the window's figures."""
    # Every game first plays a random number of moves, as fast as they go, so that
    # the games are at different stages and end (and start their rematch) at
    # different times, as they would on a real server, not all in the same second.
    began = time.perf_counter()
    await asyncio.gather(
        *(load.play(game, moves=load.rng.randrange(PRELUDE_MOVES)) for game in live)
    )
    result.prelude_seconds = time.perf_counter() - began
    lag_task = asyncio.create_task(load.watch_lag())
    until = asyncio.get_running_loop().time() + plan.warmup + plan.seconds
    players = [
        asyncio.create_task(load.play(game, until=until, offset=load.rng.uniform(0, plan.interval)))
        for game in live
    ]
    await asyncio.sleep(plan.warmup)
    load.measuring = True
    server_before = sum(server.cpu_seconds() for server in servers)
    client_before = time.process_time()
    machine_before = machine_busy_seconds()
    started = time.perf_counter()
    await asyncio.sleep(plan.seconds)
    load.measuring = False
    result.seconds = time.perf_counter() - started
    server_after = sum(server.cpu_seconds() for server in servers)
    result.server_cpu = (server_after - server_before) / result.seconds
    result.client_cpu = (time.process_time() - client_before) / result.seconds
    machine = (machine_busy_seconds() - machine_before) / result.seconds
    result.others_cpu = max(0.0, machine - result.server_cpu - result.client_cpu)
    result.connections = load.open_sockets
    result.min_connections = min(load.min_sockets, load.open_sockets)
    await asyncio.gather(*players)
    load.stopping = True
    await lag_task


def run_load(
    games: int = 250,
    seconds: float = 40,
    *,
    warmup: float = 5,
    interval: float = 1.0,
    env: dict[str, str] | None = None,
    seed: int = 1,
    processes: int = 1,
    routing: str = "split",
    postgres: bool = False,
    hard_games: int = 0,
    idle_games: int = 0,
) -> LoadResult:
    """Start the server process(es), make ``games`` four-player games, play them for
    ``seconds`` (``interval`` 0: each game's next move as soon as the last reached all
    four, so the servers are the limit)."""
    plan = LoadPlan(
        games, seconds, warmup, interval, seed, processes, routing, postgres, hard_games, idle_games
    )
    try:
        import uvloop

        runner: Any = uvloop.run
    except ImportError:  # pragma: no cover - uvloop comes with uvicorn[standard]
        runner = asyncio.run
    result: LoadResult = runner(_run(plan, env or {}))
    return result


def compare_processes(
    games: int = 100, seconds: float = 20, warmup: float = 3
) -> list[tuple[str, LoadResult]]:
    """The same client load — ``games`` four-player games, each moving as fast as its
    moves are delivered, after ``warmup`` seconds unmeasured — against one process and
    two on PostgreSQL + Redis."""
    runs = [
        ("1 process (PostgreSQL + Redis)", {"processes": 1, "postgres": True}),
        ("2 processes, each game's players split across both", {"processes": 2}),
        ("2 processes, each game on one (proxy affinity)", {"processes": 2, "routing": "affinity"}),
    ]
    results = []
    for label, options in runs:
        result = run_load(games, seconds, warmup=warmup, interval=0.0, **options)  # type: ignore[arg-type]
        results.append((label, result))
    return results


if __name__ == "__main__":
    report(run_load(int(sys.argv[1]) if len(sys.argv) > 1 else 250))
