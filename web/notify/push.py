"""Sending one Web Push message to one browser subscription.

Web Push is three standards working together: the push protocol (RFC 8030: POST the
message to the endpoint the browser was given by its push service), message
encryption (RFC 8291, content coding ``aes128gcm``: only the browser that holds the
subscription's private key can read the payload, so the push service in between
cannot), and VAPID (RFC 8292: a signed token naming this install, so the push service
accepts only messages from the server the browser subscribed with). The encryption and
the signing are pywebpush's and py_vapid's; this module keeps the inputs honest (what a
browser hands over, what a push can carry), turns the push service's answer into what
the caller must do next, and runs the blocking HTTP call off the event loop.

Nothing here logs a subscription's keys or its full endpoint (the endpoint's path is
itself a secret: whoever knows it can push to that browser); logs name the push
service's origin only.
"""

from __future__ import annotations

import asyncio
import base64
import binascii
import enum
import json
import logging
import re
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any, cast
from urllib.parse import urlsplit

import requests
from cryptography.hazmat.primitives import serialization
from cryptography.hazmat.primitives.asymmetric import ec
from py_vapid import Vapid, VapidException  # type: ignore[import-untyped]
from pywebpush import WebPushException, webpush  # type: ignore[import-untyped]

logger = logging.getLogger(__name__)

#: The largest JSON payload (UTF-8 bytes) a push may carry. RFC 8291 leaves 3,993 bytes
#: of plaintext in the 4,096-byte body every push service must accept; staying well
#: under it leaves room for a service that counts differently and keeps the message in
#: a single encrypted record.
MAX_PAYLOAD_BYTES = 3000

#: The longest endpoint accepted from a browser. Real ones are a few hundred characters;
#: the cap only stops a client from storing a megabyte in the subscriptions table.
MAX_ENDPOINT_LENGTH = 2048

#: RFC 8030 section 5.3: how hard the push service should try to wake the device.
URGENCIES = frozenset({"very-low", "low", "normal", "high"})

_P256DH_BYTES = 65  # an uncompressed P-256 point: 0x04, then x and y of 32 bytes each
_AUTH_BYTES = 16  # RFC 8291 section 3.2: the auth secret is 16 random bytes
_PRIVATE_SCALAR_BYTES = 32  # a P-256 private key is one 32-byte integer
_BASE64URL = re.compile(r"[A-Za-z0-9_-]*={0,2}")


def _b64url_encode(raw: bytes) -> str:
    """Base64url without padding: the form browsers give and want (the Push API's
    ``applicationServerKey`` and ``toJSON()`` keys) and py_vapid's raw key form."""
    return base64.urlsafe_b64encode(raw).rstrip(b"=").decode("ascii")


def _b64url_decode(text: str) -> bytes:
    """Decode base64url with or without its padding; ValueError for anything else
    (standard base64's ``+`` and ``/`` included: a browser never sends them)."""
    if not _BASE64URL.fullmatch(text):
        raise ValueError("not base64url")
    unpadded = text.rstrip("=")
    try:
        return base64.urlsafe_b64decode(unpadded + "=" * (-len(unpadded) % 4))
    except (binascii.Error, ValueError) as error:
        raise ValueError("not base64url") from error


def _uncompressed_point(public_key: ec.EllipticCurvePublicKey) -> bytes:
    return public_key.public_bytes(
        serialization.Encoding.X962, serialization.PublicFormat.UncompressedPoint
    )


def _private_key_from_scalar(private_key: str) -> ec.EllipticCurvePrivateKey:
    """The P-256 key whose private scalar ``private_key`` holds (base64url, 32 bytes)."""
    try:
        scalar = _b64url_decode(private_key)
    except ValueError as error:
        raise ValueError("private_key: not base64url") from error
    if len(scalar) != _PRIVATE_SCALAR_BYTES:
        raise ValueError(f"private_key: expected {_PRIVATE_SCALAR_BYTES} bytes")
    try:
        return ec.derive_private_key(int.from_bytes(scalar, "big"), ec.SECP256R1())
    except ValueError as error:  # zero, or not below the curve's order
        raise ValueError("private_key: not a P-256 private key") from error


