"""Servers in subprocesses, and a game client that checks every message across restarts.

:class:`ServerProcess` runs ``chromino serve`` (or bare ``uvicorn``) on a free port.

Unlike :class:`support.LiveServer` (a thread of the test process), a subprocess
can be killed with SIGKILL at any moment, exactly as an operating system or an
out-of-memory killer would, and restarted on the same database.
"""

from __future__ import annotations

import contextlib
import hashlib
import os
import random
import signal
import subprocess
import sys
import threading
import time
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import IO, Any, Literal

import httpx
from sqlalchemy import select
from websockets.exceptions import ConnectionClosed
from websockets.sync.client import connect

from support.live import DEAL_SEED, TEST_SECRET, GameSocket, Player, free_port, game_socket_url
from web.db import Database
from web.models import GameEvent

ROOT = Path(__file__).resolve().parents[2]


def server_env(database_url: str, **settings: object) -> dict[str, str]:
    """The environment of a server process: ``CHROMINO_*`` from keyword arguments."""
    env = {k: v for k, v in os.environ.items() if not k.startswith("CHROMINO_")}
    env.update(
        CHROMINO_ENVIRONMENT="test",
        CHROMINO_DATABASE_URL=database_url,
        CHROMINO_SECRET_KEY=TEST_SECRET,
        CHROMINO_BOT_DELAY_SECONDS="0",
        # Scripted clients answer at once; keep the flood limits out of their way.
        CHROMINO_MESSAGES_PER_SECOND="1000",
        CHROMINO_MESSAGE_BURST="1000",
        CHROMINO_DEAL_SEED=DEAL_SEED,
        PYTHONUNBUFFERED="1",
    )
    if "redis_url" in settings:
        settings.setdefault("redis_channel", channel_of(database_url))
    for name, value in settings.items():
        env[f"CHROMINO_{name.upper()}"] = str(value)
    return env


def channel_of(database_url: str) -> str:
    """The Redis channel of the processes serving one test database: tests running at
    the same time (parallel workers) share the Redis server, never a channel."""
    return "chromino:test:" + hashlib.sha256(database_url.encode()).hexdigest()[:16]


class ServerProcess:
    """One server subprocess; :meth:`start` again after :meth:`kill` restarts it on the
    same port and database."""

    def __init__(
        self,
        env: dict[str, str],
        log_path: Path,
        *,
        runner: Literal["serve", "uvicorn"] = "serve",
        port: int | None = None,
    ) -> None:
        self.env = env
        self.log_path = log_path
        self.runner = runner
        self.port = port or free_port()
        self.cwd = ROOT
        """Where the process runs (an installed server is started from elsewhere)."""
        self.process: subprocess.Popen[bytes] | None = None
        self._log: IO[bytes] | None = None
        self.starts = 0

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    def _command(self) -> list[str]:
        if self.runner == "serve":
            # Migrates the database, then runs uvicorn with the app factory.
            return [sys.executable, "-m", "web", "serve", "--host", "127.0.0.1",
                    "--port", str(self.port)]  # fmt: skip
        return [sys.executable, "-m", "uvicorn", "--factory", "web.app:create_app",
                "--host", "127.0.0.1", "--port", str(self.port), "--log-level", "warning",
                "--no-access-log", "--ws-max-size", "16384"]  # fmt: skip

    def start(self, timeout: float = 30) -> ServerProcess:
        """Start the process and wait until ``/healthz`` answers ``ok``."""
        self.launch()
        return self.wait_healthy(timeout)

    def launch(self) -> ServerProcess:
        """Start the process without waiting (start several, then wait for each)."""
        assert self.process is None or self.process.poll() is not None, "already running"
        self._log = self.log_path.open("ab")
        self._log.write(f"--- start {self.starts + 1}: {' '.join(self._command())}\n".encode())
        self._log.flush()
        self.process = subprocess.Popen(
            self._command(),
            env=self.env,
            cwd=self.cwd,
            stdin=subprocess.DEVNULL,
            stdout=self._log,
            stderr=subprocess.STDOUT,
            start_new_session=True,
        )
        self.starts += 1
        return self

    def wait_healthy(self, timeout: float = 30) -> ServerProcess:
        """Wait until ``/healthz`` answers ``ok``; a process that died fails at once."""
        assert self.process is not None, "not launched"
        deadline = time.monotonic() + timeout
        while True:
            if self.process.poll() is not None:
                raise RuntimeError(
                    f"the server exited with {self.process.returncode}:\n{self.log()}"
                )
            try:
                response = httpx.get(f"{self.url}/healthz", timeout=1)
                if response.status_code == 200 and response.json() == {"status": "ok"}:
                    return self
            except httpx.HTTPError:
                pass
            if time.monotonic() > deadline:
                self.kill()
                raise RuntimeError(f"the server did not become healthy:\n{self.log()}")
            time.sleep(0.05)

    @property
    def running(self) -> bool:
        return self.process is not None and self.process.poll() is None

    def kill(self) -> None:
        """SIGKILL: no shutdown hook runs, nothing is flushed."""
        if self.process is not None and self.process.poll() is None:
            self.process.send_signal(signal.SIGKILL)
            self.process.wait(timeout=10)
        self._close_log()

    def stop(self, timeout: float = 10) -> None:
        """A graceful stop (SIGTERM), and SIGKILL if it takes too long."""
        if self.process is not None and self.process.poll() is None:
            self.process.send_signal(signal.SIGTERM)
            try:
                self.process.wait(timeout=timeout)
            except subprocess.TimeoutExpired:
                self.kill()
        self._close_log()

    def _close_log(self) -> None:
        if self._log is not None:
            self._log.close()
            self._log = None

    def log(self) -> str:
        """Everything the process printed (for failure messages)."""
        try:
            return self.log_path.read_text(errors="replace")[-6000:]
        except OSError:
            return ""

    def __enter__(self) -> ServerProcess:
        return self

    def __exit__(self, *_: object) -> None:
        self.kill()


