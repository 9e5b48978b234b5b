"""The gate of bearer tokens: which routes a token may reach, checked before anything else.

A request with ``Authorization: Bearer`` is a program, not a browser: it carries no
session cookie (any it sends is dropped), so it needs no Origin check — but only once
its token has been found good for the very route it asks for. This ASGI step, outside
the site's security middleware, refuses a wrong or revoked token (401 ``bad_token``), a
route its scopes do not open (403 ``token_scope``, naming the scope; every route not
listed in :data:`ROUTE_SCOPES` — signing in, account changes, passkeys, the admin pages
— opens to none) and a token over its rate (429 ``too_many_requests``). A request let
through carries its :class:`Holder` in the ASGI scope (:func:`holder_in`), which the
request dependencies (web.people.deps) and the game socket read instead of a cookie.
"""

from __future__ import annotations

import asyncio
import json
import re
from typing import Any

from starlette.datastructures import Headers
from starlette.types import ASGIApp, Receive, Scope, Send

from ...db import Database
from ...i18n import N_, N_plural, Words, best_language, say
from ..limits import AttemptLimiter
from .api_tokens import BOT_PLAY, READ_GAMES, READ_RATINGS, Holder, holder_of

ANY_SCOPE = "any"
"""A route any good token may reach (who am I)."""

ROUTE_SCOPES: dict[tuple[str, str], str] = {
    ("GET", "/api/me"): ANY_SCOPE,
    ("GET", "/api/me/games"): READ_GAMES,
    ("GET", "/api/me/records"): READ_GAMES,
    ("GET", "/api/games/{game_id}"): READ_GAMES,
    ("GET", "/api/games/{game_id}/record"): READ_GAMES,
    ("GET", "/api/games/{game_id}/replay"): READ_GAMES,
    ("GET", "/api/leaderboard"): READ_RATINGS,
    ("GET", "/api/games/{game_id}/ratings"): READ_RATINGS,
    ("GET", "/api/players/{player}/profile"): READ_RATINGS,
    ("GET", "/api/tables"): BOT_PLAY,
    ("POST", "/api/tables"): BOT_PLAY,
    ("GET", "/api/tables/{invite_code}"): BOT_PLAY,
    ("POST", "/api/tables/{invite_code}/join"): BOT_PLAY,
    ("POST", "/api/tables/{invite_code}/leave"): BOT_PLAY,
    ("POST", "/api/tables/{invite_code}/start"): BOT_PLAY,
    ("GET", "/api/friends"): BOT_PLAY,  # people invite only friends: a bot adds them back
    ("POST", "/api/friends"): BOT_PLAY,
    ("GET", "/api/invitations"): BOT_PLAY,
    ("POST", "/api/invitations/{invitation_id}/accept"): BOT_PLAY,
    ("POST", "/api/invitations/{invitation_id}/decline"): BOT_PLAY,
    ("GET", "/api/bot/events"): BOT_PLAY,
    ("WEBSOCKET", "/ws/games/{game_id}"): BOT_PLAY,
}
"""Every route a token may reach (method, path as the router writes it) and the scope it
needs. Anything else is for a signed-in browser only."""

BAD_TOKEN = N_("this token is not valid: it was revoked, or never made")
BROWSER_ONLY = N_("this route is for a signed-in browser, not for an API token")
MISSING_SCOPE = N_("this token lacks the scope {scope}")
TOO_MANY_REQUESTS = N_plural(
    "too many requests; try again in {count} second",
    "too many requests; try again in {count} seconds",
)

HOLDER = "chromino.bearer"
"""The ASGI scope's key for the :class:`Holder` of a request let through."""


def holder_in(scope: Scope) -> Holder | None:
    """Whom a request's token speaks for, once the gate let it through (None: no token)."""
    holder = scope.get(HOLDER)
    return holder if isinstance(holder, Holder) else None


def bearer_secret(headers: Headers) -> str | None:
    """The token of an ``Authorization: Bearer`` header (None: no such header)."""
    value = headers.get("authorization")
    if value is None:
        return None
    scheme, _, secret = value.strip().partition(" ")
    return secret.strip() if scheme.lower() == "bearer" else None