@dataclass(frozen=True)
class VapidKeys:
    """This install's VAPID key pair (RFC 8292), made once and kept in the database.

    ``private_key`` is the base64url (unpadded) 32-byte private scalar: 43 ASCII
    characters that fit any text column, the form py_vapid reads back
    (``Vapid.from_raw``/``from_string``) and the one the ``web-push`` npm package's
    ``generate-vapid-keys`` prints, so an operator can bring keys from an earlier setup
    (a PEM, such as ``vapid --gen`` writes, converts with ``from_private_key``). PEM was
    the other choice for storing; it is longer, has line breaks, and py_vapid's
    ``from_string`` cannot read it (only its file loader can).

    ``public_key`` is the base64url (unpadded) uncompressed P-256 point: what the page
    hands to ``pushManager.subscribe({applicationServerKey})``.

    Making one checks that the two halves belong together: a stored public key that
    does not match would let browsers subscribe with a key the pushes are not signed
    with, and every push service would then refuse every push.
    """

    private_key: str = field(repr=False)
    public_key: str

    def __post_init__(self) -> None:
        derived = _uncompressed_point(_private_key_from_scalar(self.private_key).public_key())
        try:
            given = _b64url_decode(self.public_key)
        except ValueError as error:
            raise ValueError("public_key: not base64url") from error
        if given != derived:
            raise ValueError("public_key: does not belong to private_key")

    @classmethod
    def from_private_key(cls, private_key: str) -> VapidKeys:
        """The key pair for a private key given as stored here (base64url scalar) or as
        a PEM (PKCS#8 or SEC1, e.g. ``vapid --gen``'s ``private_key.pem``), its public
        half worked out again; ValueError if it is neither or not a P-256 key."""
        text = private_key.strip()
        if text.startswith("-----BEGIN"):
            try:
                loaded = serialization.load_pem_private_key(text.encode("ascii"), None)
            except (ValueError, TypeError) as error:
                raise ValueError("private_key: not a readable PEM private key") from error
            if not isinstance(loaded, ec.EllipticCurvePrivateKey) or not isinstance(
                loaded.curve, ec.SECP256R1
            ):
                raise ValueError("private_key: not a P-256 (prime256v1) key")
            key = loaded
        else:
            key = _private_key_from_scalar(text)
        scalar = key.private_numbers().private_value.to_bytes(_PRIVATE_SCALAR_BYTES, "big")
        return cls(
            private_key=_b64url_encode(scalar),
            public_key=_b64url_encode(_uncompressed_point(key.public_key())),
        )


def make_vapid_keys() -> VapidKeys:
    """A fresh VAPID key pair, for an install that has none yet.

    The scalar is written at its full 32 bytes even when it has leading zero bytes
    (about 1 key in 256): py_vapid's ``from_string`` tells a raw key from a DER one by
    its length, so a shortened scalar would be misread.
    """
    vapid = Vapid()
    vapid.generate_keys()
    key = cast(ec.EllipticCurvePrivateKey, vapid.private_key)
    scalar = key.private_numbers().private_value.to_bytes(_PRIVATE_SCALAR_BYTES, "big")
    return VapidKeys(
        private_key=_b64url_encode(scalar),
        public_key=_b64url_encode(_uncompressed_point(key.public_key())),
    )


