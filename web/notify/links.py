"""The links in emails: signed, so they work without signing in (web.notify.tokens)."""

from __future__ import annotations

from ..settings import Settings
from .tokens import UNSUBSCRIBE, VERIFY_EMAIL, sign


def _absolute(settings: Settings, path: str) -> str:
    return f"{settings.public_url.rstrip('/')}{path}"


def unsubscribe_link(settings: Settings, secret: str, user_id: int) -> str:
    """One click in any email stops every email to this person (they may turn the
    digest back on in Preferences)."""
    token = sign(secret, UNSUBSCRIBE, {"user": user_id})
    return _absolute(settings, f"/email/unsubscribe?token={token}")


def verify_link(settings: Settings, secret: str, user_id: int, address: str) -> str:
    """The link that proves the address is the person's (no email goes to it before)."""
    token = sign(secret, VERIFY_EMAIL, {"user": user_id, "email": address})
    return _absolute(settings, f"/email/verify?token={token}")
