"""The engine's command line: replay records, list legal moves, bot self-play, check deals,
and find or prove puzzles (``deal_commands``, ``puzzle_commands``).

``replay`` and ``moves`` read every registered game's documents alike, line by line,
choosing the game by each document's ``format`` (a document without one is the default
game's, Chromino's). Everything game-specific comes from the registry
(:data:`chromino.GAMES`). The installed ``chromino`` command (``web.cli``) hands these
commands here; ``python -m chromino`` runs them alone. This path imports nothing but the
standard library and the engines. Bad input never ends in a traceback: a move that
cannot be applied is that record's error line; a line that is no usable document is
reported on stderr (naming the line and the field) and makes the exit status 2.
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Iterator, Sequence
from typing import Any, TextIO

from . import GAMES
from .core.descriptor import GameDescriptor
from .core.errors import InvalidSetupError
from .core.notation import MoveError
from .core.selfplay import Summary, run_selfplay
from .deal_commands import add_verify_deal, command_verify_deal
from .puzzle_commands import add_puzzles, command_puzzles

EXIT_BAD_INPUT = 2
DEFAULT_GAME = next(iter(GAMES.values()))
SCORINGS = tuple(dict.fromkeys(name for game in GAMES.values() for name in game.scorings))
"""Every game's scorings, for ``--scoring`` (the game checks them again)."""
RULESETS = tuple(dict.fromkeys(name for game in GAMES.values() for name in game.rulesets))
"""Every game's rule sets, for ``--ruleset`` (the game checks them again)."""


def _games_with(choice: str) -> str:
    """The titles of the games that offer a choice (``rulesets``, ``scorings``)."""
    return " and ".join(game.title for game in GAMES.values() if getattr(game, choice))


def _game_of(document: dict[str, object], field: str) -> GameDescriptor:
    """The game whose record or position format the document names (the default without)."""
    found = document.get("format")
    for game in GAMES.values():
        if found == getattr(game, field):
            return game
    return DEFAULT_GAME


class _Report:
    """Collects stderr complaints about unusable lines and the exit status they imply."""

    def __init__(self, source: str) -> None:
        self.source = source
        self.failed = False

    def unusable(self, line_number: int, message: str) -> None:
        self.failed = True
        print(f"{self.source}:{line_number}: {message}", file=sys.stderr)


def _documents(stream: TextIO, report: _Report) -> Iterator[tuple[int, dict[str, object]]]:
    """Parsed JSON documents, one per non-blank line; bad JSON is reported and skipped."""
    for number, line in enumerate(stream, start=1):
        if not line.strip():
            continue
        try:
            document = json.loads(line)
        except json.JSONDecodeError as error:
            report.unusable(number, f"not JSON: {error.msg} at column {error.colno}")
            continue
        if not isinstance(document, dict):
            report.unusable(number, "not a JSON object")
            continue
        yield number, document


def _emit(data: object) -> None:
    print(json.dumps(data))


def _replay_summary(game: Any) -> dict[str, object]:
    outcome = game.outcome()
    return {
        "finished": outcome is not None,
        "ended_by": None if outcome is None else str(outcome.ended_by),
        "winners": [] if outcome is None else list(outcome.winners),
        "scores": list(game.scores),
        "hand_sizes": [len(hand) for hand in game.hands],
        "board_tiles": len(game.board),
        "bag": len(game.bag),
    }


def command_replay(stream: TextIO, report: _Report) -> None:
    """One summary line per record, or the first move that cannot be applied."""
    for number, document in _documents(stream, report):
        try:
            game = _game_of(document, "record_format").replay(document)
        except InvalidSetupError as error:
            report.unusable(number, f"{error.field}: {error.message}")
            continue
        except MoveError as error:
            refusal = error.error
            _emit(
                {
                    "error": {
                        "move": error.index,
                        "reason": refusal.reason.value,
                        "message": refusal.message,
                    }
                }
            )
            continue
        _emit(_replay_summary(game))


def command_moves(stream: TextIO, report: _Report, scoring: str | None) -> None:
    """One line per position: every legal placement of every tile of the hand."""
    for number, document in _documents(stream, report):
        try:
            moves = _game_of(document, "position_format").position_moves(document, scoring)
        except InvalidSetupError as error:
            report.unusable(number, f"{error.field}: {error.message}")
            continue
        _emit(moves)


