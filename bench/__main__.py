"""``python -m bench``: print each figure, its target and the ratio."""

from __future__ import annotations

import argparse
from collections.abc import Callable, Sequence
from typing import Any

from . import triominos
from .engine import bench_move_generation, bench_selfplay
from .strong import POSITIONS, bench_strong


def _line(label: str, value: str, target: str, ok: bool, ratio: float) -> None:
    verdict = "ok" if ok else "MISSED"
    print(f"{label:58} {value:>14}   target {target:>10}   ratio {ratio:6.2f}  {verdict}")


TINY = {
    "load_games": 2,
    "load_seconds": 1.0,
    "cluster_games": 2,
    "cluster_seconds": 1.0,
    "hard_games": 1,
    "idle_games": 2,
    "memory_games": 2,
    "days_games": 20,
    "rating_games": 2,
    "talk_games": 2,
    "daily_dates": 1,
    "tournament_players": 12,
    "swiss_players": 8,
    "swiss_rounds": 2,
    "luck_tournaments": 1,
    "puzzles": 2,
}
"""Each stage's smallest size (``--tiny``): the figures mean nothing, but every stage runs
to its last line, so a test can keep the whole bench from rotting."""


def _arguments(argv: Sequence[str] | None) -> argparse.Namespace:
    """The command line: each stage's size, and ``--tiny`` to make them all the smallest."""
    parser = argparse.ArgumentParser(prog="python -m bench", description=__doc__)
    parser.add_argument(
        "--tiny",
        action="store_true",
        help="run every stage at a tiny size, to check that each one still runs (no figure"
        " means anything)",
    )
    _load_options(parser)
    parser.add_argument(
        "--no-strong", action="store_true", help="skip the strong bot's thinking times (~30 s)"
    )
    _stage_sizes(parser)
    args = parser.parse_args(argv)
    if args.tiny:
        parser.set_defaults(**TINY)
        args = parser.parse_args(argv)
    return args


def _load_options(parser: argparse.ArgumentParser) -> None:
    """The load run's size and pace, and those of the comparison of processes."""
    parser.add_argument(
        "--load-games",
        type=int,
        default=250,
        help="four-player games in the load benchmark, 4 sockets each (0 skips it)",
    )
    parser.add_argument(
        "--load-seconds", type=float, default=40, help="measured length of the load run"
    )
    parser.add_argument(
        "--load-interval", type=float, default=1.0, help="seconds between a game's moves"
    )
    parser.add_argument(
        "--cluster-games",
        type=int,
        default=100,
        help="games in the one-against-two-processes comparison (PostgreSQL + Redis; 0 skips)",
    )
    parser.add_argument(
        "--cluster-seconds", type=float, default=20, help="measured length of each of its runs"
    )


