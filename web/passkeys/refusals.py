"""The one shape of a passkey refusal: a status, a stable code, a translated message."""

from __future__ import annotations

from typing import Any

from fastapi import HTTPException

from ..i18n import Words


def refusal(status: int, code: str, message: str, **values: Any) -> HTTPException:
    """An HTTP refusal worded in the reader's language (``message`` marked with ``N_``;
    ``plural`` and ``count`` for a counted one, as :class:`web.i18n.Words` takes them)."""
    return HTTPException(status, detail={"code": code, "message": Words(message, **values)})
