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
import contextlib
import gc
import json
import os
import random
import secrets
import signal
import socket
import statistics
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import httpx
from websockets.asyncio.client import ClientConnection, connect
from websockets.exceptions import ConnectionClosed

ROOT = Path(__file__).resolve().parent.parent
SEATS = 4
SHARED_SECRET = secrets.token_hex(32)
"""Every process of a run signs cookies alike, so a guest made on one is known on all."""
POSTGRES_ADMIN_URL = os.environ.get(
    "CHROMINO_TEST_POSTGRES", "postgresql://postgres@127.0.0.1:5432/test"
)
PROTOCOL = 2
"""The protocol the clients speak (web.protocol.PROTOCOL; not imported, to stay a client)."""
REDIS_URL = os.environ.get("CHROMINO_TEST_REDIS", "redis://127.0.0.1:6379/0")
LAG_TICK = 0.05
PRELUDE_MOVES = 40
"""Each game first plays up to this many moves unmeasured (about a game's length)."""


@dataclass
class LoadResult:
    """What one load run measured (times in seconds)."""

    games: int
    setup_seconds: float
    connect_seconds: float
    cores: int
    seconds: float = 0.0
    """Length of the measured window."""
    moves: int = 0
    """Moves sent in the window and delivered to all four viewers."""
    latencies: list[float] = field(default_factory=list)
    """Send → the last of the game's viewers has the event, per measured move."""
    own_latencies: list[float] = field(default_factory=list)
    """Send → the sender has its own event."""
    sent_times: list[float] = field(default_factory=list)
    """When each measured move was sent (``time.perf_counter``), in step with ``latencies``."""
    errors: list[str] = field(default_factory=list)
    client_lag: list[float] = field(default_factory=list)
    """How late the clients' loop woke from each 50 ms sleep."""
    server_cpu: float = 0.0
    """Server CPU time over the window, in cores."""
    client_cpu: float = 0.0
    others_cpu: float = 0.0
    """CPU used by the rest of the machine during the window, in cores."""
    connections: int = 0
    """Sockets open at the end of the window."""
    max_connections: int = 0
    min_connections: int = 0
    """Fewest sockets open during the window (finished games reconnect to their rematch)."""
    prelude_seconds: float = 0.0
    event_bytes: list[int] = field(default_factory=list)
    """The length of each live ``event`` a viewer received in the window (its JSON text,
    before the socket's compression)."""
    bytes_at: dict[int, list[int]] = field(default_factory=dict)
    """Lengths of the events of versions 2 and 40 (every game, every viewer, any time)."""
    rematches: int = 0
    rematch_times: list[float] = field(default_factory=list)
    idle: IdleFigures | None = None
    """With idle games beside the active ones: what their sockets cost."""

    @property
    def moves_per_second(self) -> float:
        return self.moves / self.seconds if self.seconds else 0.0

    @property
    def cpu_per_move(self) -> float:
        """Server CPU seconds (all processes) per move delivered."""
        return self.server_cpu / self.moves_per_second if self.moves else float("nan")

    def percentile(self, values: list[float], fraction: float) -> float:
        if not values:
            return float("nan")
        ordered = sorted(values)
        return ordered[min(len(ordered) - 1, int(fraction * len(ordered)))]


# --- the server ---------------------------------------------------------------------


def _free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