class GameClient:
    """One person's view of one game, across connections and server restarts.

    Every message is checked as it arrives: events come in version order with no
    gap and no repeat (also across a reconnect with ``?since=``), a snapshot
    never goes back in time, and an ``ack`` never changes its version.
    """

    def __init__(self, player: Player, game_id: str, *, name: str = "") -> None:
        self.player = player
        self.game_id = game_id
        self.name = name or str(player.me["id"])
        self.socket: GameSocket | None = None
        self.version = -1
        """The last version seen (an event or a snapshot); -1 before the first."""
        self.snapshot: dict[str, Any] | None = None
        """The last message that carried ``state`` (welcome, state or a live event)."""
        self.events: dict[int, dict[str, Any]] = {}
        self.acks: dict[str, int] = {}
        self.errors: list[dict[str, Any]] = []
        self.pongs: list[int] = []
        self.presence: dict[str, Any] | None = None
        """Who is here, as last told (a snapshot's or a presence message)."""
        self.close_code: int | None = None
        """The code of the server's last close frame (1012: it is restarting)."""

    # --- connections ----------------------------------------------------------

    def connect(self, base_url: str | None = None, *, resume: bool = True) -> dict[str, Any]:
        """Open a socket (to ``base_url`` if given); with ``resume``, ask for what was
        missed since the last version seen. Returns the first snapshot."""
        base_url = base_url or self.player.base_url
        since = self.version if resume and self.version >= 0 else None
        ws_url = game_socket_url(base_url, self.game_id, since)
        headers = {"Cookie": self.player.cookie_header(), "Origin": base_url}
        self.socket = GameSocket(
            connect(ws_url, additional_headers=headers, open_timeout=10, legacy=True)
        )
        while True:
            message = self.recv()
            if message["type"] in ("welcome", "state"):
                return message

    def join_rematch(self, timeout: float = 10, *, ask: bool = False) -> dict[str, Any]:
        """Move this socket on to the game's rematch (``ask``: asking for it on the socket,
        which deals it first): what arrives before ``moved`` is checked as the old
        game's, what follows as the rematch's. Returns its welcome."""
        assert self.socket is not None, "not connected"
        self.socket.send({"type": "rematch" if ask else "join_rematch"})
        deadline = time.monotonic() + timeout
        while (message := self.socket.recv(timeout=deadline - time.monotonic()))["type"] != "moved":
            self._check(message)
        self.game_id = message["game_id"]
        self.version, self.snapshot, self.presence = -1, None, None
        self.events, self.acks, self.errors = {}, {}, []
        welcome = self.recv(timeout=max(0.01, deadline - time.monotonic()))
        assert welcome["type"] == "welcome", f"{self.name}: {welcome} after moving on"
        return welcome

    def drain(self, timeout: float = 2) -> None:
        """After the server died: take in everything it had sent, then forget the socket
        (``close_code`` says how the server closed it, if it did)."""
        if self.socket is None:
            return
        deadline = time.monotonic() + timeout
        try:
            while time.monotonic() < deadline:
                self.recv(timeout=max(0.01, deadline - time.monotonic()))
        except ConnectionClosed as closed:
            self.close_code = closed.rcvd.code if closed.rcvd is not None else None
        except (TimeoutError, OSError):
            pass
        with contextlib.suppress(Exception):
            self.socket.close()
        self.socket = None

    def close(self) -> None:
        if self.socket is not None:
            with contextlib.suppress(Exception):
                self.socket.close()
            self.socket = None

    # --- receiving --------------------------------------------------------------

    def recv(self, timeout: float = 10) -> dict[str, Any]:
        assert self.socket is not None, "not connected"
        message = self.socket.recv(timeout=timeout)
        self._check(message)
        return message

    def _check(self, message: dict[str, Any]) -> None:
        kind = message["type"]
        if kind in ("welcome", "state"):
            assert message["version"] >= self.version, (
                f"{self.name}: the server went back from version {self.version} "
                f"to {message['version']}: {message}"
            )
            self.version = message["version"]
            self.snapshot = message
            self.presence = message["presence"]
        elif kind == "presence":
            self.presence = {key: message[key] for key in ("connected", "spectators")}
        elif kind == "event":
            assert message["version"] == self.version + 1, (
                f"{self.name}: event {message['version']} after version {self.version}"
            )
            self.version = message["version"]
            self.events[self.version] = message["event"]
            if "state" in message:
                self.snapshot = message
        elif kind == "ack":
            previous = self.acks.setdefault(message["id"], message["version"])
            assert previous == message["version"], f"{self.name}: ack changed: {message}"
        elif kind == "error":
            self.errors.append(message)
        elif kind == "pong":
            self.pongs.append(message["version"])

    def wait_version(self, version: int, timeout: float = 10) -> dict[str, Any]:
        """Read until a snapshot at ``version`` or later has arrived."""
        deadline = time.monotonic() + timeout
        while self.snapshot is None or self.snapshot["version"] < version:
            self.recv(timeout=max(0.01, deadline - time.monotonic()))
        return self.snapshot

    def wait_presence(
        self, connected: list[bool], spectators: int, timeout: float = 10
    ) -> dict[str, Any]:
        """Read until the presence told is this one."""
        wanted = {"connected": connected, "spectators": spectators}
        deadline = time.monotonic() + timeout
        while self.presence != wanted:
            remaining = deadline - time.monotonic()
            assert remaining > 0, f"{self.name}: presence {self.presence}, not {wanted}"
            with contextlib.suppress(TimeoutError):
                self.recv(timeout=min(remaining, 0.5))
        return wanted

    def wait_ack(self, command_id: str, timeout: float = 10) -> int:
        """The version a command produced; an ``error`` for it fails the test."""
        deadline = time.monotonic() + timeout
        while command_id not in self.acks:
            message = self.recv(timeout=max(0.01, deadline - time.monotonic()))
            if message["type"] == "error" and message.get("id") == command_id:
                raise AssertionError(f"{self.name}: command {command_id} refused: {message}")
        return self.acks[command_id]

    def wait_reply(self, command_id: str, timeout: float = 10) -> dict[str, Any]:
        """The ``ack`` or ``error`` answering a command."""
        deadline = time.monotonic() + timeout
        while True:
            message = self.recv(timeout=max(0.01, deadline - time.monotonic()))
            if message["type"] in ("ack", "error") and message.get("id") == command_id:
                return message

    def ping(self, timeout: float = 10) -> int:
        """The server's version for this game, after everything sent before."""
        assert self.socket is not None
        count = len(self.pongs)
        self.socket.send({"type": "ping"})
        deadline = time.monotonic() + timeout
        while len(self.pongs) == count:
            self.recv(timeout=max(0.01, deadline - time.monotonic()))
        return self.pongs[-1]

    # --- acting -----------------------------------------------------------------

    @property
    def state(self) -> dict[str, Any]:
        assert self.snapshot is not None
        state: dict[str, Any] = self.snapshot["state"]
        return state

    def decide(self, rng: random.Random) -> dict[str, Any]:
        """A command for the current position: a legal tile, else a draw, else a pass."""
        assert self.snapshot is not None
        legal = self.snapshot["legal"]
        if legal:
            move = rng.choice(legal)
            return {"type": "play", **{key: move[key] for key in ("tile", "x", "y", "dir")}}
        return {"type": "draw" if self.state["can_draw"] else "pass"}

    def send(self, command: dict[str, Any], command_id: str, version: int) -> None:
        assert self.socket is not None
        self.socket.send({**command, "id": command_id, "version": version})


def all_at_once(actions: Sequence[Callable[[threading.Barrier], None]]) -> None:
    """Run each action on its own thread, each handed one barrier to wait on before it
    acts (so they act at the same moment); return when every thread is done. An action
    keeps its own failure for the test to report: a thread's exception is lost."""
    barrier = threading.Barrier(len(actions))
    threads = [threading.Thread(target=action, args=(barrier,)) for action in actions]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=60)


def stored_events(database_url: str, game_id: str) -> list[GameEvent]:
    """Every stored event of a game, in order, read straight from the database."""
    database = Database(database_url)
    try:
        with database.session() as session:
            rows = list(
                session.scalars(
                    select(GameEvent).where(GameEvent.game_id == game_id).order_by(GameEvent.seq)
                )
            )
            session.expunge_all()
            return rows
    finally:
        database.dispose()
