"""A season as its page and API show it: each division's standings (with what the end
would do to each member were it now), and its arenas by leg."""

from __future__ import annotations

from collections import defaultdict

from sqlalchemy import func, select
from sqlalchemy.orm import Session

from ..models import Season, SeasonMember, Tournament, TournamentEntry
from .divisions import SeasonScore, moves
from .season_schemas import (
    ArenaOut,
    DivisionOut,
    LegOut,
    MemberRow,
    SeasonDetail,
    SeasonSummary,
)
from .seasons import division_standings, leg_starts, member_of, members_of, season_arenas
from .views import names_of, person


def _entrants(session: Session, arenas: list[Tournament]) -> dict[int, int]:
    rows = session.execute(
        select(TournamentEntry.tournament_id, func.count())
        .where(
            TournamentEntry.tournament_id.in_([arena.id for arena in arenas]),
            TournamentEntry.withdrawn_at.is_(None),
            TournamentEntry.disqualified_at.is_(None),
        )
        .group_by(TournamentEntry.tournament_id)
    )
    return dict(rows.all())


def schedule_of(session: Session, season: Season) -> list[LegOut]:
    """Every leg, with the arenas made for it so far."""
    arenas = season_arenas(session, season)
    counts = _entrants(session, arenas)
    by_leg: dict[int, list[ArenaOut]] = defaultdict(list)
    for arena in arenas:
        assert arena.leg is not None and arena.division is not None
        by_leg[arena.leg].append(
            ArenaOut(
                id=arena.public_id,
                division=arena.division,
                status=arena.status,
                entrants=counts.get(arena.id, 0),
            )
        )
    return [
        LegOut(leg=leg, starts_at=leg_starts(season, leg), arenas=by_leg.get(leg, []))
        for leg in range(1, season.legs + 1)
    ]


def _rows(
    season: Season,
    scores: list[SeasonScore],
    kept: dict[int, SeasonMember],
    decided: dict[int, str],
    names: dict[int, str],
) -> list[MemberRow]:
    rows = []
    for place, score in enumerate(scores, start=1):
        member = kept[score.member]
        finished = season.status == "finished" and member.move is not None
        rows.append(
            MemberRow(
                place=member.place if finished and member.place else place,
                person=person(score.member, names),
                points=score.points,
                legs=list(score.legs),
                move=member.move if finished else decided.get(score.member),  # type: ignore[arg-type]
            )
        )
    return rows


def divisions_of(session: Session, season: Season) -> list[DivisionOut]:
    """Each division's members in order; a finished season's kept places and moves."""
    standings = division_standings(session, season)
    decided = moves(standings, season.movers)
    kept = {member.user_id: member for member in members_of(session, season)}
    names = names_of(session, kept)
    return [
        DivisionOut(division=division, members=_rows(season, scores, kept, decided, names))
        for division, scores in standings.items()
    ]


def _follower(session: Session, season: Season) -> str | None:
    return session.scalar(select(Season.public_id).where(Season.follows_id == season.id))


def season_detail(session: Session, season: Season, user_id: int | None) -> SeasonDetail:
    previous = session.get(Season, season.follows_id) if season.follows_id else None
    member = member_of(session, season, user_id) if user_id is not None else None
    names = names_of(session, [season.organiser_id])
    settings = season.settings
    return SeasonDetail(
        id=season.public_id,
        name=season.name,
        number=season.number,
        kind=season.kind,
        options=season.options,
        status=season.status,
        organiser=person(season.organiser_id, names) if season.organiser_id else None,
        starts_at=season.starts_at,
        legs=season.legs,
        every_days=season.every_days,
        division_size=season.division_size,
        movers=season.movers,
        smallest=settings["smallest"],
        largest=settings["largest"],
        window_minutes=settings["window_minutes"],
        rated=settings["rated"],
        repeat=settings.get("repeat", True),
        finished_at=season.finished_at,
        previous=previous.public_id if previous is not None else None,
        next=_follower(session, season),
        divisions=divisions_of(session, season),
        schedule=schedule_of(session, season),
        my_division=member.division if member is not None else None,
    )


def season_summaries(session: Session, seasons: list[Season]) -> list[SeasonSummary]:
    counts = dict(
        session.execute(
            select(SeasonMember.season_id, func.count())
            .where(SeasonMember.season_id.in_([season.id for season in seasons]))
            .group_by(SeasonMember.season_id)
        ).all()
    )
    tops = dict(
        session.execute(
            select(SeasonMember.season_id, func.max(SeasonMember.division))
            .where(SeasonMember.season_id.in_([season.id for season in seasons]))
            .group_by(SeasonMember.season_id)
        ).all()
    )
    return [
        SeasonSummary(
            id=season.public_id,
            name=season.name,
            number=season.number,
            kind=season.kind,
            status=season.status,
            starts_at=season.starts_at,
            legs=season.legs,
            every_days=season.every_days,
            members=counts.get(season.id, 0),
            divisions=tops.get(season.id) or 0,
        )
        for season in seasons
    ]