class Server:
    """One uvicorn process serving the app, killed at the end."""

    def __init__(
        self, directory: Path, env: dict[str, str], database_url: str, name: str = "server"
    ) -> None:
        self.port = _free_port()
        self.env = {k: v for k, v in os.environ.items() if not k.startswith("CHROMINO_")}
        self.env.update(
            CHROMINO_ENVIRONMENT="test",
            CHROMINO_DATABASE_URL=database_url,
            CHROMINO_SECRET_KEY=SHARED_SECRET,
            CHROMINO_ALLOWED_ORIGINS=self.url,
        )
        self.env.update(env)
        self.log_path = directory / f"{name}.log"
        self.log = self.log_path.open("wb")
        # Served as a host serves it (``chromino serve``: its websocket settings, its
        # limits), its log quiet but for warnings.
        self.env.setdefault("CHROMINO_LOG_LEVEL", "warning")
        command = [sys.executable, "-m", "web", "serve", "--host", "127.0.0.1",
                   "--port", str(self.port)]  # fmt: skip
        self.process = subprocess.Popen(
            command,
            env=self.env,
            cwd=ROOT,
            stdout=self.log,
            stderr=subprocess.STDOUT,
            start_new_session=True,
        )

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    async def wait_healthy(self, timeout: float = 30) -> None:
        deadline = time.monotonic() + timeout
        async with httpx.AsyncClient(trust_env=False) as client:
            while time.monotonic() < deadline:
                if self.process.poll() is not None:
                    raise RuntimeError(f"the server exited with {self.process.returncode}")
                with contextlib.suppress(httpx.HTTPError):
                    if (await client.get(f"{self.url}/healthz")).status_code == 200:
                        return
                await asyncio.sleep(0.05)
        raise RuntimeError("the server did not start")

    def cpu_seconds(self) -> float:
        """User + system CPU time of the server process so far."""
        fields = Path(f"/proc/{self.process.pid}/stat").read_text().rsplit(")", 1)[1].split()
        return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")

    def rss(self) -> int:
        """The server process's resident memory, in bytes."""
        for line in Path(f"/proc/{self.process.pid}/status").read_text().splitlines():
            if line.startswith("VmRSS:"):
                return int(line.split()[1]) * 1024
        return 0

    def kill(self) -> None:
        if self.process.poll() is None:
            self.process.send_signal(signal.SIGKILL)
            self.process.wait(timeout=10)
        self.log.close()


# --- people, tables and games over HTTP ---------------------------------------------


class People:
    """Guests made over HTTP, each with their own cookie jar, on one shared connection pool."""

    def __init__(self, base_url: str, concurrency: int = 16) -> None:
        self.base_url = base_url
        self.transport = httpx.AsyncHTTPTransport(
            limits=httpx.Limits(max_connections=concurrency, max_keepalive_connections=concurrency)
        )
        self.limit = asyncio.Semaphore(concurrency)

    def client(self) -> httpx.AsyncClient:
        return httpx.AsyncClient(
            base_url=self.base_url, transport=self.transport, timeout=60, trust_env=False
        )

    async def call(
        self, client: httpx.AsyncClient, method: str, path: str, **kwargs: Any
    ) -> dict[str, Any]:
        for attempt in range(5):
            async with self.limit:
                try:
                    response = await client.request(method, path, **kwargs)
                except httpx.RemoteProtocolError:
                    # A kept-alive connection the server closed (after 5 idle seconds)
                    # just as the request went out: it never reached the app. Every
                    # request here may be sent again (a rematch asked twice is one).
                    if attempt == 4:
                        raise
                    continue
            if response.status_code < 500:
                break
            await asyncio.sleep(0.05 * (attempt + 1))  # a rare clash of guest names
        response.raise_for_status()
        data: dict[str, Any] = response.json()
        return data

    async def guest(self) -> httpx.AsyncClient:
        client = self.client()
        await self.call(client, "GET", "/api/me")
        return client

    async def game(self) -> tuple[str, list[httpx.AsyncClient]]:
        """Four guests at a new table, dealt."""
        seats = await asyncio.gather(*(self.guest() for _ in range(SEATS)))
        table = await self.call(
            seats[0], "POST", "/api/tables", json={"seats": [{"kind": "human"}] * SEATS}
        )
        for person in seats[1:]:  # one after another: each takes the next free seat
            await self.call(person, "POST", f"/api/tables/{table['invite_code']}/join")
        started = await self.call(seats[0], "POST", f"/api/tables/{table['invite_code']}/start")
        return started["game_id"], list(seats)

    async def table_of(self, seats: list[httpx.AsyncClient]) -> str:
        """A new table of these four, dealt (the same people may sit at many)."""
        table = await self.call(
            seats[0], "POST", "/api/tables", json={"seats": [{"kind": "human"}] * SEATS}
        )
        for person in seats[1:]:
            await self.call(person, "POST", f"/api/tables/{table['invite_code']}/join")
        started = await self.call(seats[0], "POST", f"/api/tables/{table['invite_code']}/start")
        return str(started["game_id"])

    async def bot_game(self, bot: str) -> str:
        """A table of two bots, dealt: they play on the server by themselves (at a second's
        search and the bot pause a move, a game lasts a couple of minutes: the run)."""
        creator = await self.guest()
        seats = [{"kind": "bot", "bot": bot}] * 2
        table = await self.call(creator, "POST", "/api/tables", json={"seats": seats})
        started = await self.call(creator, "POST", f"/api/tables/{table['invite_code']}/start")
        return str(started["game_id"])

    async def close(self) -> None:
        await self.transport.aclose()