def command_selfplay(args: argparse.Namespace) -> None:
    """Bot games and their summary."""
    bots = [name.strip() for name in args.bots.split(",") if name.strip()]
    if args.tournament:
        command_tournament(args, bots)
        return
    game = GAMES[args.game]
    options = game.table_options(args.ruleset, args.scoring)
    summary: Summary = run_selfplay(
        game, bots, args.players, args.games, args.seed, options=options
    )
    if args.json:
        _emit(summary.to_dict())
        return
    named = "" if game is DEFAULT_GAME else f"{game.name} "
    print(f"{summary.games} {named}games, {args.players} players, seed {args.seed}")
    for name in bots:
        print(f"  {name:10} {summary.wins[name]:5} wins in {summary.seats[name]} seats")
    print(f"  average turns per game: {summary.average_turns:.1f}")
    print(f"  blocked games: {summary.blocked}")
    print(f"  games per second: {summary.games_per_second:.1f}")


def command_tournament(args: argparse.Namespace, bots: list[str]) -> None:
    """Every deal in every rotation of the line-up: win rates, intervals, thinking times."""
    from .core.search import Budget
    from .core.tournament import GameResult, TournamentSpec, format_report, lineup, run_tournament

    if args.iterations is not None:
        seconds = None if args.budget_ms is None else args.budget_ms / 1000
        budget = Budget(seconds=seconds, iterations=args.iterations)
    elif args.budget_ms is not None:
        budget = Budget.of_seconds(args.budget_ms / 1000)
    else:
        budget = Budget()
    spec = TournamentSpec(
        game=GAMES[args.game],
        bots=lineup(bots, args.players),
        seed=str(args.seed),
        scoring=args.scoring,
        ruleset=args.ruleset,
        budget=budget,
    )
    progress = None
    if args.progress:

        def progress(done: int, total: int, results: list[GameResult]) -> None:
            wins: dict[str, float] = {}
            seats: dict[str, int] = {}
            for result in results:
                for name, share in zip(result.seated, result.shares, strict=True):
                    wins[name] = wins.get(name, 0.0) + share
                    seats[name] = seats.get(name, 0) + 1
            rates = ", ".join(f"{name} {wins[name] / seats[name]:.1%}" for name in wins)
            print(f"deal {done}/{total}: {rates}", file=sys.stderr, flush=True)

    report = run_tournament(spec, args.games, jobs=args.jobs, progress=progress)
    if args.json:
        _emit(report.to_dict())
        return
    for line in format_report(report):
        print(line)


def _parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="chromino", description=__doc__.splitlines()[0])
    commands = parser.add_subparsers(dest="command", required=True)
    replay_cmd = commands.add_parser(
        "replay",
        help=f"replay {' or '.join(g.record_format for g in GAMES.values())} records, one per line",
    )
    replay_cmd.add_argument("file", help="a file of records, or - for stdin")
    moves_cmd = commands.add_parser(
        "moves",
        help=f"legal placements of {' or '.join(g.position_format for g in GAMES.values())} lines",
    )
    moves_cmd.add_argument("file", help="a file of positions, or - for stdin")
    moves_cmd.add_argument(
        "--scoring",
        choices=SCORINGS,
        help=f"add each {_games_with('scorings')} placement's points (other games' moves "
        "always carry theirs)",
    )
    _add_selfplay(commands.add_parser("selfplay", help="play bot games and summarise them"))
    add_verify_deal(commands.add_parser("verify-deal", help="check a round's committed deals"))
    add_puzzles(commands)
    return parser


