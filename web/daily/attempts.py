"""Daily games: the scored attempt and practice, the day's board, a person's streak.

A person's first daily game of a (game, UTC date) is the scored attempt; the
primary key of ``daily_scored_attempt`` makes "first" hold across requests and
processes: an insert that loses the race leaves the game as practice."""

from __future__ import annotations

import math
from dataclasses import dataclass
from datetime import date, datetime, timedelta
from typing import Any
from zoneinfo import ZoneInfo

from pydantic import TypeAdapter
from sqlalchemy import select
from sqlalchemy.exc import IntegrityError
from sqlalchemy.orm import Session

from ..db import as_utc
from ..lobby import SoloCreate, start_solo
from ..models import DailyPractice, DailyReference, DailyScoredAttempt, Game, User
from ..people import DEFAULT_ZONE
from .deal import daily_seed
from .reference import PLAYED_OUT, attempt_result, merit, percentage

BOARD_SIZE = 100


@dataclass(frozen=True)
class Started:
    game_id: str
    scored: bool


def start_daily(session: Session, user: User, game: str, day: date, now: datetime) -> Started:
    """Deal ``game``'s deal of ``day`` to ``user``: scored if it is their first of the
    day, practice otherwise (also when another request scored one a moment before)."""
    spec = TypeAdapter(SoloCreate).validate_python({"game": game})
    dealt = start_solo(session, user, spec, now=now, shared_seed=daily_seed(game, day))
    if scored_attempt(session, user.id, game, day) is None:
        try:
            with session.begin_nested():
                session.add(
                    DailyScoredAttempt(
                        user_id=user.id, kind=game, day=day, game_id=dealt.id, started_at=now
                    )
                )
            return Started(dealt.id, scored=True)
        except IntegrityError:
            pass  # another request scored one first: this one is practice
    session.add(
        DailyPractice(game_id=dealt.id, user_id=user.id, kind=game, day=day, started_at=now)
    )
    session.flush()
    return Started(dealt.id, scored=False)


def scored_attempt(
    session: Session, user_id: int | None, game: str, day: date
) -> DailyScoredAttempt | None:
    if user_id is None:
        return None
    return session.get(DailyScoredAttempt, (user_id, game, day))


def practice_games(session: Session, user_id: int | None, game: str, day: date) -> list[Game]:
    """The person's practice games of the deal, newest first."""
    if user_id is None:
        return []
    query = (
        select(Game)
        .join(DailyPractice, DailyPractice.game_id == Game.id)
        .where(
            DailyPractice.user_id == user_id, DailyPractice.kind == game, DailyPractice.day == day
        )
        .order_by(DailyPractice.started_at.desc())
    )
    return list(session.scalars(query))


def reference_of(session: Session, game: str, day: date) -> DailyReference | None:
    return session.get(DailyReference, (game, day))


def hard_result(row: DailyReference | None) -> dict[str, Any] | None:
    """The stored reference, once done."""
    if row is None or row.status != "done" or row.result is None:
        return None
    return row.result


@dataclass(frozen=True)
class BoardRow:
    rank: int
    user_id: int
    name: str
    turns: int
    score: int
    ended_by: str
    percent: int | None
    """None until Hard's result is known."""


def board(session: Session, game: str, day: date, hard: dict[str, Any] | None) -> list[BoardRow]:
    """The finished scored attempts of the deal: best percentage first, then fewer turns.

    The order needs no reference: a percentage grows with the attempt's own result
    (fewer turns in Chromino, more points in Triominos), so the board is ranked even
    while Hard's result is pending."""
    query = (
        select(DailyScoredAttempt, Game, User)
        .join(Game, Game.id == DailyScoredAttempt.game_id)
        .join(User, User.id == DailyScoredAttempt.user_id)
        .where(
            DailyScoredAttempt.kind == game,
            DailyScoredAttempt.day == day,
            Game.status == "finished",
        )
    )
    entries = []
    for attempt, played, person in session.execute(query):
        if played.result is None:
            continue
        mine = attempt_result(played.result)
        entries.append((_merit(game, mine), mine, attempt, person))
    entries.sort(key=lambda entry: (-entry[0], entry[1]["turns"], entry[2].started_at))
    rows = []
    for index, (_, mine, attempt, person) in enumerate(entries[:BOARD_SIZE]):
        rows.append(
            BoardRow(
                rank=index + 1,
                user_id=attempt.user_id,
                name=person.name,
                turns=mine["turns"],
                score=mine["score"],
                ended_by=mine["ended_by"],
                percent=None if hard is None else round(percentage(game, mine, hard)),
            )
        )
    return rows


def _merit(game: str, mine: dict[str, Any]) -> float:
    """What the board ranks by: the daily score grows with it, whatever Hard's result
    (a game given up comes after every game played out)."""
    if mine["ended_by"] not in PLAYED_OUT:
        return -math.inf
    return merit(game, mine)


def local_day(moment: datetime, zone: ZoneInfo) -> date:
    return as_utc(moment).astimezone(zone).date()


def zone_of(user: User) -> ZoneInfo:
    """The person's time zone (their preference; UTC when they set none)."""
    preference = user.preference if user.id is not None else None
    name = preference.time_zone if preference is not None and preference.time_zone else None
    return ZoneInfo(name or DEFAULT_ZONE)


def streak(session: Session, user: User, now: datetime) -> int:
    """Consecutive local days, up to today, on which the person started a scored
    attempt; a streak is still alive on a day not yet played (it counts to yesterday)."""
    if user.id is None:
        return 0
    zone = zone_of(user)
    query = select(DailyScoredAttempt.started_at).where(DailyScoredAttempt.user_id == user.id)
    days = {local_day(started, zone) for started in session.scalars(query)}
    today = local_day(now, zone)
    day = today if today in days else today - timedelta(days=1)
    count = 0
    while day in days:
        count += 1
        day -= timedelta(days=1)
    return count
