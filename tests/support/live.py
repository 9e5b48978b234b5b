"""Helpers for server tests: settings, a real server in a thread, players with sockets."""

from __future__ import annotations

import asyncio
import atexit
import functools
import json
import os
import shutil
import socket
import tempfile
import threading
import time
from collections.abc import Coroutine
from concurrent.futures import ThreadPoolExecutor
from datetime import UTC, datetime
from pathlib import Path
from typing import Any, TypeVar

import httpx
import uvicorn
from websockets.sync.client import ClientConnection, connect

from web.app import create_app
from web.clock import FakeClock
from web.ops.migrate import upgrade
from web.settings import Settings
from web.site.serving import server_config

SPARE_CYCLES_SECONDS = 600.0
"""How long a test waits for what the server computes on spare cycles alone (the coach's
notes, the daily deal's Hard reference): their workers run in the idle class, and a
machine busy with the rest of the suite leaves them little. A wait for a condition, so
it costs nothing when they are quick."""

T = TypeVar("T")
TEST_SECRET = "test-secret-" + "x" * 40
DEAL_SEED = os.environ.get("CHROMINO_TEST_DEAL_SEED", "tests")
"""Every deal of a test server comes from this, the table and its game count, so a rerun
deals the same tiles; set CHROMINO_TEST_DEAL_SEED to try the suite on other deals."""


_WALL_AT_IMPORT = time.time()
_MONOTONIC_AT_IMPORT = time.monotonic()


def wall_now() -> float:
    """Wall-clock seconds (the unit of the server's turn deadlines), advanced by the
    monotonic clock: a clock step during a test cannot move it."""
    return _WALL_AT_IMPORT + (time.monotonic() - _MONOTONIC_AT_IMPORT)


def clock_time(clock: FakeClock) -> float:
    """A fake clock's time in epoch seconds, the unit of the deadlines sent."""
    return clock.now().timestamp()


def run_out(clock: FakeClock, deadline: float) -> None:
    """Move a fake clock to a turn's deadline (epoch seconds, as sent): its timer fires."""
    clock.set(datetime.fromtimestamp(deadline, UTC))


def solo_best_of(game: str, game_id: str, result: dict[str, Any]) -> dict[str, Any]:
    """The solo best the server should report when this finished solo game (its summary's
    ``result``) is the best: the one seat's turns, draws and score, whichever game."""
    return {
        "game": game,
        "game_id": game_id,
        "turns": result["turns"][0],
        "draws": result["draws"][0],
        "score": result["scores"][0],
    }


def run_apart(coroutine: Coroutine[Any, Any, T]) -> T:
    """Run a coroutine on an event loop of its own thread: a browser test run earlier in
    this process may leave a loop running on the main thread (Playwright's sync API),
    where ``asyncio.run`` refuses to start another."""
    with ThreadPoolExecutor(max_workers=1) as pool:
        return pool.submit(asyncio.run, coroutine).result()


def migrated_sqlite(path: Path) -> str:
    """A SQLite database file brought to the latest migration. A new file is a copy of
    one migrated once in this process: running every migration takes seconds, and the
    suite makes a fresh database for most of its modules. An existing file is migrated."""
    url = f"sqlite:///{path}"
    if path.exists():
        upgrade(url)
    else:
        shutil.copyfile(_migrated_template(), path)
    return url


@functools.cache
def _migrated_template() -> Path:
    """An empty database at the latest migration, kept until the process ends."""
    folder = Path(tempfile.mkdtemp(prefix="chromino-template-"))
    atexit.register(shutil.rmtree, folder, ignore_errors=True)
    path = folder / "chromino.sqlite3"
    upgrade(f"sqlite:///{path}")
    return path


def make_settings(database_url: str, **overrides: Any) -> Settings:
    """Settings for tests: no bot pause unless asked, a fixed secret."""
    values: dict[str, Any] = {
        "environment": "test",
        "database_url": database_url,
        "secret_key": TEST_SECRET,
        "bot_delay_seconds": 0.0,
        # Scripted clients play far faster than people; flood tests set their own limits.
        "messages_per_second": 500.0,
        "message_burst": 1000,
        "tune_gc": False,  # the server runs inside the test process
        "deal_seed": DEAL_SEED,
    }
    values.update(overrides)
    return Settings(**values)


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


