"""The admin page (``/admin``) and its API (``/api/admin/...``), for admins and moderators.

Everything here is refused (403) to anyone else and sent with ``Cache-Control:
no-store`` (:mod:`.access`); anything that changes something wants a sign-in made
in the last 15 minutes (:mod:`.reauth`) and writes an audit entry in the same
transaction (:mod:`web.people.access.audit`). Each section has its module: people (bans,
mutes, roles), games and reports, the join policy and invitations, guests and
backups, the settings in force and the server's health, the audit log.
"""

from __future__ import annotations

from fastapi import APIRouter

from . import games, invites, log, machine, pages, people, reauth

router = APIRouter()
for section in (people, games, invites, machine, log, reauth, pages):
    router.include_router(section.router)

__all__ = ["router"]
