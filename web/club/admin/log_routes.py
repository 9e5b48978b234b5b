"""The audit log section's API: who did what to whom, when, newest first, a page at a time."""

from __future__ import annotations

from typing import Annotated, Any

from fastapi import APIRouter, Query
from sqlalchemy import func, select
from sqlalchemy.orm import Session

from ...models import AuditEntry
from ...people import SessionDep
from .access import NoStoreRoute, Staff

router = APIRouter(prefix="/api/admin", route_class=NoStoreRoute)
PAGE = 50


def entry_json(entry: AuditEntry) -> dict[str, Any]:
    return {
        "id": entry.id,
        "at": entry.at.isoformat(),
        "actor": entry.actor_name,
        "actor_id": entry.actor_id,
        "action": entry.action,
        "target": entry.target_name,
        "target_id": entry.target_id,
        "details": entry.details,
    }


def audit_page(session: Session, page: int) -> dict[str, Any]:
    """One page of the log, newest first, and how many pages there are."""
    total = session.scalar(select(func.count()).select_from(AuditEntry)) or 0
    entries = session.scalars(
        select(AuditEntry)
        .order_by(AuditEntry.at.desc(), AuditEntry.id.desc())
        .limit(PAGE)
        .offset((page - 1) * PAGE)
    )
    return {
        "page": page,
        "pages": max(1, -(-total // PAGE)),
        "entries": [entry_json(entry) for entry in entries],
    }


@router.get("/audit")
def read_audit(
    staff: Staff, session: SessionDep, page: Annotated[int, Query(ge=1, le=100_000)] = 1
) -> dict[str, Any]:
    """The audit log, newest first, :data:`PAGE` entries a page."""
    return audit_page(session, page)