# --- the clients ----------------------------------------------------------------------


@dataclass(eq=False)
class Viewer:
    """One player's socket and the last snapshot it holds."""

    seat: int
    cookie: str
    socket: ClientConnection | None = None
    version: int = -1
    snapshot: dict[str, Any] | None = None
    reader: asyncio.Task[None] | None = None


@dataclass(eq=False)
class LiveGame:
    """One game being played by four scripted viewers."""

    game_id: str
    people: list[httpx.AsyncClient]
    viewers: list[Viewer]
    index: int = 0
    """The game's number in the run (which process its players use)."""
    version: int = 0
    commands: int = 0
    sent_at: dict[int, tuple[float, int, bool]] = field(default_factory=dict)
    """version → (when the command was sent, the sender's seat, whether it counts)."""
    seen_by: dict[int, int] = field(default_factory=dict)
    changed: asyncio.Event = field(default_factory=asyncio.Event)


class Load:
    """The whole client side of a run."""

    def __init__(
        self, base_urls: list[str], interval: float, rng: random.Random, routing: str = "split"
    ) -> None:
        self.ws_urls = [url.replace("http", "ws", 1) for url in base_urls]
        self.routing = routing
        """"split": a game's four players spread over the processes; "affinity": all of a
        game's players on one process (what a proxy hashing on the game id gives)."""
        self.interval = interval
        self.rng = rng
        self.measuring = False
        self.stopping = False
        self.latencies: list[float] = []
        self.sent_times: list[float] = []
        self.own_latencies: list[float] = []
        self.moves = 0
        self.errors: list[str] = []
        self.lag: list[float] = []
        self.rematches = 0
        self.rematch_times: list[float] = []
        self.idle_games: list[LiveGame] = []
        self.event_bytes: list[int] = []
        self.bytes_at: dict[int, list[int]] = {2: [], 40: []}
        self.open_sockets = 0
        self.max_sockets = 0
        self.min_sockets = 1 << 30

    def error(self, text: str) -> None:
        if len(self.errors) < 1000:
            self.errors.append(text)

    # --- sockets ---------------------------------------------------------------

    def ws_url_for(self, game: LiveGame, viewer: Viewer) -> str:
        """Which process this viewer talks to."""
        count = len(self.ws_urls)
        spread = viewer.seat if self.routing == "split" else 0
        return self.ws_urls[(game.index + spread) % count]

    async def open(self, game: LiveGame, viewer: Viewer) -> None:
        viewer.socket = await connect(
            f"{self.ws_url_for(game, viewer)}/ws/games/{game.game_id}?protocol={PROTOCOL}",
            additional_headers={"Cookie": viewer.cookie},
            proxy=None,
            open_timeout=60,
            ping_interval=None,
            max_queue=None,
        )
        self.open_sockets += 1
        self.max_sockets = max(self.max_sockets, self.open_sockets)
        viewer.version = -1
        viewer.snapshot = None
        viewer.reader = asyncio.create_task(self.read(game, viewer))

    async def read(self, game: LiveGame, viewer: Viewer) -> None:
        assert viewer.socket is not None
        try:
            async for raw in viewer.socket:
                now = time.perf_counter()
                message = json.loads(raw)
                self.receive(game, viewer, message, now)
                if message["type"] == "event":
                    self.count_bytes(message["version"], len(raw))
        except ConnectionClosed as closed:
            if not self.stopping:
                self.error(f"socket closed: {closed}")
        finally:
            self.open_sockets -= 1

    def receive(self, game: LiveGame, viewer: Viewer, message: dict[str, Any], now: float) -> None:
        kind = message["type"]
        if kind in ("welcome", "state"):
            viewer.version = message["version"]
            viewer.snapshot = message
            game.changed.set()
        elif kind == "event":
            version = message["version"]
            if version != viewer.version + 1 and viewer.version >= 0:
                self.error(f"seat {viewer.seat} got event {version} after {viewer.version}")
            viewer.version = version
            viewer.snapshot = follow(viewer.snapshot, message)
            self.record(game, viewer, version, now)
            game.changed.set()
        elif kind == "error":
            self.error(f"{message.get('code')}: {message.get('message')}")

    def count_bytes(self, version: int, size: int) -> None:
        if self.measuring:
            self.event_bytes.append(size)
        if version in self.bytes_at:
            self.bytes_at[version].append(size)

    def record(self, game: LiveGame, viewer: Viewer, version: int, now: float) -> None:
        sent = game.sent_at.get(version)
        if sent is None:
            return
        sent_at, sender, measured = sent
        if viewer.seat == sender and measured:
            self.own_latencies.append(now - sent_at)
        seen = game.seen_by.get(version, 0) + 1
        game.seen_by[version] = seen
        if seen == SEATS:
            del game.sent_at[version], game.seen_by[version]
            if measured:
                self.latencies.append(now - sent_at)
                self.sent_times.append(sent_at)
                self.moves += 1

    async def close_all(self, game: LiveGame) -> None:
        for viewer in game.viewers:
            if viewer.socket is not None:
                await viewer.socket.close()
            if viewer.reader is not None:
                with contextlib.suppress(Exception):
                    await viewer.reader

    # --- playing ---------------------------------------------------------------

    async def wait_for(self, game: LiveGame, ready: Any, timeout: float) -> bool:
        deadline = time.monotonic() + timeout
        while not ready():
            game.changed.clear()
            if ready():
                break
            remaining = deadline - time.monotonic()
            if remaining <= 0:
                return False
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(game.changed.wait(), remaining)
        return True

    def command(self, viewer: Viewer) -> dict[str, Any]:
        assert viewer.snapshot is not None
        legal = viewer.snapshot.get("legal")
        state = viewer.snapshot["state"]
        if legal:
            move = self.rng.choice(legal)
            return {"type": "play", **{key: move[key] for key in ("tile", "x", "y", "dir")}}
        return {"type": "draw" if state["can_draw"] else "pass"}

    async def play(
        self,
        game: LiveGame,
        people: People,
        *,
        until: float | None = None,
        moves: int | None = None,
        offset: float = 0.0,
    ) -> None:
        """One game's loop: whoever is to move sends a move, one every ``interval``
        until ``until`` (loop time); or ``moves`` moves, each as soon as the last has
        reached everyone. A finished game goes on as its rematch."""
        loop = asyncio.get_running_loop()

        def everyone_current() -> bool:  # the last move has reached all four
            return all(
                viewer.snapshot is not None and viewer.snapshot["version"] >= game.version
                for viewer in game.viewers
            )

        await asyncio.sleep(offset)
        tick = loop.time()
        made = 0
        while (moves is None or made < moves) and (until is None or loop.time() < until):
            if not await self.wait_for(game, everyone_current, 10):
                behind = ", ".join(
                    f"seat {viewer.seat} at {viewer.version} on {self.ws_url_for(game, viewer)}"
                    for viewer in game.viewers
                    if viewer.version < game.version
                )
                self.error(
                    f"game {game.game_id}: version {game.version} not delivered in 10 s ({behind})"
                )
                return
            first = game.viewers[0].snapshot
            assert first is not None
            if first["state"]["finished"]:
                if not await self.rematch(game, people):
                    return
                tick = loop.time()
                continue
            if until is not None:
                tick += self.interval
                await asyncio.sleep(max(0.0, tick - loop.time()))
            seat = first["state"]["current"]
            actor = game.viewers[seat]
            command = self.command(actor)
            game.commands += 1
            command.update(id=f"c{game.commands}", version=game.version)
            game.version += 1
            assert actor.socket is not None
            game.sent_at[game.version] = (time.perf_counter(), seat, self.measuring)
            try:
                await actor.socket.send(json.dumps(command))
            except ConnectionClosed:
                self.error(f"game {game.game_id}: socket closed while sending")
                return
            made += 1

    async def rematch(self, game: LiveGame, people: People) -> bool:
        """The same four again, in a new game."""
        try:
            started = await people.call(
                game.people[0], "POST", f"/api/games/{game.game_id}/rematch"
            )
        except httpx.HTTPError as error:
            self.error(f"rematch failed: {error}")
            return False
        await self.close_all(game)
        game.game_id = started["game_id"]
        game.version = 0
        game.sent_at.clear()
        game.seen_by.clear()
        await asyncio.gather(*(self.open(game, viewer) for viewer in game.viewers))
        self.rematches += 1
        self.rematch_times.append(time.perf_counter())
        return True

    async def watch_lag(self) -> None:
        loop = asyncio.get_running_loop()
        while not self.stopping:
            before = loop.time()
            await asyncio.sleep(LAG_TICK)
            if self.measuring:
                self.lag.append(loop.time() - before - LAG_TICK)
                self.min_sockets = min(self.min_sockets, self.open_sockets)


