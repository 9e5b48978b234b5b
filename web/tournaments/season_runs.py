"""What a season does by itself, run by every process's sweep with the tournaments:
it opens each arena's entries one arena ahead, and ends the season after its last.

- **Arenas.** Arena number ``leg`` opens for entries when the one before it starts
  (the first at once), one arena per division that has members, and a division that
  gains its first members while an arena's window is still open gets its arena then.
  Each division's members hear that entries are open. The (season, leg, division) of
  an arena is unique, so however many processes sweep, each is made once.
- **The end.** Once the last arena's window has closed and every arena has ended,
  each member's place and move are kept (``divisions``), each who played hears it,
  and, unless the organiser said otherwise, the next season begins with the same
  choices, its first arena ``every_days`` after the last one (or the first such day
  still to come), and the members carried on in their new divisions. Its unique
  ``follows_id`` lets one process begin it. A season in which nobody played has no
  follower: nobody would be carried on."""

from __future__ import annotations

import logging
from datetime import datetime, timedelta

from sqlalchemy import select
from sqlalchemy.exc import IntegrityError
from sqlalchemy.orm import Session

from ..models import Season, SeasonMember, User
from . import notices
from .divisions import moves, next_divisions
from .seasons import (
    arena_spec,
    division_sizes,
    division_standings,
    leg_starts,
    members_of,
    season_arenas,
)
from .setup import new_public_id, new_tournament

log = logging.getLogger(__name__)


def _window(season: Season) -> timedelta:
    return timedelta(minutes=season.settings["window_minutes"])


def _open_legs(season: Season, now: datetime) -> list[int]:
    """The arenas taking entries now: opened (the one before has started) and with
    their window not yet closed."""
    return [
        leg
        for leg in range(1, season.legs + 1)
        if (leg == 1 or leg_starts(season, leg - 1) <= now)
        and now < leg_starts(season, leg) + _window(season)
    ]


def _make_arena(session: Session, season: Season, leg: int, division: int, now: datetime) -> bool:
    """The arena of ``leg`` for ``division``, made and announced to its members unless
    another process made it first; whether this call made it."""
    arena = new_tournament(arena_spec(season, leg_starts(season, leg)), season.organiser_id, now)
    arena.season_id, arena.leg, arena.division = season.id, leg, division
    try:
        with session.begin_nested():
            session.add(arena)
    except IntegrityError:
        return False
    members = session.scalars(
        select(SeasonMember.user_id).where(
            SeasonMember.season_id == season.id, SeasonMember.division == division
        )
    )
    organiser = session.get(User, season.organiser_id) if season.organiser_id else None
    notices.season_arena_opened(session, arena, organiser, list(members), now)
    return True


def open_arenas(session: Session, season: Season, now: datetime) -> int:
    """Make every arena now due that is missing; how many were made."""
    made = {(arena.leg, arena.division) for arena in season_arenas(session, season)}
    divisions = sorted(division_sizes(session, season))
    count = 0
    for leg in _open_legs(season, now):
        for division in divisions:
            if (leg, division) not in made and _make_arena(session, season, leg, division, now):
                count += 1
    return count


def season_over(session: Session, season: Season, now: datetime) -> bool:
    """Whether the last arena's window has closed and every arena has ended."""
    if now < leg_starts(season, season.legs) + _window(season):
        return False
    return all(arena.status == "finished" for arena in season_arenas(session, season))


def finish_season(session: Session, season: Season, now: datetime) -> Season | None:
    """Keep each member's place and move, mark the season over, and begin the next
    one (None when the organiser asked for no repeat or another process began it)."""
    standings = division_standings(session, season)
    decided = moves(standings, season.movers)
    members = {member.user_id: member for member in members_of(session, season)}
    told = []
    for division, scores in standings.items():
        for place, score in enumerate(scores, start=1):
            member = members[score.member]
            member.place, member.points, member.move = place, score.points, decided[score.member]
            if score.legs:
                told.append((score.member, division, place, len(scores)))
    season.status, season.finished_at = "finished", now
    session.flush()
    notices.season_over(session, season, told, now)
    carried = next_divisions(standings, decided)
    if not season.settings.get("repeat", True) or not carried:
        return None
    return _next_season(session, season, carried, now)


def _next_start(season: Season, now: datetime) -> datetime:
    """The next season's first arena: ``every_days`` after this one's last, or, when
    the servers were down past that, the first such day still to come."""
    gap = timedelta(days=season.every_days)
    start = leg_starts(season, season.legs) + gap
    if start < now:
        start += gap * -((start - now) // gap)
    return start


def _next_season(
    session: Session, season: Season, divisions: dict[int, int], now: datetime
) -> Season | None:
    follower = Season(
        public_id=new_public_id(),
        name=season.name,
        number=season.number + 1,
        follows_id=season.id,
        kind=season.kind,
        options=season.options,
        organiser_id=season.organiser_id,
        starts_at=_next_start(season, now),
        legs=season.legs,
        every_days=season.every_days,
        division_size=season.division_size,
        movers=season.movers,
        status="open",
        settings=season.settings,
        created_at=now,
    )
    try:
        with session.begin_nested():
            session.add(follower)
            session.flush()
            session.add_all(
                SeasonMember(season_id=follower.id, user_id=user, division=division, joined_at=now)
                for user, division in sorted(divisions.items(), key=lambda item: item[1])
            )
    except IntegrityError:
        return None
    return follower


def season_step(session: Session, season: Season, now: datetime) -> None:
    """The season's next step: its missing arenas, or its end."""
    open_arenas(session, season, now)
    if season_over(session, season, now):
        finish_season(session, season, now)


def run_seasons(session: Session, now: datetime) -> None:
    """Every open season's next step, each committed on its own so that one failure
    holds up no other (logged, and tried again at the next sweep)."""
    for public_id in session.scalars(
        select(Season.public_id).where(Season.status == "open").order_by(Season.id)
    ).all():
        try:
            season = session.scalars(
                select(Season).where(Season.public_id == public_id).with_for_update()
            ).one()
            if season.status == "open":
                season_step(session, season, now)
            session.commit()
        except Exception:
            session.rollback()
            log.exception("season %s: its next step failed", public_id)
