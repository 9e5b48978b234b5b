"""The audit log: every action taken on /admin or with an admin's command, who took
it and on whom, written in the same transaction as the action itself (an action
that is rolled back leaves no entry; one that commits always has one)."""

from __future__ import annotations

from typing import Any

from sqlalchemy.orm import Session

from ...db import utcnow
from ...models import AuditEntry, User

COMMAND_LINE = "command line"
"""The actor's name for what a host did with ``chromino admin``."""


def record(
    session: Session,
    actor: User | None,
    action: str,
    target: User | None = None,
    **details: Any,
) -> AuditEntry:
    """Write one entry: ``actor`` did ``action`` (to ``target``), with its details
    (JSON-able values: a reason, an end date, a setting's old and new value)."""
    entry = AuditEntry(
        at=utcnow(),
        actor_id=actor.id if actor is not None else None,
        actor_name=actor.name if actor is not None else COMMAND_LINE,
        action=action,
        target_id=target.id if target is not None else None,
        target_name=target.name if target is not None else "",
        details=details,
    )
    session.add(entry)
    return entry
