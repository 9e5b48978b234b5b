"""``chromino verify-deal`` run as a player runs it, in a process of its own with the engine
alone: a revealed secret that matches its commitment prints the deal ``redeal`` gives,
and anything else ends in one line naming what was wrong, never a traceback."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from chromino import GAMES, RoundSecret, deal_seed, redeal

ROOT = Path(__file__).resolve().parents[3]
SECRET = RoundSecret("5e" * 16 + "c7" * 16)
OTHER_SECRET = RoundSecret("c7" * 16 + "5e" * 16)
TOURNAMENT, ROUND, DEAL_KEY = "spring-open", 3, "r3-s2"


def _run(
    *extra: str, secret: str = SECRET.hex, commitment: str = SECRET.commitment
) -> subprocess.CompletedProcess[str]:
    """The command with the round's published values, then ``extra`` options."""
    arguments = [
        *("--commitment", commitment, "--secret", secret, "--tournament", TOURNAMENT),
        *("--round", str(ROUND), "--deal", DEAL_KEY, *extra),
    ]
    return subprocess.run(
        [sys.executable, "-m", "chromino", "verify-deal", *arguments],
        capture_output=True,
        text=True,
        cwd=ROOT,
        timeout=60,
        check=False,
    )


def _refused(run: subprocess.CompletedProcess[str], *named: str) -> None:
    """A refusal: non-zero status, nothing on stdout, one line on stderr naming the
    problem, no traceback."""
    assert run.returncode != 0
    assert run.stdout == ""
    assert "Traceback" not in run.stderr
    lines = run.stderr.strip().splitlines()
    assert len(lines) == 1, run.stderr
    for word in named:
        assert word in lines[0], lines[0]


@pytest.mark.parametrize("kind", list(GAMES))
def test_a_right_secret_prints_the_deal_redeal_gives(kind: str) -> None:
    seed = deal_seed(SECRET.hex, TOURNAMENT, ROUND, DEAL_KEY)
    seats = GAMES[kind].max_players
    run = _run("--game", kind, "--seats", str(seats))
    assert run.returncode == 0, run.stderr
    deal = redeal(kind, seats, seed, None)
    lines = run.stdout.splitlines()
    assert lines[0] == f"the secret matches the commitment {SECRET.commitment}"
    assert f"seed: {seed}" in lines
    assert f"first player: seat {deal['first']}" in lines
    assert [line for line in lines if line.startswith("seat ")] == [
        f"seat {seat}: {' '.join(hand)}" for seat, hand in enumerate(deal["hands"])
    ]
    assert lines[-1].endswith(f"({len(deal['bag'])} tiles): {' '.join(deal['bag'])}")
    assert f"options: {json.dumps(deal['options'])}" in lines


@pytest.mark.parametrize("kind", list(GAMES))
def test_json_prints_one_object_with_the_deal_redeal_gives(kind: str) -> None:
    options = GAMES[kind].options_type.from_dict({}).to_dict()
    run = _run("--game", kind, "--seats", "2", "--options", json.dumps(options), "--json")
    assert run.returncode == 0, run.stderr
    checked = json.loads(run.stdout)
    seed = deal_seed(SECRET.hex, TOURNAMENT, ROUND, DEAL_KEY)
    assert checked == {
        "verified": True,
        "commitment": SECRET.commitment,
        "tournament": TOURNAMENT,
        "round": ROUND,
        "deal_key": DEAL_KEY,
        "seed": seed,
        "deal": redeal(kind, 2, seed, options),
    }


@pytest.mark.parametrize("kind", list(GAMES))
def test_a_wrong_secret_exits_1_and_says_so(kind: str) -> None:
    run = _run("--game", kind, "--seats", "2", "--json", secret=OTHER_SECRET.hex)
    _refused(run, "secret does not match the commitment")
    assert run.returncode == 1


@pytest.mark.parametrize("kind", list(GAMES))
def test_a_seat_count_the_game_does_not_allow_is_named(kind: str) -> None:
    too_many = str(GAMES[kind].max_players + 1)
    _refused(_run("--game", kind, "--seats", too_many), "--seats", too_many)
    _refused(_run("--game", kind, "--seats", "two"), "--seats", "'two'", "whole number")


@pytest.mark.parametrize("kind", list(GAMES))
def test_bad_options_are_named(kind: str) -> None:
    _refused(_run("--game", kind, "--seats", "2", "--options", "{oops"), "--options", "not JSON")
    _refused(_run("--game", kind, "--seats", "2", "--options", "[1]"), "--options", "object")
    _refused(
        _run("--game", kind, "--seats", "2", "--options", '{"no such option": 1}'),
        "--options",
        "no such option",
    )


@pytest.mark.parametrize(
    ("flag", "value", "named"),
    [
        ("commitment", "not hex", ("--commitment", "not hexadecimal")),
        ("commitment", "ab" * 31, ("--commitment", "31 bytes")),
        ("secret", "xyz", ("--secret", "not hexadecimal")),
        ("secret", "ab" * 33, ("--secret", "33 bytes")),
    ],
)
def test_malformed_hex_is_named(flag: str, value: str, named: tuple[str, ...]) -> None:
    given = {"secret": SECRET.hex, "commitment": SECRET.commitment, flag: value}
    kind = next(iter(GAMES))
    run = _run("--game", kind, "--seats", "2", **given)
    _refused(run, *named)
    assert run.returncode == 1


def test_an_unknown_game_is_named_with_the_known_ones() -> None:
    run = _run("--game", "no-such-game", "--seats", "2")
    _refused(run, "--game", "no-such-game", *GAMES)
    assert run.returncode == 1


def test_a_round_that_is_no_number_and_a_slashed_tournament_are_named() -> None:
    kind = next(iter(GAMES))
    arguments = [
        sys.executable, "-m", "chromino", "verify-deal", "--commitment", SECRET.commitment,
        "--secret", SECRET.hex, "--deal", DEAL_KEY, "--game", kind, "--seats", "2",
    ]  # fmt: skip
    for extra, named in (
        (["--tournament", "a/b", "--round", "1"], ("--tournament", "slash")),
        (["--tournament", "open", "--round", "third"], ("--round", "'third'")),
    ):
        run = subprocess.run(
            [*arguments, *extra], capture_output=True, text=True, cwd=ROOT, timeout=60, check=False
        )
        _refused(run, *named)
