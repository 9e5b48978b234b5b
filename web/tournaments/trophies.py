"""A person's trophies, for their profile: the finished public tournaments they placed
first, second or third in, and the seasons they played to the end (their division,
place and move).

Places come from the standings worked out again from the stored results (nothing
about a place is stored), so a trophy always agrees with the tournament's page. A
disqualified entrant wins nothing; one who withdrew keeps a place earned before. Only
public tournaments count: a profile is seen by anyone, and a tournament by link or for
a club's members is not theirs to see."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime

from sqlalchemy import func, select
from sqlalchemy.orm import Session

from ..db import as_utc
from ..models import Season, SeasonMember, Tournament, TournamentEntry
from .divisions import OUT, STAY
from .played import played_of, standings_from

PODIUM = 3
"""The places that earn a trophy."""
MOST_TROPHIES = 20
"""The most recent ones a profile shows."""


@dataclass(frozen=True, slots=True)
class Podium:
    """One trophy: where the person finished in which tournament."""

    tournament_id: str
    name: str
    kind: str
    format: str
    place: int
    entrants: int
    finished_at: datetime


def podiums_of(session: Session, user_id: int) -> list[Podium]:
    """The person's podiums in finished public tournaments, the latest first."""
    entered = session.execute(
        select(Tournament, TournamentEntry.number)
        .join(TournamentEntry, TournamentEntry.tournament_id == Tournament.id)
        .where(
            TournamentEntry.user_id == user_id,
            TournamentEntry.disqualified_at.is_(None),
            Tournament.status == "finished",
            Tournament.visibility == "public",
        )
        .order_by(Tournament.finished_at.desc(), Tournament.id.desc())
    )
    podiums = []
    for tournament, entry in entered.all():
        rows = standings_from(tournament, played_of(session, tournament))
        mine = next((row for row in rows if row.entrant == entry), None)
        if mine is None or mine.place > PODIUM or mine.games == 0:
            continue
        finished = tournament.finished_at or tournament.created_at
        podiums.append(
            Podium(
                tournament_id=tournament.public_id,
                name=tournament.name,
                kind=tournament.kind,
                format=tournament.format,
                place=mine.place,
                entrants=len(rows),
                finished_at=as_utc(finished),
            )
        )
        if len(podiums) == MOST_TROPHIES:
            break
    return podiums


@dataclass(frozen=True, slots=True)
class SeasonResult:
    """Where the person finished one season: their division, place in it, and move."""

    season_id: str
    name: str
    number: int
    kind: str
    division: int
    place: int
    members: int
    move: str
    finished_at: datetime


def season_results_of(session: Session, user_id: int) -> list[SeasonResult]:
    """The person's finished seasons in which they played, the latest first (a season
    is open to anyone to join, so a profile may show it)."""
    rows = session.execute(
        select(Season, SeasonMember)
        .join(SeasonMember, SeasonMember.season_id == Season.id)
        .where(
            SeasonMember.user_id == user_id,
            Season.status == "finished",
            SeasonMember.place.is_not(None),
            SeasonMember.move != OUT,
        )
        .order_by(Season.finished_at.desc(), Season.id.desc())
        .limit(MOST_TROPHIES)
    ).all()
    sizes = _division_sizes(session, [season.id for season, _ in rows])
    return [
        SeasonResult(
            season_id=season.public_id,
            name=season.name,
            number=season.number,
            kind=season.kind,
            division=member.division,
            place=member.place or 0,
            members=sizes.get((season.id, member.division), 0),
            move=member.move or STAY,
            finished_at=as_utc(season.finished_at or season.created_at),
        )
        for season, member in rows
    ]


def _division_sizes(session: Session, season_ids: list[int]) -> dict[tuple[int, int], int]:
    rows = session.execute(
        select(SeasonMember.season_id, SeasonMember.division, func.count())
        .where(SeasonMember.season_id.in_(season_ids))
        .group_by(SeasonMember.season_id, SeasonMember.division)
    ).all()
    return {(season_id, division): count for season_id, division, count in rows}