def follow(snapshot: dict[str, Any] | None, event: dict[str, Any]) -> dict[str, Any]:
    """The client's copy of the game after a live event: its delta applied to the
    state (docs/protocol.md), its ``legal`` (present for the seat to play only) taken."""
    state = dict(event["state"]) if "state" in event else dict((snapshot or {})["state"])
    state.update(event.get("changes", {}))
    for key, items in event.get("added", {}).items():
        state[key] = [*state[key], *items]
    return {"version": event["version"], "state": state, "legal": event.get("legal")}


def _machine_busy_seconds() -> float:
    """CPU seconds spent by everything on this machine so far (all cores)."""
    fields = [int(value) for value in Path("/proc/stat").read_text().split("\n", 1)[0].split()[1:]]
    idle = fields[3] + fields[4]
    return (sum(fields[:8]) - idle) / os.sysconf("SC_CLK_TCK")


def _cookie(client: httpx.AsyncClient) -> str:
    return "; ".join(f"{name}={value}" for name, value in client.cookies.items())


@dataclass(frozen=True)
class LoadPlan:
    """How big and how long a run is."""

    games: int = 250
    seconds: float = 40
    warmup: float = 5
    interval: float = 1.0
    seed: int = 1
    processes: int = 1
    """Server processes; more than one share PostgreSQL and Redis."""
    routing: str = "split"
    postgres: bool = False
    """PostgreSQL (+ Redis) even for one process, to compare like with like."""
    hard_games: int = 0
    """Games of two Hard bots playing on the server meanwhile (their search in workers)."""
    idle_games: int = 0
    """Four-player games open with every seat connected and nobody moving: sockets that
    only receive (their players think, or went to bed with the tab open)."""


