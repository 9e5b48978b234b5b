"""A software authenticator: makes passkeys (P-256 keys) and signs with them as a
phone or a security key would, so the server's checks of WebAuthn answers are tested
byte by byte — a replayed challenge, a wrong origin, a counter that went back — with
answers that are otherwise perfectly valid. (The browser tests use Chromium's own
virtual authenticator; this one lets a test forge what a browser never would.)"""

from __future__ import annotations

import hashlib
import json
import secrets
import struct
from dataclasses import dataclass, field
from typing import Any

from cryptography.hazmat.primitives import hashes
from cryptography.hazmat.primitives.asymmetric import ec
from webauthn.helpers import base64url_to_bytes, bytes_to_base64url, encode_cbor

USER_PRESENT = 0x01
USER_VERIFIED = 0x04
ATTESTED = 0x40


def _client_data(kind: str, challenge: str, origin: str) -> bytes:
    return json.dumps(
        {"type": kind, "challenge": challenge, "origin": origin, "crossOrigin": False}
    ).encode()


def _cose_key(key: ec.EllipticCurvePrivateKey) -> bytes:
    numbers = key.public_key().public_numbers()
    return encode_cbor(
        {1: 2, 3: -7, -1: 1, -2: numbers.x.to_bytes(32, "big"), -3: numbers.y.to_bytes(32, "big")}
    )


@dataclass
class SoftKey:
    """One credential on a software authenticator, with its signature counter."""

    rp_id: str = "localhost"
    credential_id: bytes = field(default_factory=lambda: secrets.token_bytes(32))
    key: ec.EllipticCurvePrivateKey = field(
        default_factory=lambda: ec.generate_private_key(ec.SECP256R1())
    )
    counter: int = 0

    @property
    def id(self) -> str:
        return bytes_to_base64url(self.credential_id)

    def _auth_data(self, flags: int, extra: bytes = b"") -> bytes:
        rp_hash = hashlib.sha256(self.rp_id.encode()).digest()
        return rp_hash + bytes([flags]) + struct.pack(">I", self.counter) + extra

    def create(self, options: dict[str, Any], origin: str) -> dict[str, Any]:
        """The answer to registration options, as a browser sends it."""
        client_data = _client_data("webauthn.create", options["challenge"], origin)
        attested = (
            bytes(16) + struct.pack(">H", len(self.credential_id)) + self.credential_id
        ) + _cose_key(self.key)
        auth_data = self._auth_data(USER_PRESENT | USER_VERIFIED | ATTESTED, attested)
        attestation = encode_cbor({"fmt": "none", "attStmt": {}, "authData": auth_data})
        return {
            "id": self.id,
            "rawId": self.id,
            "type": "public-key",
            "response": {
                "clientDataJSON": bytes_to_base64url(client_data),
                "attestationObject": bytes_to_base64url(attestation),
                "transports": ["internal"],
            },
        }

    def sign(
        self, options: dict[str, Any], origin: str, *, count: int | None = None
    ) -> dict[str, Any]:
        """The answer to sign-in options, the counter moved on (or set to ``count``)."""
        self.counter = self.counter + 1 if count is None else count
        client_data = _client_data("webauthn.get", options["challenge"], origin)
        auth_data = self._auth_data(USER_PRESENT | USER_VERIFIED)
        signed = auth_data + hashlib.sha256(client_data).digest()
        signature = self.key.sign(signed, ec.ECDSA(hashes.SHA256()))
        return {
            "id": self.id,
            "rawId": self.id,
            "type": "public-key",
            "response": {
                "clientDataJSON": bytes_to_base64url(client_data),
                "authenticatorData": bytes_to_base64url(auth_data),
                "signature": bytes_to_base64url(signature),
            },
        }


def challenge_of(options: dict[str, Any]) -> bytes:
    return base64url_to_bytes(options["challenge"])
