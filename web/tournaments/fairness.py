"""Committed deals: the server binds itself to a round's deals before the round and
shows afterwards that it dealt what it had bound itself to, so nobody has to trust
that the deals were not picked with someone in mind.

Before a round the server draws a secret (``RoundSecret``) and publishes its
``commitment``, a SHA-256 of the secret's bytes: it reveals nothing of the secret,
and no other secret has the same one. Each deal of the round is dealt from a seed
derived from the secret (``deal_seed``: an HMAC of the tournament, the round and the
deal key), so the secret fixes every deal at once. After the round the server reveals
the secret; anyone can check it against the commitment (``verify``), derive the seeds
again and re-deal each game (``redeal``), tile for tile.

``redeal`` asks the engine's registry for the game, so it serves every game and names
none; it uses the engine alone, so a command line can run it with no server."""

from __future__ import annotations

import hashlib
import hmac
import secrets
from dataclasses import dataclass
from typing import Any

from chromino import game_named

SECRET_BYTES = 32
"""A round secret's length: 256 bits, beyond guessing."""


def _secret_bytes(secret_hex: str) -> bytes:
    """The secret's bytes; ValueError for anything but 32 bytes in hex."""
    secret = bytes.fromhex(secret_hex)
    if len(secret) != SECRET_BYTES:
        raise ValueError(f"a round secret is {SECRET_BYTES} bytes, not {len(secret)}")
    return secret


@dataclass(frozen=True, slots=True)
class RoundSecret:
    """A round's secret, in hex: kept by the server until the round ends, then
    revealed so its deals can be checked."""

    hex: str

    def __post_init__(self) -> None:
        _secret_bytes(self.hex)

    @classmethod
    def new(cls) -> RoundSecret:
        """A fresh secret from the operating system's random source, so neither the
        server's code nor its operator chooses it."""
        return cls(secrets.token_bytes(SECRET_BYTES).hex())

    @property
    def commitment(self) -> str:
        """What to publish before the round (see ``commitment``)."""
        return commitment(self.hex)


def commitment(secret_hex: str) -> str:
    """The SHA-256 of the secret's bytes, in hex: published before the round, it binds
    the server to the secret without revealing it."""
    return hashlib.sha256(_secret_bytes(secret_hex)).hexdigest()


def verify(commitment_hex: str, secret_hex: str) -> bool:
    """Whether a revealed secret is the one committed to. The comparison takes the same
    time wherever the two differ, and a malformed secret is simply refused."""
    try:
        expected = commitment(secret_hex)
    except ValueError:
        return False
    return hmac.compare_digest(expected, commitment_hex.strip().lower())


def deal_seed(secret_hex: str, tournament: str, round: int, deal_key: str) -> str:
    """The seed every table of one deal is dealt from: HMAC-SHA256 keyed by the secret
    over ``"{tournament}/{round}/{deal_key}"``, in hex. A tournament name may not hold
    a slash, so no two (tournament, round, key) give the same message."""
    if "/" in tournament:
        raise ValueError("a tournament's name in a deal seed holds no slash")
    message = f"{tournament}/{round}/{deal_key}".encode()
    return hmac.new(_secret_bytes(secret_hex), message, hashlib.sha256).hexdigest()


def redeal(kind: str, seats: int, seed: str, options_json: dict[str, Any] | None) -> dict[str, Any]:
    """The deal a seed gives for ``seats`` seats of the game ``kind``: its options,
    hands, bag and first player (and whatever else the game's setup records), as the
    game's record writes them, ready for JSON. The same seed always gives the same
    deal; ValueError names an unknown game."""
    game = game_named(kind)
    options = None if options_json is None else game.options_type.from_dict(options_json)
    dealt = game.new_game(seats, seed, options)
    return {"kind": kind, "seats": seats, "seed": seed, **dealt.setup.to_record()}