def _stage_sizes(parser: argparse.ArgumentParser) -> None:
    """The sizes of the other stages, the second and third load runs among them (0 skips
    each)."""
    parser.add_argument(
        "--hard-games",
        type=int,
        default=50,
        help="Hard-bot games beside a second load run of people's games (0 skips it)",
    )
    parser.add_argument(
        "--idle-games",
        type=int,
        default=2250,
        help="idle four-player games beside the load's in a third run (10,000 sockets; 0 skips)",
    )
    parser.add_argument(
        "--memory-games",
        type=int,
        default=200,
        help="idle four-player games whose sockets' memory a traced server breaks down by"
        " file and type (~30 s; 0 skips)",
    )
    parser.add_argument(
        "--days-games",
        type=int,
        default=10_000,
        help="idle turn-based games for the memory and sweep figures of play over days (0 skips)",
    )
    parser.add_argument(
        "--rating-games",
        type=int,
        default=200,
        help="rated and as many casual games whose ends are timed, then rebuilt (0 skips)",
    )
    parser.add_argument(
        "--talk-games",
        type=int,
        default=100,
        help="four-player games saying a chat line a second, for a line's cost (0 skips)",
    )
    parser.add_argument(
        "--daily-dates",
        type=int,
        default=3,
        help="dates whose daily-deal reference (Hard alone, 600 iterations a move) is timed"
        " (~1 min a date; 0 skips)",
    )
    parser.add_argument(
        "--tournament-players",
        type=int,
        default=1000,
        help="players of the simulated Swiss whose pairing and standings are timed (and ten"
        " times as many for pairing; 0 skips)",
    )
    parser.add_argument(
        "--swiss-players",
        type=int,
        default=256,
        help="entrants of a Swiss over days played to its end on a fake clock by the server's"
        " rooms, sweep and tournament timing, a quarter of them never moving (0 skips)",
    )
    parser.add_argument(
        "--swiss-rounds", type=int, default=7, help="that Swiss's rounds, a day's deadline each"
    )
    parser.add_argument(
        "--puzzles",
        type=int,
        default=100,
        help="puzzles of each kind found in bot games and proven again (~3 min at 100), then"
        " every shipped puzzle proven again (~5 s; 0 skips both)",
    )
    parser.add_argument(
        "--luck-tournaments",
        type=int,
        default=100,
        help="simulated Swiss tournaments of strength bots per game and table size (2 and 4),"
        " each played in plain and in duplicate rounds, to see which finds the true order"
        " better (~3 min of CPU at 100, shared by the cores; 0 skips)",
    )


def _engines(tiny: bool) -> None:
    """The two engines' move generation and self-play."""
    positions, repeats = (2, 2) if tiny else (60, 25)
    batches, games = (1, 2) if tiny else (5, 40)
    print("Engine (medians on this machine)")
    scratch, running, moves = bench_move_generation(positions, repeats)
    _line(
        f"legal placements, 8-tile hand, 40-tile board, from scratch (~{moves:.0f} moves)",
        f"{scratch * 1e3:.3f} ms",
        "<= 2 ms",
        scratch <= 2e-3,
        2e-3 / scratch,
    )
    _line(
        "legal placements, same, in a running game (kept index)",
        f"{running * 1e3:.3f} ms",
        "<= 0.2 ms",
        running <= 2e-4,
        2e-4 / running,
    )
    rate = bench_selfplay(batches, games)
    _line("greedy 4-player self-play", f"{rate:.1f} games/s", ">= 50/s", rate >= 50, rate / 50)
    print()
    print("Triominos engine (medians on this machine)")
    scratch, running, scored, moves = triominos.bench_move_generation(positions, repeats)
    _line(
        f"legal placements, 9-tile hand, 40-tile board, from a position (~{moves:.0f} moves)",
        f"{scratch * 1e3:.3f} ms",
        "<= 2 ms",
        scratch <= 2e-3,
        2e-3 / scratch,
    )
    _line(
        "legal placements, same, in a running game (kept index)",
        f"{running * 1e3:.3f} ms",
        "<= 0.2 ms",
        running <= 2e-4,
        2e-4 / running,
    )
    _line(
        "legal plays with points and figures, same, in a running game",
        f"{scored * 1e3:.3f} ms",
        "<= 0.2 ms",
        scored <= 2e-4,
        2e-4 / scored,
    )
    rate = triominos.bench_selfplay(batches, games)
    _line(
        "greedy 4-player Triominos self-play",
        f"{rate:.1f} games/s",
        ">= 50/s",
        rate >= 50,
        rate / 50,
    )


def _strong(args: argparse.Namespace) -> None:
    """The strong bot's thinking time at its default budget, in both games."""
    print("Strong bot, default budget (medians on this machine, 2 players, a choice to make)")
    for game in ("chromino", "triominos"):
        seconds, rate = bench_strong(game, positions=1 if args.tiny else POSITIONS)
        _line(
            f"{game}: thinking time per move ({rate:.0f} iterations/s)",
            f"{seconds:.3f} s",
            "<= 1 s",
            seconds <= 1.0,
            1.0 / seconds,
        )


