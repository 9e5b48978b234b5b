"""What the API token routes accept and return (web.people.token_routes)."""

from __future__ import annotations

from datetime import datetime
from typing import Annotated, Literal

from pydantic import BaseModel, Field, StringConstraints

from .schemas import Inbound

Scope = Literal["read:games", "read:ratings", "bot:play"]
"""A scope a token may hold (web.people.access.api_tokens.SCOPES)."""
TokenName = Annotated[str, StringConstraints(strip_whitespace=True, min_length=1, max_length=60)]


class TokenCreate(Inbound):
    """A new token: a name its owner knows it by, and what it may do."""

    name: TokenName
    scopes: list[Scope] = Field(min_length=1, max_length=3)


class TokenPublic(BaseModel):
    """A token as its owner sees it listed: never its secret."""

    id: int
    name: str
    scopes: list[str]
    created_at: datetime
    last_used_at: datetime | None


class TokenMade(TokenPublic):
    """A token just made, with its secret: shown this once, stored only as a hash."""

    token: str
