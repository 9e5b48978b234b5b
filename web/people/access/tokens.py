"""Tokens for links that let someone in: long, random, single-use, stored as hashes.

The link carries the token; the database keeps only its SHA-256. Someone who reads
the database (a backup left lying about) learns no working link, and a lookup by
hash compares nothing secret byte by byte: the hash of a guess is looked up as a
whole, and the stored hash is checked again in constant time.
"""

from __future__ import annotations

import hashlib
import hmac
import re
import secrets

TOKEN_BYTES = 32
"""256 bits: a token is guessed no sooner than the server's secret key."""
TOKEN_SHAPE = re.compile(r"[A-Za-z0-9_\-]{43}")
"""What :func:`new_token` makes (URL-safe base64 of 32 bytes, unpadded)."""


def new_token() -> tuple[str, str]:
    """A fresh token and the hash to store for it."""
    token = secrets.token_urlsafe(TOKEN_BYTES)
    return token, token_hash(token)


def token_hash(token: str) -> str:
    """The stored form of a token (hex SHA-256)."""
    return hashlib.sha256(token.encode()).hexdigest()


def well_formed(token: str) -> bool:
    """Whether ``token`` has the shape of one this server makes (anything else is
    refused before the database is asked)."""
    return TOKEN_SHAPE.fullmatch(token) is not None


def matches(token: str, stored_hash: str) -> bool:
    """Whether ``token`` is the one whose hash was stored, compared in constant time."""
    return hmac.compare_digest(token_hash(token), stored_hash)