def _daily(args: argparse.Namespace) -> None:
    """The daily deal's reference games (a small budget with ``--tiny``)."""
    from web.daily.reference import REFERENCE_ITERATIONS

    from . import daily_reference

    iterations = 20 if args.tiny else REFERENCE_ITERATIONS
    deals = daily_reference.bench_references(args.daily_dates, iterations)
    daily_reference.report(deals, _line)


def _loads(args: argparse.Namespace) -> None:
    """The three load runs: people's games alone, beside Hard-bot games, beside idle games."""
    from .load import run_load
    from .load_report import report

    def run(hard_games: int = 0, idle_games: int = 0) -> Any:
        return run_load(
            args.load_games,
            args.load_seconds,
            interval=args.load_interval,
            warmup=0.5 if args.tiny else 5.0,
            hard_games=hard_games,
            idle_games=idle_games,
        )

    report(run(), interval=args.load_interval)
    if args.hard_games > 0:
        print()
        print(f"... the same, with {args.hard_games} games of two Hard bots playing meanwhile")
        report(run(hard_games=args.hard_games), interval=args.load_interval)
    if args.idle_games > 0:
        print()
        sockets = (args.load_games + args.idle_games) * 4
        print(f"... {sockets} sockets: the same games, and {args.idle_games} idle games open")
        report(run(idle_games=args.idle_games), interval=args.load_interval, p99_target=0.15)


def _socket_memory(args: argparse.Namespace) -> None:
    from . import socket_memory

    socket_memory.report(args.memory_games)


def _ratings(args: argparse.Namespace) -> None:
    from . import ratings

    ratings.report(ratings.bench_ratings(args.rating_games), _line)


def _talk(args: argparse.Namespace) -> None:
    from . import talk

    seconds = 2.0 if args.tiny else 15.0
    talk.report(talk.bench_talk(args.talk_games, seconds), args.talk_games, 1.0)


def _days(args: argparse.Namespace) -> None:
    from . import days

    days.report(days.bench_days(args.days_games))


def _tournaments(args: argparse.Namespace) -> None:
    from . import tournaments

    tournaments.report(args.tournament_players, _line)


def _swiss(args: argparse.Namespace) -> None:
    from . import tournament_sim

    tournament_sim.report(args.swiss_players, args.swiss_rounds, _line)


def _luck(args: argparse.Namespace) -> None:
    from . import luck

    luck.report(args.luck_tournaments, check_deals=2 if args.tiny else 100)


def _puzzles(args: argparse.Namespace) -> None:
    from . import puzzles

    puzzles.report(args.puzzles, _line, shipped=3 if args.tiny else None)


def _cluster(args: argparse.Namespace) -> None:
    from .load import compare_processes
    from .load_report import report_processes

    warmup = 0.5 if args.tiny else 3.0
    report_processes(compare_processes(args.cluster_games, args.cluster_seconds, warmup))


def main(argv: Sequence[str] | None = None) -> None:
    """Run every stage a size of which is above 0, in order, a blank line between them."""
    args = _arguments(argv)
    stages: list[tuple[bool, Callable[[argparse.Namespace], None]]] = [
        (not args.no_strong, _strong),
        (args.daily_dates > 0, _daily),
        (args.load_games > 0, _loads),
        (args.memory_games > 0, _socket_memory),
        (args.rating_games > 0, _ratings),
        (args.talk_games > 0, _talk),
        (args.days_games > 0, _days),
        (args.tournament_players > 0, _tournaments),
        (args.swiss_players > 0, _swiss),
        (args.luck_tournaments > 0, _luck),
        (args.puzzles > 0, _puzzles),
        (args.cluster_games > 0, _cluster),
    ]
    _engines(args.tiny)
    for wanted, stage in stages:
        if wanted:
            print()
            stage(args)


if __name__ == "__main__":
    main()
