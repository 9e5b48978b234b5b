"""Seasons as stored: creating one, joining and leaving, and each division's standings
read back from its arenas (docs/tournaments.md, "Seasons").

A season is a recurring arena: every ``every_days`` days from its start, each of its
divisions gets an arena of its own, which only that division's members may enter. A
member's season is the sum of their points in those arenas (``divisions.ranked`` says
the order and its tie-breaks). What makes the arenas and ends the season runs by itself
(``season_runs``)."""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Mapping
from dataclasses import dataclass, field
from datetime import datetime, timedelta
from typing import Any

from sqlalchemy import func, select
from sqlalchemy.orm import Session

from ..db import as_utc
from ..i18n import N_, Words
from ..models import Season, SeasonMember, Tournament, TournamentEntry, User
from ..people import audit
from .arena_runs import DEFAULT_WINDOW_MINUTES
from .divisions import SeasonScore, division_for_newcomer, ranked
from .errors import TournamentError
from .played import played_of, standings_from
from .setup import TournamentSpec, checked, new_public_id

MOST_LEGS = 52
LONGEST_GAP_DAYS = 28
SMALLEST_DIVISION = 4
LARGEST_DIVISION = 1000


@dataclass(frozen=True, slots=True)
class SeasonSpec:
    """What an organiser chooses: the game and each arena's table sizes, window and
    clock (as for an arena of its own), how many arenas and how far apart, how many
    members a division holds and how many go up and down at the end, and whether the
    next season follows by itself (``repeat``)."""

    name: str
    kind: str
    starts_at: datetime
    legs: int = 4
    every_days: int = 7
    division_size: int = 20
    movers: int = 3
    smallest: int = 2
    largest: int = 4
    window_minutes: int = DEFAULT_WINDOW_MINUTES
    rated: bool = False
    options: Mapping[str, Any] = field(default_factory=dict)
    move_seconds: int | None = None
    missed_deadline: str = "bot"
    repeat: bool = True


def _bounded(name: str, value: int, least: int, most: int) -> int:
    if not least <= value <= most:
        words = Words(
            N_("{value} is not between {least} and {most}"), value=value, least=least, most=most
        )
        raise TournamentError(name, words)
    return value


def arena_spec(season: Season, starts_at: datetime) -> TournamentSpec:
    """One of the season's arenas, as an organiser would have asked for it."""
    settings = season.settings
    return TournamentSpec(
        name=season.name,
        kind=season.kind,
        format="arena",
        smallest=settings["smallest"],
        largest=settings["largest"],
        rated=settings["rated"],
        starts_at=starts_at,
        options=season.options,
        missed_deadline=settings["missed_deadline"],
        move_seconds=settings.get("move_seconds"),
        window_minutes=settings["window_minutes"],
    )


