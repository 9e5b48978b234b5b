"""Signed links that work without signing in: unsubscribing from an email, confirming
an email address.

A link carries a small JSON value (whose address, which list), signed with the
server's secret and stamped with the time it was made, so the server needs to store
nothing to trust it later. Each purpose signs with its own salt: a token made for one
purpose is a bad signature for any other, so an unsubscribe link can never confirm an
address. Whether a link may grow old is the reader's choice (``max_age_seconds``):
an unsubscribe link in a year-old email must still work, a confirmation link not.
"""

from __future__ import annotations

import re
import time
from typing import Any, Literal

from itsdangerous import BadData, BadSignature, SignatureExpired, URLSafeTimedSerializer
from itsdangerous.timed import TimestampSigner

UNSUBSCRIBE = "unsubscribe"
UNSUBSCRIBE_MAX_AGE: int | None = None
"""Unsubscribe links never expire: the person may click in an old email."""
VERIFY_EMAIL = "verify-email"
VERIFY_EMAIL_MAX_AGE: int | None = 2 * 24 * 3600
"""A confirmation link is good for two days."""

Reason = Literal["expired", "tampered", "malformed"]

_TOKEN_SHAPE = re.compile(r"\.?[A-Za-z0-9_\-]+\.[A-Za-z0-9_\-]+\.[A-Za-z0-9_\-]+")
"""payload.timestamp.signature, each in URL-safe base64 (a leading dot marks a
compressed payload): anything else was cut short or mangled on the way (a mail client
wrapping a long link), not forged."""


class BadLink(Exception):
    """A link that is refused, with why: ``expired`` (too old for its purpose),
    ``tampered`` (its signature does not match, or it was made for another purpose)
    or ``malformed`` (not a token at all)."""

    def __init__(self, reason: Reason) -> None:
        super().__init__(reason)
        self.reason: Reason = reason


class _ClockSigner(TimestampSigner):
    """A timestamp signer whose "now" can be given, so a test can sign in the past or
    read in the future instead of waiting for a link to expire."""

    def __init__(self, *args: Any, now: float | None = None, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self._now = now

    def get_timestamp(self) -> int:
        return int(time.time() if self._now is None else self._now)


def _serializer(secret: str, purpose: str, now: float | None) -> URLSafeTimedSerializer:
    """The serializer for one purpose: the purpose is the salt."""
    return URLSafeTimedSerializer(
        secret,
        salt=f"chromino.link.{purpose}",
        signer=_ClockSigner,
        signer_kwargs={"now": now},
    )


def sign(secret: str, purpose: str, value: dict[str, Any], *, now: float | None = None) -> str:
    """A URL-safe token carrying ``value`` (JSON-able), for ``purpose`` only;
    ``now`` (epoch seconds) is when it is said to be made, the real time unless given."""
    return _serializer(secret, purpose, now).dumps(value)


def unsign(
    secret: str,
    purpose: str,
    token: str,
    max_age_seconds: int | None,
    *,
    now: float | None = None,
) -> dict[str, Any]:
    """The value a token made by :func:`sign` for ``purpose`` carries, if it is no older
    than ``max_age_seconds`` (``None``: any age) at ``now`` (epoch seconds, the real
    time unless given); else :class:`BadLink` says why."""
    if not _TOKEN_SHAPE.fullmatch(token):
        raise BadLink("malformed")
    try:
        value = _serializer(secret, purpose, now).loads(token, max_age=max_age_seconds)
    except SignatureExpired:
        raise BadLink("expired") from None
    except BadSignature:
        raise BadLink("tampered") from None
    except BadData:
        raise BadLink("malformed") from None
    if not isinstance(value, dict):
        raise BadLink("malformed")
    return value
