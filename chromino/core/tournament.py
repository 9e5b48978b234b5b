"""Bot tournaments: win rates with confidence intervals, and thinking times.

``chromino selfplay --tournament`` runs here. Every *deal* (a seed) is played
once per rotation of the line-up, so each bot takes every seat of every deal,
and in particular the first turn (which the deal fixes) equally often: with
two players, a deal is played twice with the bots swapped. Playing the same
tiles from both sides also cancels much of the luck of the deal.

A win shared by ``k`` joint winners counts ``1/k`` to each, so the rates of a
game add up to one and chance is ``1/players``. The 95 % interval is Wilson's
score interval over the seats played; games of one deal are not independent
(they share tiles), which makes this interval, if anything, too wide.

Games can run in parallel processes (``jobs``); results are gathered by deal,
so the same seed and iteration budget give the same report however many.
"""

from __future__ import annotations

import math
import random
import statistics
import time
from collections.abc import Callable, Sequence
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass, field
from typing import Any, Final

from .descriptor import GameDescriptor
from .outcome import EndedBy
from .search import Budget

Z_95: Final = 1.959963984540054


def wilson_interval(successes: float, trials: int, z: float = Z_95) -> tuple[float, float]:
    """Wilson's score interval for a proportion (``successes`` may be fractional)."""
    if trials <= 0:
        return 0.0, 1.0
    rate = successes / trials
    z2 = z * z
    centre = (rate + z2 / (2 * trials)) / (1 + z2 / trials)
    half = (
        z * math.sqrt(rate * (1 - rate) / trials + z2 / (4 * trials * trials)) / (1 + z2 / trials)
    )
    return max(0.0, centre - half), min(1.0, centre + half)


@dataclass(frozen=True, slots=True)
class TournamentSpec:
    """What to play: picklable, so worker processes rebuild the bots from it."""

    game: GameDescriptor
    """The game played (from the registry, ``chromino.GAMES``)."""
    bots: tuple[str, ...]
    """The line-up, seat by seat, before rotation (a name may appear more than once)."""
    seed: str
    scoring: str = "none"
    ruleset: str = "standard"
    budget: Budget = field(default_factory=Budget)
    """The strong bots' budget."""


@dataclass(slots=True)
class GameResult:
    """One game: who sat where, what each seat won, how long each move took."""

    deal: int
    rotation: int
    seated: tuple[str, ...]
    shares: tuple[float, ...]
    ended_by: EndedBy
    turns: int
    think: list[tuple[str, float, bool]]
    """(bot, seconds, whether it had a choice) for every action taken."""


@dataclass(slots=True)
class BotStanding:
    """One bot's line of the report."""

    name: str
    seats: int = 0
    wins: float = 0.0
    times: list[float] = field(default_factory=list)
    choice_times: list[float] = field(default_factory=list)

    @property
    def rate(self) -> float:
        """Win share per seat played."""
        return self.wins / self.seats if self.seats else 0.0

    def to_dict(self) -> dict[str, object]:
        """The line as JSON-ready data (times in milliseconds)."""
        low, high = wilson_interval(self.wins, self.seats)
        return {
            "seats": self.seats,
            "wins": round(self.wins, 3),
            "rate": round(self.rate, 4),
            "interval_95": [round(low, 4), round(high, 4)],
            "moves": len(self.times),
            "think_ms_median": round(_ms(_median(self.times)), 2),
            "think_ms_p90": round(_ms(_quantile(self.times, 0.9)), 2),
            "choice_moves": len(self.choice_times),
            "choice_think_ms_median": round(_ms(_median(self.choice_times)), 2),
            "choice_think_ms_p90": round(_ms(_quantile(self.choice_times, 0.9)), 2),
        }


@dataclass(slots=True)
class TournamentReport:
    """Everything a tournament came to."""

    spec: TournamentSpec
    deals: int
    results: list[GameResult]
    seconds: float
    standings: dict[str, BotStanding] = field(default_factory=dict)

    @property
    def games(self) -> int:
        """Games played (deals times seats)."""
        return len(self.results)

    def to_dict(self) -> dict[str, object]:
        """The report as JSON-ready data."""
        budget = self.spec.budget
        return {
            "game": self.spec.game.name,
            "players": len(self.spec.bots),
            "lineup": list(self.spec.bots),
            "seed": self.spec.seed,
            "scoring": self.spec.scoring,
            "ruleset": self.spec.ruleset,
            "budget": {"seconds": budget.seconds, "iterations": budget.iterations},
            "deals": self.deals,
            "games": self.games,
            "joint_wins": sum(1 for r in self.results if sum(1 for s in r.shares if s) > 1),
            "blocked": sum(1 for r in self.results if r.ended_by is EndedBy.BLOCKED),
            "average_turns": round(statistics.fmean(r.turns for r in self.results), 2),
            "seconds": round(self.seconds, 1),
            "bots": {name: standing.to_dict() for name, standing in self.standings.items()},
        }


def lineup(bots: Sequence[str], players: int) -> tuple[str, ...]:
    """Seats filled by cycling through ``bots``: ``strong,greedy`` for 4 is s g s g."""
    if not bots:
        raise ValueError("no bot named")
    return tuple(bots[seat % len(bots)] for seat in range(players))


