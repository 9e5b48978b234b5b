"""The HTTP edge: who may change things (same-origin requests only), how big a request may
be, and the headers that keep pages from being framed, sniffed or scripted from elsewhere.

A pure ASGI middleware, so it sees every request before FastAPI reads a byte of the body.
Websockets are left to ``web.live.sockets``, which checks their ``Origin`` at the handshake.
"""

from __future__ import annotations

import json
from collections.abc import Iterable

from starlette.datastructures import Headers
from starlette.types import ASGIApp, Message, Receive, Scope, Send

from ..people import holder_in

HEADERS_TOO_LARGE = ("headers_too_large", "the request's headers are too large")
SAFE_METHODS = frozenset({"GET", "HEAD", "OPTIONS"})
"""Methods that change nothing here, so a cross-site page gains nothing by sending them."""


def content_security_policy(frame_ancestors: str) -> str:
    """The pages' policy: everything from this site only, framed by ``frame_ancestors``."""
    return "; ".join(
        [
            "default-src 'self'",
            "script-src 'self'",
            "style-src 'self'",
            "img-src 'self' data:",
            "font-src 'self'",
            "connect-src 'self'",
            "media-src 'self' data:",
            "object-src 'none'",
            "base-uri 'none'",
            "form-action 'self'",
            f"frame-ancestors {frame_ancestors}",
        ]
    )


CONTENT_SECURITY_POLICY = content_security_policy("'none'")
COMMON_HEADERS: tuple[tuple[bytes, bytes], ...] = (
    (b"x-content-type-options", b"nosniff"),
    (b"referrer-policy", b"same-origin"),
    (b"cross-origin-opener-policy", b"same-origin"),
    (b"permissions-policy", b"camera=(), microphone=(), geolocation=(), payment=()"),
)
SECURITY_HEADERS: tuple[tuple[bytes, bytes], ...] = (
    (b"content-security-policy", CONTENT_SECURITY_POLICY.encode()),
    (b"x-frame-options", b"DENY"),
    *COMMON_HEADERS,
)
EMBED_PREFIX = "/embed/"
"""The pages a host may let other sites frame (web.watch): a board to look at, with no
control that acts, so a frame cannot trick a person into a click."""


def embed_headers(origins: Iterable[str]) -> tuple[tuple[bytes, bytes], ...]:
    """The security headers of an embeddable page: framed by these origins only. With
    none, the same as every page (framed by nobody). ``X-Frame-Options`` names no list
    of origins, so it is left out when some may frame: browsers obey the policy's
    ``frame-ancestors`` over it."""
    listed = " ".join(sorted(set(origins)))
    if not listed:
        return SECURITY_HEADERS
    policy = content_security_policy(listed)
    return ((b"content-security-policy", policy.encode()), *COMMON_HEADERS)


def own_origin(scope: Scope, headers: Headers) -> str | None:
    """The origin this request was addressed to (scheme from the trusted proxy, if any)."""
    host = headers.get("host")
    if not host:
        return None
    scheme = "https" if scope.get("scheme") in ("https", "wss") else "http"
    return f"{scheme}://{host}"


def origin_is_ours(origin: str, own: str | None, allowed: Iterable[str]) -> bool:
    """An Origin header names us when it is listed, or is the very origin asked for."""
    if origin in allowed:
        return True
    return own is not None and origin == own


def same_origin_request(scope: Scope, allowed: Iterable[str]) -> bool:
    """Whether a state-changing request may come from where it says it comes from.

    Browsers send ``Origin`` with every POST, PUT, PATCH and DELETE (and
    ``Sec-Fetch-Site``); a page of another origin — even another port of the same
    host, which ``SameSite=Lax`` cookies do not stop — names itself there. Clients
    that are not browsers send neither and carry no victim's cookies.
    """
    headers = Headers(scope=scope)
    origin = headers.get("origin")
    if origin is not None:
        origin = origin.rstrip("/")
        return origin != "null" and origin_is_ours(origin, own_origin(scope, headers), allowed)
    fetch_site = headers.get("sec-fetch-site")
    return fetch_site is None or fetch_site in ("same-origin", "none")


