"""The ``puzzles`` commands: ``generate`` finds proven puzzles in bot games, one JSON
document per line; ``verify`` proves every puzzle of a file again from its position.

``verify`` names each puzzle that fails (its line, id and what differs) and exits 1;
a line that is no puzzle is named on stderr with its field, and makes the exit 2."""

from __future__ import annotations

import argparse
import itertools
import json
import sys
from typing import TextIO

from . import GAMES
from .core.puzzles import GOALS, PuzzleError, find_puzzles, read_puzzle, verify

EXIT_NOT_PROVEN = 1
EXIT_BAD_INPUT = 2


def add_puzzles(commands: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    """The ``puzzles`` command and its two subcommands."""
    puzzles = commands.add_parser("puzzles", help="find proven puzzles, or prove a file again")
    actions = puzzles.add_subparsers(dest="puzzles", required=True)
    generate = actions.add_parser("generate", help="find puzzles in bot games (JSON lines)")
    generate.add_argument("--game", choices=list(GAMES), default=next(iter(GAMES)))
    generate.add_argument("--goal", choices=list(GOALS), default="most_points")
    generate.add_argument("--scoring", help="the game's scoring, for a game that offers one")
    generate.add_argument("--count", type=_positive, default=10, help="how many puzzles")
    generate.add_argument("--seed", type=int, default=1, help="the first game's deal seed")
    verify_cmd = actions.add_parser("verify", help="prove every puzzle of a file again")
    verify_cmd.add_argument("file", help="a file of puzzles, one per line, or - for stdin")


def _positive(text: str) -> int:
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r} is not a whole number") from None
    if value < 1:
        raise argparse.ArgumentTypeError("at least 1")
    return value


def command_puzzles(args: argparse.Namespace, parser: argparse.ArgumentParser) -> int:
    if args.puzzles == "generate":
        return _generate(args, parser)
    if args.file == "-":
        return _verify(sys.stdin, "-")
    try:
        with open(args.file, encoding="utf-8") as stream:
            return _verify(stream, args.file)
    except OSError as error:
        print(f"chromino: cannot read {args.file}: {error.strerror}", file=sys.stderr)
        return EXIT_BAD_INPUT


def _generate(args: argparse.Namespace, parser: argparse.ArgumentParser) -> int:
    game = GAMES[args.game]
    scoring = args.scoring
    if game.scorings:
        scoring = scoring or game.scorings[0]
        if scoring not in game.scorings:
            parser.error(f"{game.name} scores {', '.join(game.scorings)}, not {scoring!r}")
        options = game.table_options(game.rulesets[0] if game.rulesets else "", scoring)
    elif scoring is not None:
        parser.error(f"{game.name} has no scorings to choose from")
    else:
        options = None
    seeds = itertools.count(args.seed)
    found = find_puzzles(game, args.goal, scoring, options, seeds)
    for puzzle in itertools.islice(found, args.count):
        print(json.dumps(puzzle.to_dict(), separators=(",", ":")), flush=True)
    return 0


def _verify(stream: TextIO, source: str) -> int:
    proven = failed = unusable = 0
    for number, line in enumerate(stream, start=1):
        if not line.strip():
            continue
        try:
            puzzle = read_puzzle(json.loads(line), GAMES)
        except (json.JSONDecodeError, PuzzleError) as error:
            print(f"{source}:{number}: not a puzzle: {error}", file=sys.stderr)
            unusable += 1
            continue
        problem = verify(puzzle, GAMES)
        if problem is None:
            proven += 1
        else:
            print(f"{source}:{number}: puzzle {puzzle.id} fails: {problem}")
            failed += 1
    print(f"{proven} proven, {failed} failed, {unusable} unreadable", file=sys.stderr)
    if unusable:
        return EXIT_BAD_INPUT
    return EXIT_NOT_PROVEN if failed else 0
