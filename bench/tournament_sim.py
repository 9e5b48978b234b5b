"""A Swiss tournament over days played to its end on a fake clock, by the server's own
parts: the hub's rooms, the sweep and the tournaments' timing (``run_tournaments``, as
the app's sweep runs it).

Some entrants play every move they are asked for (through the room, as a socket's
command would: the Medium bot's choice submitted in their name); some never move, so
their tables are carried only by the round's deadline and the tournament's
missed-deadline rule (the rooms hand their seats to the Hard bot, or forfeit them);
some entrants' accounts are deleted before the start, so the Hard bot holds their seat
from the deal. When nobody can move, the clock jumps to the round's deadline.

``play`` returns what it took: the test suite runs it small (16 entrants, 3 rounds,
hands of 3 tiles), the bench at 256 entrants over 7 rounds. A tournament that stops
moving raises ``Stalled`` instead of running on."""

from __future__ import annotations

import asyncio
import random
import time
from concurrent.futures import Executor, ThreadPoolExecutor
from dataclasses import dataclass
from datetime import UTC, datetime
from typing import Any

from sqlalchemy import func, select, update

from web.app import GAME_ENDINGS
from web.clock import FakeClock
from web.days import Sweep
from web.db import Database
from web.live.core import Submission
from web.live.fanout import LocalFanout
from web.live.hub import Hub
from web.live.thinkers import Workers
from web.models import (
    Game,
    SeatSubstitute,
    Tournament,
    TournamentEntry,
    TournamentRound,
    TournamentTable,
    User,
)
from web.settings import Settings
from web.tournaments import TournamentSpec, create_tournament, register, run_tournaments

START = datetime(2026, 12, 7, 9, 0, tzinfo=UTC)
DAY = 86_400
QUIET_ROUNDS = 50
"""How many clock jumps in a row may pass with no move before the run counts as stalled."""


class Stalled(RuntimeError):
    """The tournament stopped moving: nothing moved through many deadlines."""


@dataclass(frozen=True, slots=True)
class Field:
    """Who plays: ``players`` entrants in a Swiss of ``rounds`` rounds at tables of
    ``table`` seats. Every ``idle_every``-th entrant never moves, every
    ``bot_every``-th (of the others) has deleted their account (0: none)."""

    players: int = 16
    rounds: int = 3
    table: int = 4
    hand_size: int = 3
    idle_every: int = 4
    bot_every: int = 0
    missed_deadline: str = "bot"
    seed: int = 1


@dataclass(frozen=True, slots=True)
class Outcome:
    """What the run took and left: the tournament, its games (every one finished),
    the moves people made, the seats a round's deadline handed on, real seconds,
    and days on the fake clock."""

    public_id: str
    status: str
    rounds: int
    games: int
    unfinished: int
    people_moves: int
    deadline_seats: int
    seconds: float
    clock_days: float


def _settings(url: str) -> Settings:
    return Settings(
        environment="test",
        database_url=url,
        secret_key="a simulated tournament, played to its end",
        bot_delay_seconds=0.0,
        bot_seconds=0.01,
        bot_workers=1,
        coach=False,
        tune_gc=False,
        daily_ahead=False,
    )


def enter_field(db: Database, field: Field) -> tuple[str, set[int]]:
    """The tournament with its entrants: its id, and the idle entrants' accounts."""
    with db.session() as session:
        users = [User(name=f"Sim{i}", name_key=f"sim{i}") for i in range(field.players + 1)]
        session.add_all(users)
        session.flush()
        spec = TournamentSpec(
            name="Simulated Swiss",
            kind="chromino",
            pace="days",
            smallest=field.table,
            largest=field.table,
            rounds=field.rounds,
            options={"hand_size": field.hand_size},
            missed_deadline=field.missed_deadline,
            round_deadline=DAY,
        )
        made = create_tournament(session, users[0], spec, START)
        idle = set()
        for index, user in enumerate(users[1:], start=1):
            register(session, made.public_id, user, START)
            if field.idle_every and index % field.idle_every == 0:
                idle.add(user.id)
            elif field.bot_every and index % field.bot_every == 0:
                session.execute(
                    update(TournamentEntry)
                    .where(TournamentEntry.user_id == user.id)
                    .values(user_id=None)
                )
        return made.public_id, idle