async def _run(plan: LoadPlan, env: dict[str, str]) -> LoadResult:
    with (
        tempfile.TemporaryDirectory(prefix="chromino-load-") as directory,
        _database(Path(directory), plan) as database_url,
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


@contextlib.contextmanager
def _database(directory: Path, plan: LoadPlan) -> Any:
    """A fresh migrated database: a SQLite file, or a PostgreSQL database dropped after."""
    from web.ops.migrate import upgrade

    if plan.processes == 1 and not plan.postgres:
        url = f"sqlite:///{directory / 'load.sqlite3'}"
        upgrade(url)
        yield url
        return
    import psycopg
    from sqlalchemy import make_url

    name = f"chromino_load_{secrets.token_hex(4)}"
    with psycopg.connect(POSTGRES_ADMIN_URL, autocommit=True) as admin:
        admin.execute(f'CREATE DATABASE "{name}"')
    url = make_url(POSTGRES_ADMIN_URL).set(database=name).render_as_string(hide_password=False)
    try:
        upgrade(url)
        yield url
    finally:
        with psycopg.connect(POSTGRES_ADMIN_URL, autocommit=True) as admin:
            admin.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')


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
        LiveGame(game_id, seats, [Viewer(seat, _cookie(p)) for seat, p in enumerate(seats)], index)
        for index, (game_id, seats) in enumerate(made)
    ]
    began = time.perf_counter()
    limit = asyncio.Semaphore(100)

    async def open_one(game: LiveGame, viewer: Viewer) -> None:
        async with limit:
            await load.open(game, viewer)

    await asyncio.gather(*(open_one(game, viewer) for game in live for viewer in game.viewers))
    result = LoadResult(
        games=plan.games,
        setup_seconds=setup_seconds,
        connect_seconds=time.perf_counter() - began,
        cores=os.cpu_count() or 1,
    )
    if plan.idle_games:
        result.idle = await _open_idle(people, load, servers[0], plan.idle_games, open_one)
    # The load generator must not stall on its own garbage collection: what it
    # holds is frozen, and collection is off while it plays (reference counting
    # frees the messages; they make no cycles).
    gc.collect()
    gc.freeze()
    gc.disable()
    try:
        await _play(load, people, live, servers, plan=plan, result=result)
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


