"""What the admin API accepts: unknown fields and loose types are refused (422)."""

from __future__ import annotations

from datetime import datetime
from typing import Annotated, Literal

from pydantic import AwareDatetime, Field, StringConstraints

from ...people import Inbound, Join, Organisers, Role

Moment = Annotated[AwareDatetime, Field(strict=False)]
"""An ISO 8601 moment with its time zone ("2030-01-31T18:00:00Z"): JSON has no dates,
so this one field takes a string where the rest of a body is strict."""
Reason = Annotated[str, StringConstraints(strip_whitespace=True, min_length=1, max_length=300)]


class BanBody(Inbound):
    reason: Reason
    until: Moment | None = None
    """When the ban ends; None (or left out): never."""


class MuteBody(Inbound):
    until: Moment


class RoleBody(Inbound):
    role: Role


class EndGameBody(Inbound):
    reason: Annotated[str, StringConstraints(strip_whitespace=True, max_length=200)] = ""


class PruneBody(Inbound):
    days: Annotated[int, Field(ge=1, le=3650)]


class PolicyBody(Inbound):
    """The join policy's settings to change (those left out stay)."""

    join: Join | None = None
    guests: bool | None = None
    member_invitations: Annotated[int, Field(ge=0, le=1000)] | None = None
    tournament_organisers: Organisers | None = None


class PolicyReset(Inbound):
    name: Literal["join", "guests", "member_invitations", "tournament_organisers"]


def moment(value: datetime) -> str:
    """A moment as the API sends it (ISO 8601, UTC)."""
    return value.isoformat()
