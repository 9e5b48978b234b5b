"""Where an idle socket's memory goes: a server traced with ``tracemalloc``
(:mod:`bench.traced_server`), ``games`` four-player tables dealt, then every seat's
socket opened and left idle; what they added, per socket (their rooms' share included),
by the source file that allocated it and by the type of object that holds it.

Tracing slows the server and adds its own bookkeeping to its resident memory, so the
figure to hold against a target is the load run's (measured untraced, from the
process's RSS); this one says where the bytes are.
"""

from __future__ import annotations

import asyncio
import json
import os
import random
import signal
import sysconfig
import tempfile
import tracemalloc
from dataclasses import dataclass
from pathlib import Path

from .load_clients import Load, idle_games
from .load_people import People
from .load_plan import SEATS, LoadPlan
from .load_report import info
from .load_servers import ROOT, Server, fresh_database
from .traced_server import TRACE_DIR

SHOWN = 10
"""Files and types printed, the largest first."""


@dataclass
class SocketMemory:
    sockets: int
    traced_per_socket: float
    by_file: list[tuple[str, float]]
    """(file, bytes per socket), largest first."""
    by_type: list[tuple[str, float]]
    """(type, shallow bytes per socket), largest first."""


def measure(games: int) -> SocketMemory:
    return asyncio.run(_measure(games))


async def _measure(games: int) -> SocketMemory:
    with tempfile.TemporaryDirectory(prefix="chromino-memory-") as directory:
        folder = Path(directory)
        with fresh_database(folder, LoadPlan(games=games)) as url:
            env = {TRACE_DIR: str(folder)}
            server = Server(folder, env, url, module="bench.traced_server")
            try:
                await server.wait_healthy(60)
                return await _open_and_weigh(server, folder, games)
            finally:
                server.kill()


async def _open_and_weigh(server: Server, folder: Path, games: int) -> SocketMemory:
    people = People(server.url)
    idle = await idle_games(people, games)
    load = Load([server.url], 1.0, random.Random(1))
    await asyncio.sleep(1)  # every dealt game's room loaded (the lobby asks for it)
    await _snapshot(server, folder, 0)
    await load.open_every(idle)
    await asyncio.sleep(1)  # every welcome sent, every room settled
    await _snapshot(server, folder, 1)
    load.stopping = True
    await asyncio.gather(*(load.close_all(game) for game in idle))
    await people.close()
    return _weigh(folder, games * SEATS)


async def _snapshot(server: Server, folder: Path, number: int) -> None:
    os.kill(server.process.pid, signal.SIGUSR1)
    while not (folder / f"done-{number}").exists():
        await asyncio.sleep(0.05)


def _weigh(folder: Path, sockets: int) -> SocketMemory:
    before = tracemalloc.Snapshot.load(str(folder / "snapshot-0.bin"))
    after = tracemalloc.Snapshot.load(str(folder / "snapshot-1.bin"))
    files = after.compare_to(before, "filename")
    by_file = [(_short(stat.traceback[0].filename), stat.size_diff / sockets) for stat in files]
    types = [json.loads((folder / f"types-{n}.json").read_text())["size"] for n in (0, 1)]
    grown = {name: size - types[0].get(name, 0) for name, size in types[1].items()}
    by_type = sorted(((name, size / sockets) for name, size in grown.items()), key=_largest)
    return SocketMemory(
        sockets,
        sum(stat.size_diff for stat in files) / sockets,
        sorted(by_file, key=_largest)[:SHOWN],
        by_type[:SHOWN],
    )


def _largest(entry: tuple[str, float]) -> float:
    return -entry[1]


def _short(path: str) -> str:
    """A source file's name from where it is installed: the project's or a library's."""
    paths = sysconfig.get_paths()
    for base in (paths["purelib"], paths["stdlib"], str(ROOT)):  # the project's last: the
        if path.startswith(base + "/"):  # virtualenv may be inside it
            return path[len(base) + 1 :]
    return path


def report(games: int) -> None:
    memory = measure(games)
    print(
        f"Where an idle socket's memory goes ({memory.sockets} idle sockets of {games} "
        f"four-player games, their rooms' share included; tracemalloc in the server)"
    )
    info("traced allocations per idle socket", f"{memory.traced_per_socket / 1024:.2f} KiB")
    for name, size in memory.by_file:
        info(f"  by file: {_fitted(name)}", f"{size:.0f} B")
    for name, size in memory.by_type:
        info(f"  by type: {_fitted(name)}", f"{size:.0f} B")


def _fitted(name: str, width: int = 47) -> str:
    """A long name's end, which says the most (its file or class)."""
    return name if len(name) <= width else "…" + name[-(width - 1) :]