@dataclass
class IdleFigures:
    """What the idle games' sockets cost the server."""

    games: int
    sockets: int
    setup_seconds: float
    rss_before: int
    """The server's resident memory (bytes) with only the active games' sockets open."""
    rss_after: int
    """… and with the idle ones open too (their games loaded)."""
    rss_end: int = 0
    """… at the end of the measured window."""

    @property
    def per_socket(self) -> float:
        """Memory per idle socket, its share of its game's room included."""
        return (self.rss_after - self.rss_before) / self.sockets


async def _open_idle(
    people: People, load: Load, server: Server, games: int, open_one: Any
) -> IdleFigures:
    """``games`` more tables of the same four guests, dealt, every seat connected."""
    began = time.perf_counter()
    seats = list(await asyncio.gather(*(people.guest() for _ in range(SEATS))))
    ids = await asyncio.gather(*(people.table_of(seats) for _ in range(games)))
    idle = [
        LiveGame(game_id, seats, [Viewer(seat, _cookie(p)) for seat, p in enumerate(seats)], -1)
        for game_id in ids
    ]
    setup = time.perf_counter() - began
    await asyncio.sleep(1)  # the active games' rooms settled
    before = server.rss()
    await asyncio.gather(*(open_one(game, viewer) for game in idle for viewer in game.viewers))
    await asyncio.sleep(1)
    load.idle_games = idle
    return IdleFigures(games, games * SEATS, setup, before, server.rss())


