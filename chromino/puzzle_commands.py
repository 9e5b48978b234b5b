"""The ``puzzles`` commands: ``generate`` finds proven puzzles in bot games, one JSON
document per line; ``verify`` proves every puzzle of a file again from its position, or
every puzzle the games ship (``--shipped``); ``ship`` finds the shipped puzzles again
from their kinds' seeds and writes their files in each game's package.

``verify`` names each puzzle that fails (its line, id and what differs) and exits 1;
a line that is no puzzle is named on stderr with its field, and makes the exit 2."""

from __future__ import annotations

import argparse
import itertools
import json
import sys
import time
from collections.abc import Iterable
from dataclasses import dataclass
from pathlib import Path

from . import GAMES
from .core.descriptor import PuzzleKind
from .core.puzzle_files import (
    SHIPPED_FOLDER,
    Found,
    decode,
    package_folder,
    ship,
    shipped_sources,
    text_stream,
)
from .core.puzzles import GOALS, PuzzleError, find_puzzles, read_puzzle, verify

EXIT_NOT_PROVEN = 1
EXIT_BAD_INPUT = 2


def add_puzzles(commands: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    """The ``puzzles`` command and its three subcommands."""
    puzzles = commands.add_parser(
        "puzzles", help="find proven puzzles, prove a file of them again, or ship them"
    )
    actions = puzzles.add_subparsers(dest="puzzles", required=True)
    generate = actions.add_parser("generate", help="find puzzles in bot games (JSON lines)")
    generate.add_argument("--game", choices=list(GAMES), default=next(iter(GAMES)))
    generate.add_argument("--goal", choices=list(GOALS), default="most_points")
    generate.add_argument("--scoring", help="the game's scoring, for a game that offers one")
    generate.add_argument("--count", type=_positive, default=10, help="how many puzzles")
    generate.add_argument("--seed", type=int, default=1, help="the first game's deal seed")
    verify_cmd = actions.add_parser(
        "verify", help="prove every puzzle of a file again, or every shipped puzzle"
    )
    verify_cmd.add_argument(
        "file", nargs="?", help="a file of puzzles, one per line, gzipped or not; - for stdin"
    )
    verify_cmd.add_argument(
        "--shipped",
        action="store_true",
        help="prove every puzzle each game ships instead (each file's counts and time)",
    )
    ship_cmd = actions.add_parser(
        "ship", help="find each game's shipped puzzles again from their seeds, write the files"
    )
    ship_cmd.add_argument(
        "--game", choices=list(GAMES), action="append", help="this game only (repeatable)"
    )
    ship_cmd.add_argument(
        "--out", type=Path, help="write each game's files in OUT/<game>/, not in its package"
    )
    ship_cmd.add_argument(
        "--count", type=_positive, help="only the first COUNT puzzles of each kind (with --out)"
    )


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
    if args.puzzles == "ship":
        return _ship(args, parser)
    if args.shipped == (args.file is not None):
        parser.error("puzzles verify takes a file or --shipped, one of the two")
    if args.shipped:
        return _verify_shipped()
    return _verify_file(args.file)


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


@dataclass
class _Tally:
    """What proving the lines of one source again came to."""

    proven: int = 0
    failed: int = 0
    unusable: int = 0
    seconds: float = 0.0

    def __str__(self) -> str:
        return f"{self.proven} proven, {self.failed} failed, {self.unusable} unreadable"

    @property
    def exit_status(self) -> int:
        if self.unusable:
            return EXIT_BAD_INPUT
        return EXIT_NOT_PROVEN if self.failed else 0


def _verify(lines: Iterable[str], source: str) -> _Tally:
    """Prove each puzzle of ``lines`` again, naming each one that fails or is no puzzle."""
    tally = _Tally()
    started = time.perf_counter()
    for number, line in enumerate(lines, start=1):
        if not line.strip():
            continue
        try:
            puzzle = read_puzzle(json.loads(line), GAMES)
        except (json.JSONDecodeError, PuzzleError) as error:
            print(f"{source}:{number}: not a puzzle: {error}", file=sys.stderr)
            tally.unusable += 1
            continue
        problem = verify(puzzle, GAMES)
        if problem is None:
            tally.proven += 1
        else:
            print(f"{source}:{number}: puzzle {puzzle.id} fails: {problem}")
            tally.failed += 1
    tally.seconds = time.perf_counter() - started
    return tally


def _verify_file(path: str) -> int:
    """Prove a file again (or stdin), plain or gzipped, read line by line."""
    try:
        binary = sys.stdin.buffer if path == "-" else open(path, "rb")  # noqa: SIM115
    except OSError as error:
        print(f"chromino: cannot read {path}: {error.strerror}", file=sys.stderr)
        return EXIT_BAD_INPUT
    stream = text_stream(binary)
    try:
        tally = _verify(stream, path)
    except (OSError, EOFError) as error:  # a broken gzip stream (BadGzipFile is an OSError)
        print(f"chromino: cannot read {path}: {error}", file=sys.stderr)
        return EXIT_BAD_INPUT
    except UnicodeDecodeError as error:
        print(f"chromino: {path} is not UTF-8 text: {error.reason}", file=sys.stderr)
        return EXIT_BAD_INPUT
    finally:
        if path == "-":
            stream.detach()  # stdin stays open for whoever runs this
        else:
            stream.close()
    print(tally, file=sys.stderr)
    return tally.exit_status


def _verify_shipped() -> int:
    """Prove every shipped file of every game again: each file's counts and the time a
    puzzle took, then the whole."""
    whole = _Tally()
    for game in GAMES.values():
        for source in shipped_sources(game):
            name = f"{str(game.package).replace('.', '/')}/{SHIPPED_FOLDER}/{source.name}"
            try:
                tally = _verify(decode(source.read_bytes()), name)
            except (OSError, EOFError, UnicodeDecodeError) as error:
                print(f"chromino: cannot read {name}: {error}", file=sys.stderr)
                return EXIT_BAD_INPUT
            print(f"{name}: {tally}{_pace(tally)}", file=sys.stderr)
            whole.proven += tally.proven
            whole.failed += tally.failed
            whole.unusable += tally.unusable
            whole.seconds += tally.seconds
    if not whole.proven + whole.failed + whole.unusable:
        print("chromino: no game ships any puzzle", file=sys.stderr)
        return EXIT_NOT_PROVEN
    print(f"every shipped puzzle: {whole}{_pace(whole)}", file=sys.stderr)
    return whole.exit_status


def _pace(tally: _Tally) -> str:
    read = tally.proven + tally.failed + tally.unusable
    per = tally.seconds * 1000 / read if read else 0.0
    return f" in {tally.seconds:.1f} s, {per:.2f} ms a puzzle"


def _ship(args: argparse.Namespace, parser: argparse.ArgumentParser) -> int:
    """Write each chosen game's shipped files again, one line a file on stderr."""
    if args.count is not None and args.out is None:
        parser.error("--count goes with --out: the shipped files keep every puzzle")
    names = args.game or [game.name for game in GAMES.values() if game.puzzle_kinds]
    for game in (GAMES[name] for name in dict.fromkeys(names)):
        if not game.puzzle_kinds:
            print(f"{game.name} ships no puzzles", file=sys.stderr)
            continue
        try:
            folder = args.out / game.name if args.out else package_folder(game)
        except ValueError as error:
            print(f"chromino: {error}", file=sys.stderr)
            return EXIT_BAD_INPUT
        ship(game, folder, args.count, _Progress())
    return 0


class _Progress:
    """Says each file as it is written: its puzzles, the games they took, its size and
    the time it took."""

    def __init__(self) -> None:
        self.started = time.perf_counter()

    def __call__(self, kind: PuzzleKind, path: Path, found: Found) -> None:
        now = time.perf_counter()
        print(
            f"{path}: {len(found.puzzles)} puzzles from {found.games} games, "
            f"{path.stat().st_size:,} bytes, {now - self.started:.0f} s",
            file=sys.stderr,
            flush=True,
        )
        self.started = now
