"""The simulated clients of a load run: four websockets a game, each following its game
as a browser would, and whoever is to move sending a legal move. They time every move
from its sending to the last viewer's receiving it, and count what went wrong.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import random
import time
from dataclasses import dataclass, field
from typing import Any

import httpx
from websockets.asyncio.client import ClientConnection, connect
from websockets.exceptions import ConnectionClosed

from .load_people import People, cookie
from .load_plan import SEATS

PROTOCOL = 2
"""The protocol the clients speak (web.protocol.PROTOCOL; not imported, to stay a client)."""
LAG_TICK = 0.05


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

    async def open_every(self, games: list[LiveGame], at_once: int = 100) -> None:
        """Open every seat's socket of ``games``, at most ``at_once`` handshakes at a time
        (more at once only queue in the server's listen backlog)."""
        limit = asyncio.Semaphore(at_once)

        async def open_one(game: LiveGame, viewer: Viewer) -> None:
            async with limit:
                await self.open(game, viewer)

        await asyncio.gather(*(open_one(game, viewer) for game in games for viewer in game.viewers))

    async def read(self, game: LiveGame, viewer: Viewer) -> None:
        assert viewer.socket is not None
        try:
            async for raw in viewer.socket:
                now = time.perf_counter()
                message = json.loads(raw)
                self.receive(game, viewer, message, now)
                if message["type"] == "event":
                    self.count_bytes(message["version"], len(raw))
                elif message["type"] == "rematch" and viewer is not game.viewers[0]:
                    await viewer.socket.send('{"type":"join_rematch"}')  # its asker moved on
        except ConnectionClosed as closed:
            if not self.stopping:
                self.error(f"socket closed: {closed}")
        finally:
            self.open_sockets -= 1

    def receive(self, game: LiveGame, viewer: Viewer, message: dict[str, Any], now: float) -> None:
        kind = message["type"]
        if kind == "moved":  # on to the rematch: its welcome comes next
            game.game_id = message["game_id"]
            viewer.version = -1
            viewer.snapshot = None
        elif kind in ("welcome", "state"):
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
                if not await self.rematch(game):
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

    async def rematch(self, game: LiveGame) -> bool:
        """The same four again, in a new game, as the game page does it: the first asks
        for it on their socket, which moves on with it; the three others hear of it and
        move their sockets on too (:meth:`read`)."""
        game.version = 0
        game.sent_at.clear()
        game.seen_by.clear()
        for viewer in game.viewers:
            viewer.snapshot = None
        asker = game.viewers[0].socket
        assert asker is not None
        try:
            await asker.send('{"type":"rematch"}')
        except ConnectionClosed:
            self.error(f"game {game.game_id}: socket closed while asking for a rematch")
            return False
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


async def idle_games(people: People, games: int) -> list[LiveGame]:
    """``games`` tables of the same four guests, dealt: nobody moves in them (their
    sockets are opened by the caller)."""
    seats = list(await asyncio.gather(*(people.guest() for _ in range(SEATS))))
    ids = await asyncio.gather(*(people.table_of(seats) for _ in range(games)))
    return [
        LiveGame(game_id, seats, [Viewer(seat, cookie(p)) for seat, p in enumerate(seats)], -1)
        for game_id in ids
    ]


def follow(snapshot: dict[str, Any] | None, event: dict[str, Any]) -> dict[str, Any]:
    """The client's copy of the game after a live event: its delta applied to the
    state (docs/protocol.md), its ``legal`` (present for the seat to play only) taken."""
    state = dict(event["state"]) if "state" in event else dict((snapshot or {})["state"])
    state.update(event.get("changes", {}))
    for key, items in event.get("added", {}).items():
        state[key] = [*state[key], *items]
    return {"version": event["version"], "state": state, "legal": event.get("legal")}