def _playing(db: Database, public_id: str) -> list[Game]:
    """The tournament's games still being played."""
    with db.session() as session:
        games = list(
            session.scalars(
                select(Game)
                .join(TournamentTable, TournamentTable.game_id == Game.id)
                .join(TournamentRound)
                .join(Tournament)
                .where(Tournament.public_id == public_id, Game.status == "playing")
            )
        )
        session.expunge_all()
        return games


def _substituted(db: Database, game_ids: list[str]) -> set[tuple[str, int]]:
    with db.session() as session:
        query = select(SeatSubstitute.game_id, SeatSubstitute.seat).where(
            SeatSubstitute.game_id.in_(game_ids)
        )
        return {(game_id, seat) for game_id, seat in session.execute(query)}


class ThreadWorkers(Workers):
    """The Hard bot thinking in a thread of this process. The server's bots think in
    worker processes of the idle scheduling class, which on a busy machine wait for
    idle time: this run measures the tournament's flow, not the bot."""

    def __init__(self) -> None:
        super().__init__(1, "bots")
        self._threads = ThreadPoolExecutor(1, thread_name_prefix="sim-bot")

    def pool(self) -> Executor:
        return self._threads

    def close(self) -> None:
        self._threads.shutdown(wait=False, cancel_futures=True)


