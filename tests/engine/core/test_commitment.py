"""Committed deals (``chromino.core.commitment``): a commitment hides its secret and binds
the dealer to it, seeds follow from the secret and the deal's names alone, and a seed
re-deals the same game for every game in the engine's registry."""

from __future__ import annotations

import hashlib
import json

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from chromino import GAMES, RoundSecret, commitment, deal_seed, redeal, redeal_game, verify
from chromino.core.commitment import (
    DealCheckError,
    DealName,
    check_deal,
    format_deal,
    options_from_text,
)
from chromino.core.errors import InvalidSetupError

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


@pytest.mark.parametrize("kind", list(GAMES))
def test_redeal_by_name_is_the_games_own_redeal(kind: str) -> None:
    game = GAMES[kind]
    deal = redeal_game(game, 2, "seed", None)
    assert deal == redeal(kind, 2, "seed", None)
    assert deal["kind"] == kind and deal["seats"] == 2 and deal["seed"] == "seed"


@pytest.mark.parametrize("kind", list(GAMES))
def test_redeal_refuses_what_the_game_does_not_allow(kind: str) -> None:
    with pytest.raises(InvalidSetupError) as seats:
        redeal(kind, GAMES[kind].max_players + 1, "seed", None)
    assert seats.value.field == "players"
    with pytest.raises(InvalidSetupError) as options:
        redeal(kind, 2, "seed", {"no such option": 1})
    assert options.value.field == "options.no such option"


@settings(max_examples=20, deadline=None)
@given(SECRETS, SECRETS, st.sampled_from(list(GAMES)), st.integers(1, 40))
def test_check_deal_re_deals_only_for_the_secret_committed_to(
    one: str, two: str, kind: str, round: int
) -> None:
    game, name = GAMES[kind], DealName("open", round, f"r{round}-s2")
    checked = check_deal(game, name, commitment(one), one.upper(), seats=2)
    seed = deal_seed(one, "open", round, name.key)
    assert checked["seed"] == seed and checked["deal"] == redeal(kind, 2, seed, None)
    assert (checked["verified"], checked["commitment"], checked["round"]) == (
        True,
        commitment(one),
        round,
    )
    if one != two:
        with pytest.raises(DealCheckError) as refused:
            check_deal(game, name, commitment(one), two, seats=2)
        assert refused.value.argument == "" and "does not match" in refused.value.message


@pytest.mark.parametrize(
    ("published", "revealed", "argument"),
    [
        ("zz", "00" * 32, "commitment"),
        ("00" * 31, "00" * 32, "commitment"),
        ("00" * 32, "0", "secret"),
    ],
)
def test_check_deal_names_a_malformed_commitment_or_secret(
    published: str, revealed: str, argument: str
) -> None:
    with pytest.raises(DealCheckError) as refused:
        check_deal(
            next(iter(GAMES.values())), DealName("open", 1, "k"), published, revealed, seats=2
        )
    assert refused.value.argument == argument


@pytest.mark.parametrize("kind", list(GAMES))
def test_check_deal_names_the_seats_options_and_tournament_it_refuses(kind: str) -> None:
    secret = RoundSecret.new()
    game, name = GAMES[kind], DealName("open", 1, "r1-s2")
    refusals = [
        (name, game.max_players + 1, None, "seats"),
        (name, 2, {"no such option": 1}, "options"),
        (DealName("a/b", 1, "r1-s2"), 2, None, "tournament"),
    ]
    for deal, seats, options, argument in refusals:
        with pytest.raises(DealCheckError) as refused:
            check_deal(game, deal, secret.commitment, secret.hex, seats=seats, options_json=options)
        assert refused.value.argument == argument
        assert str(refused.value).startswith(f"{argument}: ")


def test_options_from_text_reads_an_object_and_names_anything_else() -> None:
    assert options_from_text(None) is None
    assert options_from_text('{"a": 1}') == {"a": 1}
    for text, why in (("{", "not JSON"), ("[1]", "not a JSON object"), ("3", "not a JSON object")):
        with pytest.raises(DealCheckError, match=why) as refused:
            options_from_text(text)
        assert refused.value.argument == "options"


@pytest.mark.parametrize("kind", list(GAMES))
def test_format_deal_lays_out_every_hand_the_bag_and_the_first_player(kind: str) -> None:
    secret = RoundSecret.new()
    checked = check_deal(
        GAMES[kind], DealName("open", 1, "r1-s3"), secret.commitment, secret.hex, seats=3
    )
    deal = checked["deal"]
    lines = format_deal(checked)
    assert lines[0].endswith(secret.commitment) and lines[1] == f"seed: {checked['seed']}"
    assert [line for line in lines if line.startswith("seat ")] == [
        f"seat {seat}: {' '.join(hand)}" for seat, hand in enumerate(deal["hands"])
    ]
    assert f"first player: seat {deal['first']}" in lines
    assert lines[-1].split(": ", 1)[1].split() == deal["bag"]
    own_fields = set(deal) - {"kind", "seats", "seed", "players", "hands", "bag", "first"}
    for field in own_fields:
        assert f"{field}: {json.dumps(deal[field])}" in lines