def run_tournament(
    spec: TournamentSpec,
    games: int,
    jobs: int = 1,
    progress: Callable[[int, int, list[GameResult]], None] | None = None,
) -> TournamentReport:
    """Play at least ``games`` games: whole deals, each in every rotation of the line-up.

    ``progress`` is told after each deal how many are done, of how many, and
    every result so far.
    """
    players = len(spec.bots)
    deals = max(1, math.ceil(games / players))
    started = time.perf_counter()
    results: list[GameResult] = []
    if jobs <= 1:
        for deal in range(deals):
            results.extend(play_deal(spec, deal))
            if progress is not None:
                progress(deal + 1, deals, results)
    else:
        with ProcessPoolExecutor(max_workers=jobs) as pool:
            futures = [pool.submit(play_deal, spec, deal) for deal in range(deals)]
            for done, future in enumerate(futures, start=1):
                results.extend(future.result())
                if progress is not None:
                    progress(done, deals, results)
    report = TournamentReport(spec, deals, results, time.perf_counter() - started)
    for name in dict.fromkeys(spec.bots):
        report.standings[name] = BotStanding(name)
    for result in results:
        for name, share in zip(result.seated, result.shares, strict=True):
            standing = report.standings[name]
            standing.seats += 1
            standing.wins += share
        for name, seconds, choice in result.think:
            standing = report.standings[name]
            standing.times.append(seconds)
            if choice:
                standing.choice_times.append(seconds)
    return report


def play_deal(spec: TournamentSpec, deal: int) -> list[GameResult]:
    """The deal ``f"{seed}:{deal}"`` once per rotation of the line-up."""
    players = len(spec.bots)
    return [
        _play_game(
            spec, deal, rotation, tuple(spec.bots[(s + rotation) % players] for s in range(players))
        )
        for rotation in range(players)
    ]


def _play_game(
    spec: TournamentSpec, deal: int, rotation: int, seated: tuple[str, ...]
) -> GameResult:
    known: dict[str, Any] = dict(spec.game.bots)
    if spec.game.strong_bot is not None:
        known["strong"] = spec.game.strong_bot(spec.budget)
    options = spec.game.table_options(spec.ruleset, spec.scoring)
    game = spec.game.new_game(len(seated), f"{spec.seed}:{deal}", options)
    bots = [known[name] for name in seated]
    rng = random.Random(f"{spec.seed}:{deal}:{rotation}/bots")
    think: list[tuple[str, float, bool]] = []
    while not game.is_over:
        seat = game.current
        view = game.view_for(seat)
        choice = len(view.legal_actions()) > 1
        started = time.perf_counter()
        action = bots[seat](view, rng)
        think.append((seated[seat], time.perf_counter() - started, choice))
        game.apply(seat, action)
    outcome = game.outcome()
    winners = outcome.winners
    shares = tuple(1 / len(winners) if seat in winners else 0.0 for seat in range(len(seated)))
    return GameResult(
        deal, rotation, seated, shares, outcome.ended_by, sum(game.turns_taken), think
    )


def format_report(report: TournamentReport) -> list[str]:
    """The report as lines of text."""
    spec = report.spec
    budget = spec.budget
    parts = []
    if budget.seconds is not None:
        parts.append(f"{budget.seconds * 1000:g} ms")
    if budget.iterations is not None:
        parts.append(f"{budget.iterations} iterations")
    rules = spec.game.describe_options(spec.ruleset, spec.scoring)
    data = report.to_dict()
    lines = [
        f"tournament: {report.games} {spec.game.name} games ({report.deals} deals x "
        f"{len(spec.bots)} seats), {len(spec.bots)} players, seed {spec.seed}{rules}",
        f"line-up {','.join(spec.bots)}, rotated every game; strong budget {' / '.join(parts)}",
        f"  {'bot':8} {'seats':>6} {'wins':>8} {'rate':>7}   {'95% interval':17}"
        f" {'think median':>12} {'p90':>9}   {'with a choice: median':>21} {'p90':>9}",
    ]
    for name, standing in report.standings.items():
        low, high = wilson_interval(standing.wins, standing.seats)
        lines.append(
            f"  {name:8} {standing.seats:6} {standing.wins:8.1f} {standing.rate:7.1%}"
            f"   [{low:5.1%}, {high:5.1%}]"
            f" {_ms(_median(standing.times)):9.1f} ms {_ms(_quantile(standing.times, 0.9)):6.1f} ms"
            f"   {_ms(_median(standing.choice_times)):18.1f} ms"
            f" {_ms(_quantile(standing.choice_times, 0.9)):6.1f} ms"
        )
    lines.append(
        f"  joint wins {data['joint_wins']}, blocked games {data['blocked']}, "
        f"average turns per game {data['average_turns']}, wall time {report.seconds:.1f} s"
    )
    return lines


def _median(values: Sequence[float]) -> float:
    return statistics.median(values) if values else 0.0


def _quantile(values: Sequence[float], q: float) -> float:
    """The ``q`` quantile by the nearest rank (0.0 for no values)."""
    if not values:
        return 0.0
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, max(0, math.ceil(q * len(ordered)) - 1))]


def _ms(seconds: float) -> float:
    return seconds * 1000
