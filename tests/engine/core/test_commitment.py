"""Committed deals: a commitment hides its secret and binds the server to it, seeds follow
from the secret and the deal's names alone, and a seed re-deals the same game for
every game in the engine's registry."""

from __future__ import annotations

import hashlib
import json

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from chromino import GAMES
from web.tournaments.fairness import RoundSecret, commitment, deal_seed, redeal, verify

PROPERTY = settings(max_examples=50, deadline=None)
SECRETS = st.binary(min_size=32, max_size=32).map(bytes.hex)


@PROPERTY
@given(SECRETS, SECRETS)
def test_a_commitment_hides_its_secret_and_differs_between_secrets(one: str, two: str) -> None:
    published = commitment(one)
    assert published == hashlib.sha256(bytes.fromhex(one)).hexdigest()
    assert one not in published and one[:16] not in published
    assert (commitment(two) == published) == (one == two)


@PROPERTY
@given(SECRETS, SECRETS)
def test_verify_accepts_the_secret_committed_to_and_no_other(one: str, two: str) -> None:
    published = commitment(one)
    assert verify(published, one)
    assert verify(published.upper(), one)
    assert verify(published, two) == (one == two)


def test_verify_refuses_a_malformed_secret_and_a_wrong_commitment() -> None:
    secret = RoundSecret.new()
    assert verify(secret.commitment, secret.hex)
    assert not verify(secret.commitment, "zz" * 32)
    assert not verify(secret.commitment, secret.hex[:-2])
    assert not verify(secret.commitment[:-1], secret.hex)
    assert not verify("", secret.hex)


def test_a_round_secret_is_32_fresh_bytes() -> None:
    first, second = RoundSecret.new(), RoundSecret.new()
    assert len(bytes.fromhex(first.hex)) == 32
    assert first != second and first.commitment != second.commitment
    with pytest.raises(ValueError):
        RoundSecret("ab" * 31)


@PROPERTY
@given(SECRETS, st.text(min_size=1, max_size=12).filter(lambda t: "/" not in t), st.integers(1, 99))
def test_a_deal_seed_is_fixed_by_its_inputs_and_changes_with_each(
    secret: str, tournament: str, round: int
) -> None:
    seed = deal_seed(secret, tournament, round, "r1-s4")
    assert seed == deal_seed(secret, tournament, round, "r1-s4")
    assert len(bytes.fromhex(seed)) == 32
    other_secret = bytes([secret_byte ^ 1 for secret_byte in bytes.fromhex(secret)]).hex()
    assert deal_seed(other_secret, tournament, round, "r1-s4") != seed
    assert deal_seed(secret, tournament + "x", round, "r1-s4") != seed
    assert deal_seed(secret, tournament, round + 1, "r1-s4") != seed
    assert deal_seed(secret, tournament, round, "r1-s3") != seed


def test_a_deal_seed_refuses_a_slash_in_the_tournaments_name() -> None:
    with pytest.raises(ValueError, match="slash"):
        deal_seed("00" * 32, "spring/open", 1, "r1-s4")


@pytest.mark.parametrize("kind", list(GAMES))
def test_a_seed_redeals_the_same_game_and_another_seed_another(kind: str) -> None:
    seed = deal_seed(RoundSecret.new().hex, "open", 1, "r1-s3")
    deal = redeal(kind, 3, seed, None)
    assert deal == redeal(kind, 3, seed, None)
    assert json.loads(json.dumps(deal)) == deal
    assert len(deal["hands"]) == 3 and all(deal["hands"])
    assert deal["first"] in range(3) and isinstance(deal["bag"], list)
    other = redeal(kind, 3, deal_seed(RoundSecret.new().hex, "open", 1, "r1-s3"), None)
    assert (other["hands"], other["bag"]) != (deal["hands"], deal["bag"])


@pytest.mark.parametrize("kind", list(GAMES))
def test_redeal_reads_the_tables_options(kind: str) -> None:
    options = GAMES[kind].options_type.from_dict({}).to_dict()
    deal = redeal(kind, 2, "seed", options)
    assert deal["options"] == options
    assert deal == redeal(kind, 2, "seed", None)  # the defaults, spelled out


def test_redeal_names_an_unknown_game() -> None:
    with pytest.raises(ValueError, match="unknown game"):
        redeal("no such game", 2, "seed", None)