async def _play(
    load: Load,
    people: People,
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
        *(load.play(game, people, moves=load.rng.randrange(PRELUDE_MOVES)) for game in live)
    )
    result.prelude_seconds = time.perf_counter() - began
    lag_task = asyncio.create_task(load.watch_lag())
    until = asyncio.get_running_loop().time() + plan.warmup + plan.seconds
    players = [
        asyncio.create_task(
            load.play(game, people, until=until, offset=load.rng.uniform(0, plan.interval))
        )
        for game in live
    ]
    await asyncio.sleep(plan.warmup)
    load.measuring = True
    server_before = sum(server.cpu_seconds() for server in servers)
    client_before = time.process_time()
    machine_before = _machine_busy_seconds()
    started = time.perf_counter()
    await asyncio.sleep(plan.seconds)
    load.measuring = False
    result.seconds = time.perf_counter() - started
    server_after = sum(server.cpu_seconds() for server in servers)
    result.server_cpu = (server_after - server_before) / result.seconds
    result.client_cpu = (time.process_time() - client_before) / result.seconds
    machine = (_machine_busy_seconds() - machine_before) / result.seconds
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


def _line(label: str, value: str, target: str, ok: bool, ratio: float) -> None:
    """One figure, in the format of the engine benchmarks."""
    verdict = "ok" if ok else "MISSED"
    print(f"{label:58} {value:>14}   target {target:>10}   ratio {ratio:6.2f}  {verdict}")


def _info(label: str, value: str) -> None:
    print(f"{label:58} {value:>14}")


def report(result: LoadResult, interval: float = 1.0, p99_target: float = 0.1) -> None:
    """Print the figures, one per line, like the engine benchmarks."""
    p50 = result.percentile(result.latencies, 0.50)
    p99 = result.percentile(result.latencies, 0.99)
    own50 = result.percentile(result.own_latencies, 0.50)
    own99 = result.percentile(result.own_latencies, 0.99)
    lag99 = result.percentile(result.client_lag, 0.99)
    active = result.games * SEATS
    sockets = active + (result.idle.sockets if result.idle else 0)
    print(
        f"Load (one uvicorn process on a SQLite file; clients on one asyncio loop; loopback; "
        f"{result.games} four-player games, a move per game every ~{interval:g} s, "
        f"{result.seconds:.0f} s measured)"
    )
    print(
        f"  set-up: {active} guests and {result.games} tables over HTTP in "
        f"{result.setup_seconds:.1f} s, {active} sockets opened in "
        f"{result.connect_seconds:.1f} s; games played forward 0-{PRELUDE_MOVES - 1} moves "
        f"each in {result.prelude_seconds:.1f} s so they end at different times; "
        f"{result.rematches} finished games replaced by their rematch"
    )
    print(
        f"  CPU: server {result.server_cpu:.0%} of a core, clients {result.client_cpu:.0%}, "
        f"everything else on the machine {result.others_cpu:.0%} ({result.cores} cores); "
        f"client loop lag p99 {lag99 * 1e3:.1f} ms"
    )
    _line(
        f"websocket connections open at once (fewest: {result.min_connections})",
        f"{result.max_connections}",
        f">= {sockets}",
        result.max_connections >= sockets,
        result.max_connections / sockets,
    )
    rate_target = 0.9 * result.games / interval
    _line(
        "moves applied and delivered to all 4 viewers",
        f"{result.moves_per_second:.0f}/s",
        f">= {rate_target:.0f}/s",
        result.moves_per_second >= rate_target,
        result.moves_per_second / rate_target,
    )
    _info("move latency p50: send -> last of the game's 4 viewers has it", f"{p50 * 1e3:.1f} ms")
    _line(
        "move latency p99: send -> last of the game's 4 viewers has it",
        f"{p99 * 1e3:.1f} ms",
        f"<= {p99_target * 1e3:.0f} ms",
        p99 <= p99_target,
        p99_target / p99 if p99 else float("inf"),
    )
    _info("sender's own event, p50 / p99", f"{own50 * 1e3:.1f}/{own99 * 1e3:.1f} ms")
    cpu = result.cpu_per_move
    _line(
        "server CPU per move (delivered to 4 viewers)",
        f"{cpu * 1e3:.2f} ms",
        "<= 0.6 ms",
        cpu <= 0.0006,
        0.0006 / cpu if cpu else float("inf"),
    )
    size = statistics.median(result.event_bytes) if result.event_bytes else float("nan")
    _line(
        "bytes per move per viewer, median (event JSON, uncompressed)",
        f"{size:.0f} B",
        "<= 300 B",
        size <= 300,
        300 / size if size else float("inf"),
    )
    early, late = (
        statistics.median(result.bytes_at[v]) if result.bytes_at.get(v) else float("nan")
        for v in (2, 40)
    )
    _line(
        "the 40th move's event against the 2nd's (medians over viewers)",
        f"{late:.0f} / {early:.0f} B",
        "+ <= 64 B",
        late <= early + 64,
        (early + 64) / late if late else float("inf"),
    )
    _line(
        "errors (refused commands, lost events, dropped sockets)",
        f"{len(result.errors)}",
        "0",
        not result.errors,
        1.0 if not result.errors else 0.0,
    )
    for error in result.errors[:5]:
        print(f"    {error}")
    if result.idle is not None:
        _report_idle(result.idle)


