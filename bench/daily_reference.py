"""The cost of the daily deal's reference: the Hard bot playing a day's deal alone, at
the server's budget (``web.daily.reference.REFERENCE_ITERATIONS`` iterations a move),
as the server computes it once per game and date (docs/daily.md).

``python -m bench.daily_reference [--dates N]`` prints, per game, the median seconds a
deal takes over N dates (from 2026-12-01 on), with each deal's turns and score, and
what the daily score (web.daily.reference.percentage) gives the Easy and Medium bots'
games of the deal and a few other results. It runs in this process, on one core, like
the server's one worker."""

from __future__ import annotations

import argparse
import statistics
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from datetime import date, timedelta
from random import Random
from typing import Any

from web.daily.deal import DAILY_GAMES
from web.daily.reference import (
    REFERENCE_ITERATIONS,
    effective_turns,
    percentage,
    play_alone,
    play_reference,
)
from web.games import game_kind

FIRST_DATE = date(2026, 12, 1)
TARGET_SECONDS = 300.0
"""A deal's reference within five minutes. It is computed the day before (and at
startup), so nobody waits for it; the bound is for a server started when the day's
first person arrives, or with ``CHROMINO_DAILY_AHEAD=false``: a person's solo game (8
to 40 turns of Chromino, about 55 of Triominos) takes longer than that, so even then
the first finishers find their score there, or see it fill in soon after."""


@dataclass(frozen=True)
class Deal:
    game: str
    day: date
    seconds: float
    turns: int
    score: int
    ended_by: str
    reference: dict[str, Any]
    """What the server stores: Hard's game."""
    bots: dict[str, dict[str, Any]]
    """The Easy and Medium bots' games of the deal, by name."""


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
                Deal(
                    game,
                    day,
                    seconds,
                    result["turns"],
                    result["score"],
                    result["ended_by"],
                    result,
                    {bot: play_bot(game, day, bot) for bot in BOTS},
                )
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
            print(f"    daily score: {scores_line(game, deal)}")
        median = statistics.median(deal.seconds for deal in mine)
        line(
            f"{game}: seconds per daily deal",
            f"{median:.1f} s",
            f"<= {TARGET_SECONDS:.0f} s",
            median <= TARGET_SECONDS,
            TARGET_SECONDS / median,
        )


PLAYS = {"chromino": (8, 10, 12, 16, 20, 30, 42), "triominos": (100, 200, 300, 400, 500)}
"""Results whose daily score the report shows: Chromino turns (gone out), Triominos points."""


BOTS = {"random": "Easy", "greedy": "Medium"}
"""The bots whose games of each deal the report scores, with their names for people."""


def play_bot(game: str, day: date, bot: str) -> dict[str, Any]:
    """The bot's game of the deal, seeded as Hard's is (``<deal seed>/<bot>/<move>``)."""
    kind: Any = game_kind(game)
    descriptor = kind.descriptor

    def move(view: dict[str, Any], seed: str) -> Any:
        action = descriptor.bots[bot](descriptor.view_type.from_dict(view), Random(seed))
        return kind.stored_action(action.to_dict())

    return play_alone(game, day, bot, move)


def scores_line(game: str, deal: Deal) -> str:
    """What the daily score gives the bots' games and a few other results of the deal."""
    unit = "turns" if game == "chromino" else "points"
    bots = [
        f"{BOTS[bot]} ({measured(game, result)}) {percentage(game, result, deal.reference):.0f} %"
        for bot, result in deal.bots.items()
    ]
    played = [
        f"{value} {unit} {percentage(game, played_out(game, value), deal.reference):.0f} %"
        for value in PLAYS[game]
    ]
    return ", ".join(bots) + "; " + ", ".join(played)


def measured(game: str, result: dict[str, Any]) -> str:
    """A game's result in the measure of its solo rules."""
    if game == "chromino":
        return f"{effective_turns(result)} turns"
    return f"{result['score']} points"


def played_out(game: str, value: int) -> dict[str, Any]:
    """A game of the deal that went out in ``value`` turns, or ended with ``value`` points."""
    if game == "chromino":
        return {"turns": value, "score": 0, "ended_by": "out", "hand_left": 0}
    return {"turns": 0, "score": value, "ended_by": "blocked", "hand_left": 0}


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
