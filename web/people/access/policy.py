"""Who may join this server: the host's settings, as an admin may have changed them.

The environment (``CHROMINO_JOIN``, ``CHROMINO_GUESTS``, ``CHROMINO_MEMBER_INVITATIONS``)
sets where a server starts; a change made on /admin is kept in the database
(``site_setting``) and wins from then on, on every process, until it is reset. Each
request reads the few rows afresh (a primary-key lookup), so a change takes effect at
once everywhere without a message between processes.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Final, Literal

from sqlalchemy import select
from sqlalchemy.orm import Session

from ...db import utcnow
from ...models import SiteSetting
from ...settings import Settings

Join = Literal["open", "invitation", "closed"]
JOIN_CHOICES: Final[tuple[Join, ...]] = ("open", "invitation", "closed")
Organisers = Literal["anyone", "members", "staff"]
"""Who may create tournaments (web.tournaments): anyone, members, or staff only."""
CHANGEABLE: Final = ("join", "guests", "member_invitations", "tournament_organisers")
"""The settings an admin may change on /admin (the others stay the host's)."""


@dataclass(frozen=True)
class Policy:
    """The join policy in force, and who may organise tournaments."""

    join: Join
    guests: bool
    member_invitations: int
    tournament_organisers: Organisers

    @property
    def open(self) -> bool:
        return self.join == "open"


def policy(session: Session, settings: Settings) -> Policy:
    """The policy in force: the settings, overridden by what admins changed."""
    values: dict[str, Any] = {name: getattr(settings, name) for name in CHANGEABLE}
    rows = session.scalars(select(SiteSetting).where(SiteSetting.name.in_(CHANGEABLE)))
    for row in rows:
        values[row.name] = row.value
    return Policy(
        join=values["join"],
        guests=bool(values["guests"]),
        member_invitations=int(values["member_invitations"]),
        tournament_organisers=values["tournament_organisers"],
    )


def change(session: Session, name: str, value: Any) -> None:
    """Keep an admin's change of one setting (checked by the caller)."""
    if name not in CHANGEABLE:
        raise KeyError(name)
    row = session.get(SiteSetting, name)
    if row is None:
        session.add(SiteSetting(name=name, value=value, updated_at=utcnow()))
    else:
        row.value = value
        row.updated_at = utcnow()


def reset(session: Session, name: str) -> None:
    """Go back to the host's setting for ``name``."""
    row = session.get(SiteSetting, name)
    if row is not None:
        session.delete(row)
