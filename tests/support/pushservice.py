"""A real push service on a local port, standing in for a browser's (RFC 8030).

It holds each subscription's private half the way a browser does, so a test can see a
push arrive, decrypt it (RFC 8291, ``aes128gcm``) and read the VAPID token it was
signed with (RFC 8292), checked as a real push service checks it: an ES256 signature by
the ``k`` key, the audience this service's origin, an expiry in the next 24 hours, a
``sub`` contact, and ``k`` the key the subscription was made with when one was given.
Whatever it refuses is kept in ``refused``, so a test can say that nothing was.
"""

from __future__ import annotations

import base64
import http.server
import json
import secrets
import socket
import threading
import time
from collections.abc import Mapping
from dataclasses import dataclass, field
from types import TracebackType
from typing import Any, cast
from urllib.parse import urlsplit

import http_ece  # type: ignore[import-untyped]
from cryptography.exceptions import InvalidSignature
from cryptography.hazmat.primitives import hashes, serialization
from cryptography.hazmat.primitives.asymmetric import ec
from cryptography.hazmat.primitives.asymmetric.utils import encode_dss_signature

MAX_BODY_BYTES = 4096  # RFC 8291 section 4: what every push service must accept
MAX_EXPIRY_SECONDS = 24 * 60 * 60  # RFC 8292 section 2: no more than 24 hours ahead
URGENCIES = {"very-low", "low", "normal", "high"}


def b64url(raw: bytes) -> str:
    return base64.urlsafe_b64encode(raw).rstrip(b"=").decode("ascii")


def unb64url(text: str) -> bytes:
    return base64.urlsafe_b64decode(text + "=" * (-len(text) % 4))


@dataclass(frozen=True)
class ReceivedPush:
    """One push the service accepted: its decrypted JSON payload, the request's headers
    (names lower-cased), the VAPID claims and the ``k`` key that signed them."""

    subscription_id: str
    payload: dict[str, Any]
    headers: dict[str, str]
    vapid_claims: dict[str, Any]
    vapid_public_key: str


@dataclass(frozen=True)
class RefusedPush:
    """One push the service turned down, with the status it answered and why."""

    subscription_id: str
    status: int
    reason: str


@dataclass
class _Subscription:
    id: str
    endpoint: str
    private_key: ec.EllipticCurvePrivateKey
    auth_secret: bytes
    application_server_key: str | None
    answer: int | None = None  # a status to give instead of accepting
    answer_headers: dict[str, str] = field(default_factory=dict)


class _Refusal(Exception):
    def __init__(self, status: int, reason: str) -> None:
        super().__init__(reason)
        self.status = status
        self.reason = reason


SubscriptionRef = str | Mapping[str, Any]