class Simulation:
    """One run: the hub and sweep of one server process on a fake clock."""

    def __init__(self, url: str, field: Field) -> None:
        self.db = Database(url)
        self.field = field
        self.clock = FakeClock(START)
        self.hub = Hub(self.db, _settings(url), LocalFanout(), self.clock, endings=GAME_ENDINGS)
        self.hub.thinkers.bots = ThreadWorkers()
        self.sweep = Sweep(self.db, self.clock, self.hub, every=3600)
        self.rng = random.Random(field.seed)
        self.people_moves = 0
        self.deadline_seats = 0

    async def _people_move(self, public_id: str, idle: set[int]) -> int:
        """Each game whose mover is a person who plays makes that person's move, all
        at once as people far apart would; how many moved."""
        games = await asyncio.to_thread(_playing, self.db, public_id)
        away = await asyncio.to_thread(_substituted, self.db, [g.id for g in games])
        moves = []
        for game in games:
            seat = game.current_seat
            person = None if seat is None else game.seats[seat].get("user_id")
            if isinstance(person, int) and person not in idle and (game.id, seat) not in away:
                moves.append(self._move(game.id, idle))
        return sum(await asyncio.gather(*moves))

    async def _move(self, game_id: str, idle: set[int]) -> int:
        """The move of the person to move, decided and submitted under the room's
        lock (a bot of the room may have moved since the database was read)."""
        room = await self.hub.room(game_id)
        if room is None:
            return 0
        async with room.lock:
            seat, version = room.live.current_seat, room.version
            person = room.seats[seat].get("user_id")
            if room.live.is_over or room.bots.plays(seat) or person in idle:
                return 0
            action = room.live.bot_action(seat, "greedy", self.rng)
            command = f"sim-{game_id}-{version}"
            request = Submission(seat, action, version, user_id=person, command_id=command)
            await room.submit_locked(request)
        if room.resting():
            self.hub.evict(room)
        self.people_moves += 1
        return 1

    def _bot_thinking(self) -> bool:
        """Whether a loaded room waits on its bot (a game's room is loaded while a
        bot is to move in it; the sweep wakes any other)."""
        return any(
            not room.live.is_over and room.bots.plays(room.live.current_seat)
            for room in self.hub.rooms.values()
        )

    async def _bots_settle(self) -> None:
        """Wait until no room waits on its bot (they think in their own processes), for
        a minute at most: a bot that never moves shows as a stall."""
        for _ in range(6000):
            if not self._bot_thinking():
                return
            await asyncio.sleep(0.01)

    async def run(self) -> Outcome:
        began = time.perf_counter()
        await self.hub.start()
        try:
            public_id, idle = await asyncio.to_thread(enter_field, self.db, self.field)
            await self._until_finished(public_id, idle)
            return await asyncio.to_thread(self._outcome, public_id, began)
        finally:
            await self.hub.stop()
            self.db.dispose()

    async def _until_finished(self, public_id: str, idle: set[int]) -> None:
        """Run the server's chores and the people's moves until the tournament ends;
        the clock jumps a day whenever nothing else can happen."""
        quiet = 0
        while True:
            due = await run_tournaments(self.db, self.clock, self.hub)
            self.deadline_seats += len(due.overdue)
            await self.sweep.once()
            if await asyncio.to_thread(_status, self.db, public_id) == "finished":
                return
            moved = await self._people_move(public_id, idle)
            await self._bots_settle()
            if moved or due.started or due.overdue:
                quiet = 0
                continue
            quiet += 1
            if quiet > QUIET_ROUNDS:
                raise Stalled(f"tournament {public_id} stopped moving at {self.clock.now()}")
            self.clock.advance(DAY // 4)

    def _outcome(self, public_id: str, began: float) -> Outcome:
        with self.db.session() as session:
            tournament = session.scalars(
                select(Tournament).where(Tournament.public_id == public_id)
            ).one()
            rounds = select(TournamentRound.id).where(
                TournamentRound.tournament_id == tournament.id
            )
            games = (
                select(Game.status, func.count())
                .join(TournamentTable, TournamentTable.game_id == Game.id)
                .where(TournamentTable.round_id.in_(rounds))
                .group_by(Game.status)
            )
            by_status: dict[str, int] = {row[0]: row[1] for row in session.execute(games)}
            started = session.scalar(select(func.count()).where(TournamentRound.id.in_(rounds)))
            return Outcome(
                public_id=public_id,
                status=tournament.status,
                rounds=started or 0,
                games=sum(by_status.values()),
                unfinished=sum(n for status, n in by_status.items() if status != "finished"),
                people_moves=self.people_moves,
                deadline_seats=self.deadline_seats,
                seconds=time.perf_counter() - began,
                clock_days=(self.clock.now() - START).total_seconds() / DAY,
            )


def _status(db: Database, public_id: str) -> str:
    with db.session() as session:
        return session.scalars(
            select(Tournament.status).where(Tournament.public_id == public_id)
        ).one()


def play(url: str, field: Field) -> Outcome:
    """Play the tournament on the (migrated, empty) database at ``url`` to its end."""
    return asyncio.run(Simulation(url, field).run())


def report(players: int, rounds: int, line: Any) -> None:
    """The bench's stage: a Swiss of ``players`` over ``rounds`` days-paced rounds on
    a fresh SQLite database, timed."""
    import tempfile
    from pathlib import Path

    from web.ops.migrate import upgrade

    with tempfile.TemporaryDirectory(prefix="chromino-swiss-") as workdir:
        url = f"sqlite:///{Path(workdir) / 'swiss.sqlite3'}"
        upgrade(url)
        field = Field(players=players, rounds=rounds, bot_every=5)
        outcome = play(url, field)
    print(f"Tournament over days ({players} entrants, {rounds} rounds, tables of 4, fake clock)")
    print(
        f"  {outcome.games} games, {outcome.unfinished} unfinished, {outcome.people_moves}"
        f" people's moves, {outcome.deadline_seats} seats handed on at a round's deadline,"
        f" {outcome.clock_days:.1f} days on the clock"
    )
    finished = outcome.status == "finished" and outcome.unfinished == 0
    line(
        f"play {players} entrants through {rounds} rounds to the end",
        f"{outcome.seconds:.1f} s",
        "finished",
        finished,
        1.0 if finished else 0.0,
    )
