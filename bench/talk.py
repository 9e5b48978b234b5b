"""Table talk: what a chat line costs the server, next to a move (the load benchmark's).

A real ``chromino serve`` process on a SQLite file; ``games`` four-player tables of
guests, every seat's socket open; each game's players take turns saying a preset
about once per ``interval`` seconds (starts spread over the first interval). Measured
over the window: the server's CPU per line delivered to the game's four viewers, the
bytes of a line as each viewer receives it, and the time from sending a line to the
last of the four viewers having it.
"""

from __future__ import annotations

import asyncio
import json
import random
import statistics
import tempfile
import time
from dataclasses import dataclass, field
from pathlib import Path

from websockets.asyncio.client import ClientConnection, connect

from .load_clients import PROTOCOL
from .load_people import People, cookie
from .load_plan import SEATS
from .load_report import line
from .load_servers import Server

PRESETS = ("hello", "good_luck", "thinking", "nice_move", "oops", "well_played")


@dataclass
class TalkFigures:
    lines: int = 0
    seconds: float = 0.0
    server_cpu: float = 0.0
    latencies: list[float] = field(default_factory=list)
    sizes: list[int] = field(default_factory=list)
    errors: list[str] = field(default_factory=list)

    @property
    def cpu_per_line(self) -> float:
        return self.server_cpu / self.lines if self.lines else float("nan")


class Table:
    """One game's four sockets, and when each line reached the last of them."""

    def __init__(self, sockets: list[ClientConnection]) -> None:
        self.sockets = sockets
        self.copies: dict[int, int] = {}
        """A line's number → how many of the four have it."""
        self.complete: dict[int, float] = {}
        """A line's number → when the fourth viewer had it."""
        self.sent: dict[str, float] = {}
        """A command's id → when it left."""
        self.numbered: dict[str, int] = {}
        """A command's id → its line's number (from the ack)."""

    async def listen(
        self, sock: ClientConnection, figures: TalkFigures, measuring: list[bool]
    ) -> None:
        async for text in sock:
            message = json.loads(text)
            kind = message["type"]
            if kind == "error":
                figures.errors.append(str(message.get("code")))
            elif kind == "ack" and "seq" in message:
                self.numbered[message["id"]] = message["seq"]
            elif kind == "chat":
                if measuring[0]:
                    figures.sizes.append(len(text))
                seq = message["seq"]
                self.copies[seq] = self.copies.get(seq, 0) + 1
                if self.copies[seq] == SEATS:
                    self.complete[seq] = time.perf_counter()

    def latencies(self, since: float, until: float) -> list[float]:
        """Send → the last viewer has it, for the lines sent in the window."""
        found = []
        for command_id, at in self.sent.items():
            seq = self.numbered.get(command_id)
            done = None if seq is None else self.complete.get(seq)
            if since <= at < until and done is not None:
                found.append(done - at)
        return found


async def _open(server: Server, people: People, games: int) -> list[Table]:
    tables = []
    for _ in range(games):
        game_id, seats = await people.game()
        sockets = []
        for person in seats:
            url = f"ws{server.url[4:]}/ws/games/{game_id}?protocol={PROTOCOL}"
            headers = {"Cookie": cookie(person), "Origin": server.url}
            sock = await connect(url, additional_headers=headers, compression=None)
            await sock.recv()  # the welcome
            sockets.append(sock)
        tables.append(Table(sockets))
    return tables


async def _talk(
    table: Table, rng: random.Random, interval: float, stop: float, ids: list[int]
) -> None:
    await asyncio.sleep(rng.uniform(0, interval))
    turn = 0
    while time.perf_counter() < stop:
        sock = table.sockets[turn % SEATS]
        ids[0] += 1
        command_id = f"b{ids[0]}"
        table.sent[command_id] = time.perf_counter()
        await sock.send(
            json.dumps({"type": "chat", "id": command_id, "preset": rng.choice(PRESETS)})
        )
        turn += 1
        await asyncio.sleep(interval)


async def _run(games: int, seconds: float, interval: float) -> TalkFigures:
    figures = TalkFigures()
    with tempfile.TemporaryDirectory(prefix="chromino-talk-") as directory:
        url = f"sqlite:///{Path(directory) / 'talk.sqlite3'}"
        env = {"CHROMINO_CHAT_BURST": "100", "CHROMINO_CHAT_PER_MINUTE": "600"}
        server = Server(Path(directory), env, url)
        try:
            await server.wait_healthy()
            people = People(server.url)
            tables = await _open(server, people, games)
            measuring = [False]
            listeners = [
                asyncio.create_task(table.listen(sock, figures, measuring))
                for table in tables
                for sock in table.sockets
            ]
            rng = random.Random(7)
            warmup = 3.0
            start = time.perf_counter()
            stop = start + warmup + seconds
            ids = [0]
            talkers = [asyncio.create_task(_talk(t, rng, interval, stop, ids)) for t in tables]
            await asyncio.sleep(warmup)
            measuring[0] = True
            cpu_before, began = server.cpu_seconds(), time.perf_counter()
            await asyncio.sleep(seconds)
            figures.server_cpu = server.cpu_seconds() - cpu_before
            ended = time.perf_counter()
            figures.seconds = ended - began
            measuring[0] = False
            await asyncio.gather(*talkers)
            await asyncio.sleep(1)  # the last lines arrive
            for table in tables:
                figures.latencies.extend(table.latencies(began, ended))
            figures.lines = int(
                sum(1 for t in tables for at in t.sent.values() if began <= at < ended)
            )
            for task in listeners:
                task.cancel()
            for table in tables:
                for sock in table.sockets:
                    await sock.close()
        finally:
            server.kill()
    return figures


def bench_talk(games: int = 100, seconds: float = 15, interval: float = 1.0) -> TalkFigures:
    return asyncio.run(_run(games, seconds, interval))


def report(figures: TalkFigures, games: int, interval: float) -> None:
    print(
        f"Table talk (one uvicorn process on a SQLite file; {games} four-player games, a "
        f"preset line per game every ~{interval:g} s, {figures.seconds:.0f} s measured)"
    )
    cpu = figures.cpu_per_line
    line(
        "server CPU per chat line (committed, delivered to 4 viewers)",
        f"{cpu * 1e3:.2f} ms",
        "<= 0.6 ms (a move's target)",
        cpu <= 0.0006,
        0.0006 / cpu if cpu else float("inf"),
    )
    size = statistics.median(figures.sizes) if figures.sizes else float("nan")
    line(
        "bytes per chat line per viewer, median (JSON, uncompressed)",
        f"{size:.0f} B",
        "<= 300 B (a move's target)",
        size <= 300,
        300 / size if size else float("inf"),
    )
    ordered = sorted(figures.latencies)
    p50 = ordered[len(ordered) // 2] if ordered else float("nan")
    p99 = ordered[min(len(ordered) - 1, int(0.99 * len(ordered)))] if ordered else float("nan")
    line(
        "chat line latency p50 / p99: send -> last of the game's 4 viewers has it",
        f"{p50 * 1e3:.1f} / {p99 * 1e3:.1f} ms",
        "p99 <= 100 ms",
        p99 <= 0.1,
        0.1 / p99 if p99 else float("inf"),
    )
    line(
        "errors (refused lines)",
        f"{len(figures.errors)}",
        "0",
        not figures.errors,
        1.0 if not figures.errors else 0.0,
    )