class SecurityMiddleware:
    """Refuses cross-site changes (403) and oversized headers (431); adds the security
    headers to every HTTP response."""

    def __init__(
        self,
        app: ASGIApp,
        *,
        allowed_origins: Iterable[str],
        max_header_bytes: int,
        max_body_bytes: int,
        embed_origins: Iterable[str] = (),
    ) -> None:
        self.app = app
        self.embed_headers = embed_headers(embed_origins)
        self.allowed_origins = frozenset(origin.rstrip("/") for origin in allowed_origins)
        self.max_header_bytes = max_header_bytes
        self.max_body_bytes = max_body_bytes

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] not in ("http", "websocket"):
            await self.app(scope, receive, send)
            return
        size = sum(len(name) + len(value) + 4 for name, value in scope["headers"])
        if size > self.max_header_bytes:
            await _refuse(
                scope, send, 431, "headers_too_large", "the request's headers are too large"
            )
            return
        if scope["type"] == "websocket":
            await self.app(scope, receive, send)
            return
        # A bearer request the token gate let through (web.people.BearerGate) carries no
        # cookie: no page of another site can send it in a victim's name.
        if (
            scope["method"] not in SAFE_METHODS
            and holder_in(scope) is None
            and not same_origin_request(scope, self.allowed_origins)
        ):
            await _refuse(
                scope,
                send,
                403,
                "cross_site_request",
                "this change must come from a page of this site",
            )
            return
        headers = Headers(scope=scope)
        length = headers.get("content-length")
        if length is not None and (not length.isdigit() or int(length) > self.max_body_bytes):
            # Refused on its word, before a byte of it is read.
            await _refuse(scope, send, 413, "body_too_large", "the request's body is too large")
            return
        if length is None and "transfer-encoding" in headers:
            # Streamed without a length: read it here, and stop at the limit.
            buffered = await _read_at_most(receive, self.max_body_bytes)
            if buffered is None:
                await _refuse(scope, send, 413, "body_too_large", "the request's body is too large")
                return
            receive = _replaying(buffered, receive)
        framed = scope["path"].startswith(EMBED_PREFIX)
        added = self.embed_headers if framed else SECURITY_HEADERS
        await self.app(scope, receive, _with_security_headers(send, added))


async def _read_at_most(receive: Receive, limit: int) -> bytes | None:
    """The whole body, or None as soon as it grows past ``limit`` bytes."""
    chunks: list[bytes] = []
    size = 0
    while True:
        message = await receive()
        if message["type"] != "http.request":
            break
        chunk = message.get("body", b"")
        size += len(chunk)
        if size > limit:
            return None
        chunks.append(chunk)
        if not message.get("more_body", False):
            break
    return b"".join(chunks)


def _replaying(body: bytes, receive: Receive) -> Receive:
    """A receive that gives the app the body read already, then what follows."""
    sent = False

    async def replay() -> Message:
        nonlocal sent
        if not sent:
            sent = True
            return {"type": "http.request", "body": body, "more_body": False}
        return await receive()

    return replay


def _with_security_headers(send: Send, headers: tuple[tuple[bytes, bytes], ...]) -> Send:
    async def sending(message: Message) -> None:
        if message["type"] == "http.response.start":
            present = {name.lower() for name, _ in message.get("headers", [])}
            extra = [(name, value) for name, value in headers if name not in present]
            message = {**message, "headers": [*message.get("headers", []), *extra]}
        await send(message)

    return sending


async def _refuse(scope: Scope, send: Send, status: int, code: str, message: str) -> None:
    """A JSON refusal in the API's error shape; nothing of the request was read."""
    if scope["type"] == "websocket":
        await send({"type": "websocket.close", "code": 1008, "reason": message})
        return
    body = json.dumps({"detail": {"code": code, "message": message}}).encode()
    headers = [
        (b"content-type", b"application/json"),
        (b"content-length", str(len(body)).encode()),
        (b"connection", b"close"),
        *SECURITY_HEADERS,
    ]
    await send({"type": "http.response.start", "status": status, "headers": headers})
    await send({"type": "http.response.body", "body": body})
