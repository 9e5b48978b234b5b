"""Who this server is to the browser's authenticator: the relying party.

A passkey belongs to a host name (its ``rp_id``), and the browser signs the page's
origin into every answer. Both come from the origin the page was opened at, so the
passkeys work at whichever of the server's addresses people use — but only at one
the host listed (``allowed_origins`` and ``public_url``): a page elsewhere that
forwards requests here gets nothing. Browsers refuse an IP address as ``rp_id``
(``http://127.0.0.1:8000``): such an origin is told to use the server's name.
"""

from __future__ import annotations

import ipaddress
from dataclasses import dataclass
from urllib.parse import urlsplit

from fastapi import Request

from ..i18n import N_
from ..settings import Settings
from .refusals import refusal

SITE_NAME = "Chromino online"
"""What the authenticator shows beside the person's name when it offers the passkey."""


@dataclass(frozen=True)
class RelyingParty:
    id: str
    """The host name the passkeys are bound to (``chromino.example.org``, ``localhost``)."""
    origin: str
    """The page's origin, which the browser's answer must name."""
    name: str = SITE_NAME


def _origin_of(url: str) -> str:
    parts = urlsplit(url)
    return f"{parts.scheme}://{parts.netloc}"


def listed_origins(settings: Settings) -> frozenset[str]:
    """The origins where this server's pages may ask for passkeys."""
    listed = {origin.rstrip("/") for origin in settings.allowed_origins}
    listed.add(_origin_of(settings.public_url))
    return frozenset(listed)


def _is_address(host: str) -> bool:
    try:
        ipaddress.ip_address(host)
    except ValueError:
        return False
    return True


def relying_party(request: Request) -> RelyingParty:
    """The relying party for this request, from its ``Origin`` (which every browser
    sends with a POST); refused when the origin is not one of the server's."""
    origin = (request.headers.get("origin") or "").rstrip("/")
    settings: Settings = request.app.state.settings
    if not origin or origin not in listed_origins(settings):
        raise refusal(
            403, "origin_not_allowed", N_("passkeys work only on a page of this server's address")
        )
    host = urlsplit(origin).hostname or ""
    if _is_address(host):
        raise refusal(
            400,
            "passkeys_need_a_name",
            N_(
                "passkeys need the server's name in the address, not its number: "
                "open it at its name (on this computer, localhost)"
            ),
        )
    return RelyingParty(id=host, origin=origin)