def _pattern(template: str) -> re.Pattern[str]:
    """A path template's parameters (``{game_id}``) as one segment each."""
    return re.compile(re.sub(r"\\\{[a-z_]+\\\}", "[^/]+", re.escape(template)))


TEMPLATES: tuple[tuple[str, str, re.Pattern[str]], ...] = tuple(
    (method, template, _pattern(template)) for method, template in ROUTE_SCOPES
)


def route_of(scope: Scope) -> tuple[str, str] | None:
    """The entry of :data:`ROUTE_SCOPES` a request is for (None: a route no token may
    reach). Matched on the templates themselves, segment by segment: a path the table
    does not name is closed to tokens, whatever route serves it."""
    method = "WEBSOCKET" if scope["type"] == "websocket" else scope["method"]
    for listed, template, pattern in TEMPLATES:
        if listed == method and pattern.fullmatch(scope["path"]):
            return listed, template
    return None


def _look_up(database: Database, secret: str) -> Holder | None:
    with database.session() as session:
        return holder_of(session, secret)


class BearerGate:
    """ASGI middleware: lets a bearer request through only to a route its token opens."""

    def __init__(self, app: ASGIApp, *, per_minute: int) -> None:
        self.app = app
        self.requests = AttemptLimiter(limit=per_minute, window=60)

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] not in ("http", "websocket"):
            await self.app(scope, receive, send)
            return
        headers = Headers(scope=scope)
        secret = bearer_secret(headers)
        if secret is None:
            await self.app(scope, receive, send)
            return
        holder = await asyncio.to_thread(_look_up, scope["app"].state.db, secret)
        refusal = self._refusal(scope, holder)
        if refusal is not None:
            status, detail = refusal
            language = best_language(None, headers.get("accept-language"))
            detail["message"] = say(detail["message"], language)
            await _refuse(scope, send, status, detail)
            return
        kept = [(name, value) for name, value in scope["headers"] if name.lower() != b"cookie"]
        await self.app({**scope, "headers": kept, HOLDER: holder}, receive, send)

    def _refusal(self, scope: Scope, holder: Holder | None) -> tuple[int, dict[str, Any]] | None:
        """Why the request may not go on (status, detail), or None."""
        if holder is None:
            return 401, {"code": "bad_token", "message": Words(BAD_TOKEN)}
        route = route_of(scope)
        needed = None if route is None else ROUTE_SCOPES.get(route)
        if needed is None:
            return 403, {"code": "token_scope", "message": Words(BROWSER_ONLY), "scope": None}
        if needed != ANY_SCOPE and needed not in holder.scopes:
            message = Words(MISSING_SCOPE, scope=needed)
            return 403, {"code": "token_scope", "message": message, "scope": needed}
        if not self.requests.allow(holder.user_id):
            wait = self.requests.retry_after(holder.user_id)
            words = Words(TOO_MANY_REQUESTS[0], plural=TOO_MANY_REQUESTS[1], count=wait)
            return 429, {"code": "too_many_requests", "message": words, "retry_after": wait}
        return None


async def _refuse(scope: Scope, send: Send, status: int, detail: dict[str, Any]) -> None:
    """The refusal in the API's error shape; a socket's handshake is refused with it."""
    body = json.dumps({"detail": detail}).encode()
    headers = [
        (b"content-type", b"application/json"),
        (b"content-length", str(len(body)).encode()),
    ]
    if status == 401:
        headers.append((b"www-authenticate", b'Bearer error="invalid_token"'))
    if "retry_after" in detail:
        headers.append((b"retry-after", str(detail["retry_after"]).encode()))
    if scope["type"] == "websocket":
        # The handshake is answered with the refusal (ASGI's denial response), or closed.
        if "websocket.http.response" in scope.get("extensions", {}):
            start = {"type": "websocket.http.response.start", "status": status, "headers": headers}
            await send(start)
            await send({"type": "websocket.http.response.body", "body": body})
        else:
            await send({"type": "websocket.close", "code": 1008, "reason": detail["code"]})
        return
    await send({"type": "http.response.start", "status": status, "headers": headers})
    await send({"type": "http.response.body", "body": body})
