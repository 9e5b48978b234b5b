"""The tournaments' refusals as the API sends them: ``{code, message, field}`` with a
status, the message in the reader's language (the store's refusals carry their words)."""

from __future__ import annotations

from fastapi import HTTPException

from ..i18n import Words
from .errors import TournamentError


def refusal(status: int, code: str, message: Words | str, **extra: object) -> HTTPException:
    """A refusal in the API's shape (web.app words ``message`` for the reader)."""
    return HTTPException(status, detail={"code": code, "message": message, **extra})


def store_refusal(error: TournamentError, status: int, code: str) -> HTTPException:
    """The store's refusal, with the field at fault named; the organiser's check is
    always a 403."""
    if error.field == "organiser":
        status, code = 403, "not_organiser"
    return refusal(status, code, error.words, field=error.field)
