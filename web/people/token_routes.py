"""The API token routes: a signed-in person's tokens, made, listed and revoked.

Only a browser's session reaches them (the bearer gate opens none of them to a token):
a token that could make tokens would outlive its own revocation.
"""

from __future__ import annotations

from fastapi import APIRouter, HTTPException, status

from ..db import as_utc
from ..i18n import N_, Words
from ..models import ApiToken, User
from .access.api_tokens import make_token, revoke, tokens_of
from .accounts import has_a_way_in
from .deps import CurrentUser, SessionDep
from .token_schemas import TokenCreate, TokenMade, TokenPublic

router = APIRouter(prefix="/api")

REGISTERED_ONLY = N_("set a password or a passkey before making API tokens")
NO_SUCH_TOKEN = N_("you have no token with this id")


def require_registered(user: User) -> None:
    """A guest's account lives in one browser's cookie: it gets no tokens (403)."""
    if not has_a_way_in(user):
        raise HTTPException(
            403, detail={"code": "registered_only", "message": Words(REGISTERED_ONLY)}
        )


def token_public(token: ApiToken) -> TokenPublic:
    return TokenPublic(
        id=token.id,
        name=token.name,
        scopes=list(token.scopes),
        created_at=as_utc(token.created_at),
        last_used_at=None if token.last_used_at is None else as_utc(token.last_used_at),
    )


def token_made(token: ApiToken, secret: str) -> TokenMade:
    """The new token with its secret (shown once)."""
    return TokenMade(**token_public(token).model_dump(), token=secret)


@router.get("/me/tokens")
def list_my_tokens(user: CurrentUser, session: SessionDep) -> list[TokenPublic]:
    """My API tokens, the oldest first: name, scopes, made and last used (no secret)."""
    return [token_public(token) for token in tokens_of(session, user.id)]


@router.post("/me/tokens", status_code=status.HTTP_201_CREATED)
def make_my_token(body: TokenCreate, user: CurrentUser, session: SessionDep) -> TokenMade:
    """A new token of mine; its secret is in this answer only (``bot:play`` is for bot
    accounts: ``POST /api/bots/{name}/tokens``)."""
    require_registered(user)
    token, secret = make_token(session, user, body.name, body.scopes)
    return token_made(token, secret)


@router.delete("/me/tokens/{token_id}", status_code=status.HTTP_204_NO_CONTENT)
def revoke_my_token(token_id: int, user: CurrentUser, session: SessionDep) -> None:
    """End one of my tokens at once (404 ``no_such_token``: none of mine has this id)."""
    if not revoke(session, user.id, token_id):
        raise HTTPException(404, detail={"code": "no_such_token", "message": Words(NO_SUCH_TOKEN)})
