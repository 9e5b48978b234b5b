"""The ``verify-deal`` command: a player checks a finished round's committed deals with
the engine alone, by the secret revealed after it."""

from __future__ import annotations

import argparse
import json
import sys

from . import GAMES, game_named
from .core import commitment as deals

EXIT_NOT_VERIFIED = 1
"""The secret is not the one committed to, or an argument is unusable."""


def _whole_argument(argument: str, text: str) -> int:
    try:
        return int(text)
    except ValueError:
        raise deals.DealCheckError(argument, f"{text!r} is not a whole number") from None


def command_verify_deal(args: argparse.Namespace) -> int:
    """Check a revealed round secret against its commitment and re-deal one deal of the
    round from it, so a player can check a finished round with the engine alone."""
    try:
        game = game_named(args.game)
        name = deals.DealName(args.tournament, _whole_argument("round", args.round), args.deal)
        seats, options = _whole_argument("seats", args.seats), deals.options_from_text(args.options)
        checked = deals.check_deal(
            game, name, args.commitment, args.secret, seats=seats, options_json=options
        )
    except deals.DealCheckError as error:
        flag = f"--{error.argument}: " if error.argument else ""
        print(f"chromino verify-deal: {flag}{error.message}", file=sys.stderr)
        return EXIT_NOT_VERIFIED
    except ValueError as error:  # no game of that name
        print(f"chromino verify-deal: --game: {error}", file=sys.stderr)
        return EXIT_NOT_VERIFIED
    print(json.dumps(checked) if args.json else "\n".join(deals.format_deal(checked)))
    return 0


def add_verify_deal(verify_deal: argparse.ArgumentParser) -> None:
    """The ``verify-deal`` options, taken as text and checked by the command itself, so
    that a malformed one ends in one line naming it."""
    for flag, meaning in (
        ("--commitment", "the SHA-256 published before the round, in hex"),
        ("--secret", "the round's secret revealed after it, in hex"),
        ("--tournament", "the tournament's name"),
        ("--round", "the round's number"),
        ("--deal", "the deal's key (the same for every table dealt alike)"),
        ("--game", f"the game: {', '.join(GAMES)}"),
        ("--seats", "the seats at the table"),
    ):
        verify_deal.add_argument(flag, required=True, help=meaning)
    verify_deal.add_argument("--options", help="the table's options as a JSON object")
    verify_deal.add_argument("--json", action="store_true", help="print one JSON object")
