"""The cost of the daily deal's reference: the Hard bot playing a day's deal alone, at
the server's budget (``web.daily.reference.REFERENCE_ITERATIONS`` iterations a move),
as the server computes it once per game and date (docs/daily.md).

``python -m bench.daily_reference [--dates N]`` prints, per game, the median seconds a
deal takes over N dates (from 2026-12-01 on), with each deal's turns and score. It runs
in this process, on one core, like the server's one worker."""

from __future__ import annotations

import argparse
import statistics
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from datetime import date, timedelta

from web.daily.deal import DAILY_GAMES
from web.daily.reference import REFERENCE_ITERATIONS, play_reference

FIRST_DATE = date(2026, 12, 1)
TARGET_SECONDS = 300.0
"""A deal's reference within five minutes: it starts when the day's first person opens
the page or deals the game, and a person's solo game (8 to 40 turns of Chromino,
about 55 of Triominos) takes longer than that, so the first finishers find their
percentage there, or see it fill in soon after."""


@dataclass(frozen=True)
class Deal:
    game: str
    day: date
    seconds: float
    turns: int
    score: int
    ended_by: str


def bench_references(dates: int, iterations: int = REFERENCE_ITERATIONS) -> list[Deal]:
    """Each game's reference on ``dates`` dates, timed."""
    deals = []
    for offset in range(dates):
        day = FIRST_DATE + timedelta(days=offset)
        for game in DAILY_GAMES:
            started = time.perf_counter()
            result = play_reference(game, day, iterations)
            seconds = time.perf_counter() - started
            deals.append(
                Deal(game, day, seconds, result["turns"], result["score"], result["ended_by"])
            )
    return deals


Line = Callable[[str, str, str, bool, float], None]


def report(deals: Sequence[Deal], line: Line) -> None:
    print(
        f"Daily deal: Hard's reference game, {REFERENCE_ITERATIONS} iterations a move "
        f"(medians over {len({deal.day for deal in deals})} dates, one core)"
    )
    for game in DAILY_GAMES:
        mine = [deal for deal in deals if deal.game == game]
        for deal in mine:
            print(
                f"  {game} {deal.day}: {deal.seconds:.1f} s, {deal.turns} turns, "
                f"score {deal.score}, {deal.ended_by}"
            )
        median = statistics.median(deal.seconds for deal in mine)
        line(
            f"{game}: seconds per daily deal",
            f"{median:.1f} s",
            f"<= {TARGET_SECONDS:.0f} s",
            median <= TARGET_SECONDS,
            TARGET_SECONDS / median,
        )


def _print_line(label: str, value: str, target: str, ok: bool, ratio: float) -> None:
    verdict = "ok" if ok else "MISSED"
    print(f"{label:58} {value:>14}   target {target:>10}   ratio {ratio:6.2f}  {verdict}")


def main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(prog="python -m bench.daily_reference", description=__doc__)
    parser.add_argument("--dates", type=int, default=3, help="dates to measure (from 2026-12-01)")
    args = parser.parse_args(argv)
    report(bench_references(args.dates), _print_line)


if __name__ == "__main__":
    main()