@dataclass(frozen=True)
class PushSubscription:
    """One browser's push subscription, as its ``PushSubscription.toJSON()`` gives it.

    ``p256dh`` (the browser's public key, which the payload is encrypted to) and
    ``auth`` (its shared secret) are kept unpadded base64url, and stay out of the repr
    so that no log or traceback shows them.
    """

    endpoint: str
    p256dh: str = field(repr=False)
    auth: str = field(repr=False)

    @classmethod
    def from_browser(cls, data: object, *, allow_http: bool = False) -> PushSubscription:
        """Check what a browser sent (``subscription.toJSON()``, parsed) and keep it.

        Raises ValueError naming the first field that is wrong, so the page can be told
        and nothing unusable is stored. ``expirationTime`` and unknown fields are
        ignored. The endpoint must be https (a push service always is); ``allow_http``
        lets tests use a push service on a local port.
        """
        if not isinstance(data, Mapping):
            raise ValueError("subscription: expected an object")
        endpoint = data.get("endpoint")
        if not isinstance(endpoint, str) or not endpoint:
            raise ValueError("endpoint: missing")
        if len(endpoint) > MAX_ENDPOINT_LENGTH:
            raise ValueError(f"endpoint: longer than {MAX_ENDPOINT_LENGTH} characters")
        parts = urlsplit(endpoint)
        schemes = {"https", "http"} if allow_http else {"https"}
        if parts.scheme not in schemes:
            raise ValueError(f"endpoint: must be an {' or '.join(sorted(schemes))} URL")
        if not parts.hostname or parts.username is not None or parts.password is not None:
            raise ValueError("endpoint: must name a host, and no user or password")
        keys = data.get("keys")
        if not isinstance(keys, Mapping):
            raise ValueError("keys: missing")
        p256dh = cls._key(keys, "p256dh", _P256DH_BYTES)
        try:
            ec.EllipticCurvePublicKey.from_encoded_point(ec.SECP256R1(), p256dh)
        except ValueError as error:
            raise ValueError("keys.p256dh: not an uncompressed P-256 public key") from error
        auth = cls._key(keys, "auth", _AUTH_BYTES)
        return cls(endpoint=endpoint, p256dh=_b64url_encode(p256dh), auth=_b64url_encode(auth))

    @staticmethod
    def _key(keys: Mapping[Any, Any], name: str, size: int) -> bytes:
        value = keys.get(name)
        if not isinstance(value, str) or not value:
            raise ValueError(f"keys.{name}: missing")
        try:
            raw = _b64url_decode(value)
        except ValueError as error:
            raise ValueError(f"keys.{name}: not base64url") from error
        if len(raw) != size:
            raise ValueError(f"keys.{name}: expected {size} bytes, got {len(raw)}")
        return raw

    def to_json(self) -> dict[str, Any]:
        """The subscription in the browser's own shape, as pywebpush takes it."""
        return {"endpoint": self.endpoint, "keys": {"p256dh": self.p256dh, "auth": self.auth}}

    @property
    def origin(self) -> str:
        """The push service's origin: the VAPID audience, and all that logs may show."""
        parts = urlsplit(self.endpoint)
        return f"{parts.scheme}://{parts.netloc}"


class PushOutcome(enum.Enum):
    """What the push service's answer means for the caller."""

    DELIVERED = "delivered"  # 2xx: accepted (the device may still be offline)
    GONE = "gone"  # 404 or 410: the subscription is dead; delete it
    FAILED = "failed"  # anything else, or no answer: keep it, maybe try again later


@dataclass(frozen=True)
class PushResult:
    """The outcome, with the push service's HTTP status when it answered at all."""

    outcome: PushOutcome
    status: int | None


def _outcome_of(status: int | None) -> PushOutcome:
    if status is not None and 200 <= status < 300:
        return PushOutcome.DELIVERED
    if status in (404, 410):
        return PushOutcome.GONE
    return PushOutcome.FAILED


