"""Committed deals: whoever deals a round binds itself to the round's deals before the
round and shows afterwards that it dealt what it had bound itself to, so nobody has
to trust that the deals were not picked with someone in mind.

Before a round the dealer draws a secret (``RoundSecret``) and publishes its
``commitment``, a SHA-256 of the secret's bytes: it reveals nothing of the secret,
and no other secret has the same one. Each deal of the round is dealt from a seed
derived from the secret (``deal_seed``: an HMAC of the tournament, the round and the
deal key), so the secret fixes every deal at once. After the round the secret is
revealed; anyone can check it against the commitment (``verify``), derive the seeds
again and re-deal each game (``redeal_game``), tile for tile; ``check_deal`` does all
three at once and says which input is at fault, and ``format_deal`` lays its answer out
for reading.

The scheme lives in the engine, standard library only, so a player can check a round
with the engine alone (``chromino verify-deal``), no server needed. ``redeal_game``
takes the game's descriptor, so this module names no game; the registry's
``chromino.redeal`` finds the descriptor by the game's name."""

from __future__ import annotations

import hashlib
import hmac
import json
import secrets
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from .errors import InvalidSetupError

if TYPE_CHECKING:
    from .descriptor import GameDescriptor

SECRET_BYTES = 32
"""A round secret's length: 256 bits, beyond guessing."""
COMMITMENT_BYTES = hashlib.sha256().digest_size
"""A commitment's length: a SHA-256."""


def _secret_bytes(secret_hex: str) -> bytes:
    """The secret's bytes; ValueError for anything but 32 bytes in hex."""
    secret = bytes.fromhex(secret_hex)
    if len(secret) != SECRET_BYTES:
        raise ValueError(f"a round secret is {SECRET_BYTES} bytes, not {len(secret)}")
    return secret


@dataclass(frozen=True, slots=True)
class RoundSecret:
    """A round's secret, in hex: kept by the dealer until the round ends, then
    revealed so its deals can be checked."""

    hex: str

    def __post_init__(self) -> None:
        _secret_bytes(self.hex)

    @classmethod
    def new(cls) -> RoundSecret:
        """A fresh secret from the operating system's random source, so neither the
        dealer's code nor its operator chooses it."""
        return cls(secrets.token_bytes(SECRET_BYTES).hex())

    @property
    def commitment(self) -> str:
        """What to publish before the round (see ``commitment``)."""
        return commitment(self.hex)


def commitment(secret_hex: str) -> str:
    """The SHA-256 of the secret's bytes, in hex: published before the round, it binds
    the dealer to the secret without revealing it."""
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


def redeal_game(
    game: GameDescriptor, seats: int, seed: str, options_json: dict[str, Any] | None
) -> dict[str, Any]:
    """The deal a seed gives for ``seats`` seats of ``game``: its options, hands, bag
    and first player (and whatever else the game's setup records), as the game's record
    writes them, ready for JSON. The same seed always gives the same deal; the game
    refuses options or a seat count it does not allow (``InvalidSetupError``)."""
    options = None if options_json is None else game.options_type.from_dict(options_json)
    dealt = game.new_game(seats, seed, options)
    return {"kind": game.name, "seats": seats, "seed": seed, **dealt.setup.to_record()}


class DealCheckError(ValueError):
    """Why a deal cannot be vouched for. ``argument`` names the input at fault
    (``commitment``, ``secret``, ``tournament``, ``seats``, ``options``...), so a checker
    knows what to look at again; it is empty when the inputs are well formed and the
    secret simply is not the one committed to."""

    def __init__(self, argument: str, message: str) -> None:
        super().__init__(f"{argument}: {message}" if argument else message)
        self.argument = argument
        self.message = message


def _hex_of(argument: str, text: str, size: int) -> str:
    """``text`` as ``size`` bytes in hex, lower case; DealCheckError names the argument."""
    try:
        value = bytes.fromhex(text.strip())
    except ValueError:
        raise DealCheckError(argument, f"{text!r} is not hexadecimal") from None
    if len(value) != size:
        raise DealCheckError(argument, f"{len(value)} bytes, not {size} ({2 * size} hex digits)")
    return value.hex()


def options_from_text(text: str | None) -> dict[str, Any] | None:
    """A table's options as published, JSON text of an object, ready for ``redeal_game``
    (None for the game's defaults); DealCheckError says why other text is refused."""
    if text is None:
        return None
    try:
        options = json.loads(text)
    except json.JSONDecodeError as error:
        raise DealCheckError("options", f"not JSON: {error.msg} at column {error.colno}") from None
    if not isinstance(options, dict):
        raise DealCheckError("options", "not a JSON object")
    return options


@dataclass(frozen=True, slots=True)
class DealName:
    """Which deal of which round a check is about, as the tournament publishes it."""

    tournament: str
    round: int
    key: str


def check_deal(
    game: GameDescriptor,
    deal: DealName,
    commitment_hex: str,
    secret_hex: str,
    *,
    seats: int,
    options_json: dict[str, Any] | None = None,
) -> dict[str, Any]:
    """Everything a player checks of one deal of a finished round, ready for JSON: that
    the revealed secret is the one committed to, the seed it gives the deal, and the
    deal itself (``redeal_game``). DealCheckError says what was wrong instead: a
    malformed commitment or secret, a secret that does not match, a tournament's name
    no seed is made for, a seat count or options the game does not allow."""
    published = _hex_of("commitment", commitment_hex, COMMITMENT_BYTES)
    secret = _hex_of("secret", secret_hex, SECRET_BYTES)
    if not verify(published, secret):
        raise DealCheckError("", "the secret does not match the commitment")
    try:
        seed = deal_seed(secret, deal.tournament, deal.round, deal.key)
    except ValueError as error:
        raise DealCheckError("tournament", str(error)) from None
    try:
        dealt = redeal_game(game, seats, seed, options_json)
    except InvalidSetupError as error:
        if error.field == "players":
            raise DealCheckError("seats", error.message) from None
        raise DealCheckError("options", str(error)) from None
    except TypeError as error:
        raise DealCheckError("options", str(error)) from None
    return {
        "verified": True,
        "commitment": published,
        "tournament": deal.tournament,
        "round": deal.round,
        "deal_key": deal.key,
        "seed": seed,
        "deal": dealt,
    }


def format_deal(checked: dict[str, Any]) -> list[str]:
    """A checked deal (``check_deal``) as lines of text: tiles in the rule book's
    notation, as the game's record writes them, each seat's hand on a line of its own,
    then the bag in drawing order; options and the game's own fields (a start tile) as
    JSON."""
    deal = checked["deal"]
    lines = [
        f"the secret matches the commitment {checked['commitment']}",
        f"seed: {checked['seed']}",
        f"game: {deal['kind']}, {deal['seats']} seats",
    ]
    listed = {"kind", "seats", "seed", "players", "hands", "bag", "first"}
    lines += [f"{name}: {json.dumps(value)}" for name, value in deal.items() if name not in listed]
    lines.append(f"first player: seat {deal['first']}")
    lines += [f"seat {seat}: {' '.join(hand)}" for seat, hand in enumerate(deal["hands"])]
    lines.append(f"bag, in drawing order ({len(deal['bag'])} tiles): {' '.join(deal['bag'])}")
    return lines
