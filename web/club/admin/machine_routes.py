"""The guests, backups, settings and health sections' API: what a host otherwise does
with ``chromino admin`` and ``chromino db``, and what the server runs with."""

from __future__ import annotations

from datetime import datetime
from pathlib import Path
from typing import Annotated, Any

from fastapi import APIRouter, Query, Request, status
from sqlalchemy.engine import make_url

from ... import ops
from ...db import Database, utcnow
from ...i18n import N_
from ...people import SessionDep, audit
from ...settings import Settings
from . import health
from .access import Acting, ActingAdmin, NoStoreRoute, Staff, refusal
from .schemas import PruneBody

router = APIRouter(prefix="/api/admin", route_class=NoStoreRoute)

SECRETS = frozenset({"secret_key", "smtp_password"})
"""Settings whose value is never shown: only whether they are set."""
URLS_WITH_PASSWORDS = frozenset({"database_url", "redis_url"})
BACKUP_GLOB = "chromino-*.sqlite3"


def _settings(request: Request) -> Settings:
    settings: Settings = request.app.state.settings
    return settings


def _database(request: Request) -> Database:
    database: Database = request.app.state.db
    return database


# --- guests -------------------------------------------------------------------------


@router.get("/guests")
def count_idle_guests(
    staff: Staff,
    session: SessionDep,
    request: Request,
    days: Annotated[int, Query(ge=1, le=3650)] = 30,
) -> dict[str, int]:
    """How many guests unseen for ``days`` days a prune would delete (nothing changes)."""
    session.commit()  # (SQLite: the request's transaction would hold up the count)
    ids = ops.prune_guests(_database(request), days, dry_run=True)
    return {"days": days, "count": len(ids)}


@router.post("/guests/prune")
def prune_guests(
    body: PruneBody, actor: Acting, session: SessionDep, request: Request
) -> dict[str, int]:
    """Delete guests unseen for ``days`` days (their finished games stay)."""
    session.commit()  # pruning works in batches of its own transactions; the entry follows
    pruned = ops.prune_guests(_database(request), body.days)
    audit.record(session, actor, "prune_guests", None, days=body.days, count=len(pruned))
    return {"days": body.days, "count": len(pruned)}


# --- backups ------------------------------------------------------------------------


def backups_folder(settings: Settings) -> Path | None:
    """Where the admin page's backups go: ``backups/`` beside a SQLite database; None
    for PostgreSQL (backed up with pg_dump)."""
    path = ops.sqlite_path(settings.database_url)
    return None if path is None else path.resolve().parent / "backups"


def pg_dump_command(settings: Settings) -> str:
    """The command a host runs to back up a PostgreSQL database (no password shown)."""
    url = make_url(settings.database_url).set(drivername="postgresql")
    target = url.render_as_string(hide_password=True)
    return f"pg_dump --format=custom --file chromino-$(date +%Y%m%d-%H%M%S).dump '{target}'"


def backup_list(settings: Settings) -> dict[str, Any]:
    """The backups made so far (newest first, with sizes), or how to make one."""
    folder = backups_folder(settings)
    if folder is None:
        return {"kind": "postgresql", "command": pg_dump_command(settings), "backups": []}
    files = sorted(folder.glob(BACKUP_GLOB), reverse=True) if folder.is_dir() else []
    return {
        "kind": "sqlite",
        "folder": str(folder),
        "backups": [
            {
                "name": file.name,
                "size": file.stat().st_size,
                "at": datetime.fromtimestamp(file.stat().st_mtime).astimezone().isoformat(),
            }
            for file in files
        ],
    }


@router.get("/backups")
def list_backups(staff: Staff, request: Request) -> dict[str, Any]:
    """The backups beside the database, or (PostgreSQL) how to make one."""
    return backup_list(_settings(request))


@router.post("/backups", status_code=status.HTTP_201_CREATED)
def make_backup(actor: ActingAdmin, session: SessionDep, request: Request) -> dict[str, Any]:
    """Copy the SQLite database, as it is now, into ``backups/`` (the server goes on)."""
    settings = _settings(request)
    folder = backups_folder(settings)
    if folder is None:
        raise refusal(
            409, "use_pg_dump", N_("PostgreSQL databases are backed up with pg_dump (see below)")
        )
    folder.mkdir(parents=True, exist_ok=True)
    session.commit()  # (SQLite: the copy reads the database as last committed)
    target = folder / f"chromino-{utcnow().strftime('%Y%m%d-%H%M%S')}.sqlite3"
    try:
        report = ops.backup(settings.database_url, target)
    except ops.AdminError:
        raise refusal(409, "backup_failed", N_("the backup failed: see the server's log")) from None
    audit.record(session, actor, "backup", None, file=target.name, size=report.size)
    return {"name": target.name, "size": report.size}


# --- settings and health -------------------------------------------------------------


def shown_value(name: str, value: Any) -> Any:
    """A setting as the page shows it: secrets as set/unset, URLs without passwords."""
    if name in SECRETS:
        return "set" if value else "unset"
    if name in URLS_WITH_PASSWORDS and isinstance(value, str):
        try:
            return make_url(value).render_as_string(hide_password=True)
        except Exception:
            return "set"
    if isinstance(value, datetime):
        return value.isoformat()
    return value


def settings_in_force(settings: Settings) -> list[dict[str, Any]]:
    """Every setting and its value (secrets never shown), in the order of web.settings."""
    return [
        {
            "name": name,
            "variable": f"CHROMINO_{name.upper()}",
            "value": shown_value(name, getattr(settings, name)),
        }
        for name in type(settings).model_fields
    ]


@router.get("/settings")
def read_settings(staff: Staff, request: Request) -> dict[str, Any]:
    """The settings this process runs with (secrets: only whether they are set)."""
    return {"settings": settings_in_force(_settings(request))}


@router.get("/health")
def read_health(staff: Staff, session: SessionDep, request: Request) -> dict[str, Any]:
    """The database and Redis reachable, the processes, this process's games and
    sockets, and the counts the metrics keep."""
    session.commit()
    return health.report(request.app)
