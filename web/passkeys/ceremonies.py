"""The two WebAuthn ceremonies, on the ``webauthn`` package: making a passkey
(registration) and signing with one (authentication).

Options ask for a discoverable credential (``residentKey: required``): at sign-in the
authenticator offers the person's passkeys for this site by itself, no name typed.
User verification (a fingerprint, a PIN) is preferred, not required: a security key
without a PIN still works, as the key's presence is always required.
"""

from __future__ import annotations

import hashlib
import hmac
from typing import Any

from webauthn import (
    generate_authentication_options,
    generate_registration_options,
    verify_authentication_response,
    verify_registration_response,
)
from webauthn.helpers import base64url_to_bytes, options_to_json_dict
from webauthn.helpers.exceptions import WebAuthnException
from webauthn.helpers.structs import (
    AuthenticatorSelectionCriteria,
    AuthenticatorTransport,
    PublicKeyCredentialDescriptor,
    ResidentKeyRequirement,
    UserVerificationRequirement,
)
from webauthn.registration.verify_registration_response import VerifiedRegistration

from ..i18n import N_
from ..models import Passkey, User
from .challenges import LIFETIME
from .party import RelyingParty
from .refusals import refusal

TIMEOUT_MS = int(LIFETIME.total_seconds() * 1000)
KNOWN_TRANSPORTS = {transport.value: transport for transport in AuthenticatorTransport}


def user_handle(secret: str, user: User) -> bytes:
    """The account's WebAuthn user handle: stable (an authenticator keeps one passkey
    per account and site), and telling nothing (not the id, not the name)."""
    return hmac.new(secret.encode(), f"passkey-user:{user.id}".encode(), hashlib.sha256).digest()


def _descriptors(passkeys: list[Passkey]) -> list[PublicKeyCredentialDescriptor]:
    return [
        PublicKeyCredentialDescriptor(
            id=base64url_to_bytes(passkey.credential_id),
            transports=[KNOWN_TRANSPORTS[t] for t in passkey.transports if t in KNOWN_TRANSPORTS],
        )
        for passkey in passkeys
    ]


def registration_options(
    party: RelyingParty, name: str, handle: bytes, challenge: bytes, existing: list[Passkey]
) -> dict[str, Any]:
    """What ``navigator.credentials.create()`` needs (as JSON); ``existing`` passkeys
    are excluded, so one authenticator is not registered twice to one account;
    ``name`` is the account's, shown by the authenticator beside the site's."""
    options = generate_registration_options(
        rp_id=party.id,
        rp_name=party.name,
        user_name=name,
        user_id=handle,
        user_display_name=name,
        challenge=challenge,
        timeout=TIMEOUT_MS,
        authenticator_selection=AuthenticatorSelectionCriteria(
            resident_key=ResidentKeyRequirement.REQUIRED,
            user_verification=UserVerificationRequirement.PREFERRED,
        ),
        exclude_credentials=_descriptors(existing),
    )
    return options_to_json_dict(options)


def verify_registration(
    party: RelyingParty, credential: dict[str, Any], challenge: bytes
) -> VerifiedRegistration:
    """The new credential, once its answer proves it was made for this challenge, site
    and page; refused (400) otherwise."""
    try:
        return verify_registration_response(
            credential=credential,
            expected_challenge=challenge,
            expected_rp_id=party.id,
            expected_origin=party.origin,
        )
    except (WebAuthnException, ValueError, TypeError, KeyError):
        raise _not_verified() from None


def authentication_options(
    party: RelyingParty, challenge: bytes, allowed: list[Passkey]
) -> dict[str, Any]:
    """What ``navigator.credentials.get()`` needs (as JSON): any passkey of this site
    (``allowed`` empty), or only those."""
    options = generate_authentication_options(
        rp_id=party.id,
        challenge=challenge,
        timeout=TIMEOUT_MS,
        allow_credentials=_descriptors(allowed),
        user_verification=UserVerificationRequirement.PREFERRED,
    )
    return options_to_json_dict(options)


def verify_authentication(
    party: RelyingParty, credential: dict[str, Any], challenge: bytes, passkey: Passkey
) -> int:
    """The authenticator's new signature count, once the answer is signed by this
    passkey for this challenge, site and page.

    A count that does not go up when the authenticator keeps one (non-zero) means two
    authenticators share the key — a cloned one: refused, like a wrong signature.
    """
    try:
        verified = verify_authentication_response(
            credential=credential,
            expected_challenge=challenge,
            expected_rp_id=party.id,
            expected_origin=party.origin,
            credential_public_key=passkey.public_key,
            credential_current_sign_count=passkey.sign_count,
        )
    except (WebAuthnException, ValueError, TypeError, KeyError):
        raise _not_verified() from None
    return int(verified.new_sign_count)


def _not_verified() -> Exception:
    return refusal(
        400, "passkey_not_verified", N_("the passkey's answer could not be verified; try again")
    )
