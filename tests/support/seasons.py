"""Stored seasons for tests: a season with members, its arenas by (leg, division),
entering one, and playing one out on the fake clock (web.tournaments.seasons)."""

from __future__ import annotations

from datetime import timedelta
from typing import Any

from sqlalchemy import select

from web.clock import FakeClock
from web.db import Database
from web.games import DEFAULT_GAME
from web.models import Season, Tournament, TournamentRound, TournamentTable, User
from web.tournaments import record_result, register, run_due
from web.tournaments.seasons import SeasonSpec, create_season, join_season

from .tournaments import NOW, person

START = NOW + timedelta(hours=1)


def season_of(db: Database, members: int, **choices: Any) -> tuple[str, list[int]]:
    given: dict[str, Any] = {
        "name": "Winter league",
        "kind": DEFAULT_GAME,
        "starts_at": START,
        "legs": 2,
        "every_days": 7,
        "division_size": 4,
        "movers": 1,
        "smallest": 2,
        "largest": 2,
        "window_minutes": 60,
        **choices,
    }
    with db.session() as session:
        organiser = person(session, "organiser")
        season = create_season(session, organiser, SeasonSpec(**given), NOW)
        users = [person(session) for _ in range(members)]
        for user in users:
            join_season(session, season.public_id, user, NOW)
        session.commit()
        return season.public_id, [user.id for user in users]


def arenas(db: Database, public_id: str) -> dict[tuple[int, int], str]:
    """The season's arenas by (leg, division)."""
    with db.session() as session:
        rows = session.execute(
            select(Tournament.leg, Tournament.division, Tournament.public_id)
            .join(Season, Season.id == Tournament.season_id)
            .where(Season.public_id == public_id)
        ).all()
    found: dict[tuple[int, int], str] = {}
    for leg, division, arena in rows:
        assert leg is not None and division is not None  # a season's arena has both
        found[leg, division] = arena
    return found


def enter(db: Database, arena: str, users: list[int]) -> dict[int, int]:
    """Each of ``users`` enters the arena: their entry numbers, by user id."""
    with db.session() as session:
        entries = {
            user_id: register(session, arena, session.get_one(User, user_id), NOW).number
            for user_id in users
        }
        session.commit()
    return entries


def open_tables(db: Database, arena: str) -> list[tuple[int, int, list[int]]]:
    """The arena's tables without a result: seating number, table number, entries."""
    with db.session() as session:
        rows = session.execute(
            select(TournamentRound.number, TournamentTable.number, TournamentTable.seats)
            .join(TournamentTable, TournamentTable.round_id == TournamentRound.id)
            .join(Tournament, Tournament.id == TournamentRound.tournament_id)
            .where(Tournament.public_id == arena, TournamentTable.result.is_(None))
        ).all()
    return [(number, table, list(seats)) for number, table, seats in rows]


def due(db: Database, clock: FakeClock) -> None:
    with db.session() as session:
        run_due(session, clock)


def play_out(db: Database, arena: str, clock: FakeClock, order: list[int]) -> None:
    """Seat the arena's entrants at its start, then, once its window has closed, end
    each table with the entry earliest in ``order`` first."""
    due(db, clock)
    clock.advance(61 * 60)
    for number, table, seats in open_tables(db, arena):
        ranks = [order.index(entry) for entry in seats]
        ranks = [sorted(ranks).index(rank) for rank in ranks]
        with db.session() as session:
            record_result(
                session, arena, number, table, ranks=ranks, scores=[0] * len(seats), now=clock.now()
            )


def status(db: Database, public_id: str) -> str:
    with db.session() as session:
        return session.scalars(select(Season.status).where(Season.public_id == public_id)).one()
