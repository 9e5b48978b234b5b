"""Making notices: every producer drafts its notices from a kind (web.notify.kinds) and
adds them here, in its own transaction, so a notice is made the same way whoever
noticed — the sweep and invitations through an ORM session, a duplicate table's end
on the event store's connection.

A notice's key makes it once: one already stored (another process noticed first,
or a sweep round settled the same game twice) is left alone.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from datetime import datetime
from typing import Any, cast

from sqlalchemy import Connection, Table, insert, select
from sqlalchemy.exc import IntegrityError
from sqlalchemy.orm import Session
from sqlalchemy.sql import Executable

from ..db import insert_skipping_known
from ..models import Notice
from .kinds import NoticeKind


@dataclass(frozen=True)
class NoticeDraft:
    """A notice to add (web.models.Notice), unless one with its key exists."""

    key: str
    user_id: int
    kind: str
    game_id: str | None
    version: int | None
    details: dict[str, Any]
    due: datetime


def draft(
    kind: NoticeKind,
    key: tuple[object, ...],
    user_id: int,
    details: dict[str, Any],
    due: datetime,
    *,
    game: tuple[str, int] | None = None,
) -> NoticeDraft:
    """A notice of this kind for one person: ``key`` (after the kind's name) makes it
    once; ``game`` is the id and version of the game it is about, if one."""
    game_id, version = game if game is not None else (None, None)
    return NoticeDraft(kind.key(*key), user_id, kind.name, game_id, version, details, due)


def add_notices(session: Session, drafts: list[NoticeDraft]) -> int:
    """Add the notices whose keys are new, in one statement; how many were added. Their
    keys make them once: one another process added meanwhile fails the statement, and
    the drafts are then added one by one, each in its own savepoint."""
    if not drafts:
        return 0
    keys = [draft.key for draft in drafts]
    known = set(session.scalars(select(Notice.key).where(Notice.key.in_(keys))))
    fresh = list({d.key: d for d in drafts if d.key not in known}.values())
    if not fresh:
        return 0
    rows = [_row(draft) for draft in fresh]
    try:
        with session.begin_nested():
            session.execute(insert(Notice), rows)
        return len(rows)
    except IntegrityError:
        return sum(_add_one(session, row) for row in rows)


def add_notices_on(connection: Connection, drafts: Sequence[NoticeDraft], now: datetime) -> int:
    """Add the notices on a connection whose transaction someone else holds (the event
    store's): a key already stored is skipped by the database itself, with no
    savepoint; how many were handed over (known keys included)."""
    if not drafts:
        return 0
    rows = [{**_row(draft), "created_at": now} for draft in drafts]
    connection.execute(_insert_skipping_known(connection.dialect.name), rows)
    return len(rows)


def _row(draft: NoticeDraft) -> dict[str, Any]:
    return {
        "key": draft.key,
        "user_id": draft.user_id,
        "kind": draft.kind,
        "game_id": draft.game_id,
        "version": draft.version,
        "details": draft.details,
        "due_at": draft.due,
    }


def _add_one(session: Session, row: dict[str, Any]) -> bool:
    try:
        with session.begin_nested():
            session.execute(insert(Notice), [row])
    except IntegrityError:
        return False
    return True


_notices = cast(Table, Notice.__table__)


def _insert_skipping_known(dialect: str) -> Executable:
    """An insert that leaves a key already there alone, in the database's own words."""
    return insert_skipping_known(dialect, _notices, ("key",))
