"""Who is online: a person whose page holds a live stream open (``GET /api/me/events``
or ``GET /api/lobby/events``) is marked so every minute; their friends see them online
for a while after the last mark.

A mark is one small UPDATE of ``User.online_at``, made only when the stored one is
older than half a minute (several tabs of one person write once), and at most once a
minute per stream: a server of a thousand open pages writes a few rows a second. The
time is the app's clock (web.clock), so a test's fake clock moves presence too.
"""

from __future__ import annotations

from datetime import datetime, timedelta

from sqlalchemy import update

from ..clock import Clock
from ..db import Database, as_utc
from ..models import User

ONLINE_FOR = timedelta(minutes=2)
"""How long after their last mark a person still counts as online: two beats, so one
late beat does not make them flicker offline."""
BEAT_EVERY = timedelta(minutes=1)
"""How often an open stream marks its person online."""
FRESH_ENOUGH = timedelta(seconds=30)
"""A stored mark this recent is not written again (another tab just wrote it)."""


def is_online(online_at: datetime | None, now: datetime) -> bool:
    """Whether a person marked online at ``online_at`` still is at ``now``."""
    return online_at is not None and now - as_utc(online_at) <= ONLINE_FOR


def mark_online(db: Database, user_id: int, now: datetime) -> None:
    """Say the person is here now (one UPDATE, skipped by the database when a fresh
    mark is stored already)."""
    with db.session() as session:
        session.execute(
            update(User)
            .where(User.id == user_id)
            .where(User.online_at.is_(None) | (User.online_at < now - FRESH_ENOUGH))
            .values(online_at=now)
        )


class Beat:
    """An open stream's heart beat: :meth:`due` (on the event loop, no I/O) says when to
    :meth:`mark` (in a thread) — at the stream's start, then every :data:`BEAT_EVERY`."""

    def __init__(self, db: Database, clock: Clock, user_id: int) -> None:
        self.db = db
        self.clock = clock
        self.user_id = user_id
        self.last: datetime | None = None

    def due(self) -> bool:
        return self.last is None or self.clock.now() - self.last >= BEAT_EVERY

    def mark(self) -> None:
        now = self.clock.now()
        mark_online(self.db, self.user_id, now)
        self.last = now