def encode_payload(payload: Mapping[str, Any]) -> str:
    """The payload as compact JSON (UTF-8 text kept as is, which the service worker's
    ``event.data.json()`` reads); ValueError when it is not JSON (NaN included, which
    ``JSON.parse`` rejects) or longer than MAX_PAYLOAD_BYTES once encoded."""
    try:
        text = json.dumps(payload, separators=(",", ":"), ensure_ascii=False, allow_nan=False)
    except (TypeError, ValueError) as error:
        raise ValueError(f"payload: not JSON ({error})") from error
    size = len(text.encode("utf-8"))
    if size > MAX_PAYLOAD_BYTES:
        raise ValueError(f"payload: {size} bytes of JSON, a push carries {MAX_PAYLOAD_BYTES}")
    return text


async def send_push(
    subscription: PushSubscription,
    payload: Mapping[str, Any],
    keys: VapidKeys,
    contact: str,
    *,
    ttl: int = 86400,
    urgency: str = "normal",
    timeout: float = 10,
) -> PushResult:
    """Encrypt ``payload`` to ``subscription``, sign it with ``keys`` and post it.

    ``contact`` is the VAPID ``sub`` claim, where a push service can reach the
    operator: ``mailto:someone@example.org`` or a bare ``https://example.org`` (py_vapid
    refuses an https URL with a path or a port). ``ttl`` is how many seconds the push
    service keeps the message for a device that is offline; ``urgency`` is one of
    URGENCIES. Bad arguments raise ValueError before anything is sent; what the push
    service says (or a network error) comes back as a PushResult, never as an exception.
    """
    data = encode_payload(payload)
    if ttl < 0:
        raise ValueError("ttl: must not be negative")
    if urgency not in URGENCIES:
        raise ValueError(f"urgency: must be one of {', '.join(sorted(URGENCIES))}")
    if not contact.startswith(("mailto:", "https://")):
        raise ValueError("contact: must be a mailto: address or an https URL")
    return await asyncio.to_thread(
        _send_blocking,
        subscription,
        data,
        keys=keys,
        contact=contact,
        ttl=ttl,
        urgency=urgency,
        timeout=timeout,
    )


def _send_blocking(
    subscription: PushSubscription,
    data: str,
    *,
    keys: VapidKeys,
    contact: str,
    ttl: int,
    urgency: str,
    timeout: float,
) -> PushResult:
    """The blocking part of send_push, run on a worker thread."""
    # A Vapid object, not the key string: webpush() would first look for a file of
    # that name. A fresh claims dict each time, since webpush() writes into it.
    vapid = Vapid.from_raw(keys.private_key.encode("ascii"))
    claims: dict[str, str | int] = {"sub": contact, "aud": subscription.origin}
    origin = subscription.origin
    with requests.Session() as session:
        # A push service answers, it does not redirect: following one would post to a
        # host the browser never named (and requests turns a 301/302 POST into a GET).
        session.max_redirects = 0
        try:
            response = webpush(
                subscription_info=subscription.to_json(),
                data=data,
                vapid_private_key=vapid,
                vapid_claims=claims,
                content_encoding="aes128gcm",
                timeout=timeout,
                ttl=ttl,
                headers={"Urgency": urgency},
                requests_session=session,
            )
        except VapidException as error:
            raise ValueError(f"contact: py_vapid cannot sign it ({error})") from error
        except WebPushException as error:
            # webpush() raises for any status above 202; the response rides along.
            status = cast("int | None", error.status_code)
            result = PushResult(_outcome_of(status), status)
        except requests.RequestException as error:
            # No answer (refused connection, timeout, TLS) or a redirect not followed.
            answered = error.response
            status = answered.status_code if answered is not None else None
            logger.warning("push to %s got no answer: %s", origin, type(error).__name__)
            return PushResult(PushOutcome.FAILED, status)
        else:
            status = cast(int, response.status_code)
            result = PushResult(_outcome_of(status), status)
    if result.outcome is PushOutcome.DELIVERED:
        logger.debug("push to %s delivered (%s)", origin, status)
    elif result.outcome is PushOutcome.GONE:
        logger.info("push to %s: subscription gone (%s)", origin, status)
    else:
        logger.warning("push to %s failed (%s)", origin, status)
    return result
