"""What the passkey routes accept and return.

A browser's answer is checked for its shape here (unknown fields, a value that is
not base64url: a 422 naming the field) before the cryptography is tried on it."""

from __future__ import annotations

from datetime import datetime
from typing import Annotated, Any, Literal

from pydantic import BaseModel, Field, StringConstraints

from ..people import Inbound, Name

Base64Url = Annotated[
    str, StringConstraints(min_length=1, max_length=16_000, pattern=r"^[A-Za-z0-9_-]+={0,2}$")
]
"""Bytes as WebAuthn's JSON writes them (base64url; padding tolerated)."""
CredentialId = Annotated[
    str, StringConstraints(min_length=16, max_length=1400, pattern=r"^[A-Za-z0-9_-]+={0,2}$")
]
Transport = Annotated[str, StringConstraints(min_length=1, max_length=20, pattern=r"^[a-z-]+$")]
PasskeyName = Annotated[
    str,
    StringConstraints(
        strip_whitespace=True, min_length=1, max_length=60, pattern=r"^[^\x00-\x1f\x7f]+$"
    ),
]
"""What a person calls a passkey ("My phone"): one line of text."""


class _Credential(Inbound):
    id: CredentialId
    raw_id: CredentialId = Field(alias="rawId")
    type: Literal["public-key"]
    authenticator_attachment: Literal["platform", "cross-platform"] | None = Field(
        default=None, alias="authenticatorAttachment"
    )


class Attestation(Inbound):
    """A new credential, as ``navigator.credentials.create()`` made it."""

    client_data_json: Base64Url = Field(alias="clientDataJSON")
    attestation_object: Base64Url = Field(alias="attestationObject")
    transports: list[Transport] = Field(default_factory=list, max_length=8)


class Assertion(Inbound):
    """A signature, as ``navigator.credentials.get()`` made it."""

    client_data_json: Base64Url = Field(alias="clientDataJSON")
    authenticator_data: Base64Url = Field(alias="authenticatorData")
    signature: Base64Url
    user_handle: Base64Url | None = Field(default=None, alias="userHandle")


class NewCredential(_Credential):
    response: Attestation


class SigningCredential(_Credential):
    response: Assertion


class RegisterFinish(Inbound):
    """The answer to ``POST /api/passkeys/register/options``, and what to call the
    passkey (unset: "Passkey 2", in the page's language)."""

    credential: NewCredential
    name: PasskeyName | None = None


class SignUpStart(Inbound):
    """A new account with a passkey instead of a password: my name, and the invitation
    link's token on an invitation-only server."""

    name: Name
    invitation: Annotated[str, StringConstraints(min_length=1, max_length=100)] | None = None


class SignUpFinish(Inbound):
    credential: NewCredential


class SignInStart(Inbound):
    """``mine``: a signed-in person proving again it is them (an admin action wants a
    recent sign-in): only their own passkeys are offered, and only they may answer."""

    mine: bool = False


class SignInFinish(Inbound):
    credential: SigningCredential


class PasskeyRename(Inbound):
    name: PasskeyName


class PasskeyPublic(BaseModel):
    id: int
    name: str
    created_at: datetime
    last_used_at: datetime | None


class PasskeysPublic(BaseModel):
    """My passkeys, newest last, and whether I have a password too (the page offers
    to remove it once a passkey is there)."""

    passkeys: list[PasskeyPublic]
    password: bool


def as_webauthn_json(credential: _Credential) -> dict[str, Any]:
    """The answer as the ``webauthn`` package reads it (WebAuthn's own field names)."""
    data = credential.model_dump(by_alias=True, exclude_none=True)
    data.setdefault("clientExtensionResults", {})
    return data