def _report_idle(idle: IdleFigures) -> None:
    print(
        f"  idle: {idle.games} more four-player tables of the same four guests in "
        f"{idle.setup_seconds:.1f} s, their {idle.sockets} sockets open all along; server "
        f"RSS {idle.rss_before / 2**20:.0f} MiB before them, {idle.rss_after / 2**20:.0f} MiB "
        f"with them"
    )
    gib = idle.rss_end / 2**30
    _line("server RSS at the end of the run", f"{gib:.2f} GiB", "< 1.5 GB", gib < 1.5, 1.5 / gib)
    kib = idle.per_socket / 1024
    _line(
        "memory per idle socket (its share of its game's room included)",
        f"{kib:.1f} KiB",
        "<= 20 KB",
        kib <= 20,
        20 / kib if kib else float("inf"),
    )


def compare_processes(games: int = 100, seconds: float = 20) -> list[tuple[str, LoadResult]]:
    """The same client load — ``games`` four-player games, each moving as fast as its
    moves are delivered — against one process and two on PostgreSQL + Redis."""
    runs = [
        ("1 process (PostgreSQL + Redis)", {"processes": 1, "postgres": True}),
        ("2 processes, each game's players split across both", {"processes": 2}),
        ("2 processes, each game on one (proxy affinity)", {"processes": 2, "routing": "affinity"}),
    ]
    results = []
    for label, options in runs:
        result = run_load(games, seconds, warmup=3, interval=0.0, **options)  # type: ignore[arg-type]
        results.append((label, result))
    return results


def report_processes(results: list[tuple[str, LoadResult]]) -> None:
    """Throughput, CPU per move and latency of each run, against the single process."""
    base = results[0][1].moves_per_second
    games = results[0][1].games
    print(
        f"Several processes ({games} four-player games moving as fast as they are delivered; "
        f"clients on one asyncio loop; {results[0][1].cores} cores in all)"
    )
    for index, (label, result) in enumerate(results):
        rate = result.moves_per_second
        p99 = result.percentile(result.latencies, 0.99)
        ratio = rate / base if base else 0.0
        figures = (
            f"{rate:.0f} moves/s, x{ratio:.2f}, {result.cpu_per_move * 1e3:.2f} ms CPU/move, "
            f"p99 {p99 * 1e3:.0f} ms, server {result.server_cpu:.0%} "
            f"clients {result.client_cpu:.0%}, errors {len(result.errors)}"
        )
        if index == 1:
            _line(label, f"x{ratio:.2f}", ">= x1.6", ratio >= 1.6, ratio / 1.6)
        print(f"    {label}: {figures}")
        for error in result.errors[:3]:
            print(f"      {error}")


if __name__ == "__main__":
    report(run_load(int(sys.argv[1]) if len(sys.argv) > 1 else 250))
