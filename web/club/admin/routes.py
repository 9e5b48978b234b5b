"""The admin page's routes, gathered in one router for web.app: each section's routes
module (people, games and reports, invitations and the join policy, guests, backups
and settings, the audit log, signing in again, the pages themselves) adds its own,
in this order.
"""

from __future__ import annotations

from fastapi import APIRouter

from . import (
    games_routes,
    invites_routes,
    log_routes,
    machine_routes,
    pages_routes,
    people_routes,
    reauth_routes,
)

router = APIRouter()
for section in (
    people_routes,
    games_routes,
    invites_routes,
    machine_routes,
    log_routes,
    reauth_routes,
    pages_routes,
):
    router.include_router(section.router)
