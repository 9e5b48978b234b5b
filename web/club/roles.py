"""Who runs the server: members, moderators and admins.

Admins change the server's settings, name moderators and admins, and delete people;
moderators see /admin and act on people (ban, mute, recovery links), games and
reports. Everyone else is a member (a guest is a member without a password).
"""

from __future__ import annotations

from typing import Final, Literal

from ..models import User

Role = Literal["member", "moderator", "admin"]
ROLES: Final[tuple[Role, ...]] = ("member", "moderator", "admin")


def is_admin(user: User | None) -> bool:
    return user is not None and user.role == "admin"


def is_staff(user: User | None) -> bool:
    """Admins and moderators: who may open /admin."""
    return user is not None and user.role in ("admin", "moderator")