def _checked_settings(spec: SeasonSpec) -> tuple[str, dict[str, Any], dict[str, Any]]:
    """The game's name, its options and the season's settings, or the refusal naming
    the first choice at fault (checked as an arena of its own would be)."""
    arena = TournamentSpec(
        name=spec.name,
        kind=spec.kind,
        format="arena",
        smallest=spec.smallest,
        largest=spec.largest,
        rated=spec.rated,
        options=spec.options,
        missed_deadline=spec.missed_deadline,
        move_seconds=spec.move_seconds,
        window_minutes=spec.window_minutes,
    )
    kind, options, arena_settings = checked(arena)
    _bounded("legs", spec.legs, 1, MOST_LEGS)
    _bounded("every_days", spec.every_days, 1, LONGEST_GAP_DAYS)
    if spec.window_minutes > spec.every_days * 24 * 60:
        words = Words(N_("an arena's window must end before the next arena starts"))
        raise TournamentError("window_minutes", words)
    _bounded("division_size", spec.division_size, max(SMALLEST_DIVISION, spec.largest), 1000)
    _bounded("movers", spec.movers, 0, spec.division_size // 2)
    settings = {
        **arena_settings,
        "smallest": spec.smallest,
        "largest": spec.largest,
        "rated": spec.rated,
        "window_minutes": spec.window_minutes,
        "repeat": spec.repeat,
    }
    return kind.name, options, settings


def create_season(session: Session, organiser: User, spec: SeasonSpec, now: datetime) -> Season:
    """Store a new season, open to members, and audit it; TournamentError (before
    anything is written) names a choice at fault."""
    kind, options, settings = _checked_settings(spec)
    if spec.starts_at < now:
        raise TournamentError("starts_at", Words(N_("the first arena cannot start in the past")))
    season = Season(
        public_id=new_public_id(),
        name=spec.name.strip(),
        kind=kind,
        options=options,
        organiser_id=organiser.id,
        starts_at=spec.starts_at,
        legs=spec.legs,
        every_days=spec.every_days,
        division_size=spec.division_size,
        movers=spec.movers,
        status="open",
        settings=settings,
        created_at=now,
    )
    session.add(season)
    session.flush()
    audit.record(session, organiser, "season_create", None, season=season.public_id)
    return season


def leg_starts(season: Season, leg: int) -> datetime:
    """When the season's arena number ``leg`` (1, 2, ...) starts."""
    return as_utc(season.starts_at) + timedelta(days=season.every_days * (leg - 1))


def season_named(session: Session, public_id: str, *, lock: bool = False) -> Season:
    """The season of this public id (locked with ``lock``), or the refusal naming it."""
    query = select(Season).where(Season.public_id == public_id)
    if lock:
        query = query.with_for_update()
    season = session.scalars(query).one_or_none()
    if season is None:
        words = Words(N_("no season has the id {id}"), id=public_id)
        raise TournamentError("season", words)
    return season


def member_of(session: Session, season: Season, user_id: int) -> SeasonMember | None:
    return session.get(SeasonMember, (season.id, user_id))


def division_of(session: Session, public_id: str, user_id: int) -> int | None:
    """The person's division in the season of this id (None: not a member)."""
    return session.scalar(
        select(SeasonMember.division)
        .join(Season, Season.id == SeasonMember.season_id)
        .where(Season.public_id == public_id, SeasonMember.user_id == user_id)
    )


def division_sizes(session: Session, season: Season) -> dict[int, int]:
    rows = session.execute(
        select(SeasonMember.division, func.count())
        .where(SeasonMember.season_id == season.id)
        .group_by(SeasonMember.division)
    )
    return dict(rows.all())


def join_season(session: Session, public_id: str, user: User, now: datetime) -> SeasonMember:
    """Make ``user`` a member, in the lowest division with room (a new one below when
    all are full); the refusal when the season is over or they are in it already."""
    season = season_named(session, public_id, lock=True)
    if season.status == "finished":
        raise TournamentError("season", Words(N_("the season is over")))
    if member_of(session, season, user.id) is not None:
        raise TournamentError(
            "member", Words(N_("{name} is in this season already"), name=user.name)
        )
    division = division_for_newcomer(division_sizes(session, season), season.division_size)
    member = SeasonMember(season_id=season.id, user_id=user.id, division=division, joined_at=now)
    session.add(member)
    session.flush()
    return member


def leave_season(session: Session, public_id: str, user: User) -> None:
    """Take ``user`` out of a season not yet over; the arenas they played keep their
    games, and the season counts them no more."""
    season = season_named(session, public_id, lock=True)
    if season.status == "finished":
        raise TournamentError("season", Words(N_("the season is over")))
    member = member_of(session, season, user.id)
    if member is None:
        raise TournamentError("member", Words(N_("{name} is not in this season"), name=user.name))
    session.delete(member)
    session.flush()


def season_arenas(session: Session, season: Season) -> list[Tournament]:
    """The season's arenas, by leg then division."""
    query = (
        select(Tournament)
        .where(Tournament.season_id == season.id)
        .order_by(Tournament.leg, Tournament.division)
    )
    return list(session.scalars(query))


def _points_by_member(session: Session, season: Season) -> dict[int, list[float]]:
    """Each member's points in every arena of the season they played a game in."""
    legs: dict[int, list[float]] = defaultdict(list)
    for arena in season_arenas(session, season):
        accounts = dict(
            session.execute(
                select(TournamentEntry.number, TournamentEntry.user_id).where(
                    TournamentEntry.tournament_id == arena.id,
                    TournamentEntry.user_id.is_not(None),
                    TournamentEntry.disqualified_at.is_(None),
                )
            ).all()
        )
        for row in standings_from(arena, played_of(session, arena)):
            user = accounts.get(row.entrant)
            if user is not None and row.games > 0:
                legs[user].append(row.points)
    return legs


def members_of(session: Session, season: Season) -> list[SeasonMember]:
    query = (
        select(SeasonMember)
        .where(SeasonMember.season_id == season.id)
        .order_by(SeasonMember.division, SeasonMember.joined_at, SeasonMember.user_id)
    )
    return list(session.scalars(query))


def division_standings(session: Session, season: Season) -> dict[int, list[SeasonScore]]:
    """Each division's members in their season order, with each arena's points."""
    members = members_of(session, season)
    joined = {member.user_id: order for order, member in enumerate(members)}
    points = _points_by_member(session, season)
    by_division: dict[int, list[SeasonScore]] = defaultdict(list)
    for member in members:
        legs = tuple(points.get(member.user_id, ()))
        by_division[member.division].append(SeasonScore(member.user_id, legs))
    return {division: ranked(scores, joined) for division, scores in sorted(by_division.items())}