class LiveServer:
    """A real uvicorn server on a free loopback port, in a thread of this process."""

    def __init__(self, settings: Settings, **uvicorn_options: Any) -> None:
        """``uvicorn_options`` override the served configuration (``ws="websockets-sansio"``:
        uvicorn's own websockets, which offer no take-over, as another server's)."""
        self.settings = settings
        self.port = free_port()
        self.app = create_app(settings)
        config = server_config(
            self.app,
            settings,
            host="127.0.0.1",
            port=self.port,
            log_level="warning",
            # A client that reuses a connection just as the server closes it for being
            # idle gets a reset; browsers retry then, a test's request client does not.
            # Idle gaps in tests stay far below this.
            timeout_keep_alive=300,
            **uvicorn_options,
        )
        self.server = uvicorn.Server(config)
        self.thread = threading.Thread(target=lambda: asyncio.run(self.server.serve()), daemon=True)

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    @property
    def clock(self) -> FakeClock:
        """The server's fake clock (settings ``fake_clock=True``), which the test moves on."""
        clock = self.app.state.clock
        assert isinstance(clock, FakeClock), "this server keeps real time (fake_clock=False)"
        return clock

    def app_state(self) -> Any:
        """The running app's state (its hub, its settings), for tests that look inside."""
        return self.app.state

    def start(self) -> LiveServer:
        self.thread.start()
        deadline = time.monotonic() + 15
        while not self.server.started:
            if time.monotonic() > deadline or not self.thread.is_alive():
                raise RuntimeError("the test server did not start")
            time.sleep(0.02)
        return self

    def stop(self) -> None:
        self.server.should_exit = True
        self.thread.join(timeout=15)


class Player:
    """One person with their own cookies: HTTP calls and game sockets."""

    def __init__(self, base_url: str) -> None:
        self.base_url = base_url
        self.http = httpx.Client(base_url=base_url, timeout=10)
        # Looking makes no account: asking for one does (a guest, on an open server).
        self.me = self.http.post("/api/me", headers={"Origin": base_url}).json()

    def cookie_header(self) -> str:
        return "; ".join(f"{name}={value}" for name, value in self.http.cookies.items())

    def connect(
        self, game_id: str, *, since: int | None = None, origin: str | None = None
    ) -> GameSocket:
        ws_url = game_socket_url(self.base_url, game_id, since)
        headers = {"Cookie": self.cookie_header(), "Origin": origin or self.base_url}
        return GameSocket(connect(ws_url, additional_headers=headers, open_timeout=10, legacy=True))

    def close(self) -> None:
        self.http.close()


PROTOCOL = 2
"""The protocol version these clients speak (``?protocol=``; web.protocol.PROTOCOL)."""


def game_socket_url(base_url: str, game_id: str, since: int | None = None) -> str:
    """The websocket address of a game, as a page of this protocol opens it (``game_id``
    may bring a query of its own: a test's odd ``since``)."""
    joiner = "&" if "?" in game_id else "?"
    url = base_url.replace("http", "ws", 1) + f"/ws/games/{game_id}{joiner}protocol={PROTOCOL}"
    return url if since is None else f"{url}&since={since}"


class GameSocket:
    """A websocket with JSON helpers and a record of every frame received.

    It holds the game as a client does (docs/protocol.md): the state of the last
    snapshot, brought forward by each live event's delta. A live event is handed to
    the test with the ``state`` so rebuilt, ``legal`` null where it was left out
    and the ``deadline`` last sent where it did not change (as the page reads
    them); ``texts`` keeps each frame as it came, for what the
    wire itself carries."""

    def __init__(self, connection: ClientConnection) -> None:
        self.connection = connection
        self.received: list[dict[str, Any]] = []
        self.texts: list[str] = []
        self.state: dict[str, Any] | None = None
        self.version: int | None = None
        self.deadline: float | None = None

    def send(self, message: dict[str, Any]) -> None:
        self.connection.send(json.dumps(message))

    def recv(self, timeout: float = 10) -> dict[str, Any]:
        text = self.connection.recv(timeout=timeout)
        assert isinstance(text, str), "the server sends text frames"
        message: dict[str, Any] = json.loads(text)
        self._follow(message)
        self.texts.append(text)
        self.received.append(message)
        return message

    def _follow(self, message: dict[str, Any]) -> None:
        """Keep the game as a client would: snapshots replace it, deltas move it on."""
        kind = message["type"]
        if kind in ("welcome", "state"):
            self.state, self.version = message["state"], message["version"]
            self.deadline = message["deadline"]
            return
        if kind != "event" or ("changes" not in message and "state" not in message):
            return  # not about the game, or an event replayed before a snapshot
        if "changes" in message:
            if self.state is None or message["version"] != (self.version or 0) + 1:
                return  # a gap: a client asks for a resync; the test sees no state
            state = {**self.state, **message["changes"]}
            for key, items in message.get("added", {}).items():
                state[key] = [*self.state[key], *items]
            message["state"] = state
            message.setdefault("deadline", self.deadline)  # sent when it changed
        message.setdefault("legal", None)
        message.setdefault("draw_held", False)
        self.state, self.version = message["state"], message["version"]
        self.deadline = message["deadline"]

    def recv_until(self, wanted: str, timeout: float = 10) -> dict[str, Any]:
        """Read until a message of type ``wanted`` (others are kept in ``received``)."""
        deadline = time.monotonic() + timeout
        while True:
            message = self.recv(timeout=max(0.01, deadline - time.monotonic()))
            if message["type"] == wanted:
                return message

    def close(self) -> None:
        self.connection.close()

    def __enter__(self) -> GameSocket:
        return self

    def __exit__(self, *_: object) -> None:
        self.close()
