"""What rating a game costs the server: the commit that ends a game, rated or casual,
and the rebuild's pace.

Four-seat Chromino tables (three people and a Medium bot) are dealt on a fresh
SQLite database and played in memory by the Easy bot for every seat; every move
but the last is stored. Then each game's last move is committed alone, through
the event store's own path, and its CPU time taken: for a rated game that commit
also rates it (web.ratings.record), for a casual one it does not. The difference
of the medians is what a rating adds to the end of a game; a move that ends
nothing does no rating work at all.
"""

from __future__ import annotations

import random
import statistics
import tempfile
import time
from collections.abc import Callable
from dataclasses import dataclass
from functools import partial
from pathlib import Path
from typing import Any

from pydantic import TypeAdapter

from web.app import GAME_ENDINGS
from web.db import Database, utcnow
from web.games import game_kind
from web.live.store import EventStore, StoredEvent
from web.lobby import create_table, join
from web.lobby.dealing import start
from web.lobby.schemas import TableCreate
from web.models import User
from web.ops.migrate import upgrade
from web.ratings import rebuild

TABLES = TypeAdapter(TableCreate)
PEOPLE = 12


@dataclass(frozen=True, slots=True)
class RatingCost:
    """The medians, in seconds of CPU, and the rebuild's pace."""

    rated_end: float
    casual_end: float
    games: int
    rebuild_seconds: float


def _people(database: Database) -> list[int]:
    with database.session() as session:
        people = [User(name=f"Rater {n}", name_key=f"rater-{n}") for n in range(PEOPLE)]
        session.add_all(people)
        session.flush()
        return [person.id for person in people]


def _deal(database: Database, people: list[int], number: int, rated: bool) -> tuple[str, Any]:
    rng = random.Random(number)
    seated = rng.sample(people, 3)
    seats = [{"kind": "human"}] * 3 + [{"kind": "bot", "bot": "greedy"}]
    spec = TABLES.validate_python({"game": "chromino", "seats": seats, "rated": rated})
    with database.session() as session:
        creator = session.get_one(User, seated[0])
        table = create_table(session, creator, spec)
        for person in seated[1:]:
            join(table, session.get_one(User, person))
        dealt = start(session, table, creator, now=utcnow(), deal_seed=f"bench-{number}")
        return dealt.id, dealt.setup


def _events(setup: Any, number: int) -> list[StoredEvent]:
    kind = game_kind("chromino")
    live = kind.restore(setup)
    rng = random.Random(f"bench-{number}/moves")
    events: list[StoredEvent] = []
    while not live.is_over:
        seat = live.current_seat
        applied = live.apply(seat, live.bot_action(seat, "random", rng))
        after = None if live.is_over else live.current_seat
        result = live.result()
        events.append(
            StoredEvent(len(events) + 1, seat, applied.stored, None, None, None, result, after)
        )
    return events


def _timed(work: Callable[[], object]) -> float:
    started = time.process_time()
    work()
    return time.process_time() - started


def bench_ratings(games: int = 200) -> RatingCost:
    """Deal and play ``games`` rated and as many casual games; time their ends."""
    with tempfile.TemporaryDirectory() as folder:
        url = f"sqlite:///{Path(folder) / 'bench.sqlite3'}"
        upgrade(url)
        database = Database(url)
        store = EventStore(database, endings=GAME_ENDINGS)
        people = _people(database)
        ends: dict[bool, list[tuple[str, StoredEvent]]] = {True: [], False: []}
        for number in range(2 * games):
            rated = number % 2 == 0
            game_id, setup = _deal(database, people, number, rated)
            events = _events(setup, number)
            assert store.commit_many([(game_id, event) for event in events[:-1]]) == [None] * (
                len(events) - 1
            )
            ends[rated].append((game_id, events[-1]))
        times: dict[bool, list[float]] = {True: [], False: []}
        for rated_end, casual_end in zip(ends[True], ends[False], strict=True):
            times[True].append(_timed(partial(store.commit_many, [rated_end])))
            times[False].append(_timed(partial(store.commit_many, [casual_end])))
        started = time.perf_counter()
        report = rebuild(database)
        rebuild_seconds = time.perf_counter() - started
        assert report.identical, "the rebuild should find the live ratings identical"
        store._writer.shutdown()
        store._drop_connection()
        database.dispose()
    return RatingCost(
        statistics.median(times[True]), statistics.median(times[False]), games, rebuild_seconds
    )


def report(cost: RatingCost, line: Callable[[str, str, str, bool, float], None]) -> None:
    """Print the figures with the benchmark's line format."""
    print("Ratings (medians of CPU time on this machine, SQLite, 4 seats: 3 people + Medium)")
    added = max(cost.rated_end - cost.casual_end, 1e-6)
    line(
        "the commit that ends a casual game",
        f"{cost.casual_end * 1e3:.2f} ms",
        "-",
        True,
        1.0,
    )
    line(
        "the commit that ends a rated game (rates it too)",
        f"{cost.rated_end * 1e3:.2f} ms",
        "-",
        True,
        cost.rated_end / cost.casual_end,
    )
    line(
        "what rating adds to a game's end",
        f"{added * 1e3:.2f} ms",
        "<= 5 ms",
        added <= 5e-3,
        5e-3 / added,
    )
    pace = cost.games / cost.rebuild_seconds
    line(
        f"rebuild: replay and compare {cost.games} rated games",
        f"{pace:.0f} games/s",
        ">= 500/s",
        pace >= 500,
        pace / 500,
    )