def _add_selfplay(selfplay: argparse.ArgumentParser) -> None:
    """The ``selfplay`` command's options: the games, then a tournament's."""
    selfplay.add_argument("--game", choices=tuple(GAMES), default=DEFAULT_GAME.name)
    selfplay.add_argument("--players", type=_player_count, default=4)
    selfplay.add_argument("--games", type=_positive, default=10)
    selfplay.add_argument("--seed", default="0")
    selfplay.add_argument("--bots", type=_bot_list, default="greedy")
    selfplay.add_argument(
        "--ruleset",
        choices=RULESETS,
        default=next(iter(RULESETS), ""),
        help=f"{_games_with('rulesets')} only",
    )
    selfplay.add_argument(
        "--scoring",
        choices=SCORINGS,
        default=next(iter(SCORINGS), ""),
        help=f"{_games_with('scorings')} only",
    )
    selfplay.add_argument("--json", action="store_true", help="print the summary as JSON")
    selfplay.add_argument(
        "--tournament",
        action="store_true",
        help="play every deal in every rotation of the line-up; report win rates with 95%% "
        "intervals and thinking times",
    )
    selfplay.add_argument(
        "--budget-ms",
        type=_positive_float,
        help="tournament: the strong bot's thinking time per move (default 1000)",
    )
    selfplay.add_argument(
        "--iterations",
        type=_positive,
        help="tournament: the strong bot's search iterations per move (repeatable on any machine)",
    )
    selfplay.add_argument(
        "--jobs", type=_positive, default=1, help="tournament: games played in parallel processes"
    )
    selfplay.add_argument(
        "--progress", action="store_true", help="tournament: report each finished deal on stderr"
    )


def _positive_float(text: str) -> float:
    try:
        value = float(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r} is not a number") from None
    if not value > 0 or value == float("inf"):
        raise argparse.ArgumentTypeError(f"{text} is not a positive number")
    return value


def _positive(text: str) -> int:
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r} is not a whole number") from None
    if value < 1:
        raise argparse.ArgumentTypeError(f"{value} is not at least 1")
    return value


def _player_count(text: str) -> int:
    value = _positive(text)
    if value > 8:
        raise argparse.ArgumentTypeError("1 to 8 players may play")
    return value


def _bot_list(text: str) -> str:
    known = DEFAULT_GAME.bots
    names = [name.strip() for name in text.split(",") if name.strip()]
    unknown = [name for name in names if name not in known]
    if not names or unknown:
        raise argparse.ArgumentTypeError(
            f"unknown bot {', '.join(unknown) or '(none given)'}; known: {', '.join(sorted(known))}"
        )
    return text


def _check_tournament_flags(parser: argparse.ArgumentParser, args: argparse.Namespace) -> None:
    """The budget and jobs flags belong to tournaments only."""
    if args.tournament:
        return
    for flag, value in (("--budget-ms", args.budget_ms), ("--iterations", args.iterations)):
        if value is not None:
            parser.error(f"{flag} goes with --tournament")
    if args.jobs != 1:
        parser.error("--jobs goes with --tournament")


def _open(path: str) -> TextIO:
    if path == "-":
        return sys.stdin
    return open(path, encoding="utf-8")  # closed by the caller


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command line; returns the exit status."""
    parser = _parser()
    args = parser.parse_args(argv)
    if args.command == "verify-deal":
        return command_verify_deal(args)
    if args.command == "puzzles":
        return command_puzzles(args, parser)
    if args.command == "selfplay":
        game = GAMES[args.game]
        if args.players > game.max_players:
            parser.error(f"{game.name}: 1 to {game.max_players} players may play")
        names = [name.strip() for name in args.bots.split(",") if name.strip()]
        unknown = [name for name in names if name not in game.bots]
        if unknown:
            parser.error(f"{game.name} has no bot {', '.join(unknown)}")
        _check_tournament_flags(parser, args)
    try:
        if args.command == "selfplay":
            command_selfplay(args)
            return 0
        report = _Report(args.file)
        try:
            stream = _open(args.file)
        except OSError as error:
            print(f"chromino: cannot read {args.file}: {error.strerror}", file=sys.stderr)
            return EXIT_BAD_INPUT
        with stream:
            if args.command == "replay":
                command_replay(stream, report)
            else:
                command_moves(stream, report, args.scoring)
    except BrokenPipeError:
        sys.stderr.close()
        return 0
    except UnicodeDecodeError as error:
        print(f"chromino: input is not UTF-8 text: {error.reason}", file=sys.stderr)
        return EXIT_BAD_INPUT
    return EXIT_BAD_INPUT if report.failed else 0
