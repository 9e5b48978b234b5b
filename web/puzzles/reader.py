"""Who reads the puzzles' routes and pages, and when: their language, their id (None for
a visitor, who has no row) and the server's clock (a test's fake one too)."""

from __future__ import annotations

from datetime import datetime

from fastapi import Request

from ..i18n import best_language
from ..models import User
from ..people import is_visitor, public_user


def language_of(request: Request, user: User) -> str:
    """The reader's language: their choice, else their browser's."""
    preferred = public_user(user).preferences.language
    return best_language(preferred, request.headers.get("accept-language"))


def now_of(request: Request) -> datetime:
    now: datetime = request.app.state.clock.now()
    return now


def person_id(user: User) -> int | None:
    """The reader's id, or None for a visitor (their tries are not kept)."""
    return None if is_visitor(user) else user.id