class PushService:
    """Use as ``with PushService() as service:``; ``service.subscribe()`` gives what a
    browser's ``subscription.toJSON()`` would, pointing at this service."""

    def __init__(self) -> None:
        self._lock = threading.Condition()
        self._subscriptions: dict[str, _Subscription] = {}
        self.received: list[ReceivedPush] = []
        self.refused: list[RefusedPush] = []
        self._server = _Server(self)
        self._thread = threading.Thread(
            target=lambda: self._server.serve_forever(poll_interval=0.02),
            name="push-service",
            daemon=True,
        )

    @property
    def origin(self) -> str:
        host, port = self._server.server_address[:2]
        return f"http://{host!s}:{port}"

    def __enter__(self) -> PushService:
        self._thread.start()
        return self

    def __exit__(
        self,
        kind: type[BaseException] | None,
        error: BaseException | None,
        traceback: TracebackType | None,
    ) -> None:
        self._server.shutdown()
        self._server.server_close()
        self._thread.join(timeout=10)

    def subscribe(self, application_server_key: str | None = None) -> dict[str, Any]:
        """A new subscription, made as a browser makes one: a fresh P-256 key pair and
        a 16-byte auth secret. With ``application_server_key`` (what the page passed to
        ``pushManager.subscribe``) only pushes signed by that key are accepted."""
        private_key = ec.generate_private_key(ec.SECP256R1())
        subscription = _Subscription(
            id=secrets.token_urlsafe(12),
            endpoint="",
            private_key=private_key,
            auth_secret=secrets.token_bytes(16),
            application_server_key=application_server_key,
        )
        subscription.endpoint = f"{self.origin}/push/{subscription.id}"
        with self._lock:
            self._subscriptions[subscription.id] = subscription
        public = private_key.public_key().public_bytes(
            serialization.Encoding.X962, serialization.PublicFormat.UncompressedPoint
        )
        return {
            "endpoint": subscription.endpoint,
            "expirationTime": None,
            "keys": {"p256dh": b64url(public), "auth": b64url(subscription.auth_secret)},
        }

    @staticmethod
    def origin_of(subscription: Mapping[str, Any]) -> str:
        """The origin of a subscription's endpoint: its VAPID audience."""
        parts = urlsplit(str(subscription["endpoint"]))
        return f"{parts.scheme}://{parts.netloc}"

    @staticmethod
    def id_of(subscription: SubscriptionRef) -> str:
        """The id in a subscription's endpoint (or the id itself)."""
        if isinstance(subscription, str):
            return subscription
        return str(subscription["endpoint"]).rsplit("/", 1)[-1]

    def unsubscribe(self, subscription: SubscriptionRef) -> None:
        """The browser dropped it: pushes to it are answered 410 Gone from now on."""
        self.fail(subscription, 410)

    def fail(
        self, subscription: SubscriptionRef, status: int, headers: Mapping[str, str] | None = None
    ) -> None:
        """Answer pushes to this subscription with ``status`` (and ``headers``)."""
        with self._lock:
            found = self._subscriptions[self.id_of(subscription)]
            found.answer = status
            found.answer_headers = dict(headers or {})

    def wait_for(self, count: int, timeout: float = 10) -> list[ReceivedPush]:
        """Every push received, once there are at least ``count``; AssertionError (with
        what was refused meanwhile) if they have not come within ``timeout`` seconds."""
        with self._lock:
            if not self._lock.wait_for(lambda: len(self.received) >= count, timeout):
                raise AssertionError(
                    f"waited {timeout}s for {count} pushes, got {len(self.received)};"
                    f" refused: {self.refused}"
                )
            return list(self.received)

    def handle_push(
        self, path: str, headers: Mapping[str, str], body: bytes
    ) -> tuple[int, dict[str, str]]:
        """Check and record one push; the status and headers to answer with."""
        parts = path.split("/")
        with self._lock:
            found = None
            if len(parts) == 3 and parts[0] == "" and parts[1] == "push":
                found = self._subscriptions.get(parts[2])
            if found is None:
                return 404, {}
            if found.answer is not None:
                return found.answer, dict(found.answer_headers)
        try:
            claims, key = self._check_vapid(found, headers.get("authorization", ""))
            payload = self._open(found, headers, body)
        except _Refusal as refusal:
            with self._lock:
                self.refused.append(RefusedPush(found.id, refusal.status, refusal.reason))
            return refusal.status, {}
        with self._lock:
            self.received.append(ReceivedPush(found.id, payload, dict(headers), claims, key))
            self._lock.notify_all()
        return 201, {"Location": f"{self.origin}/message/{secrets.token_urlsafe(8)}"}

    def _check_vapid(self, subscription: _Subscription, header: str) -> tuple[dict[str, Any], str]:
        scheme, _, rest = header.partition(" ")
        if scheme.lower() != "vapid":
            raise _Refusal(401, f"Authorization is not vapid: {scheme!r}")
        params: dict[str, str] = {}
        for item in rest.split(","):
            name, _, value = item.strip().partition("=")
            params[name.strip()] = value.strip()
        token, key = params.get("t", ""), params.get("k", "")
        if not token or not key:
            raise _Refusal(401, "Authorization lacks t= or k=")
        try:
            head, body, signature = token.split(".")
            header_claims = json.loads(unb64url(head))
            claims = json.loads(unb64url(body))
            raw_signature = unb64url(signature)
            public_key = ec.EllipticCurvePublicKey.from_encoded_point(ec.SECP256R1(), unb64url(key))
        except ValueError as error:
            raise _Refusal(401, f"unreadable token or key: {error}") from error
        if header_claims.get("alg") != "ES256" or len(raw_signature) != 64:
            raise _Refusal(401, f"not an ES256 token: {header_claims}")
        der = encode_dss_signature(
            int.from_bytes(raw_signature[:32], "big"), int.from_bytes(raw_signature[32:], "big")
        )
        try:
            public_key.verify(der, f"{head}.{body}".encode("ascii"), ec.ECDSA(hashes.SHA256()))
        except InvalidSignature as error:
            raise _Refusal(403, "bad signature") from error
        if subscription.application_server_key not in (None, key):
            raise _Refusal(403, "signed by a key the subscription was not made with")
        if claims.get("aud") != self.origin:
            raise _Refusal(403, f"aud {claims.get('aud')!r} is not {self.origin}")
        expiry = claims.get("exp")
        now = time.time()
        if not isinstance(expiry, int) or not now < expiry <= now + MAX_EXPIRY_SECONDS:
            raise _Refusal(403, f"exp {expiry!r} is not within the next 24 hours")
        if not isinstance(claims.get("sub"), str) or not claims["sub"]:
            raise _Refusal(403, "no sub claim")
        return cast(dict[str, Any], claims), key

    def _open(
        self, subscription: _Subscription, headers: Mapping[str, str], body: bytes
    ) -> dict[str, Any]:
        if "ttl" not in headers or not headers["ttl"].isdigit():
            raise _Refusal(400, "no TTL header")  # RFC 8030 section 5.2
        if headers.get("urgency", "normal") not in URGENCIES:
            raise _Refusal(400, f"bad Urgency {headers['urgency']!r}")
        if headers.get("content-encoding") != "aes128gcm":
            raise _Refusal(415, f"Content-Encoding {headers.get('content-encoding')!r}")
        if len(body) > MAX_BODY_BYTES:
            raise _Refusal(413, f"body of {len(body)} bytes")
        try:
            plain = http_ece.decrypt(
                body,
                private_key=subscription.private_key,
                auth_secret=subscription.auth_secret,
                version="aes128gcm",
            )
            payload = json.loads(plain.decode("utf-8"))
        except Exception as error:  # http_ece raises several kinds
            raise _Refusal(400, f"cannot decrypt: {error!r}") from error
        if not isinstance(payload, dict):
            raise _Refusal(400, "payload is not a JSON object")
        return payload


class _Server(http.server.ThreadingHTTPServer):
    daemon_threads = True

    def __init__(self, service: PushService) -> None:
        super().__init__(("127.0.0.1", 0), _Handler)
        self.service = service


class _Handler(http.server.BaseHTTPRequestHandler):
    def do_POST(self) -> None:
        length = int(self.headers.get("Content-Length") or 0)
        body = self.rfile.read(length)
        headers = {name.lower(): value for name, value in self.headers.items()}
        service = cast(_Server, self.server).service
        status, extra = service.handle_push(urlsplit(self.path).path, headers, body)
        self.send_response(status)
        for name, value in extra.items():
            self.send_header(name, value)
        self.send_header("Content-Length", "0")
        self.end_headers()

    def log_message(self, format: str, *args: Any) -> None:
        """Quiet: the test's own failure says what went wrong."""


def unused_origin() -> str:
    """An http origin on a local port nothing listens on, for a push that gets no
    answer: the port is taken from the system and let go again at once."""
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as probe:
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    return f"http://127.0.0.1:{port}"
